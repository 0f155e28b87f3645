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

#include "Heuristic.h"

#include "mdh/Dialect/LL/MmaRules.h"
#include "mdh/TuningSpace/MDHSpace.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::heuristic;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;

/// The smallest multiple of `m` that is at least `x`, at most `cap`.
int64_t heuristic::roundUp(int64_t x, int64_t m, int64_t cap) {
  return mulSat(ceilDiv(x, m), m, cap);
}

/// One thread, no copies, register tile 1: valid for every computation on
/// every target (1 thread per block, no shared memory, one accumulator per
/// output).
mdh_ll::Config heuristic::plainConfig(const Problem &p) {
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
void heuristic::setOrders(const Problem &p, mdh_ll::Config &c) {
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
SmallVector<unsigned> heuristic::outputOrderedCC(const Problem &p) {
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
bool heuristic::ignores(const Buffer &buffer, unsigned d) {
  return llvm::all_of(
      buffer.dims, [&](const BufferDim &dim) { return dim.weights[d] == 0; });
}

/// Whether every buffer that dimension `d` indexes reads it along its
/// innermost dimension with stride 1: vectors along d are contiguous.
bool heuristic::readsContiguously(const Problem &p, unsigned d) {
  for (const Buffer &b : llvm::concat<const Buffer>(p.inputs, p.outputs))
    for (auto [i, dim] : llvm::enumerate(b.dims))
      if (dim.weights[d] != 0 && (i + 1 != b.rank() || dim.weights[d] != 1))
        return false;
  return true;
}

/// `c` with two stages (docs/tuning-parameters.md, "Stages") on NVIDIA chips
/// with cp.async (sm_80 and later, those with mma.sync), where its blocks
/// walk a dimension in two shared tiles or more: the copies of the next tile
/// then overlap the computation on this one, with one barrier per tile.
/// `c` where that does not apply or the two stages do not fit the static
/// shared memory.
static mdh_ll::Config withStages(const Problem &p, Attribute target,
                                 const mdh_ll::Config &c) {
  auto cuda = dyn_cast<mdh_ll::CUDATargetAttr>(target);
  if (!cuda || !mdh_ll::chipHasMmaSync(cuda.getChip()) ||
      c.assignmentKind[0] != mdh_ll::AssignmentKind::Blocked ||
      llvm::none_of(c.inputRegions, [](const auto &regions) {
        return regions[kGPUSharedLevel] == InputRegion::Shared;
      }))
    return c;
  // The innermost dimension of the shared tiles' order that a block walks
  // in several tiles (GPUPipeline.cpp).
  for (unsigned d : llvm::reverse(c.orders[kGPUSharedLevel])) {
    int64_t t0 = c.tiles[0][d], t1 = c.tiles[kGPUSharedLevel][d];
    if (t1 == t0)
      continue;
    // Within the static shared memory, as the copies of one stage are
    // (HeuristicGPU.cpp): more would take dynamic shared memory and fewer
    // blocks per multiprocessor.
    SmallVector<int64_t, 4> footprints;
    for (auto [i, buffer] : llvm::enumerate(p.inputs))
      footprints.push_back(
          c.inputRegions[i][kGPUSharedLevel] == InputRegion::Shared
              ? mdh_ll::kMaxStages * buffer.footprint(c.tiles[kGPUSharedLevel])
              : 0);
    if (sharedBytes(p, footprints) > p.gpuFacts.sharedMemoryPerBlock)
      return c;
    mdh_ll::Config staged = c;
    staged.stages = mdh_ll::kMaxStages;
    return isValid(p, staged) ? staged : c;
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
  if (p.gpu)
    if (std::optional<mdh_ll::Config> mma = mmaConfig(op, target, p))
      return *mma;
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
      return p.gpu ? withStages(p, target, c) : c;
    for (auto &regions : c.inputRegions)
      regions[kRegisterLevel] = InputRegion::InPlace;
    c = canonicalize(p, c);
    if (isValid(p, c))
      return p.gpu ? withStages(p, target, c) : c;
  }
  return canonicalize(p, plainConfig(p));
}
