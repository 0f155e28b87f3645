//===- GPULoweringImpl.h - The GPU lowering of LL-IR, inside ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to LLToCL: the state of the lowering of one GPU schedule, shared
// by GPULowering.cpp (analysis, launch geometry, the main kernel's loop
// nest) and GPUCombine.cpp (the re-composition of partial results: the
// threads' combine, the cross-block combine, scans and writes).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_LLTOCL_GPULOWERINGIMPL_H
#define MDH_LIB_CONVERSION_LLTOCL_GPULOWERINGIMPL_H

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/LL/MDHLLOps.h"
#include "TileBoxes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"

#include <array>

namespace mlir::mdh::gpu_lowering {

using mdh_ll::Config;

/// Threads per block of the phases that run over positions (combine, scan,
/// write).
inline constexpr int64_t kPositionThreads = 256;
/// Block partial results go to shared memory when, with the shared input
/// copies, they fit into the static shared memory of a block.
inline constexpr int64_t kStaticSharedBytes = 48 * 1024;

struct Access {
  unsigned output;
  AffineMap map;
  Type type;
};

/// A copy of an input into shared memory or registers.
struct TileCopy {
  Value buffer;
  bool transposed = false;
  SmallVector<Value> offsets;
};

/// The units of a parallel level on the hardware dimensions x, y, z.
struct Grid {
  std::array<int64_t, 3> count = {1, 1, 1};
  /// The hardware dimension of every iteration dimension.
  SmallVector<unsigned> hw;
  /// The induction variable per hardware dimension (null: not looped).
  std::array<Value, 3> ivs;
};

class GPULowering {
public:
  explicit GPULowering(mdh_ll::ScheduleOp s)
      : s(s), c(s.getConfig()), b(s), loc(s.getLoc()) {}

  void run();

private:
  Value cst(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  static bool is(Value x, int64_t v) {
    std::optional<int64_t> c = getConstantIntValue(x);
    return c && *c == v;
  }
  // Index arithmetic with the trivial cases folded: the code stays readable.
  Value add(Value x, Value y) {
    if (is(x, 0))
      return y;
    if (is(y, 0))
      return x;
    return arith::AddIOp::create(b, loc, x, y);
  }
  Value sub(Value x, Value y) {
    if (is(y, 0))
      return x;
    return arith::SubIOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) {
    if (is(x, 0) || is(y, 0))
      return cst(0);
    if (is(x, 1))
      return y;
    if (is(y, 1))
      return x;
    return arith::MulIOp::create(b, loc, x, y);
  }
  Value andI(Value x, Value y) {
    // i1 true reads as -1.
    if (is(x, -1))
      return y;
    if (is(y, -1))
      return x;
    return arith::AndIOp::create(b, loc, x, y);
  }
  Value min(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value lt(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value trueV() { return arith::ConstantIntOp::create(b, loc, 1, 1); }

  Value beginFor(Value lb, Value ub, Value step);
  /// `scf.if cond` and moves into its then-block.
  void beginIf(Value cond);
  void beginPhase(StringRef name);
  Grid makeGrid(ArrayRef<int64_t> units, unsigned level,
                std::array<int64_t, 3> limits);
  void emitLoops(Grid &g, mdh_cl::Layer layer);
  SmallVector<Value> decode(const Grid &g, ArrayRef<int64_t> units,
                            unsigned level);
  Value linearHw(const Grid &g);
  Value linearize(ArrayRef<unsigned> dims, ArrayRef<Value> idx,
                  ArrayRef<int64_t> extents);
  SmallVector<Value> delinearize(Value q, ArrayRef<int64_t> extents);
  /// Starts a phase that runs one thread per position of `positions`.
  Value beginPositionPhase(StringRef name, int64_t positions);

  void analyze();
  void buildMain();
  void cooperativeCopy(Value src, ArrayRef<Value> offsets,
                       ArrayRef<Value> sizes, const TileCopy &dst);
  void buildBody(ArrayRef<Value> point);
  void buildThreadCombine();
  void buildCombinePhase();
  void buildScanPhase(unsigned d);
  void buildWritePhase();
  void accumulate(ValueRange values, ArrayRef<Value> buffers,
                  ArrayRef<Value> indices, Value first);
  /// Loads every access's buffer at `from` and stores it through the
  /// access's output map at `point`.
  void storeOutputs(ArrayRef<Value> buffers, ArrayRef<Value> from,
                    ArrayRef<Value> point);
  /// The indices of the device partials at cc/ps position `keep`.
  SmallVector<Value> deviceIndex(Value part, ArrayRef<Value> keep);
  /// The block-local position of global index `g` in dimension d.
  Value local(unsigned d, Value g);

  mdh_ll::ScheduleOp s;
  Config c;
  OpBuilder b;
  Location loc;

  unsigned numDims = 0;
  SmallVector<int64_t> sizes;
  SmallVector<bool> isPW, isPS;
  mdh::CombinerAttr reduction;
  SmallVector<Access> accesses;
  bool hasPS = false;

  SmallVector<int64_t> units0, units2;
  SmallVector<unsigned> splitBlk, splitThr, keepDims;
  int64_t blockParts = 1, threadParts = 1;
  bool strided0 = false, strided2 = false;
  /// Block-local extent of every kept dimension (indexed like keepDims).
  SmallVector<int64_t> localExtent;

  bool useDevice = false, useBlock = false, blockInShared = false;
  SmallVector<Value> devicePartials, blockPartials;

  SmallVector<SmallVector<BoxDim>> boxes;
  SmallVector<TileCopy> shared, regs;

  // Values of the main phase, inside the thread loops.
  Grid blockGrid, threadGrid;
  SmallVector<Value> blk, thr, lo0, hi0, f1, h1, tFirst;
  Value tid, numThreads, blockPart, threadPart, blockLinear;
};

} // namespace mlir::mdh::gpu_lowering

#endif // MDH_LIB_CONVERSION_LLTOCL_GPULOWERINGIMPL_H
