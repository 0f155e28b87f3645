//===- Passes.td - Conversion passes of MDH-MLIR -----------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_CONVERSION_PASSES_TD
#define MDH_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def MDHLowerToLoops : Pass<"mdh-lower-to-loops"> {
  let summary = "Lower HL-IR to plain scf/memref/arith loops (the oracle)";
  let description = [{
    Replaces every `mdh.compute` by a loop nest that implements
    `docs/semantics.md` literally: loops over the `cc` and `ps` dimensions;
    at each point, the combination of the scalar function over all points of
    the `pw` dimensions and, for `ps` dimensions, over all points up to and
    including the current one; the result is stored through every output
    map. The lowering is deliberately simple (a prefix is recomputed for
    every element of a scan) because it is the reference every optimized
    path of the project is tested against.

    Custom combiners are inlined; `mdh.combiner` ops are left in place (they
    are erased by the pipelines that go further down).
  }];
  // The loop nest is made of these; index arithmetic comes from expanding
  // the affine index maps into arith ops.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

#endif // MDH_CONVERSION_PASSES_TD
