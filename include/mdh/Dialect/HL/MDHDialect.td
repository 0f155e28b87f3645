//===- MDHDialect.td - The mdh (HL-IR) dialect -------------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_MDHDIALECT_TD
#define MDH_DIALECT_HL_MDHDIALECT_TD

include "mlir/IR/OpBase.td"

def MDH_Dialect : Dialect {
  let name = "mdh";
  let cppNamespace = "::mlir::mdh";
  let summary = "High-level IR for Multi-Dimensional Homomorphisms";
  let description = [{
    The `mdh` dialect (HL-IR) states *what* a data-parallel computation
    computes: `out_view . md_hom(f, (c1 .. cD)) . inp_view`. An
    `mdh.compute` op holds the iteration sizes, one combine operator per
    dimension (`cc`, `pw(op)`, `ps(op)`), the input and output views as affine
    index maps over memref buffers, and the scalar function as a region.
    `docs/semantics.md` defines the meaning exactly.
  }];
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

class MDH_Op<string mnemonic, list<Trait> traits = []>
    : Op<MDH_Dialect, mnemonic, traits>;

#endif // MDH_DIALECT_HL_MDHDIALECT_TD
