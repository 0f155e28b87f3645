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

#include "mdh/Dialect/LL/ConfigRules.h"
#include "mdh/Dialect/LL/MmaRules.h"

#include <array>

namespace mlir::mdh::gpu_lowering {

/// Threads per block of the phases that run over positions (combine, scan,
/// write).
inline constexpr int64_t kPositionThreads = 256;
/// Block partial results go to shared memory when, with the shared input
/// copies, they fit into the static shared memory of a block.
inline constexpr int64_t kStaticSharedBytes = 48 * 1024;
using tuning::rules::kGPUVectorBytes;
/// The cross-block combine gives each position several threads (a tree over
/// the blocks' parts) while positions x threads stay below this, about what
/// keeps a GPU busy; beyond it one thread per position suffices.
inline constexpr int64_t kCombineTreeThreads = 1 << 16;
/// The threads that shuffle together (mdh_cl.shuffle's width): a CUDA warp,
/// and half of an AMD wave of 64 (a width every HIP target shuffles in).
inline constexpr int64_t kWarpLanes = 32;
/// The most blocks along x of a grid (CUDA, HIP).
inline constexpr int64_t kMaxGridBlocks = 2147483647;

/// The units of a parallel level on the hardware dimensions x, y, z.
struct Grid {
  std::array<int64_t, 3> count = {1, 1, 1};
  /// The hardware dimension of every iteration dimension.
  SmallVector<unsigned> hw;
  /// The induction variable per hardware dimension (null: not looped).
  std::array<Value, 3> ivs;
};

/// Partial results in slots [lead..., slot, position indices...] to be
/// combined into slot 0 at every position by a block-wide tree.
struct CombineTree {
  /// The slots per split dimension, outermost first; the slot index is
  /// row-major over them, and slots are combined in that order.
  SmallVector<int64_t> units;
  int64_t positions = 1;
  /// The indices in front of the slot.
  SmallVector<Value> lead;
  /// Position q's indices after the slot, and whether it holds partial
  /// results (null: always).
  function_ref<std::pair<SmallVector<Value>, Value>(Value q)> locate;
  /// Whether coordinate `c` of split dimension k holds a value (a prefix of
  /// the coordinates, the same for every thread of the block); null: all.
  function_ref<Value(unsigned k, Value c)> valid;
};

class GPULowering : public ScheduleLowering {
public:
  explicit GPULowering(mdh_ll::ScheduleOp s);

  void run();

private:
  /// `scf.if cond` and moves into its then-block.
  void beginIf(Value cond);
  /// beginIf, unless `cond` is null or the constant true.
  void beginGuard(Value cond);
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
  /// `mdh_cl.shuffle` of `v` in groups of kWarpLanes threads.
  Value shuffle(mdh_cl::ShuffleMode mode, Value v, int64_t delta);
  /// The value of each of `buffers` at `indices`.
  SmallVector<Value> loadAll(ArrayRef<Value> buffers, ValueRange indices);
  /// The scan of ps dimension d in tiles (GPUScan.cpp).
  void buildScanPhase(unsigned d) override;
  /// Phase scan_d: every tile of numThreads x perThread elements of
  /// dimension d scanned by one block.
  void buildTileScan(unsigned d, int64_t numThreads, int64_t perThread);
  /// Several threads per position when there are few positions: each
  /// combines a share of the parts, then a tree in shared memory.
  void buildPartsCombine(bool write) override;

  /// Whether the block partials fit into shared memory next to the shared
  /// input copies.
  bool blockPartialsFitShared();
  void buildMain();
  /// The main phase of a tensor-core schedule (GPUMma.cpp).
  void buildMmaMain(const mdh_ll::MmaContraction &mc);
  /// Copies input i's box over [lo, hi) into its shared tile: cooperatively
  /// (`full`), or element by element with zeros past the box's ends.
  void mmaCopy(unsigned i, ArrayRef<Value> lo, ArrayRef<Value> hi, bool full);
  /// Cooperative copies use 128-bit loads where they can (the fast version
  /// of the block's code); the inputs they read so.
  bool vectorCopies = false;
  SmallVector<Value> vectorSources;
  /// Whether input `i`, read in place, has register tiles of whole 16-byte
  /// vectors along its rows (which an alignment assumption turns into
  /// 128-bit loads).
  bool readsVectors(unsigned i);
  /// Inside the block and thread loops: the shared tiles of the block's
  /// tile (ending at `blockHi`), their copies, the thread's register tiles
  /// and the points; `exact{1,2,3}[d]`: the tiles of that level end at
  /// `lo + t` without a `min` (buildMain).
  void buildBlockTile(ArrayRef<Value> blockHi, ArrayRef<bool> exact1,
                      ArrayRef<bool> exact2, ArrayRef<bool> exact3);
  /// Levels 2 and 3 of the shared tile [lo1, hi1): the thread's register
  /// tiles, their register copies and points.
  void buildThreadTiles(ArrayRef<Value> lo1, ArrayRef<Value> hi1,
                        ArrayRef<bool> exact2, ArrayRef<bool> exact3);
  /// Sets input i's shared tile to the box of [lo1, hi1) in `stage` (null:
  /// the only one) and returns the box's sizes.
  SmallVector<Value> placeSharedTile(unsigned i, ArrayRef<Value> lo1,
                                     ArrayRef<Value> hi1, Value stage);
  /// The cooperative copies of the inputs' shared tiles of [lo1, hi1) into
  /// `stage` (null: the only one).
  void copySharedTiles(ArrayRef<Value> lo1, ArrayRef<Value> hi1, Value stage);

  // Multi-buffered shared tiles (GPUPipeline.cpp).
  /// Runs `count` >= 2 tiles as a pipeline over `stages` buffers: `copy(t,
  /// stage)` copies tile t into a stage, `compute(t, stage)` computes on it.
  void pipelineTiles(int64_t count, int64_t stages,
                     function_ref<void(Value, int64_t)> copy,
                     function_ref<void(Value, int64_t)> compute);
  /// The innermost dimension of level 1's order that a block walks in
  /// several shared tiles.
  std::optional<unsigned> pipelinedDim();
  /// Whether the blocks pipeline their tiles along pipelinedDim: several
  /// stages and at least two tiles per block.
  bool pipelines();
  /// The loop over the block's tiles along pipelinedDim as a pipeline (lo1
  /// and hi1 set for the other dimensions).
  void buildPipelinedTiles(ArrayRef<Value> blockHi, SmallVector<Value> lo1,
                           SmallVector<Value> hi1, ArrayRef<bool> exact1,
                           ArrayRef<bool> exact2, ArrayRef<bool> exact3);
  /// The buffers per shared copy: `stages`, or 1 where the blocks do not
  /// walk their tiles in order (strided) or a shared copy has rank 0.
  int64_t sharedStages = 1;
  void cooperativeCopy(Value src, ArrayRef<Value> offsets,
                       ArrayRef<Value> sizes, const TileCopy &dst);
  /// Starts the loop over this thread's positions tid, tid + numThreads,
  /// ... below `total` and returns the position. Where `total` is a
  /// constant multiple of a constant thread count the loop counts the
  /// thread's `total / numThreads` positions from 0 (a constant trip count
  /// that the compilers unroll, with the positions' index arithmetic
  /// folded: a strength-reduced copy).
  Value beginThreadStrided(Value total);
  void buildThreadCombine();
  /// `delinearize` of w < product(extents), without the operations that
  /// extents of 1 and that bound make trivial.
  SmallVector<Value> unflatten(Value w, ArrayRef<int64_t> extents);
  /// Combines `tree` in ceil(log2 units) steps per split dimension,
  /// innermost first, with a barrier between steps; each step combines
  /// pairs of slots, the lower slot the left operand. The caller puts a
  /// barrier in front. Afterwards slot 0 of position q was last written by
  /// thread q (positions <= numThreads).
  void buildTree(ArrayRef<Value> buffers, const CombineTree &tree, Value t,
                 int64_t numThreads);
  /// buildTree in rounds of warp shuffles, one barrier between rounds,
  /// where the tree has one split dimension, its positions are a power of
  /// two that tiles a warp and the block is whole warps (GPUWarpCombine.cpp);
  /// false: not applicable, nothing built.
  bool buildWarpTree(ArrayRef<Value> buffers, const CombineTree &tree, Value t,
                     int64_t numThreads);
  /// Position q < product(localExtent) of the block partials: its
  /// block-local indices, its kept global indices, and whether it lies in
  /// the iteration space.
  struct BlockPosition {
    SmallVector<Value> local, keep;
    Value inRange;
  };
  BlockPosition blockPosition(Value q);
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
