//===- MDHLLDialect.td - The mdh_ll (LL-IR) dialect --------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLLDIALECT_TD
#define MDH_DIALECT_LL_MDHLLDIALECT_TD

include "mlir/IR/OpBase.td"

def MDHLL_Dialect : Dialect {
  let name = "mdh_ll";
  let cppNamespace = "::mlir::mdh_ll";
  let summary = "Low-level IR for Multi-Dimensional Homomorphisms";
  let description = [{
    The `mdh_ll` dialect (LL-IR) states *how* an `mdh.compute` runs on one
    target: its de-composition into tiles per level of an abstract system
    model (ASM), the scalar phase, and the re-composition of partial results.

    An ASM is a target attribute: `#mdh_ll.openmp`, `#mdh_ll.cuda` or
    `#mdh_ll.hip`. It fixes the levels of a schedule (outermost first) and
    carries the hardware facts that the default heuristic and the verifier
    of a configuration need. Every fact has a default (per chip on GPUs)
    that the IR can override:

    ```mlir
    func.func @f() attributes {
        mdh_ll.target = #mdh_ll.cuda<chip = "sm_80",
                                     shared_memory_per_block = 65536>} {
      return
    }
    ```

    `docs/asm.md` lists the levels, the facts per chip and their sources.
  }];
  let useDefaultAttributePrinterParser = 1;
  // A schedule states its computation with `mdh` attributes (combine
  // operators) and may reference an `mdh.combiner`.
  let dependentDialects = ["::mlir::mdh::MDHDialect"];
  // `mdh_ll.target` names the ASM a function (or module) is compiled for;
  // the verifier rejects any other value and any other `mdh_ll.*` name.
  let discardableAttrs = (ins
    "::mlir::mdh_ll::TargetAttrInterface":$target
  );
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Registers the attributes; defined next to their storage classes.
    void registerAttributes();
  }];
}

#endif // MDH_DIALECT_LL_MDHLLDIALECT_TD
