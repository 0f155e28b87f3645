//===- MDHLLEnums.td - Enums of the mdh_ll dialect ---------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The values of the tuning parameters that are not numbers (DESIGN §4):
// memory regions, layouts, assignment kinds, and the synchronisation a
// re-composition needs. Config.h uses the same enums.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLLENUMS_TD
#define MDH_DIALECT_LL_MDHLLENUMS_TD

include "mdh/Dialect/LL/MDHLLDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def MDHLL_InputRegion : I32EnumAttr<"InputRegion",
    "where a level keeps its copy of an input tile", [
      I32EnumAttrCase<"InPlace", 0, "in_place">,
      I32EnumAttrCase<"Packed", 1, "packed">,
      I32EnumAttrCase<"Shared", 2, "shared">,
      I32EnumAttrCase<"Register", 3, "register">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_Layout : I32EnumAttr<"Layout", "the layout of a tile copy", [
      I32EnumAttrCase<"Identity", 0, "identity">,
      I32EnumAttrCase<"Transposed", 1, "transposed">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_CombineRegion : I32EnumAttr<"CombineRegion",
    "where partial results are combined", [
      I32EnumAttrCase<"Register", 0, "register">,
      I32EnumAttrCase<"Shared", 1, "shared">,
      I32EnumAttrCase<"Device", 2, "device">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_AssignmentKind : I32EnumAttr<"AssignmentKind",
    "how the tiles of a parallel level are dealt to its units", [
      I32EnumAttrCase<"Blocked", 0, "blocked">,
      I32EnumAttrCase<"Strided", 1, "strided">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_Sync : I32EnumAttr<"Sync",
    "the synchronisation a re-composition needs", [
      // One thread combines its own partial results, in order.
      I32EnumAttrCase<"None", 0, "none">,
      // Threads of a warp exchange registers (warp shuffles).
      I32EnumAttrCase<"Shuffle", 1, "shuffle">,
      // Threads of a block meet in shared memory between barriers.
      I32EnumAttrCase<"Barrier", 2, "barrier">,
      // Parallel units write to device (main) memory; a second phase (a
      // second kernel, or a second parallel loop on the CPU) combines them.
      I32EnumAttrCase<"Phase", 3, "phase">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

class MDHLL_EnumAttr<EnumAttrInfo info, string name>
    : EnumAttr<MDHLL_Dialect, info, name> {
  // Bare keywords inside ops: `to shared layout transposed`.
  let assemblyFormat = "$value";
}

def MDHLL_InputRegionAttr : MDHLL_EnumAttr<MDHLL_InputRegion, "input_region">;
def MDHLL_LayoutAttr : MDHLL_EnumAttr<MDHLL_Layout, "layout">;
def MDHLL_CombineRegionAttr
    : MDHLL_EnumAttr<MDHLL_CombineRegion, "combine_region">;
def MDHLL_AssignmentKindAttr
    : MDHLL_EnumAttr<MDHLL_AssignmentKind, "assignment_kind">;
def MDHLL_SyncAttr : MDHLL_EnumAttr<MDHLL_Sync, "sync">;
def MDHLL_LevelKindAttr : MDHLL_EnumAttr<MDHLL_LevelKind, "level_kind">;

#endif // MDH_DIALECT_LL_MDHLLENUMS_TD
