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

def MDHHLToLL : Pass<"mdh-hl-to-ll", "::mlir::ModuleOp"> {
  let summary = "Schedule HL-IR on a target: mdh.compute to mdh_ll.schedule";
  let description = [{
    Replaces every `mdh.compute` by an `mdh_ll.schedule` for the target:
    the levels of the target's abstract system model with their tile sizes,
    orders and assignments, the tile copies, the scalar phase and the
    combines of partial results, as one configuration says.

    The target is `target` (a target spec: `openmp`, `openmp:host`,
    `cuda[:chip]`, `hip[:chip]`, each optionally followed by
    `,fact=value` overrides) or, without it, the `mdh_ll.target` attribute
    of the nearest enclosing op. The configuration is read from the JSON
    file `config` (docs/config-json.md), which must be one for this
    computation and target; with several files (`config=a.json,b.json`)
    each computation takes the file whose computation key is its own.
    Without `config` the default heuristic picks a configuration.
    Either way the configuration is checked against every rule of
    `docs/tuning-parameters.md` before anything is rewritten.

    ```
    mdh-opt examples/matmul.mlir --mdh-hl-to-ll=target=cuda:sm_90
    mdh-opt k.mlir --mdh-hl-to-ll="target=openmp config=k.json"
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target spec (openmp, openmp:host, cuda[:chip], hip[:chip], "
           "with ,fact=value overrides); default: the mdh_ll.target "
           "attribute">,
    ListOption<"configPaths", "config", "std::string",
           "JSON configuration files ('-' for stdin); each computation takes "
           "the one written for it (a single file must be for every "
           "computation); default: the heuristic's configuration">,
    Option<"emitConfigPath", "emit-config", "std::string",
           /*default=*/"\"\"",
           "Write the configuration used, as JSON, to this file ('-' for "
           "stdout); a module with several computations writes the last">
  ];
  let dependentDialects = ["::mlir::mdh_ll::MDHLLDialect"];
}

def MDHLLToCL : Pass<"mdh-ll-to-cl", "::mlir::ModuleOp"> {
  let summary = "Lower LL-IR schedules to CL-IR (imperative code)";
  let description = [{
    Replaces every `mdh_ll.schedule` by CL-IR (DESIGN §5) that is correct
    by construction for its configuration: partial boundary tiles, copies
    into packed buffers, `pw` dimensions split over parallel units
    (partial results in a device buffer, combined by a second phase) and
    `ps` dimensions (scanned in a phase of their own). The shape of the
    code is documented in `docs/cl-ir.md`. Only the `openmp` target is
    lowered so far; a GPU schedule is refused with an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::mdh_cl::MDHCLDialect"
  ];
}

def MDHCLToLoops : Pass<"mdh-cl-to-loops", "::mlir::ModuleOp"> {
  let summary = "Lower CL-IR to scf/memref/arith loops for the host";
  let description = [{
    Replaces every `mdh_cl` op by the loops and memory ops of the host
    target, ready for `--convert-scf-to-openmp`:

    - `mdh_cl.phase`: its body, in place (phases run in program order);
    - `mdh_cl.for`: `scf.for`; `mdh_cl.par_for ... on threads`:
      `scf.parallel` (one iteration per thread tile);
    - `mdh_cl.buffer device`: `memref.alloc` at the start of the function,
      `memref.dealloc` before each of its returns;
    - `mdh_cl.buffer packed|register`: `memref.alloca` at the start of the
      body of the nearest parallel loop (so a sequential loop around the
      buffer does not grow the stack), or `memref.alloc`/`dealloc` in that
      body when it is larger than `max-stack-bytes`;
    - `mdh_cl.copy`: a loop nest of loads and stores (the last two
      dimensions of the tile swapped for the `transposed` layout);
    - `mdh_cl.scalar`: its body, in place;
    - `mdh_cl.accumulate`: a load of each partial result, the combine
      operator (a custom `mdh.combiner` body is inlined), an `arith.select`
      on `first`, and a store. Combiners left without uses are erased.

    The host has no shared memory, no blocks and no barriers: a `shared`
    buffer, a `par_for` on `blocks` and an `mdh_cl.barrier` are each
    reported at their location, and nothing is rewritten.
  }];
  let options = [
    Option<"maxStackBytes", "max-stack-bytes", "int64_t",
           /*default=*/"262144",
           "Packed and register buffers up to this many bytes live on the "
           "stack of their thread (memref.alloca), larger ones on the heap; "
           "OpenMP worker threads have small stacks (libomp: 4 MiB)">
  ];
  // The lowered code is made of these; scf.parallel is what
  // --convert-scf-to-openmp turns into omp.parallel/omp.wsloop.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

#endif // MDH_CONVERSION_PASSES_TD
