//===- Host.h - C API for the host target of MDH-MLIR -------------*- C -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The host (OpenMP) target for clients of the C API:
//
//  - `mdhEmitC`: a CL-IR module (see `mdhLowerToCLIR` in mdh-c/Passes.h) as
//    C11 source with OpenMP pragmas (`mdh-translate --emit-c`);
//  - `MdhHostModule`: an HL-IR module compiled for the host in process
//    (`--mdh-lower-to-clir`, the CL-IR optimizations and `--mdh-host-to-llvm`,
//    then LLVM's JIT at -O3, through the compile entry point that
//    `mdh-run --target=openmp` uses) whose kernels run on buffers the
//    caller owns, on the threads of LLVM's OpenMP runtime (libomp, loaded
//    into the process on first use).
//
// Errors are reported as diagnostics through the context's diagnostic
// handlers (attach one with `mlirContextAttachDiagnosticHandler` to capture
// them); the functions then return failure or a null handle.
//
// The buffer ABI of `mdhHostModuleRun` (and of the C of `mdhEmitC`): one
// pointer per memref argument of the function, in order, to the first
// element of the buffer. A buffer holds the elements of its statically
// shaped memref dense and row-major: a `memref<13x7xf32>` argument is a
// `float[13 * 7]` array, element (i, j) at offset 7 * i + j; a rank-0
// memref is one element. Element types are f32 -> float, f64 -> double,
// iN -> intN_t (two's complement), i1 -> bool, index -> int64_t. Buffers
// must be aligned for their element type. A buffer the function writes
// (an output of one of its `mdh.compute` ops) must not overlap any other
// buffer; inputs may share memory (docs/semantics.md, no aliasing). Inputs
// are only read; outputs need no initial values, and the elements no output
// map writes keep theirs (docs/semantics.md).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_HOST_H
#define MDH_C_HOST_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Opaque type declarations.
//
// Types are exposed to C bindings as structs containing opaque pointers. They
// are not supposed to be inspected from C. This allows the underlying
// representation to change without affecting the API users.
//===----------------------------------------------------------------------===//

#define DEFINE_C_API_STRUCT(name, storage)                                     \
  struct name {                                                                \
    storage *ptr;                                                              \
  };                                                                           \
  typedef struct name name

/// Kernels compiled for the host (`mdhHostCompile`). Owned by the client:
/// release it with `mdhHostModuleDestroy`, before the context of the module
/// it was compiled from (its diagnostics go to that context). It does not
/// refer to that module, which may be changed or destroyed once
/// `mdhHostCompile` returned. Calls on one handle are not synchronized: a
/// client that runs kernels from several threads serializes them.
DEFINE_C_API_STRUCT(MdhHostModule, void);

#undef DEFINE_C_API_STRUCT

//===----------------------------------------------------------------------===//
// C source
//===----------------------------------------------------------------------===//

/// Passes to `callback` the C source of every `func.func` of `module`, which
/// must be CL-IR (as `mdhLowerToCLIR` leaves it): one function
/// `void name(const float *restrict in0, ..., float *restrict out0)` per
/// kernel with the buffer ABI above, its parallel loops as
/// `#pragma omp for` (compile with -fopenmp, link with -lm; the caller
/// picks the thread count with OMP_NUM_THREADS or `omp_set_num_threads`).
/// The text may come in several calls of `callback`. On input without a C
/// form (HL-IR or LL-IR left, GPU code) reports the offending op as a
/// diagnostic, passes nothing to `callback` and fails.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhEmitC(MlirModule module,
                                              MlirStringCallback callback,
                                              void *userData);

//===----------------------------------------------------------------------===//
// Compiled host kernels
//===----------------------------------------------------------------------===//

/// Compiles the HL-IR `module` for the host: schedules every `mdh.compute`
/// on `target` with `config` and lowers it to CL-IR (as `mdhLowerToCLIR`),
/// runs the CL-IR optimizations and `--mdh-host-to-llvm`, and JIT-compiles
/// the result, loading the OpenMP runtime. `module` itself is left
/// unchanged (a copy is lowered).
///
///  - `target`: a host target spec, `openmp` or `openmp:host` with optional
///    `,fact=value` overrides (mdh-c/Passes.h, `mdhLowerToCLIR`); empty
///    means `openmp:host` (this machine). GPU targets are refused.
///  - `config`: as for `mdhLowerToCLIR`: empty for the heuristic's
///    configuration of each computation, the JSON text of one
///    configuration, or a comma-separated list of JSON files.
///  - `numThreads`: the OpenMP threads each `mdhHostModuleRun` uses, at
///    most 4096 (libomp aborts the process on a thread it cannot create);
///    0 leaves the choice to the OpenMP runtime (OMP_NUM_THREADS, else one
///    per core).
///
/// The public functions of `module` whose arguments are all statically
/// shaped memrefs with the identity layout and which return nothing become
/// callable with `mdhHostModuleRun`. Returns a null handle, with the reasons
/// reported as diagnostics, on invalid IR, a bad target, configuration or
/// thread count, a failing lowering, a missing OpenMP runtime or a failing
/// JIT compilation.
MLIR_CAPI_EXPORTED MdhHostModule mdhHostCompile(MlirModule module,
                                                MlirStringRef target,
                                                MlirStringRef config,
                                                int numThreads);

/// Passes to `callback` the LLVM IR that `mdhHostCompile` JIT-compiled for
/// `hostModule` (not null), after LLVM's optimizations for this host, as
/// LLVM prints it (`opt -S`). It was kept when the module was compiled, so
/// this compiles nothing. The text comes in one call of `callback`. It is
/// the code `mdh-run --target=openmp --save-llvm=FILE` writes for the same
/// kernels (test/CAPI pins that: both compile through one entry point).
MLIR_CAPI_EXPORTED void mdhHostModuleGetLLVMIR(MdhHostModule hostModule,
                                               MlirStringCallback callback,
                                               void *userData);

/// Checks whether `hostModule` is null (a failed `mdhHostCompile`).
static inline bool mdhHostModuleIsNull(MdhHostModule hostModule) {
  return !hostModule.ptr;
}

/// Releases `hostModule` and its compiled code; does nothing for a null
/// handle.
MLIR_CAPI_EXPORTED void mdhHostModuleDestroy(MdhHostModule hostModule);

/// Runs the compiled function `funcName` of `hostModule` (not null) on the
/// caller's buffers `buffers[0 .. numBuffers)`, one per memref argument of the
/// function, in order, with the buffer ABI above; the handle knows their
/// static shapes and element types. Returns when the kernel is done (its
/// OpenMP threads have joined), with the outputs written. The thread count
/// of `mdhHostCompile` applies to this call only: the calling thread's
/// OpenMP thread count is restored afterwards. Fails, with a diagnostic and
/// without running anything, when `hostModule` has no callable function
/// `funcName`, when `numBuffers` is not its number of arguments, when a
/// buffer pointer is null, or when a buffer the function writes overlaps
/// another one.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhHostModuleRun(MdhHostModule hostModule,
                                                      MlirStringRef funcName,
                                                      void **buffers,
                                                      intptr_t numBuffers);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_HOST_H
