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
// Every `func.func` becomes one `__global__` kernel per `mdh_cl.phase`
// (`<name>_<phase>`) and a host launch function
//
//   extern "C" cudaError_t name(const float *in0, ..., float *out0,
//                               cudaStream_t stream);
//
// (hipError_t / hipStream_t for HIP) with one device pointer per memref
// argument, in order, named and const-qualified as in the C ABI
// (include/Target/C/TranslateToC.h: dense row-major static shapes, no
// aliasing). It allocates the function's device buffers, launches the
// phases in order on `stream` with their grid, block and dynamic shared
// memory, frees the buffers and returns the first error (or success). The
// launches are asynchronous; the frees synchronise the device.
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
