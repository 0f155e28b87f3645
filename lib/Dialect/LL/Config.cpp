//===- Config.cpp - Tuning configurations of an MDH computation -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/Config.h"

using namespace mlir;
using namespace mlir::mdh_ll;

bool Config::operator==(const Config &other) const {
  return tiles == other.tiles && orders == other.orders &&
         assignment == other.assignment &&
         assignmentKind == other.assignmentKind &&
         inputRegions == other.inputRegions &&
         inputLayouts == other.inputLayouts &&
         outputRegions == other.outputRegions && mma == other.mma &&
         stages == other.stages;
}

bool mlir::mdh_ll::isLegalInputRegion(StringRef targetName, unsigned level,
                                      InputRegion region) {
  if (region == InputRegion::InPlace)
    return true;
  if (targetName == "openmp")
    // The CPU packs tiles of the sequential cache levels; register tiles
    // are vector values built by the CL-IR passes, not copies.
    return (level == 1 || level == 2) && region == InputRegion::Packed;
  // GPUs: shared memory for the shared tile, registers for the register
  // tile; the parallel levels (blocks, threads) make no copies.
  return (level == 1 && region == InputRegion::Shared) ||
         (level == 3 && region == InputRegion::Register);
}

bool mlir::mdh_ll::isLegalLayout(StringRef targetName, Layout layout) {
  // The GPU lowering reads a register copy out of a shared copy in the
  // shared copy's order, composing the two layouts; it knows how for
  // transposed copies only. Panels serve the CPU's vector register tiles.
  return layout == Layout::Identity || layout == Layout::Transposed ||
         targetName == "openmp";
}
