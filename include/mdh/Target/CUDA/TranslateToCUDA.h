//===- TranslateToCUDA.h - GPU CL-IR to CUDA and HIP ------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Prints the GPU CL-IR functions of a module (SPMD form, docs/cl-ir.md) as
// one self-contained CUDA or HIP source file (DESIGN §6, source emission):
// `mdh-opt --emit-cuda/--emit-hip`, `mdh-translate --emit-cuda/--emit-hip`.
// docs/cuda-emission.md describes the code.
//
// Every `func.func @name` becomes one `__global__` kernel per
// `mdh_cl.phase` (`<name>_<phase>`) and two host functions:
//
//   extern "C" size_t name_workspace_size(void);
//   extern "C" cudaError_t name(const float *in0, ..., float *out0,
//                               void *workspace, cudaStream_t stream);
//
// (hipError_t / hipStream_t for HIP). `name_workspace_size()` is the number
// of bytes of device memory the function needs besides its arguments (the
// cross-block partial results and scan carries of its `device` buffers,
// each at a multiple of 256 bytes; a multiple of 256, 0 when there are
// none). The launch function takes one device pointer per memref argument,
// in order, named and const-qualified as in the C ABI
// (include/mdh/Target/C/TranslateToC.h: dense row-major static shapes, no
// aliasing; f16 and bf16 elements are `__half` and `__nv_bfloat16` in
// CUDA, `_Float16` and a uint16_t bit pattern `mdh_bf16` in HIP), then the
// workspace: device memory of at least that many bytes,
// 256-byte aligned (cudaMalloc's alignment), or anything (NULL) when the
// size is 0. A NULL or misaligned workspace with a non-zero size returns
// cudaErrorInvalidValue / hipErrorInvalidValue and launches nothing.
// Otherwise it launches the phases in order on `stream` with their grid,
// block and dynamic shared memory and returns the first launch error (or
// success). It allocates, frees and synchronises nothing; the workspace
// needs no initialisation, is not preserved between calls and is in use
// until the launches on `stream` complete, so calls on one stream may share
// one workspace, concurrent calls on different streams may not.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TARGET_CUDA_TRANSLATETOCUDA_H
#define MDH_TARGET_CUDA_TRANSLATETOCUDA_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir::mdh {

/// The GPU source language to print.
enum class GPULanguage { CUDA, HIP };

/// Prints every `func.func` of `module` (GPU CL-IR) as CUDA or HIP to `os`.
/// On unsupported input, emits an error at the offending op and prints
/// nothing.
LogicalResult translateCLToGPUSource(ModuleOp module, raw_ostream &os,
                                     GPULanguage language);

/// Registers `--emit-cuda` and `--emit-hip` with the mlir-translate driver.
void registerToGPUSourceTranslations();

} // namespace mlir::mdh

#endif // MDH_TARGET_CUDA_TRANSLATETOCUDA_H
