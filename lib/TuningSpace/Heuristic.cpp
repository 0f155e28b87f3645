//===- Heuristic.cpp - The default configuration of a computation ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// defaultConfig: a good configuration from the target's facts, without
// search (docs/tuning-parameters.md, "The heuristic").
//
//  - CPU: the outer `cc` dimensions over the cores, a register tile whose
//    accumulators fill the vector registers (6 x 16 floats for MatMul on
//    AVX2), L2 and L1 tiles shrunk from the thread's tile until their
//    footprint fits half of the cache.
//  - GPU: a per-thread register tile of 4 x 4 over the two `cc` dimensions
//    the output is contiguous in (8 x 8 and a square block of 16 x 16
//    threads for contractions), 256 threads per block, a shared-memory
//    tile of a block's threads' tiles and a k-slab of the reduction, blocks
//    over the `cc` dimensions; pw/ps dimensions are split over blocks when
//    the `cc` blocks alone do not fill the device, and over the threads of
//    a block when there is no `cc` dimension at all.
//
// Every choice is checked with the verifier's rules; a choice that breaks
// one is dropped, and a configuration that is still invalid falls back to a
// plain one (one thread, no copies) that is always valid.
//
//===----------------------------------------------------------------------===//

#include "mdh/TuningSpace/MDHSpace.h"

#include "mdh/Dialect/LL/ConfigRules.h"

#include "llvm/ADT/STLExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
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
/// Longest reduction slab of a CPU L2 tile.
static constexpr int64_t kCPUSlab = 256;
/// Most rows of an input a CPU register tile reads at once when its vector
/// lanes run along a reduction (MatVec): each row is a memory stream of its
/// own, and more than the prefetchers follow costs bandwidth (MatVec 4096
/// on Zen 5, 2 threads: 0.96 ms with 12 rows, 1.48 ms with 24).
static constexpr int64_t kCPUMaxRowStreams = 12;
/// Transposed or rotated copies where a reduction could carry the lanes
/// instead: only when it is at most this many vectors long, and each copied
/// element serves at least this many rows (copiesPay).
static constexpr int64_t kCPUShortReduction = 4;
static constexpr int64_t kCPUMinCopyReuse = 8;
/// The CPU level whose tiles the relaid-out copies hold (GotoBLAS packs B
/// in panels of L2).
static constexpr unsigned kCPUL2Level = 1;

/// The smallest multiple of `m` that is at least `x`, at most `cap`.
static int64_t roundUp(int64_t x, int64_t m, int64_t cap) {
  return mulSat(ceilDiv(x, m), m, cap);
}

/// One thread, no copies, register tile 1: valid for every computation on
/// every target (1 thread per block, no shared memory, one accumulator per
/// output).
static mdh_ll::Config plainConfig(const Problem &p) {
  mdh_ll::Config c;
  unsigned numDims = p.numDims();
  for (unsigned l = 0; l < kNumLevels; ++l) {
    for (unsigned d = 0; d < numDims; ++d) {
      c.tiles[l].push_back(l == kRegisterLevel ? 1 : p.sizes[d]);
      c.orders[l].push_back(d);
    }
    if (p.isParallel(l))
      c.assignment[l].assign(numDims, 0);
  }
  c.inputRegions.assign(p.inputs.size(), {});
  c.inputLayouts.assign(p.inputs.size(), {});
  std::array<CombineRegion, kNumLevels> combine;
  for (unsigned l = 0; l < kNumLevels; ++l)
    combine[l] = p.combineRegions(l).front();
  c.outputRegions.assign(p.outputs.size(), combine);
  return c;
}

/// Orders: `cc` dimensions outside, pw/ps dimensions inside (the reduction
/// loop innermost around the register tile), ascending within each.
static void setOrders(const Problem &p, mdh_ll::Config &c) {
  SmallVector<unsigned> order;
  for (bool reduction : {false, true})
    for (unsigned d = 0; d < p.numDims(); ++d)
      if (p.reduction[d] == reduction)
        order.push_back(d);
  for (unsigned l = 0; l < kNumLevels; ++l)
    c.orders[l] = order;
}

/// The `cc` dimensions (extent > 1) that index the output's buffer
/// dimensions, innermost buffer dimension first, then the other `cc`
/// dimensions by decreasing extent.
static SmallVector<unsigned> outputOrderedCC(const Problem &p) {
  SmallVector<unsigned> result;
  auto take = [&](unsigned d) {
    if (!p.reduction[d] && p.sizes[d] > 1 && !llvm::is_contained(result, d))
      result.push_back(d);
  };
  if (!p.outputs.empty())
    for (const BufferDim &dim : llvm::reverse(p.outputs.front().dims))
      for (unsigned d = 0; d < p.numDims(); ++d)
        if (dim.weights[d] != 0)
          take(d);
  SmallVector<unsigned> rest;
  for (unsigned d = 0; d < p.numDims(); ++d)
    rest.push_back(d);
  llvm::sort(rest, [&](unsigned a, unsigned b) {
    return p.sizes[a] != p.sizes[b] ? p.sizes[a] > p.sizes[b] : a < b;
  });
  for (unsigned d : rest)
    take(d);
  return result;
}

/// Whether input `buffer` is read identically along dimension d.
static bool ignores(const Buffer &buffer, unsigned d) {
  return llvm::all_of(
      buffer.dims, [&](const BufferDim &dim) { return dim.weights[d] == 0; });
}

/// Shrinks `tiles` (one per dimension, each a multiple of the matching
/// `floor` or equal to the extent) until `fits`: halves the dimension with
/// the most multiples of its floor, keeping multiples of the floor.
template <typename Fits>
static void shrinkUntil(SmallVectorImpl<int64_t> &tiles,
                        ArrayRef<int64_t> floor, Fits fits) {
  while (!fits(tiles)) {
    unsigned best = 0;
    for (unsigned d = 1; d < tiles.size(); ++d)
      if (tiles[d] / floor[d] > tiles[best] / floor[best])
        best = d;
    if (tiles[best] <= floor[best])
      return;
    tiles[best] = std::max(floor[best],
                           ceilDiv(tiles[best], 2 * floor[best]) * floor[best]);
  }
}

/// Whether every buffer that dimension `d` indexes reads it along its
/// innermost dimension with stride 1: vectors along d are contiguous.
static bool readsContiguously(const Problem &p, unsigned d) {
  for (const Buffer &b : llvm::concat<const Buffer>(p.inputs, p.outputs))
    for (auto [i, dim] : llvm::enumerate(b.dims))
      if (dim.weights[d] != 0 && (i + 1 != b.rank() || dim.weights[d] != 1))
        return false;
  return true;
}

/// Whether dimension `d` indexes an outer (not the innermost) dimension of
/// an input.
static bool indexesRows(const Problem &p, unsigned d) {
  for (const Buffer &b : p.inputs)
    for (auto [i, dim] : llvm::enumerate(b.dims))
      if (dim.weights[d] != 0 && i + 1 != b.rank())
        return true;
  return false;
}

/// An input's packed copy whose layout makes its reads along a dimension
/// contiguous.
struct Relayout {
  unsigned input;
  mdh_ll::Layout layout;
};

/// The inputs whose packed copy makes the reads along dimension `d`
/// contiguous: those that read `d` with stride 1 along their second-to-last
/// buffer dimension only (C = A B^T reads B[j][k] along j: transposed) or
/// along their first one only (a KRSC filter along its output channels k:
/// rotated), each read identically along another `cc` dimension, so that
/// the copy is reused there. Empty when an output is not contiguous along
/// `d`, or some input reads `d` another way.
static SmallVector<Relayout> relayoutsAlong(const Problem &p, unsigned d,
                                            ArrayRef<unsigned> cc) {
  for (const Buffer &b : p.outputs)
    for (auto [i, dim] : llvm::enumerate(b.dims))
      if (dim.weights[d] != 0 && (i + 1 != b.rank() || dim.weights[d] != 1))
        return {};
  SmallVector<Relayout> result;
  for (auto [n, input] : llvm::enumerate(p.inputs)) {
    // A reference: structured bindings cannot be captured before C++20.
    const Buffer &b = input;
    unsigned rank = b.rank();
    std::optional<mdh_ll::Layout> layout;
    for (auto [i, dim] : llvm::enumerate(b.dims)) {
      if (dim.weights[d] == 0 || (i + 1 == rank && dim.weights[d] == 1))
        continue;
      if (layout || dim.weights[d] != 1)
        return {};
      if (i + 2 == rank)
        layout = mdh_ll::Layout::Transposed;
      else if (i == 0)
        layout = mdh_ll::Layout::Rotated;
      else
        return {};
    }
    if (!layout)
      continue;
    if (b.dims.back().weights[d] != 0 || llvm::none_of(cc, [&](unsigned e) {
          return e != d && p.sizes[e] > 1 && ignores(b, e);
        }))
      return {};
    result.push_back({unsigned(n), *layout});
  }
  return result;
}

/// Whether the packed copies `relayouts` (relayoutsAlong) pay for
/// themselves. Without them the lanes run along a reduction that every
/// input reads contiguously, if there is one: that reads each input once,
/// where a copy reads and writes it once more, so copies pay only where
/// that reduction is short (at most kCPUShortReduction vectors per tile
/// cell: a cell's horizontal sum then costs as much as its FMAs) and each
/// copied element serves at least kCPUMinCopyReuse rows. Measured with 2
/// threads on Zen 5 (AVX-512): C[r][j] = sum_k A[r][k] B[j][k] with
/// j = 4096, k = 512 ran 1.15x (r = 16) to 2.8x (r = 2) slower with the
/// copy; a 7 x 37 x 45 x 61 batched product (k = 61) 2.9x faster. Without
/// such a reduction (C = A^T B^T: A[k][i] is not contiguous along k) the
/// tile is not vectorized at all, and the copies always pay.
static bool copiesPay(const Problem &p, ArrayRef<unsigned> cc,
                      ArrayRef<Relayout> relayouts, int64_t lanes) {
  std::optional<int64_t> reduction;
  for (unsigned d = 0; d < p.numDims(); ++d)
    if (p.reduction[d] && p.sizes[d] > 1 && readsContiguously(p, d))
      reduction = std::max(reduction.value_or(0), p.sizes[d]);
  if (!reduction)
    return true;
  int64_t reuse = std::numeric_limits<int64_t>::max();
  for (auto [n, layout] : relayouts) {
    int64_t rows = 1;
    for (unsigned d : cc)
      if (ignores(p.inputs[n], d))
        rows = mulSat(rows, p.sizes[d]);
    reuse = std::min(reuse, rows);
  }
  return *reduction <= kCPUShortReduction * lanes && reuse >= kCPUMinCopyReuse;
}

/// `pack`: transposed or rotated packed copies where they make the register
/// tile's lanes contiguous (defaultConfig tries without them when they break a
/// rule).
static mdh_ll::Config cpuConfig(const Problem &p, bool pack) {
  mdh_ll::Config c = plainConfig(p);
  unsigned numDims = p.numDims();
  SmallVector<unsigned> cc = outputOrderedCC(p);
  // Inputs read along the lanes through an L2 copy with the last two
  // dimensions swapped: the register tile then runs as MatMul's does,
  // instead of with its lanes along a reduction (or not vectorized).
  int64_t words = p.outputs.empty() ? 1 : p.outputs.front().words;
  int64_t lanes = std::max<int64_t>(1, p.vectorWidth / (32 * words));
  SmallVector<Relayout> relayouts;
  if (pack && !cc.empty() && !readsContiguously(p, cc[0]))
    relayouts = relayoutsAlong(p, cc[0], cc);
  if (!relayouts.empty() && !copiesPay(p, cc, relayouts, lanes))
    relayouts.clear();

  // Register tile: the innermost output dimension gets two vectors' worth
  // of lanes, the next one as many rows as the accumulator budget allows.
  int64_t budget = p.maxRegisterWords() / words;
  SmallVector<int64_t> reg(numDims, 1);
  if (!cc.empty() && (readsContiguously(p, cc[0]) || !relayouts.empty())) {
    reg[cc[0]] = std::min(p.sizes[cc[0]], std::min(2 * lanes, budget));
    if (cc.size() > 1)
      reg[cc[1]] =
          std::max<int64_t>(1, std::min(p.sizes[cc[1]], budget / reg[cc[0]]));
  } else if (!cc.empty()) {
    // The lanes cannot run along the output (MatVec's rows, the output
    // channels of a convolution over many input channels, copiesPay):
    // they run along a reduction loop instead, with one vector
    // of partial results per tile cell, 3/4 of the vector registers but
    // at most kCPUMaxRowStreams.
    int64_t cells =
        std::clamp<int64_t>(p.vectorRegisters * 3 / 4, 1, kCPUMaxRowStreams);
    reg[cc[0]] = std::min(p.sizes[cc[0]], cc.size() > 1 ? int64_t(4) : cells);
    if (cc.size() > 1)
      reg[cc[1]] =
          std::max<int64_t>(1, std::min(p.sizes[cc[1]], cells / reg[cc[0]]));
  } else {
    // A pure reduction or scan: a vector-length chunk of each dimension.
    for (unsigned d = 0; d < numDims; ++d)
      reg[d] = std::min(p.sizes[d], 4 * lanes);
  }

  // Threads: outer cc dimensions (by index) over the cores; pw/ps
  // dimensions too when the cc dimensions have fewer tiles than cores.
  // With such copies, first the dimensions every copied input
  // depends on: each thread then copies a part of its own, not all of it.
  SmallVector<unsigned> splitOrder;
  auto copied = [&](unsigned d) {
    return !relayouts.empty() &&
           llvm::all_of(relayouts, [&](const Relayout &r) {
             return !ignores(p.inputs[r.input], d);
           });
  };
  for (int pass = 0; pass < 3; ++pass)
    for (unsigned d = 0; d < numDims; ++d)
      if (pass == 2 ? p.reduction[d]
                    : !p.reduction[d] && copied(d) == (pass == 0))
        splitOrder.push_back(d);
  SmallVector<int64_t> thread(p.sizes.begin(), p.sizes.end());
  int64_t units = 1;
  for (unsigned d : splitOrder) {
    if (units >= p.cores)
      break;
    if (p.sizes[d] <= reg[d])
      continue;
    int64_t want = ceilDiv(p.cores, units);
    thread[d] = roundUp(ceilDiv(p.sizes[d], want), reg[d], p.sizes[d]);
    units *= ceilDiv(p.sizes[d], thread[d]);
  }

  // L2 and L1 tiles: the footprint over the tile fits half of the cache;
  // in L1 only the inputs count, since the register tile holds the
  // outputs' partial results.
  auto fitsIn = [&](int64_t cache, bool outputs) {
    return [&p, cache, outputs](ArrayRef<int64_t> tile) {
      int64_t bytes = 0;
      for (const Buffer &b : llvm::concat<const Buffer>(
               p.inputs, outputs ? p.outputs : ArrayRef<Buffer>()))
        bytes = addSat(bytes, mulSat(b.footprint(tile), b.bytes));
      return bytes <= cache / 2;
    };
  };
  // The cc dimensions shrink first: the register tile accumulates over the
  // whole pw/ps extent of its L1 tile, so a long one keeps the
  // accumulators in (vector) registers instead of flushing them to memory
  // every few iterations.
  auto shrinkCCFirst = [&](SmallVectorImpl<int64_t> &tiles, auto fits) {
    SmallVector<int64_t> floor = reg;
    for (unsigned d = 0; d < numDims; ++d)
      if (p.reduction[d])
        floor[d] = tiles[d];
    shrinkUntil(tiles, floor, fits);
    shrinkUntil(tiles, reg, fits);
  };
  // A reduction dimension that indexes rows of an input (MatMul's B[k][j])
  // gets a slab of at most kCPUSlab per L2 tile (GotoBLAS' kc): a longer one
  // touches a page per row and thrashes the TLB (MatMul 1024^3: 21.6 ms with
  // 1024, 15.3 ms with 256 here). Along rows (MatVec's k) long is better.
  SmallVector<int64_t> l2 = thread;
  for (unsigned d = 0; d < numDims; ++d)
    if (p.reduction[d] && indexesRows(p, d))
      l2[d] = std::min(l2[d], roundUp(kCPUSlab, reg[d], p.sizes[d]));
  shrinkCCFirst(l2, fitsIn(p.l2CacheSize, /*outputs=*/true));
  SmallVector<int64_t> l1 = l2;
  shrinkCCFirst(l1, fitsIn(p.l1CacheSize, /*outputs=*/false));

  c.tiles = {thread, l2, l1, reg};
  setOrders(p, c);
  for (auto [n, layout] : relayouts) {
    c.inputRegions[n][kCPUL2Level] = InputRegion::Packed;
    c.inputLayouts[n][kCPUL2Level] = layout;
  }
  return c;
}

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
static mdh_ll::Config gpuConfig(const Problem &p, bool contractionTiles) {
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

mdh_ll::Config tuning::defaultConfig(mdh::ComputationOpInterface op,
                                     Attribute target) {
  FailureOr<Problem> problem = analyze(
      op, target, [&] { return op->emitError("default configuration: "); });
  if (failed(problem))
    llvm::reportFatalUsageError("defaultConfig needs a target attribute");
  const Problem &p = *problem;
  // The first valid one of the candidates, each also without register
  // copies; else the plain configuration.
  SmallVector<mdh_ll::Config, 2> candidates;
  if (p.gpu) {
    candidates.push_back(gpuConfig(p, /*contractionTiles=*/true));
    candidates.push_back(gpuConfig(p, /*contractionTiles=*/false));
  } else {
    candidates.push_back(cpuConfig(p, /*pack=*/true));
    candidates.push_back(cpuConfig(p, /*pack=*/false));
  }
  for (mdh_ll::Config &c : candidates) {
    c = canonicalize(p, c);
    if (isValid(p, c))
      return c;
    for (auto &regions : c.inputRegions)
      regions[kRegisterLevel] = InputRegion::InPlace;
    c = canonicalize(p, c);
    if (isValid(p, c))
      return c;
  }
  return canonicalize(p, plainConfig(p));
}
