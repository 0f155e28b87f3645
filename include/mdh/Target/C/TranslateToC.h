//===- TranslateToC.h - CL-IR to OpenMP C ------------------------*- C++
//-*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Prints the CL-IR functions of a module as C11 with OpenMP (DESIGN §6, host
// target, source emission): `mdh-translate --emit-c`.
//
// The C ABI. Every `func.func` of the module becomes
//
//   void name(const float *restrict in0, ..., float *restrict out0);
//
// with one pointer parameter per memref argument, in order. A memref is
// passed as a pointer to its first element; the elements are stored dense
// and row-major in its static shape (a `memref<13x7xf32>` argument is a
// `float[13 * 7]` array, element (i, j) at offset 7 * i + j; a rank-0 memref
// is one element). Arguments the function only reads are `const`-qualified
// and named `inK`, those it writes (`memref.store`, the destination of
// `mdh_cl.copy`, the buffers of `mdh_cl.accumulate`) are named `outK`. All
// pointers are `restrict`: arguments must not overlap (docs/semantics.md,
// no aliasing). Element types map to C as f32 -> float, f64 -> double,
// i8..i64 -> int8_t..int64_t (signless integers are stored two's complement;
// unsigned operations reinterpret them), i1 -> bool, index -> int64_t,
// f16 and bf16 -> `mdh_f16`/`mdh_bf16`, typedefs of uint16_t holding the
// IEEE binary16 / bfloat16 bit pattern (arithmetic is done in float, one
// rounding per operation). Functions return nothing; outputs are written
// through their pointers.
//
// Inside, device buffers are heap allocations that live for the whole call
// (the function calls `abort()` when `malloc` fails); packed and register
// buffers are arrays local to the body of their parallel loop, on the stack,
// or, when large, allocated once per OpenMP thread. Each `mdh_cl.par_for
// ... on threads x` is an `omp for schedule(static)` loop, so the caller
// chooses the thread count (OMP_NUM_THREADS, omp_set_num_threads). The code
// needs <math.h> (link with -lm) and an OpenMP compiler (-fopenmp); without
// OpenMP it runs sequentially with the same results.
//
// Anything the host cannot run (`mdh_cl.barrier`, `shared` buffers,
// `blocks` loops, f16/bf16, an op without a C form) is refused with an
// error at the op, and nothing is printed.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TARGET_C_TRANSLATETOC_H
#define MDH_TARGET_C_TRANSLATETOC_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir::mdh {

/// Prints every `func.func` of `module` (CL-IR, see above) as a C function to
/// `os`. On unsupported input, emits an error at the offending op and prints
/// nothing.
LogicalResult translateCLToC(ModuleOp module, raw_ostream &os);

/// Registers `--emit-c` with the mlir-translate driver.
void registerToCTranslation();

} // namespace mlir::mdh

#endif // MDH_TARGET_C_TRANSLATETOC_H
