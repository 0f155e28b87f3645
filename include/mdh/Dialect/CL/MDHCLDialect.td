//===- MDHCLDialect.td - The mdh_cl (CL-IR) dialect --------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// CL-IR (DESIGN §5): minimal imperative code of a fixed shape, in phases:
// buffers with their memory regions, a canonical loop nest of sequential
// `mdh_cl.for` and parallel `mdh_cl.par_for` loops, tile copies at the top
// of each level, the scalar computation in the middle, and accumulations of
// partial results. Index arithmetic, loads and stores are upstream `arith`
// and `memref` ops.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_MDHCLDIALECT_TD
#define MDH_DIALECT_CL_MDHCLDIALECT_TD

include "mlir/IR/OpBase.td"

def MDHCL_Dialect : Dialect {
  let name = "mdh_cl";
  let cppNamespace = "::mlir::mdh_cl";
  let summary = "Imperative code of MDH schedules (CL-IR)";
  let description = [{
    The `mdh_cl` dialect (CL-IR) is the imperative form of an LL-IR schedule
    (DESIGN §5): one or more phases (a phase is one parallel launch), each a
    canonical loop nest of sequential `mdh_cl.for` and parallel
    `mdh_cl.par_for` loops with tile copies (`mdh_cl.copy`) at the top of
    each level, the scalar computation (`mdh_cl.scalar`) in the middle and
    the accumulation of partial results (`mdh_cl.accumulate`) into
    re-composition buffers (`mdh_cl.buffer`).
  }];
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::mdh::MDHDialect"
  ];
}

class MDHCL_Op<string mnemonic, list<Trait> traits = []>
    : Op<MDHCL_Dialect, mnemonic, traits>;

#endif // MDH_DIALECT_CL_MDHCLDIALECT_TD
