//===- ScheduleAnalysis.cpp - What LL-to-CL reads off a schedule ----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "ScheduleAnalysis.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using mdh_ll::kNumLevels;

ScheduleAnalysis::ScheduleAnalysis(mdh_ll::ScheduleOp s)
    : s(s), c(s.getConfig()) {
  numDims = s.getNumDims();
  sizes.assign(s.getSizes().begin(), s.getSizes().end());
  for (unsigned d = 0; d < numDims; ++d) {
    mdh::CombinerAttr comb = s.getCombiner(d);
    isPW.push_back(comb.isPW());
    isPS.push_back(comb.isPS());
    hasPS |= comb.isPS();
    if (comb.isReduction() && !reduction)
      reduction = comb;
    if (!comb.isPW()) {
      keepDims.push_back(d);
      keptSizes.push_back(sizes[d]);
      keptPositions *= sizes[d];
    }
  }

  // A parallel level splits the enclosing tile among its units; the
  // partial results of the pw dimensions it splits are combined after it.
  ArrayRef<mdh_ll::Level> targetLevels = s.getTarget().getLevels();
  for (unsigned l = 0; l < kNumLevels; ++l) {
    if (targetLevels[l].kind != mdh_ll::LevelKind::parallel)
      continue;
    LevelSplit &split = levels[l];
    split.strided = c.assignmentKind[l] == mdh_ll::AssignmentKind::Strided;
    for (unsigned d = 0; d < numDims; ++d) {
      int64_t enclosing = l == 0 ? sizes[d] : c.tiles[l - 1][d];
      split.units.push_back(llvm::divideCeilSigned(enclosing, c.tiles[l][d]));
      if (isPW[d] && split.units[d] > 1) {
        split.splitPW.push_back(d);
        split.parts *= split.units[d];
      }
    }
  }

  for (auto [o, out] : llvm::enumerate(s.getOuts())) {
    Type elt = cast<MemRefType>(out.getType()).getElementType();
    for (AffineMap map : s.getOutputMaps(o))
      accesses.push_back({static_cast<unsigned>(o), map, elt});
  }
  bool mapsAgree = llvm::all_of(
      accesses, [&](const Access &a) { return a.map == accesses.front().map; });
  viaDevice = reduction && (hasPS || levels[0].parts > 1 ||
                            (reduction.getCustom() && !mapsAgree));

  for (auto [i, in] : llvm::enumerate(s.getIns()))
    boxes.push_back(analyzeBox(s.getInputMaps(i),
                               cast<MemRefType>(in.getType()).getShape()));
}

SmallVector<int64_t> ScheduleAnalysis::devicePartialShape() const {
  SmallVector<int64_t> shape;
  if (levels[0].parts > 1)
    shape.push_back(levels[0].parts);
  llvm::append_range(shape, keptSizes);
  return shape;
}

SmallVector<Type> ScheduleAnalysis::resultTypes() const {
  return llvm::map_to_vector(accesses, [](const Access &a) { return a.type; });
}

SmallVector<int64_t> ScheduleAnalysis::keptSizesWithout(unsigned d) const {
  SmallVector<int64_t> extents;
  for (unsigned k : keepDims)
    if (k != d)
      extents.push_back(sizes[k]);
  return extents;
}
