//===- Config.cpp - Tuning configurations of an MDH computation -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Dialect/LL/Config.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::mdh_ll;

StringRef mlir::mdh_ll::stringify(InputRegion region) {
  switch (region) {
  case InputRegion::InPlace:
    return "in_place";
  case InputRegion::Packed:
    return "packed";
  case InputRegion::Shared:
    return "shared";
  case InputRegion::Register:
    return "register";
  }
  llvm_unreachable("unknown input region");
}

StringRef mlir::mdh_ll::stringify(Layout layout) {
  return layout == Layout::Identity ? "identity" : "transposed";
}

StringRef mlir::mdh_ll::stringify(CombineRegion region) {
  switch (region) {
  case CombineRegion::Register:
    return "register";
  case CombineRegion::Shared:
    return "shared";
  case CombineRegion::Device:
    return "device";
  }
  llvm_unreachable("unknown combine region");
}

StringRef mlir::mdh_ll::stringify(AssignmentKind kind) {
  return kind == AssignmentKind::Blocked ? "blocked" : "strided";
}

std::optional<InputRegion> mlir::mdh_ll::symbolizeInputRegion(StringRef name) {
  return llvm::StringSwitch<std::optional<InputRegion>>(name)
      .Case("in_place", InputRegion::InPlace)
      .Case("packed", InputRegion::Packed)
      .Case("shared", InputRegion::Shared)
      .Case("register", InputRegion::Register)
      .Default(std::nullopt);
}

std::optional<Layout> mlir::mdh_ll::symbolizeLayout(StringRef name) {
  return llvm::StringSwitch<std::optional<Layout>>(name)
      .Case("identity", Layout::Identity)
      .Case("transposed", Layout::Transposed)
      .Default(std::nullopt);
}

std::optional<CombineRegion>
mlir::mdh_ll::symbolizeCombineRegion(StringRef name) {
  return llvm::StringSwitch<std::optional<CombineRegion>>(name)
      .Case("register", CombineRegion::Register)
      .Case("shared", CombineRegion::Shared)
      .Case("device", CombineRegion::Device)
      .Default(std::nullopt);
}

std::optional<AssignmentKind>
mlir::mdh_ll::symbolizeAssignmentKind(StringRef name) {
  return llvm::StringSwitch<std::optional<AssignmentKind>>(name)
      .Case("blocked", AssignmentKind::Blocked)
      .Case("strided", AssignmentKind::Strided)
      .Default(std::nullopt);
}

bool Config::operator==(const Config &other) const {
  return tiles == other.tiles && orders == other.orders &&
         assignment == other.assignment &&
         assignmentKind == other.assignmentKind &&
         inputRegions == other.inputRegions &&
         inputLayouts == other.inputLayouts &&
         outputRegions == other.outputRegions;
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
