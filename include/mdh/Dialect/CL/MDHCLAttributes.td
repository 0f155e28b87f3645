//===- MDHCLAttributes.td - Enums and attributes of mdh_cl -*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// What CL-IR ops say about buffers and loops: memory regions, core layers,
// hardware dimensions, copy layouts, and the combine operator of an
// accumulation (the HL dialect's attribute).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_MDHCLATTRIBUTES_TD
#define MDH_DIALECT_CL_MDHCLATTRIBUTES_TD

include "mdh/Dialect/CL/MDHCLDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def MDHCL_Region : I32EnumAttr<"MemRegion", "a memory region of a buffer", [
      // Device memory on GPUs, main memory on CPUs: visible to all units.
      I32EnumAttrCase<"Device", 0, "device">,
      // Shared memory / LDS of one block.
      I32EnumAttrCase<"Shared", 1, "shared">,
      // A contiguous buffer private to one thread (CPU packing).
      I32EnumAttrCase<"Packed", 2, "packed">,
      // Registers of one thread.
      I32EnumAttrCase<"Register", 3, "register">
    ]> {
  let cppNamespace = "::mlir::mdh_cl";
  let genSpecializedAttr = 0;
}

def MDHCL_Layer : I32EnumAttr<"Layer", "a core layer of the target", [
      I32EnumAttrCase<"Blocks", 0, "blocks">,
      I32EnumAttrCase<"Threads", 1, "threads">
    ]> {
  let cppNamespace = "::mlir::mdh_cl";
  let genSpecializedAttr = 0;
}

def MDHCL_HwDim : I32EnumAttr<"HwDim", "a hardware dimension", [
      I32EnumAttrCase<"X", 0, "x">,
      I32EnumAttrCase<"Y", 1, "y">,
      I32EnumAttrCase<"Z", 2, "z">
    ]> {
  let cppNamespace = "::mlir::mdh_cl";
  let genSpecializedAttr = 0;
}

def MDHCL_Layout : I32EnumAttr<"Layout", "the layout of a tile copy", [
      I32EnumAttrCase<"Identity", 0, "identity">,
      I32EnumAttrCase<"Transposed", 1, "transposed">,
      I32EnumAttrCase<"Rotated", 2, "rotated">,
      // dst[j_n-1 / W, j_0, .., j_n-2, j_n-1 % W], W the tile buffer's
      // innermost extent: one more dimension than the source.
      I32EnumAttrCase<"Panels", 3, "panels">
    ]> {
  let cppNamespace = "::mlir::mdh_cl";
  let genSpecializedAttr = 0;
}

def MDHCL_ShuffleMode : I32EnumAttr<"ShuffleMode",
    "where a lane of a warp shuffle reads from", [
      // Lane l reads lane l + delta.
      I32EnumAttrCase<"Down", 0, "down">,
      // Lane l reads lane l - delta.
      I32EnumAttrCase<"Up", 1, "up">
    ]> {
  let cppNamespace = "::mlir::mdh_cl";
  let genSpecializedAttr = 0;
}

def MDHCL_MmaShape : I32EnumAttr<"MmaShape",
    "the shape of a warp-level matrix product", [
      // 16x8 results, 16 products each: PTX mma.sync m16n8k16 (sm_80+).
      I32EnumAttrCase<"M16N8K16", 0, "m16n8k16">,
      // 16x8 results, 8 products each of f32 operands rounded to TF32: PTX
      // mma.sync m16n8k8 .tf32 (sm_80+).
      I32EnumAttrCase<"M16N8K8", 1, "m16n8k8">,
      // 16x16 results of 64 lanes, 16 products each: AMD MFMA
      // v_mfma_f32_16x16x16{f16,bf16_1k} (gfx90a and later CDNA).
      I32EnumAttrCase<"M16N16K16", 2, "m16n16k16">
    ]> {
  let cppNamespace = "::mlir::mdh_cl";
  let genSpecializedAttr = 0;
}

class MDHCL_EnumAttr<EnumAttrInfo info, string name>
    : EnumAttr<MDHCL_Dialect, info, name> {
  let assemblyFormat = "$value";
}

def MDHCL_RegionAttr : MDHCL_EnumAttr<MDHCL_Region, "region">;
def MDHCL_LayerAttr : MDHCL_EnumAttr<MDHCL_Layer, "layer">;
def MDHCL_HwDimAttr : MDHCL_EnumAttr<MDHCL_HwDim, "hw_dim">;
def MDHCL_LayoutAttr : MDHCL_EnumAttr<MDHCL_Layout, "layout">;
def MDHCL_ShuffleModeAttr : MDHCL_EnumAttr<MDHCL_ShuffleMode, "shuffle_mode">;
def MDHCL_MmaShapeAttr : MDHCL_EnumAttr<MDHCL_MmaShape, "mma_shape">;

def MDHCL_CombinerAttr : Attr<
    CPred<"::llvm::isa<::mlir::mdh::CombinerAttr>($_self)">,
    "an MDH combine operator"> {
  let storageType = "::mlir::mdh::CombinerAttr";
  let returnType = "::mlir::mdh::CombinerAttr";
  let convertFromStorage = "$_self";
}

#endif // MDH_DIALECT_CL_MDHCLATTRIBUTES_TD
