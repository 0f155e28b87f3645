//===- Passes.td - Conversion passes of MDH-MLIR -----------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_CONVERSION_PASSES_TD
#define MDH_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def MDHConvertLinalgToMDH : Pass<"mdh-convert-linalg-to-mdh"> {
  let summary = "Convert the linalg ops that are MDH computations to mdh.compute";
  let description = [{
    Replaces every linalg op on statically shaped memrefs or tensors whose
    payload is an MDH computation by an `mdh.compute` (HL-IR; on tensors
    its tensor form, whose results replace the linalg results):
    `linalg.generic` and the named ops (matmul, batch_matmul, matvec,
    vecmat, dot, convolutions with strides and dilations, depthwise
    convolutions, pooling, elementwise ops, transpose, broadcast, reduce,
    fill), matched through the LinalgOp interface as their generalized
    form.

    - `sizes` are the static loop ranges; parallel loops are `cc`,
      reduction loops `pw(op)`;
    - the indexing maps become the input and output maps, `linalg.index`
      becomes `mdh.index`;
    - with reduction loops, the payload must yield `op(old, x)` for every
      output, `x` computed from the inputs only and `op` one of
      `arith.addf/addi`, `mulf/muli`, `maximumf/minimumf` (MDH's NaN-
      propagating `max`/`min`), `maxsi/maxui/minsi/minui`, `andi/ori/xori`,
      the same for all outputs; the scalar function yields `x`.

    linalg reductions accumulate into the initial content of their outputs,
    an `mdh.compute` overwrites them. When that content is provably the
    operator's identity (a `linalg.fill` with it earlier in the block, no
    possible write of the buffer in between; on tensors, the init is the
    result of such a fill) the computation overwrites it, and the fill is
    erased when nothing can observe it (on tensors the computation writes
    the fill's destination). Otherwise the old content is read as an extra
    input and combined into the term at the first point of the reduction
    loops: memrefs from a copy (`memref.alloc` + `memref.copy`; with
    `init-copy=false` the op is left as it is), tensors as they are, the
    output then being a new `tensor.empty`. The same holds for elementwise
    payloads that read their output.

    Every other linalg op (dynamic shapes, payloads with side effects or
    without an MDH combine operator, maps the `mdh.compute` verifier
    rejects, ...) stays as it is, with a remark that says why.

    ```
    mdh-opt k.mlir --mdh-convert-linalg-to-mdh
    mlir-opt-22 --load-pass-plugin=libMDHPlugin.so k.mlir \
      --pass-pipeline='builtin.module(func.func(mdh-convert-linalg-to-mdh))'
    ```
  }];
  let options = [
    Option<"initCopy", "init-copy", "bool", /*default=*/"true",
           "Convert ops on memrefs whose outputs' old content matters by "
           "reading a copy of it; false: leave them unconverted, with a "
           "remark (tensors need no copy)">
  ];
  // mdh.compute and mdh.index; arith for the first-point select of an
  // accumulation, memref for the copy of the old content, tensor for the
  // new output tensor of an accumulation on tensors.
  let dependentDialects = [
    "::mlir::mdh::MDHDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

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

def MDHBufferize : Pass<"mdh-bufferize", "::mlir::ModuleOp"> {
  let summary = "Bufferize the tensor form of mdh.compute for the MDH lowerings";
  let description = [{
    When some `mdh.compute` has tensor operands, runs One-Shot Bufferize
    with function-boundary bufferization and identity layouts (functions
    get plain `memref` arguments), then `drop-equivalent-buffer-results`
    and `buffer-results-to-out-params` with `hoist-static-allocs` and
    `modify-public-functions`: a function that returns the computed tensors
    ends with its outputs as memref arguments and no results, the form
    `mdh-run` and the C ABI run. Outputs are updated in place where the
    analysis allows, copied otherwise. Without tensor computations the
    module is left alone. `--mdh-lower-to-clir`, the GPU pipelines and
    `--mdh-oracle-to-llvm` run it first; dynamically shaped tensors at the
    boundary of such a function are refused with a located error.
  }];
  // The passes run inside create these.
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect"
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
    of the nearest enclosing op. Configurations are read from the JSON
    files `config` (docs/config-json.md), each holding one configuration or
    a set of them (`"format": "mdh-configs-v1"`); the configurations of
    all files are pooled and each computation takes the one whose
    computation key and target are its own. A computation without one is
    an error, or with `config-fallback=heuristic` takes the heuristic's
    configuration; two for the same computation and target are an error.
    Without `config` the default heuristic picks every configuration.
    Either way the configuration is checked against every rule of
    `docs/tuning-parameters.md` before anything is rewritten.

    `emit-config` writes the configuration of every computation to one
    file: a single configuration when the module has one computation, a
    set of them when it has several; given back as `config`, it gives the
    same schedules.

    ```
    mdh-opt examples/matmul.mlir --mdh-hl-to-ll=target=cuda:sm_90
    mdh-opt k.mlir --mdh-hl-to-ll="target=openmp config=k.json"
    mdh-opt k.mlir --mdh-hl-to-ll="target=openmp emit-config=all.json"
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target spec (openmp, openmp:host, cuda[:chip], hip[:chip], "
           "with ,fact=value overrides); default: the mdh_ll.target "
           "attribute">,
    ListOption<"configPaths", "config", "std::string",
           "JSON configuration files ('-' for stdin), each one "
           "configuration or a set; pooled, each computation takes the "
           "entry for its computation key and target; default: the "
           "heuristic's configuration">,
    Option<"configFallback", "config-fallback", "std::string",
           /*default=*/"\"error\"",
           "A computation without a configuration in the config files: "
           "'error' (default) or 'heuristic' (the heuristic's "
           "configuration)">,
    Option<"emitConfigPath", "emit-config", "std::string",
           /*default=*/"\"\"",
           "Write the configurations used, as JSON, to this file ('-' for "
           "stdout): one configuration, or a set of them when the module "
           "has several computations">
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
    code is documented in `docs/cl-ir.md`. `cuda` and `hip` schedules
    become GPU CL-IR in SPMD form (block and thread loops, shared and
    register buffers, barriers, a second kernel for cross-block combines).
  }];
  // scf: boundary guards (`scf.if`) of the GPU lowering; vector: its
  // 128-bit loads in cooperative copies.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
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
      dimensions of the tile swapped for the `transposed` layout, the first
      moved innermost for `rotated`);
    - `mdh_cl.scalar`: its body, in place;
    - `mdh_cl.accumulate`: a load of each partial result, the combine
      operator (a custom `mdh.combiner` body is inlined), an `arith.select`
      on `first`, and a store. Combiners left without uses are erased;
    - `mdh_cl.aligned`: the buffer's aligned pointer as an index
      (`memref.extract_aligned_pointer_as_index`), masked and compared
      with 0.

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

def MDHCLToGPU : Pass<"mdh-cl-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower GPU CL-IR (SPMD form) to gpu.launch";
  let description = [{
    Replaces every `mdh_cl.phase` of GPU CL-IR (the SPMD form of
    `docs/gpu-lowering.md`: block loops around thread loops, one nest per
    phase) by one `gpu.launch`:

    - grid = the bounds of the `par_for ... on blocks` loops, block = the
      bounds of the `par_for ... on threads` loops (per x/y/z dimension);
      `gpu.block_id`/`gpu.thread_id` replace the induction variables;
    - `mdh_cl.buffer shared` -> workgroup attributions of the launch, or,
      when together they exceed `static-shared-bytes`, views of
      `gpu.dynamic_shared_memory` (the launch then carries
      `dynamic_shared_memory_size`);
    - `mdh_cl.buffer register` -> private attributions;
    - `mdh_cl.barrier` -> `gpu.barrier`;
    - `mdh_cl.shuffle` -> `gpu.shuffle` of each 32-bit word of the value;
    - `mdh_cl.mma` -> with `tensor-cores`, each lane's fragment loads and
      `nvvm.mma.sync` for the NVIDIA shapes (sm_80 and later); with
      `matrix-cores`, those and `rocdl.mfma` for the AMD shape (gfx90a,
      gfx94x, gfx950); otherwise each lane's own arithmetic
      (`--mdh-cl-expand-mma`: the CPU emulation, and the other vendor's
      shapes);
    - `mdh_cl.buffer device` -> `gpu.alloc` where it stands and
      `gpu.dealloc` before every return of the function;
    - the kernels are named `<function>_<phase>` (the `module`/`function`
      attributes of `gpu.launch`, which `gpu-kernel-outlining` follows);
    - the remaining CL ops (`for`, `copy`, `scalar`, `accumulate`) are
      lowered by `--mdh-cl-to-loops`, the host path's patterns; loops over
      register tiles with a constant trip count carry
      `loop_annotation = #llvm.loop_annotation<unroll = <full = true>>`, so
      that LLVM unrolls them fully (as `#pragma unroll` makes nvcc do on the
      emitted CUDA) and the register buffers stay in registers.

    CL-IR that is not in SPMD form (a phase without its loop nest, loops
    that do not start at 0 with step 1 and a constant bound, code between
    the block and thread loops other than shared buffers and pure ops,
    host code between phases, ops GPU CL-IR does not allow) is reported at
    its location and nothing is rewritten.
  }];
  let options = [
    Option<"maxThreadsPerBlock", "max-threads-per-block", "int64_t",
           /*default=*/"1024",
           "The most threads a block may have (the product of the thread "
           "loop bounds)">,
    Option<"staticSharedBytes", "static-shared-bytes", "int64_t",
           /*default=*/"49152",
           "Shared buffers up to this many bytes in total are static "
           "workgroup memory; more use dynamic shared memory (CUDA allows "
           "48 KB of static shared memory per block)">,
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"false",
           "Lower mdh_cl.mma of NVIDIA shapes to nvvm.mma.sync (sm_80 and "
           "later) instead of each lane's arithmetic">,
    Option<"matrixCores", "matrix-cores", "bool", /*default=*/"false",
           "Lower mdh_cl.mma of AMD shapes (m16n16k16) to rocdl.mfma "
           "(gfx90a, gfx94x, gfx950) instead of each lane's arithmetic">
  ];
  // gpu.launch and its memory; the rest comes from --mdh-cl-to-loops.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def MDHGPUAttachTarget : Pass<"mdh-gpu-attach-target", "::mlir::ModuleOp"> {
  let summary = "Check a GPU chip and attach its target to every gpu.module";
  let description = [{
    Checks `chip` against the chips the project supports for `vendor`
    (`nvidia`: `sm_75` ... `sm_120`; `amd`: `gfx908`, `gfx90a`, `gfx942`,
    ...) and attaches `#nvvm.target` (with the PTX version the chip needs,
    `+ptxNN`) or `#rocdl.target` to every `gpu.module`. An unsupported chip
    is an error at each `gpu.module` (or at the module when there is none)
    that lists the supported chips, before anything chip-specific runs
    (the NVPTX backend would otherwise stop with an unlocated
    "LLVM ERROR").
  }];
  let options = [
    Option<"vendor", "vendor", "std::string", /*default=*/"\"nvidia\"",
           "nvidia (NVVM, PTX) or amd (ROCDL, AMDGPU)">,
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The chip (sm_90, gfx90a, ...); required">,
    Option<"optLevel", "O", "unsigned", /*default=*/"3",
           "LLVM optimization level of the device code">
  ];
  let dependentDialects = [
    "::mlir::NVVM::NVVMDialect",
    "::mlir::ROCDL::ROCDLDialect"
  ];
}

def MDHGPUAssemble : Pass<"mdh-gpu-assemble", "::mlir::ModuleOp"> {
  let summary = "Assemble the GPU assembly in gpu.binary ops into binaries";
  let description = [{
    Turns every assembly object of a `gpu.binary` into a binary: PTX into a
    cubin with the CUDA toolkit's `ptxas -arch=<chip>`, AMDGPU assembly
    into a code object with `llvm-mc` and `ld.lld -shared`. The tools are
    the given paths or are found on `PATH` (`ptxas` also in
    `/usr/local/cuda/bin`, `llvm-mc` and `ld.lld` also in LLVM's tool
    directory). A missing tool or a tool that fails is an error at the
    `gpu.binary`, with the tool's output.

    With `ptxas-verbose`, the report of `ptxas -v` (registers, spills,
    shared memory) is kept in the object's `ptxas_info` property.
  }];
  let options = [
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "Path of ptxas; default: PATH, then /usr/local/cuda/bin">,
    Option<"llvmMc", "llvm-mc", "std::string", /*default=*/"\"\"",
           "Path of llvm-mc; default: PATH, then LLVM's tool directory">,
    Option<"ldLld", "ld-lld", "std::string", /*default=*/"\"\"",
           "Path of ld.lld; default: PATH, then LLVM's tool directory">,
    Option<"ptxasVerbose", "ptxas-verbose", "bool", /*default=*/"false",
           "Keep the output of ptxas -v in the object's properties">
  ];
}

def MDHGPUContractFMA : Pass<"mdh-gpu-contract-fma"> {
  let summary = "Fuse floating-point multiply-adds into llvm.intr.fma in GPU code";
  let description = [{
    Rewrites `arith.addf(arith.mulf(a, b), c)` (either operand order) into
    `llvm.intr.fma(a, b, c)` when the product has no other use, on scalars
    and vectors of any float type. Not `math.fma`: the NVVM and ROCDL
    lowerings turn that into a call of libdevice's `__nv_fmaf` or OCML's
    `__ocml_fma_f32`, which links only where the device libraries are
    found. This is what `nvcc` (`-fmad=true`)
    and `hipcc` (`-ffp-contract=fast` for device code) do by default for
    the emitted CUDA and HIP; on the NVVM and ROCDL path nothing else fuses
    them, since the LLVM backends contract only under fast-math flags. One
    rounding instead of two: the result is at least as accurate, but not
    bit-identical to the unfused product and sum.

    ```mlir
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    // becomes
    %s = llvm.intr.fma(%a, %b, %acc) : (f32, f32, f32) -> f32
    ```

    Part of the NVIDIA and AMD pipelines (on the kernels, before their
    lowering to NVVM or ROCDL).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let statistics = [
    Statistic<"numFused", "fused", "multiply-adds fused into llvm.intr.fma">
  ];
}

def MDHGPUNvidiaLaunchBounds
    : Pass<"mdh-gpu-nvidia-launch-bounds", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Ask for at least one block per multiprocessor, as the CUDA emitter does";
  let description = [{
    Sets `nvvm.minctasm = 1` (PTX `.minnctapersm 1`) on every kernel of
    the `gpu.module` that has a known block size (`nvvm.maxntid`, from
    `known_block_size`), like the `__launch_bounds__(threads, 1)` that
    `--emit-cuda` prints. With `.maxntid` alone, ptxas picks a register
    budget for several resident blocks and spills past it: MCC capsule's
    main kernel (256 threads) got 64 registers and 16 bytes of spill
    stores on sm_80; with both directives it takes the registers it needs.

    ```mlir
    gpu.func @k() kernel attributes {known_block_size = array<i32: 256, 1, 1>}
    // becomes
    gpu.func @k() kernel attributes {known_block_size = array<i32: 256, 1, 1>,
                                     nvvm.minctasm = 1 : i32}
    ```

    Part of the NVIDIA pipelines (on the kernels, before their lowering to
    NVVM, which keeps the attribute).
  }];
  let statistics = [
    Statistic<"numKernels", "kernels", "kernels given a minimum of one block per multiprocessor">
  ];
}

def MDHGPUEmulateOnHost : Pass<"mdh-gpu-emulate-on-host", "::mlir::ModuleOp"> {
  let summary = "Run gpu.launch ops on the CPU, threads in shuffled order";
  let description = [{
    The CPU emulation of GPU-lowered IR (DESIGN §6(b)): every `gpu.launch`
    (the output of `--mdh-cl-to-gpu`, before outlining) becomes host loops
    that `--mdh-host-to-llvm`'s lowering (or any scf-to-LLVM lowering) runs:

    - the blocks are the iterations of an `scf.parallel`;
    - the body is split at every `gpu.barrier` (also inside `scf.for` loops
      with uniform bounds) into barrier intervals; each interval is a loop
      over all threads of the block in an order shuffled per interval
      (a random permutation per interval, drawn from `seed`, read from a
      constant `memref.global` table; the identity order is the loop
      index itself, without one), so code that relies on an order
      between threads that no barrier guarantees reads stale or poisoned
      data;
    - shared memory (workgroup attributions, dynamic shared memory) is
      allocated per block and poisoned (floats NaN, integers 0x5A...)
      at block start, as are private attributions (one copy per thread);
    - values used across a barrier are kept per thread in memory;
    - `gpu.alloc`/`gpu.dealloc`/`gpu.wait` become `memref.alloc`/`dealloc`.

    A barrier under an `scf.if`, or in an `scf.for` with results, is
    reported at its location.
  }];
  let options = [
    Option<"seed", "seed", "uint64_t", /*default=*/"1",
           "Seed of the thread orders">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

#endif // MDH_CONVERSION_PASSES_TD
