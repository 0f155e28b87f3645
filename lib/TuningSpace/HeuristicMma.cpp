//===- HeuristicMma.cpp - The default tensor-core schedule ----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// For a contraction that tensor cores can compute (mdh_ll::
// matchMmaContraction) on an NVIDIA chip of sm_80 or later, or an AMD chip
// with MFMA: block tiles of up to 128 x 128, halved while the blocks would
// not fill the multiprocessors; warp tiles of 64 x 32 (16 mma.sync of
// 16 x 8 per 16 of k, 64 accumulators per lane) or wavefront tiles of
// 64 x 64 (16 MFMA of 16 x 16); shared tiles of 64 of k for 16-bit inputs
// and 32 for f32 ones read as TF32 (32 KiB of A and B for 128 x 128 either
// way) in the inputs' own layouts, double-buffered (two stages) where k has
// two whole shared tiles or more and the shared memory allows.
// docs/tuning-parameters.md, "Tensor cores" and "Stages".
//
//===----------------------------------------------------------------------===//

#include "Heuristic.h"

#include "mdh/Dialect/LL/ConfigVerifier.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/MmaRules.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::heuristic;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::InputRegion;

/// The largest of `choices` (descending) that is at most `limit`, or 0.
static int64_t largestUpTo(ArrayRef<int64_t> choices, int64_t limit) {
  for (int64_t c : choices)
    if (c <= limit)
      return c;
  return 0;
}

std::optional<mdh_ll::Config>
heuristic::mmaConfig(mdh::ComputationOpInterface op, Attribute target,
                     const Problem &p) {
  auto cuda = dyn_cast<mdh_ll::CUDATargetAttr>(target);
  auto hip = dyn_cast<mdh_ll::HIPTargetAttr>(target);
  if (cuda ? !mdh_ll::chipHasMmaSync(cuda.getChip())
           : !hip || !mdh_ll::chipHasMfma(hip.getChip()))
    return std::nullopt;
  FailureOr<mdh_ll::MmaContraction> match = mdh_ll::matchMmaContraction(op);
  if (failed(match))
    return std::nullopt;
  const mdh_ll::MmaContraction &mc = *match;
  std::optional<mdh_ll::MmaShape> shape =
      mdh_ll::mmaShapeFor(mc.element, target);
  if (!shape)
    return std::nullopt;
  mdh_ll::MmaDims dims = mdh_ll::mmaDims(*shape);
  int64_t m = p.sizes[mc.m], n = p.sizes[mc.n], k = p.sizes[mc.k];
  int64_t bm = largestUpTo({128, 64, 32, 16}, m);
  int64_t bn = largestUpTo({128, 64, 32, 16, 8}, n);
  int64_t bk = largestUpTo({64, 32, 16, 8}, std::min(k, 4 * dims.k));
  if (bn % dims.n != 0)
    bn = 0;
  if (bk % dims.k != 0)
    bk = 0;
  if (!bm || !bn || !bk)
    return std::nullopt;
  // Smaller blocks while they would leave multiprocessors idle.
  int64_t sms = (cuda ? cuda.getFacts() : hip.getFacts()).multiprocessors;
  while (ceilDiv(m, bm) * ceilDiv(n, bn) < sms && (bm > 32 || bn > 32)) {
    if (bm >= bn)
      bm /= 2;
    else
      bn /= 2;
  }
  // Warps of 64 x 32: 16 products per 16 of k from 4 A and 4 B fragments;
  // wavefronts of 64 x 64: 16 products from 4 and 4.
  int64_t wm = std::min<int64_t>(bm, 64);
  int64_t wn = std::min<int64_t>(bn, 4 * dims.n);

  mdh_ll::Config c = gpuConfig(p, /*contractionTiles=*/true);
  int64_t t0[3], t1[3], t2[3], t3[3];
  t0[mc.m] = t1[mc.m] = bm;
  t0[mc.n] = t1[mc.n] = bn;
  t0[mc.k] = k;
  t1[mc.k] = t2[mc.k] = bk;
  t2[mc.m] = wm;
  t2[mc.n] = wn;
  t3[mc.m] = dims.m;
  t3[mc.n] = dims.n;
  t3[mc.k] = dims.k;
  c.tiles[0].assign(std::begin(t0), std::end(t0));
  c.tiles[1].assign(std::begin(t1), std::end(t1));
  c.tiles[2].assign(std::begin(t2), std::end(t2));
  c.tiles[3].assign(std::begin(t3), std::end(t3));
  c.assignmentKind.fill(mdh_ll::AssignmentKind::Blocked);
  for (auto &regions : c.inputRegions)
    regions = {InputRegion::InPlace, InputRegion::Shared, InputRegion::InPlace,
               InputRegion::InPlace};
  // Shared tiles in the inputs' own layout: copied with 128-bit loads and
  // stores. A transposed copy would make every fragment register of an
  // operand whose k is not innermost one 32-bit load instead of two 16-bit
  // ones, but copies element by element: for MatMul 1024 on sm_80 (B[k][n],
  // 128 threads, k tiles of 64), 64 scalar loads and stores per thread and
  // tile of k against 16 more shared loads per 16 of k.
  for (auto &layouts : c.inputLayouts)
    layouts.fill(mdh_ll::Layout::Identity);
  c.mma = *shape;
  c = canonicalize(p, c);
  if (failed(verifyConfig(op, target, c, nullptr)))
    return std::nullopt;
  // Double-buffered shared tiles where k has at least two whole tiles and
  // twice the shared memory fits.
  if (k / bk >= 2) {
    mdh_ll::Config staged = c;
    staged.stages = mdh_ll::kMaxStages;
    if (succeeded(verifyConfig(op, target, staged, nullptr)))
      return staged;
  }
  return c;
}
