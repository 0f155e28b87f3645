//===- GPULoweringImpl.h - The GPU lowering of LL-IR, inside ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to LLToCL: the state of the lowering of one GPU schedule, shared
// by GPULowering.cpp (launch geometry, the main kernel's loop nest) and
// GPUCombine.cpp (the re-composition of partial results: the threads'
// combine in the main kernel, the scans). What it shares with the host
// lowering is in ScheduleLowering.h.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_LLTOCL_GPULOWERINGIMPL_H
#define MDH_LIB_CONVERSION_LLTOCL_GPULOWERINGIMPL_H

#include "ScheduleLowering.h"

#include <array>

namespace mlir::mdh::gpu_lowering {

/// Threads per block of the phases that run over positions (combine, scan,
/// write).
inline constexpr int64_t kPositionThreads = 256;
/// Block partial results go to shared memory when, with the shared input
/// copies, they fit into the static shared memory of a block.
inline constexpr int64_t kStaticSharedBytes = 48 * 1024;

/// The units of a parallel level on the hardware dimensions x, y, z.
struct Grid {
  std::array<int64_t, 3> count = {1, 1, 1};
  /// The hardware dimension of every iteration dimension.
  SmallVector<unsigned> hw;
  /// The induction variable per hardware dimension (null: not looped).
  std::array<Value, 3> ivs;
};

class GPULowering : public ScheduleLowering {
public:
  explicit GPULowering(mdh_ll::ScheduleOp s);

  void run();

private:
  /// `scf.if cond` and moves into its then-block.
  void beginIf(Value cond);
  Grid makeGrid(const LevelSplit &split, unsigned level,
                std::array<int64_t, 3> limits);
  void emitLoops(Grid &g, mdh_cl::Layer layer);
  SmallVector<Value> decode(const Grid &g, const LevelSplit &split,
                            unsigned level);
  Value linearHw(const Grid &g);
  /// One thread per position, in blocks of kPositionThreads threads.
  Value beginPositionPhase(StringRef name, int64_t positions) override;
  const TileCopy *innermostCopy(unsigned i) override;
  bool accumulatePartials(ValueRange results, ArrayRef<Value> point,
                          Value first) override;
  void buildScanPhase(unsigned d) override;

  /// Whether the block partials fit into shared memory next to the shared
  /// input copies.
  bool blockPartialsFitShared();
  void buildMain();
  void cooperativeCopy(Value src, ArrayRef<Value> offsets,
                       ArrayRef<Value> sizes, const TileCopy &dst);
  void buildThreadCombine();
  /// The block-local position of global index `g` in dimension d.
  Value local(unsigned d, Value g);

  /// The blocks (level 0) and the threads of a block (level 2).
  const LevelSplit &blocks, &threads;
  /// Block-local extent of every kept dimension (indexed like keepDims).
  SmallVector<int64_t> localExtent;
  /// A pw dimension is split over the threads of a block: their partial
  /// results are combined in the block partials (shared memory, or a
  /// per-block slice of device memory).
  bool useBlock = false, blockInShared = false;
  SmallVector<Value> blockPartials;
  SmallVector<TileCopy> shared, regs;

  // Values of the main phase, inside the thread loops.
  Grid blockGrid, threadGrid;
  SmallVector<Value> blk, thr, lo0, hi0, f1, h1, tFirst;
  Value tid, numThreads, threadPart, blockLinear;
};

} // namespace mlir::mdh::gpu_lowering

#endif // MDH_LIB_CONVERSION_LLTOCL_GPULOWERINGIMPL_H
