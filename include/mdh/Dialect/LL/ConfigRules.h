//===- ConfigRules.h - The rules of MDH configurations ----------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The facts of one computation on one target that the
// rules of a configuration need (`Problem`), and every rule once, as small
// functions: the configuration verifier evaluates them on a whole
// configuration, the search space evaluates the same functions dimension by
// dimension while it builds its trees (docs/tuning-parameters.md), and the
// heuristic checks its choices with the verifier. A rule changed here
// changes all three.
//
// Quantities that grow with the tile sizes (threads per block, footprints,
// bytes, registers) are folded over the dimensions with saturating
// arithmetic: every factor is at least 1, so a partial fold is a lower bound
// of the full value, and saturating at "one more than the limit" keeps every
// comparison with the limit exact while bounding the number of distinct
// values the space has to remember.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_CONFIGRULES_H
#define MDH_DIALECT_LL_CONFIGRULES_H

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/Config.h"
#include "mdh/Dialect/LL/ConfigVerifier.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <string>

namespace mlir::mdh::tuning::rules {

using mdh_ll::kNumLevels;

inline constexpr int64_t kNoCap = std::numeric_limits<int64_t>::max();

/// ceil(a / b) for a >= 0, b >= 1, without overflow (a + b - 1 overflows
/// for extents near 2^63).
inline int64_t ceilDiv(int64_t a, int64_t b) { return a / b + (a % b != 0); }

/// min(a * b, cap) for a, b >= 0, without overflow.
int64_t mulSat(int64_t a, int64_t b, int64_t cap = kNoCap);

/// min(a + b, cap) for a, b >= 0, without overflow.
int64_t addSat(int64_t a, int64_t b, int64_t cap = kNoCap);

//===----------------------------------------------------------------------===//
// Footprints
//===----------------------------------------------------------------------===//

/// One dimension of a buffer, as the index maps of the buffer reach it. Over
/// a tile box with sizes T_d the maps cover, in this buffer dimension, a
/// range of min(extent, base + sum_d weights[d] * (T_d - 1)) indices. For
/// affine-linear results that agree in their coefficients (Jacobi's i, i+1,
/// i+2) this is exact up to the extent: `weights` are the coefficients'
/// magnitudes and `base` is one plus the spread of the constants. Any other
/// result (floordiv, mod, products of dimensions, maps that disagree) is
/// taken as the whole extent: `base` = extent, no weights.
struct BufferDim {
  SmallVector<int64_t, 8> weights;
  int64_t base = 1;
  int64_t extent = 1;
  /// Outputs only, with several distinct constants: the constants, ascending
  /// and relative to the smallest. Each map then covers a range of its own
  /// of length 1 + sum_d weights[d] * (T_d - 1); their union, not the hull,
  /// counts the accumulators (an output written at i * 3 and i * 3 + 70 has
  /// 2 per point, not 71). Inputs keep the hull: their copies are boxes.
  SmallVector<int64_t, 2> offsets;
};

inline bool operator==(const BufferDim &a, const BufferDim &b) {
  return a.weights == b.weights && a.base == b.base && a.extent == b.extent &&
         a.offsets == b.offsets;
}

/// The range of `dim` over a tile box whose weighted sum
/// sum_d weights[d] * (T_d - 1) is `partial`.
inline int64_t dimRange(const BufferDim &dim, int64_t partial) {
  int64_t range = addSat(dim.base, partial);
  if (!dim.offsets.empty()) {
    // The union of [offset, offset + length) over the sorted offsets.
    int64_t length = addSat(1, partial), covered = length;
    for (size_t k = 1, e = dim.offsets.size(); k < e; ++k)
      covered = addSat(covered,
                       std::min(length, dim.offsets[k] - dim.offsets[k - 1]));
    range = std::min(range, covered);
  }
  return std::min(dim.extent, range);
}

/// The contribution of iteration dimension `d` with tile `tile` to the
/// weighted sum of `dim`.
inline int64_t partialOf(const BufferDim &dim, unsigned d, int64_t tile) {
  return mulSat(dim.weights[d], tile - 1);
}

/// The accesses of one buffer: all its index maps together.
struct Buffer {
  SmallVector<BufferDim, 4> dims;
  /// Bytes of one element, and 32-bit registers per element, as the tile
  /// copies hold it (an input the scalar function only widens is copied
  /// wide: include/mdh/Dialect/LL/Staging.h).
  int64_t bytes = 4;
  int64_t words = 1;
  /// Bytes of one element of the buffer itself, as loads from it read it.
  int64_t loadBytes = 4;

  unsigned rank() const { return dims.size(); }
  /// Elements the maps cover over the tile box `tile` (one size per
  /// iteration dimension), the product of the ranges of all buffer
  /// dimensions, saturated at `cap`.
  int64_t footprint(ArrayRef<int64_t> tile, int64_t cap = kNoCap) const;
};

//===----------------------------------------------------------------------===//
// The problem: one computation on one target
//===----------------------------------------------------------------------===//

/// Levels with a fixed role on every target (MDHLLAttributes.cpp).
inline constexpr unsigned kGPUSharedLevel = 1;
inline constexpr unsigned kGPUThreadLevel = 2;
inline constexpr unsigned kRegisterLevel = 3;

/// GPU launch limit, in registers: the register tile may use half of a
/// thread's registers; the other half holds addresses, loop counters, the
/// operands of the scalar function and the compiler's temporaries.
inline constexpr int64_t kGPURegisterShareDenominator = 2;
/// Bytes a GPU thread loads at once (CUDA's float4): the heuristic's chunk
/// per thread and step of a streaming reduction, and the vector loads of
/// the GPU lowering.
inline constexpr int64_t kGPUVectorBytes = 16;
/// CPU register tile: accumulators may fill 3/4 of the vector register file;
/// the rest holds the broadcast and loaded operands (the 6x16 MatMul tile of
/// an AVX2 core uses 12 of its 16 ymm registers).
inline constexpr int64_t kCPUAccumulatorShareNum = 3;
inline constexpr int64_t kCPUAccumulatorShareDen = 4;
/// The 32-bit words of accumulators a CPU register tile may hold with
/// `vectorRegisters` registers of `vectorWidth` bits (AVX2: 96, AVX-512: 384).
inline int64_t cpuRegisterTileWords(int64_t vectorRegisters,
                                    int64_t vectorWidth) {
  return vectorRegisters * (vectorWidth / 32) * kCPUAccumulatorShareNum /
         kCPUAccumulatorShareDen;
}

struct Problem;
/// Whether the search space of `p` is compact (MDHSpace.h).
bool isCompact(const Problem &p);

struct Problem {
  /// "openmp", "cuda" or "hip".
  std::string targetName;
  bool gpu = false;
  ArrayRef<mdh_ll::Level> levels;

  SmallVector<int64_t, 8> sizes;
  /// Per dimension: combined by pw or ps.
  SmallVector<bool, 8> reduction;
  /// The pw/ps operator is a custom combiner over the tuple of outputs.
  bool customCombiner = false;
  SmallVector<Buffer, 4> inputs;
  SmallVector<Buffer, 2> outputs;
  /// What the register tile's accumulators count (registerWords): per
  /// output its model, or one model per map where the maps disagree in
  /// their coefficients, whose footprints add up (the partial results are
  /// one per point and map; the model of the whole output multiplies the
  /// sums of its dimensions instead).
  SmallVector<Buffer, 2> accumulators;
  /// The order in which the search space declares the dimensions: buffer
  /// dimensions read by several iteration dimensions close early.
  SmallVector<unsigned, 8> dimOrder;

  /// GPU facts (gpu) or CPU facts (!gpu).
  mdh_ll::GPUFacts gpuFacts = {};
  int64_t vectorWidth = 0, vectorRegisters = 0, cores = 0;
  int64_t l1CacheSize = 0, l2CacheSize = 0;

  unsigned numDims() const { return sizes.size(); }
  bool hasReduction() const { return llvm::is_contained(reduction, true); }
  bool isParallel(unsigned level) const {
    return levels[level].kind == mdh_ll::LevelKind::parallel;
  }
  /// "level 1 (shared_tile)".
  std::string levelName(unsigned level) const;

  /// The regions other than in_place that a copy of an input may take on
  /// `level` (Config.cpp's isLegalInputRegion).
  SmallVector<mdh_ll::InputRegion, 2> copyRegions(unsigned level) const;
  /// The combine regions legal on a parallel level, the first being the one
  /// a level without a split pw/ps dimension is fixed to; sequential levels
  /// have the single entry `register` (a thread combines its own partial
  /// results).
  SmallVector<mdh_ll::CombineRegion, 2> combineRegions(unsigned level) const;

  /// Target limits.
  int64_t maxThreadsPerBlock() const { return gpuFacts.maxThreadsPerBlock; }
  int64_t maxSharedBytes() const { return gpuFacts.maxSharedMemoryPerBlock; }
  /// 32-bit registers a thread's register tile may use (GPU), or 32-bit
  /// lanes the CPU register tile's accumulators may use.
  int64_t maxRegisterWords() const;
};

/// Collects the facts of `op` on `target` (a TargetAttrInterface
/// attribute). Fails through `emitError` when the target is not one of the
/// known ASMs.
FailureOr<Problem> analyze(mdh::ComputationOpInterface op, Attribute target,
                           function_ref<InFlightDiagnostic()> emitError);

/// `analyze` for an op and target known to be analyzable (a space or a
/// verified configuration exists for them); anything else is a fatal usage
/// error.
Problem analyzeOrDie(mdh::ComputationOpInterface op, Attribute target);

//===----------------------------------------------------------------------===//
// Rules over whole configurations
//===----------------------------------------------------------------------===//

/// The tile of level `level - 1` around the tiles of `level` in dimension
/// `d` (the extent for level 0).
int64_t enclosingTile(const Problem &p, const mdh_ll::Config &c, unsigned level,
                      unsigned d);
/// Iterations (sequential levels) or units (parallel levels) of `level` in
/// dimension d: ceil(enclosing / tile).
int64_t unitsOf(const Problem &p, const mdh_ll::Config &c, unsigned level,
                unsigned d);
/// A dimension is active on a level when the level has more than one tile
/// of it; only active dimensions make the order and the assignment of the
/// level matter.
inline bool isActive(int64_t units) { return units > 1; }
/// Whether strided and blocked assignment of one dimension of a parallel
/// level generate different code: the dimension is split among several
/// units and each unit's tile holds several tiles of the next level.
inline bool strideMatters(int64_t units, int64_t subTiles) {
  return units > 1 && subTiles > 1;
}
bool strideMatters(const Problem &p, const mdh_ll::Config &c, unsigned level);
/// Whether a pw or ps dimension is split among the units of `level`.
bool reductionSplit(const Problem &p, const mdh_ll::Config &c, unsigned level);
/// GPU: prod_d ceil(tiles[1][d] / tiles[2][d]).
int64_t threadsPerBlock(const Problem &p, const mdh_ll::Config &c);

/// Shared memory a block reserves for combining the partial results of
/// pw/ps dimensions split among its threads: one element of every output per
/// thread, for as many threads as a block may have (the combination goes
/// through the thread tile element by element). 0 without pw/ps dimensions
/// or off GPUs.
int64_t combineReserve(const Problem &p);
/// Shared-memory bytes per block: the input copies (per input, its
/// footprint over the shared tile, 0 where there is no copy) plus the
/// combine reserve.
int64_t sharedBytes(const Problem &p, ArrayRef<int64_t> inputFootprints);
/// 32-bit registers of the register tile: inputs copied into registers
/// (footprint over the register tile, 0 where no copy) plus the
/// accumulators (Problem::accumulators, footprints over the register tile).
int64_t registerWords(const Problem &p, ArrayRef<int64_t> inputFootprints,
                      ArrayRef<int64_t> accumulatorFootprints);
/// Register combination of partial results across the threads of a block is
/// legal when all of the block's threads are one warp (shuffles reach only
/// within a warp).
inline bool registerCombineFits(const Problem &p, int64_t threads) {
  return threads <= p.gpuFacts.warpSize;
}

/// Whether `c` passes every rule (verifyConfig without messages).
bool isValid(const Problem &p, const mdh_ll::Config &c);

/// What canonicalize normalizes: everything that generates no different
/// code (Full), or only what the search space distinguishes no further
/// (Space): there, orders are normalized only for dimensions of extent 1,
/// assignment kinds are left alone, and so are the assignments of compact
/// spaces (docs/tuning-parameters.md).
enum class Canon { Full, Space };

/// The canonical form of `c`: values that generate no different code are
/// replaced by their representative (docs/tuning-parameters.md,
/// "Configurations that generate identical code"). `c` must pass
/// verifyConfig's shape and value checks.
mdh_ll::Config canonicalize(const Problem &p, mdh_ll::Config c,
                            Canon mode = Canon::Full);

/// The canonical form of an order: the active dimensions in the relative
/// order `order` gives them, then the inactive ones of extent > 1, then
/// those of extent 1, each in ascending order.
SmallVector<unsigned> canonicalOrder(ArrayRef<unsigned> order,
                                     ArrayRef<bool> active,
                                     ArrayRef<int64_t> sizes);

//===----------------------------------------------------------------------===//
// The parameters of the search space
//===----------------------------------------------------------------------===//

/// Names of the space's parameters. They follow the field paths of the JSON
/// form (docs/config-json.md), so that a tuner's log and a configuration
/// file read alike; `orders[l].code[d]` is the order code of
/// docs/tuning-parameters.md.
struct Names {
  static std::string tile(unsigned l, unsigned d);
  static std::string order(unsigned l, unsigned d);
  static std::string assignment(unsigned l, unsigned d);
  static std::string kind(unsigned l);
  static std::string inputRegion(unsigned i, unsigned l);
  static std::string inputLayout(unsigned i, unsigned l);
  static std::string outputRegion(unsigned o, unsigned l);
};

/// Which parameters the space of a problem tunes; everything else takes a
/// fixed value.
struct Plan {
  const Problem &p;
  /// Copy regions: on levels where some copy is legal, except register
  /// copies in compact spaces.
  bool hasRegion(unsigned l) const {
    return !p.copyRegions(l).empty() && !(l == kRegisterLevel && isCompact(p));
  }
  /// Layouts: where a copy of a buffer of rank >= 2 may be made.
  /// (Declared with the region, or independently in compact spaces.)
  bool hasLayout(unsigned i, unsigned l) const {
    return hasRegion(l) && p.inputs[i].rank() >= 2;
  }
  /// Combine regions: on parallel levels with a choice, if anything is
  /// ever combined.
  bool hasOutputRegion(unsigned l) const {
    return p.hasReduction() && p.isParallel(l) &&
           p.combineRegions(l).size() > 1;
  }
};

} // namespace mlir::mdh::tuning::rules

#endif // MDH_DIALECT_LL_CONFIGRULES_H
