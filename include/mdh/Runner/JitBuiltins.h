//===- JitBuiltins.h - Compiler-runtime functions for JIT code --*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// LLVM lowers some operations to calls of compiler-runtime functions that a
// JIT-compiled module must find in its process. On x86-64 CPUs without a
// native bf16 conversion (no AVX512-BF16 or AVX-NE-CONVERT), every
// `fptrunc` to `bfloat`, and every `bfloat` value that the code generator
// promotes to `float` (phis, selects, vector reductions), becomes a call of
// `__truncsfbf2`; Debian 12's libgcc (GCC 12) does not have it, and neither
// does libMLIR.so, so a kernel with bf16 data would fail to link.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_JITBUILTINS_H
#define MDH_RUNNER_JITBUILTINS_H

namespace mlir {
class ExecutionEngine;

namespace mdh {

/// Makes `__truncsfbf2` and `__truncdfbf2` (float and double to bf16, round
/// to nearest even, NaN kept a quiet NaN) known to `engine`'s JIT. Call it
/// before the first lookup.
void registerJitBuiltins(ExecutionEngine &engine);

} // namespace mdh
} // namespace mlir

#endif // MDH_RUNNER_JITBUILTINS_H
