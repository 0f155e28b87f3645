//===- Passes.td - CL-IR to CL-IR optimizations ------------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The CL-IR optimizations of DESIGN §5: each removes one kind of overhead
// that the sound-by-construction LL-to-CL lowering leaves, and counts what
// it did. The counts are pass statistics (`--mlir-pass-statistics`) and,
// because Debian's release build of MLIR compiles statistics out, also
// remarks: with `report=true` each pass emits one remark per function that
// says what it changed there.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_PASSES_TD
#define MDH_DIALECT_CL_PASSES_TD

include "mlir/Pass/PassBase.td"

class MDHCL_Pass<string name> : Pass<name> {
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function with what the pass changed there">
  ];
}

def MDHCLInlineScalar : MDHCL_Pass<"mdh-cl-inline-scalar"> {
  let summary = "Inline the scalar function into the loop nest";
  let description = [{
    Replaces every `mdh_cl.scalar` by the operations of its body, so that
    the scalar computation is optimized together with the loads that feed
    it and the accumulation that consumes it.
  }];
  let statistics = [
    Statistic<"numInlined", "inlined", "mdh_cl.scalar ops inlined">
  ];
}

def MDHCLEliminateCombines : MDHCL_Pass<"mdh-cl-eliminate-combines"> {
  let summary = "Remove combine operators whose outcome is known";
  let description = [{
    An `mdh_cl.accumulate` whose `first` flag is the constant true is the
    first and only contribution to its partial result: the combine
    operator is removed and the value stored. This is the main phase of a
    `ps` computation (each position holds its own value until the scan)
    and every computation whose partial results get one contribution
    only.
  }];
  let statistics = [
    Statistic<"numStores", "stores", "accumulations that became stores">
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def MDHCLEliminatePartitionIndices : MDHCL_Pass<"mdh-cl-eliminate-partition-indices"> {
  let summary = "Remove loops over partitions of one tile";
  let description = [{
    A level whose tile size equals the enclosing tile's in a dimension has
    one partition there: its loop runs exactly once. Such a loop is
    replaced by its body with the induction variable set to the lower bound.
    A loop runs exactly once when its bounds are constants with one trip, or
    when its upper bound is `min(lb + c, x)` (or `lb + c`) with
    `1 <= c <= step` and `lb < x` provable: `lb` is the induction variable
    of an enclosing loop bounded by `x`, or `lb = (u mod P) * t` with
    `(P - 1) * t < x`, or both are constants.
  }];
  let statistics = [
    Statistic<"numLoops", "loops", "single-trip loops removed">
  ];
}

def MDHCLSimplifyIndices : MDHCL_Pass<"mdh-cl-simplify-indices"> {
  let summary = "Algebraic simplification of index arithmetic";
  let description = [{
    Simplifies the tile bounds that tiling leaves behind:
    `min(a, min(a, b))` to `min(a, b)`, and `min(a, K)` to `a` when an upper
    bound of `a` (from constants, `x mod c`, sums, products, minima and loop
    bounds) is at most the constant `K`: the bound of a tile that cannot be
    partial. The arith canonicalizations (which cancel `(a + b) - a` and
    the like) run alongside; only the rewrites above are counted.
  }];
  let statistics = [
    Statistic<"numSimplified", "simplified", "index expressions simplified">
  ];
}

def MDHCLAccumulateInRegisters
    : MDHCL_Pass<"mdh-cl-accumulate-in-registers"> {
  let summary = "Hold the partial results of a register tile in registers";
  let description = [{
    The LL-to-CL lowering accumulates every point's result into its
    partial result in memory (an output or a device buffer), re-reading it
    at every point and, for the partial results of several threads in one
    buffer, sharing cache lines between threads. This pass gives each
    `mdh_cl.accumulate` a `register` buffer of the shape of its register
    tile: the innermost region S around it whose loops are either
    reduction loops (their induction variable does not reach the
    accumulation's indices) or point loops (step 1, at most a constant
    number of trips). Inside S the accumulation goes to the register
    buffer; at the end of S one loop nest over the point loops combines the
    register tile into the original partial results, with the original
    `first` flag as it was at S's first point.

    The register tile is at most `max-cells` elements; other accumulations
    are left alone, as are those whose buffers are read or written
    elsewhere inside S.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function with what the pass changed there">,
    Option<"maxCells", "max-cells", "int64_t", /*default=*/"256",
           "Largest register tile (elements per buffer)">
  ];
  let statistics = [
    Statistic<"numAccumulations", "accumulations",
              "accumulations moved into register tiles">
  ];
}

#endif // MDH_DIALECT_CL_PASSES_TD
