//===- MDHLLInterfaces.td - Interfaces of LL-IR ------------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLLINTERFACES_TD
#define MDH_DIALECT_LL_MDHLLINTERFACES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/Interfaces.td"

def MDHLL_TargetAttrInterface : AttrInterface<"TargetAttrInterface"> {
  let description = [{
    An abstract system model (ASM): a target attribute that names the fixed
    levels of a schedule on that target. The LL verifier, the default
    heuristic and the search space take any target through this interface
    and only cast to the concrete attribute for the target's facts.
  }];
  let cppNamespace = "::mlir::mdh_ll";
  let methods = [
    InterfaceMethod<[{
        The target's name as used on the command line: `openmp`, `cuda` or
        `hip`.
      }],
      "::llvm::StringRef", "getTargetName">,
    InterfaceMethod<[{
        The levels of a schedule on this target, outermost first. Each level
        splits every dimension into tiles.
      }],
      "::llvm::ArrayRef<::mlir::mdh_ll::Level>", "getLevels">
  ];
}

#endif // MDH_DIALECT_LL_MDHLLINTERFACES_TD
