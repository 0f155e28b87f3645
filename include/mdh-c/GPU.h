//===- GPU.h - C API for the GPU targets of MDH-MLIR --------------*- C -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The GPU targets for clients of the C API:
//
//  - `mdhEmitCUDA` / `mdhEmitHIP`: a GPU CL-IR module (`mdhLowerToCLIR`
//    with target "cuda"/"hip") as one self-contained CUDA or HIP source
//    file (`mdh-translate --emit-cuda/--emit-hip`, docs/cuda-emission.md);
//  - `mdhLowerToPTX` / `mdhLowerToAMDGPU`: an HL-IR module lowered in place
//    to host LLVM code calling the `mgpu*` runtime ABI plus `gpu.binary`
//    ops holding the kernels (`--mdh-lower-to-ptx`, `--mdh-lower-to-amdgpu`,
//    docs/gpu-lowering.md);
//  - `mdhEmitPTX`: the PTX text of those `gpu.binary` ops.
//
// Errors are diagnostics of the module's context, as in mdh-c/Host.h; the
// functions then return failure and leave the module as it was.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_GPU_H
#define MDH_C_GPU_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Passes to `callback` the CUDA source of every `func.func` of `module`
/// (GPU CL-IR): one `__global__` kernel per phase and an `extern "C"`
/// launch function taking device pointers.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhEmitCUDA(MlirModule module,
                                                 MlirStringCallback callback,
                                                 void *userData);

/// The same as HIP source.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhEmitHIP(MlirModule module,
                                                MlirStringCallback callback,
                                                void *userData);

/// Lowers the HL-IR `module` in place for NVIDIA chip `chip` (sm_80,
/// sm_90): HL -> LL (`config`: comma-separated JSON configuration files, or
/// empty for the heuristic) -> CL -> gpu -> NVVM -> PTX in `gpu.binary`
/// ops, host code in the LLVM dialect.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhLowerToPTX(MlirModule module,
                                                   MlirStringRef chip,
                                                   MlirStringRef config);

/// Lowers the HL-IR `module` in place for AMD chip `chip` (gfx90a, gfx942)
/// to AMDGPU assembly (`format` "isa") or code objects ("bin").
MLIR_CAPI_EXPORTED MlirLogicalResult mdhLowerToAMDGPU(MlirModule module,
                                                      MlirStringRef chip,
                                                      MlirStringRef format,
                                                      MlirStringRef config);

/// Passes to `callback` the PTX of every `gpu.binary` of `module` (after
/// `mdhLowerToPTX`), each after a `// gpu.binary @name` line.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhEmitPTX(MlirModule module,
                                                MlirStringCallback callback,
                                                void *userData);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_GPU_H
