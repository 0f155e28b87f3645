//===- MDHInterfaces.td - Interfaces of the mdh dialect ----*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_MDHINTERFACES_TD
#define MDH_DIALECT_HL_MDHINTERFACES_TD

include "mlir/IR/OpBase.td"

def MDH_ComputationOpInterface : OpInterface<"ComputationOpInterface"> {
  let cppNamespace = "::mlir::mdh";
  let description = [{
    An op that states one MDH computation: its iteration sizes, one combine
    operator per dimension, and its input and output buffers with their
    index maps. `mdh.compute` (HL-IR) and `mdh_ll.schedule` (LL-IR)
    implement it, so that the tuning rules (verifier, search space,
    heuristic) read a computation the same way on both levels.
  }];
  let methods = [
    InterfaceMethod<"Number of dimensions of the iteration space.",
      "unsigned", "getNumDims">,
    InterfaceMethod<"The extent of every dimension.",
      "::llvm::ArrayRef<int64_t>", "getSizes">,
    InterfaceMethod<"One combine operator per dimension.",
      "::mlir::ArrayAttr", "getCombiners">,
    InterfaceMethod<"The combine operator of dimension `d`.",
      "::mlir::mdh::CombinerAttr", "getCombiner", (ins "unsigned":$d)>,
    InterfaceMethod<"The input buffers.", "::mlir::OperandRange", "getIns">,
    InterfaceMethod<"The output buffers.", "::mlir::OperandRange", "getOuts">,
    InterfaceMethod<"One list of index maps per input buffer.",
      "::mlir::ArrayAttr", "getInMaps">,
    InterfaceMethod<"One list of index maps per output buffer.",
      "::mlir::ArrayAttr", "getOutMaps">,
    InterfaceMethod<"The index maps of input buffer `i`.",
      "::llvm::SmallVector<::mlir::AffineMap>", "getInputMaps",
      (ins "unsigned":$i)>,
    InterfaceMethod<"The index maps of output buffer `i`.",
      "::llvm::SmallVector<::mlir::AffineMap>", "getOutputMaps",
      (ins "unsigned":$i)>,
    InterfaceMethod<"Whether f32 inputs may be read as TF32 "
      "(`precision(tf32)`).", "bool", "allowsTF32", (ins), [{
        return $_op.getPrecision() == ::mlir::mdh::Precision::tf32;
      }]>,
  ];
}

#endif // MDH_DIALECT_HL_MDHINTERFACES_TD
