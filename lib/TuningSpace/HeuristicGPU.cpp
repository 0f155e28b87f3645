//===- HeuristicGPU.cpp - The default configuration on a GPU --------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The GPU half of tuning::defaultConfig (docs/tuning-parameters.md, "The
// heuristic"): register tiles over the two innermost output dimensions
// (8 x 8 with a square block for contractions), 256 threads per block,
// shared-memory tiles of the block's tiles and a k-slab, blocks over the
// `cc` dimensions, pw/ps dimensions split where the device is not full.
//
//===----------------------------------------------------------------------===//

#include "Heuristic.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::heuristic;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;

/// Threads per block the GPU heuristic aims for: 8 warps of 32 (4 wave64),
/// enough to hide latency with several blocks per SM.
static constexpr int64_t kGPUThreads = 256;
/// pw/ps dimensions are split over blocks when the cc dimensions give fewer
/// blocks than SMs (CUs), until there are this many blocks per SM.
static constexpr int64_t kGPUBlocksPerSM = 2;
/// Register tile per thread in each of the two output dimensions.
static constexpr int64_t kGPURegisterTile = 4;
/// The same for contractions (an input reused along each of them): 8 x 8
/// cells take 16 shared-memory loads per 64 FMAs instead of 8 per 16
/// (MatMul 1024 on sm_90: 81% FFMA in the NVVM hot loop against 60%).
static constexpr int64_t kGPUContractionTile = 8;
/// Threads of a contraction's block along its innermost output dimension:
/// 16 x 16 threads of 8 x 8 make a square 128 x 128 block tile, which reads
/// the fewest inputs per FMA from device memory.
static constexpr int64_t kGPUContractionThreads = 16;
/// Length of the reduction slab of a shared-memory tile.
static constexpr int64_t kGPUSlab = 16;
/// A pw/ps dimension split over blocks gives each block at least this many
/// shared tiles of it.
static constexpr int64_t kGPUMinSlabsPerBlock = 4;

/// Whether the two innermost output dimensions `cc` (outputOrderedCC) make a
/// contraction: a reduction, an input read identically along each of them
/// (MatMul's B along i, A along j), and both long enough for 8 x 8 register
/// tiles without much waste.
static bool isContraction(const Problem &p, ArrayRef<unsigned> cc) {
  if (cc.size() < 2 || llvm::none_of(p.reduction, [](bool r) { return r; }))
    return false;
  auto reusedAlong = [&](unsigned d) {
    return llvm::any_of(p.inputs,
                        [&](const Buffer &b) { return ignores(b, d); });
  };
  auto long8 = [&](unsigned d) {
    return p.sizes[d] % kGPUContractionTile == 0 ||
           p.sizes[d] >= 8 * kGPUContractionTile;
  };
  return reusedAlong(cc[0]) && reusedAlong(cc[1]) && long8(cc[0]) &&
         long8(cc[1]);
}

/// `contractionTiles`: 8 x 8 register tiles for contractions (defaultConfig
/// tries without them when they break a rule, e.g. f64 accumulators beyond
/// the register budget).
mdh_ll::Config heuristic::gpuConfig(const Problem &p, bool contractionTiles) {
  mdh_ll::Config c = plainConfig(p);
  unsigned numDims = p.numDims();
  SmallVector<unsigned> cc = outputOrderedCC(p);
  const mdh_ll::GPUFacts &f = p.gpuFacts;
  bool contraction = contractionTiles && isContraction(p, cc);

  // Register tile and threads over the cc dimensions: a warp's width along
  // the innermost output dimension (a square block for contractions), the
  // rest of the block along the next ones.
  SmallVector<int64_t> reg(numDims, 1), threads(numDims, 1);
  int64_t budget = std::min(kGPUThreads, p.maxThreadsPerBlock());
  for (auto [k, d] : llvm::enumerate(cc)) {
    if (budget <= 1)
      break;
    if (k < 2)
      reg[d] = std::min(p.sizes[d],
                        contraction ? kGPUContractionTile : kGPURegisterTile);
    int64_t width = contraction ? kGPUContractionThreads : f.warpSize;
    int64_t cap = k == 0 ? std::min<int64_t>(width, budget) : budget;
    threads[d] = std::min(cap, ceilDiv(p.sizes[d], reg[d]));
    budget /= threads[d];
  }
  // Threads the cc dimensions leave over split the longest pw/ps dimension
  // (all of them without cc dimensions); their partial results are
  // combined in shared memory.
  std::optional<unsigned> longestReduction;
  for (unsigned d = 0; d < numDims; ++d)
    if (p.reduction[d] && p.sizes[d] > 1 &&
        (!longestReduction || p.sizes[d] > p.sizes[*longestReduction]))
      longestReduction = d;
  if (budget > 1 && longestReduction)
    threads[*longestReduction] = std::min(budget, p.sizes[*longestReduction]);
  // A streaming reduction (no cc dimension, Dot; or one whose rows the
  // output does not run along, MatVec): each thread reads 16 bytes of every
  // row per step where the reduction runs along them, one 128-bit load
  // each in the GPU lowering's fast version.
  bool streaming =
      cc.empty() || (cc.size() == 1 && !readsContiguously(p, cc[0]));
  if (streaming && longestReduction && threads[*longestReduction] > 1 &&
      readsContiguously(p, *longestReduction)) {
    unsigned r = *longestReduction;
    int64_t bytes = 1;
    for (const Buffer &buffer : p.inputs)
      bytes = std::max(bytes, buffer.loadBytes);
    int64_t lanes = kGPUVectorBytes / bytes;
    if (lanes > 1 && p.sizes[r] >= threads[r] * lanes)
      reg[r] = lanes;
  }

  SmallVector<int64_t> block(numDims), shared(numDims), thread(numDims);
  for (unsigned d = 0; d < numDims; ++d) {
    if (!p.reduction[d] || threads[d] > 1) {
      thread[d] = reg[d];
      shared[d] = std::min(p.sizes[d], threads[d] * thread[d]);
      block[d] = p.reduction[d] ? p.sizes[d] : shared[d];
      continue;
    }
    // A reduction slab: one thread walks it, a register at a time.
    shared[d] = thread[d] = std::min(p.sizes[d], kGPUSlab);
    block[d] = p.sizes[d];
  }

  // Fill the device: split the longest pw/ps dimension over blocks when the
  // cc dimensions give too few.
  int64_t blocks = 1;
  for (unsigned d = 0; d < numDims; ++d)
    blocks = mulSat(blocks, ceilDiv(p.sizes[d], block[d]));
  int64_t wanted = kGPUBlocksPerSM * f.multiprocessors;
  std::optional<unsigned> longest;
  for (unsigned d = 0; d < numDims; ++d)
    if (p.reduction[d] && p.sizes[d] > shared[d] &&
        (!longest ||
         p.sizes[d] / shared[d] > p.sizes[*longest] / shared[*longest]))
      longest = d;
  if (blocks < f.multiprocessors && longest) {
    unsigned r = *longest;
    // At least kGPUMinSlabsPerBlock shared tiles per block: fewer spend
    // the block on its start, its copies and the combine of its partial
    // result (a 333 x 517 x 129 MatMul was split into 9 blocks of one slab).
    int64_t piece = std::max(ceilDiv(p.sizes[r], ceilDiv(wanted, blocks)),
                             kGPUMinSlabsPerBlock * shared[r]);
    block[r] = roundUp(piece, shared[r], p.sizes[r]);
  }
  c.tiles = {block, shared, thread, reg};
  setOrders(p, c);

  // Copies: into shared memory what several threads of a block read, into
  // registers what several iterations of the register tile read.
  for (auto [i, buffer] : llvm::enumerate(p.inputs)) {
    bool sharedReuse = false, registerReuse = false;
    for (unsigned d = 0; d < numDims; ++d) {
      sharedReuse |= threads[d] > 1 && ignores(buffer, d);
      registerReuse |= reg[d] > 1 && ignores(buffer, d);
    }
    if (sharedReuse)
      c.inputRegions[i][kGPUSharedLevel] = InputRegion::Shared;
    // Compact spaces leave register copies out.
    if (registerReuse && !isCompact(p))
      c.inputRegions[i][kRegisterLevel] = InputRegion::Register;
  }
  // Partial results of pw/ps dimensions split over threads: shared memory.
  for (auto &regions : c.outputRegions)
    regions[kGPUThreadLevel] = CombineRegion::Shared;

  // Stay within the static shared memory (no opt-in needed): thinner slabs,
  // then fewer copies.
  auto sharedUse = [&](const mdh_ll::Config &config) {
    int64_t bytes = 0;
    for (auto [i, buffer] : llvm::enumerate(p.inputs))
      if (config.inputRegions[i][kGPUSharedLevel] == InputRegion::Shared)
        bytes = addSat(bytes,
                       mulSat(buffer.footprint(config.tiles[1]), buffer.bytes));
    return bytes;
  };
  while (sharedUse(c) > f.sharedMemoryPerBlock) {
    bool thinner = false;
    for (unsigned d = 0; d < numDims; ++d)
      if (p.reduction[d] && threads[d] == 1 && c.tiles[1][d] > 1) {
        c.tiles[1][d] = c.tiles[2][d] = ceilDiv(c.tiles[1][d], 2);
        thinner = true;
      }
    if (thinner)
      continue;
    for (auto &regions : c.inputRegions)
      regions[kGPUSharedLevel] = InputRegion::InPlace;
  }
  return c;
}
