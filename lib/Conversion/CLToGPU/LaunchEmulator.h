//===- LaunchEmulator.h - One gpu.launch run on the host -------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The emulation of one gpu.launch (--mdh-gpu-emulate-on-host): the body cut
// into barrier intervals (EmulateOnHost.cpp: the cut, the launch's memory)
// and the intervals emitted as loops over threads (EmulateIntervals.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_CLTOGPU_LAUNCHEMULATOR_H
#define MDH_LIB_CONVERSION_CLTOGPU_LAUNCHEMULATOR_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

#include <random>

namespace mlir::mdh::emulation {

/// The threads of a warp: shuffles reach within one, and the emulation runs
/// the code between barriers that shuffles warp by warp.
inline constexpr int64_t kWarpSize = 32;

/// Emulates one gpu.launch.
class LaunchEmulator {
public:
  LaunchEmulator(gpu::LaunchOp launch, std::mt19937_64 &rng,
                 SymbolTable &symbols)
      : launch(launch), rng(rng), symbols(symbols) {}

  LogicalResult run();

private:
  LogicalResult assignSegments(Block &block);
  /// The ops of `block`; `warp` (null: all threads) is the first thread of
  /// the warp that runs them.
  void emitBlock(Block &block, OpBuilder &b, Value warp = {});
  void emitOps(ArrayRef<Operation *> ops, OpBuilder &b, Value warp);
  void emitSegment(ArrayRef<Operation *> ops, OpBuilder &b, Value warp);
  /// `iv` (< count, of a loop that `inner` builds in) permuted by a
  /// shuffled order drawn from rng; the table is taken before the loop.
  Value permute(OpBuilder &outer, OpBuilder &inner, Location loc, int64_t count,
                Value iv);
  Value getUniform(Value v, OpBuilder &b, Value warp);
  void mapOperand(Value v, IRMapping &map, Value tid, OpBuilder &b);
  void indexPrivates(Operation *root, Value tid);
  void emitShuffle(gpu::ShuffleOp op, IRMapping &map, Value tid, OpBuilder &b);

  gpu::LaunchOp launch;
  std::mt19937_64 &rng;
  /// The module's symbols, for the thread-order tables.
  SymbolTable &symbols;
  int64_t block[3] = {1, 1, 1};
  int64_t threads = 1;
  int nextSegment = 0;
  /// The barrier interval of each op of the body (nested ops included);
  /// ops with barriers inside have none.
  DenseMap<Operation *, int> segmentOf;
  /// Values of the body that one interval defines and another uses, with
  /// their per-thread storage.
  DenseMap<Value, Value> demoted;
  /// Values that are the same for all threads of a block: block ids,
  /// sizes, shared memory, induction variables of loops with barriers.
  IRMapping uniform;
  /// Private attributions and their per-thread storage.
  DenseMap<Value, Value> privates;
};

} // namespace mlir::mdh::emulation

#endif // MDH_LIB_CONVERSION_CLTOGPU_LAUNCHEMULATOR_H
