//===- MDHPoints.cpp - Points of the space and configurations -------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The two directions between a point of the search space (tuning::Config,
// the tuned values by parameter name) and an mdh_ll::Config. The order
// codes are decoded and encoded here (docs/tuning-parameters.md, "Orders").
//
//===----------------------------------------------------------------------===//

#include "mdh/TuningSpace/MDHSpace.h"

#include "mdh/Dialect/LL/ConfigRules.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::AssignmentKind;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;
using mdh_ll::Layout;

/// Dimensions that can be active on some level: extent > 1.
static SmallVector<bool, 8> mayBeActive(const Problem &p) {
  SmallVector<bool, 8> result;
  for (int64_t extent : p.sizes)
    result.push_back(extent > 1);
  return result;
}

/// The order codes of a level: the dimensions of extent > 1 in declaration
/// order, each inserted `code` places from the inner end of those before it
/// (the first has no code); the others follow in ascending order.
static SmallVector<unsigned> decodeOrder(const Problem &p,
                                         function_ref<int64_t(unsigned)> code) {
  SmallVector<bool, 8> active = mayBeActive(p);
  SmallVector<unsigned> order;
  for (unsigned d : p.dimOrder)
    if (active[d])
      order.insert(order.end() - (order.empty() ? 0 : code(d)), d);
  return canonicalOrder(order, active, p.sizes);
}

/// The codes of `order`, whose extent-1 dimensions come last: each
/// dimension's code is the number of dimensions declared before it that the
/// order places inside it.
static void encodeOrder(const Problem &p, ArrayRef<unsigned> order,
                        function_ref<void(unsigned, int64_t)> setCode) {
  SmallVector<unsigned, 8> position(p.numDims());
  for (auto [pos, d] : llvm::enumerate(order))
    position[d] = pos;
  SmallVector<unsigned, 8> seen;
  for (unsigned d : p.dimOrder) {
    if (p.sizes[d] == 1)
      continue;
    if (!seen.empty())
      setCode(d, llvm::count_if(seen, [&](unsigned e) {
                return position[e] > position[d];
              }));
    seen.push_back(d);
  }
}

mdh_ll::Config tuning::configFromPoint(const Config &point,
                                       mdh::ComputationOpInterface op,
                                       mdh_ll::TargetAttrInterface target) {
  Problem p = analyzeOrDie(op, target);
  Plan plan{p};
  unsigned numDims = p.numDims();
  mdh_ll::Config c;
  for (unsigned l = 0; l < kNumLevels; ++l)
    for (unsigned d = 0; d < numDims; ++d)
      c.tiles[l].push_back(point[Names::tile(l, d)]);
  for (unsigned l = 0; l < kNumLevels; ++l) {
    c.orders[l] =
        decodeOrder(p, [&](unsigned d) { return point[Names::order(l, d)]; });
    if (p.isParallel(l)) {
      for (unsigned d = 0; d < numDims; ++d)
        c.assignment[l].push_back(
            p.sizes[d] > 1 ? point[Names::assignment(l, d)] : 0);
      c.assignmentKind[l] = AssignmentKind(point[Names::kind(l)]);
    }
  }
  for (auto [i, buffer] : llvm::enumerate(p.inputs)) {
    std::array<InputRegion, kNumLevels> regions;
    std::array<Layout, kNumLevels> layouts;
    for (unsigned l = 0; l < kNumLevels; ++l) {
      regions[l] = plan.hasRegion(l)
                       ? InputRegion(point[Names::inputRegion(i, l)])
                       : InputRegion::InPlace;
      // A compact space tunes layouts even without a copy; they mean
      // nothing there.
      layouts[l] = plan.hasLayout(i, l) && regions[l] != InputRegion::InPlace
                       ? Layout(point[Names::inputLayout(i, l)])
                       : Layout::Identity;
    }
    c.inputRegions.push_back(regions);
    c.inputLayouts.push_back(layouts);
  }
  for (unsigned o = 0; o < p.outputs.size(); ++o) {
    std::array<CombineRegion, kNumLevels> regions;
    for (unsigned l = 0; l < kNumLevels; ++l)
      regions[l] = plan.hasOutputRegion(l)
                       ? CombineRegion(point[Names::outputRegion(o, l)])
                       : p.combineRegions(l).front();
    c.outputRegions.push_back(regions);
  }
  return c;
}

Config tuning::pointFromConfig(const SearchSpace &space,
                               mdh::ComputationOpInterface op,
                               mdh_ll::TargetAttrInterface target,
                               const mdh_ll::Config &config) {
  Problem p = analyzeOrDie(op, target);
  Plan plan{p};
  mdh_ll::Config c = canonicalize(p, config, Canon::Space);
  Config point = space.makeConfig();
  unsigned numDims = p.numDims();
  for (unsigned l = 0; l < kNumLevels; ++l) {
    for (unsigned d = 0; d < numDims; ++d)
      point.set(Names::tile(l, d), c.tiles[l][d]);
    encodeOrder(p, c.orders[l], [&](unsigned d, int64_t code) {
      point.set(Names::order(l, d), code);
    });
    if (p.isParallel(l)) {
      for (unsigned d = 0; d < numDims; ++d)
        if (p.sizes[d] > 1)
          point.set(Names::assignment(l, d), c.assignment[l][d]);
      point.set(Names::kind(l), int64_t(c.assignmentKind[l]));
    }
  }
  for (unsigned i = 0; i < p.inputs.size(); ++i)
    for (unsigned l = 0; l < kNumLevels; ++l) {
      if (plan.hasRegion(l))
        point.set(Names::inputRegion(i, l), int64_t(c.inputRegions[i][l]));
      if (plan.hasLayout(i, l))
        point.set(Names::inputLayout(i, l), int64_t(c.inputLayouts[i][l]));
    }
  for (unsigned o = 0; o < p.outputs.size(); ++o)
    for (unsigned l = 0; l < kNumLevels; ++l)
      if (plan.hasOutputRegion(l))
        point.set(Names::outputRegion(o, l), int64_t(c.outputRegions[o][l]));
  // The values are canonical already; this computes the derived values.
  return space.canonicalize(point);
}
