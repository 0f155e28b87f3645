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
//  - `mdhEmitPTX`: the PTX text of those `gpu.binary` ops;
//  - `mdhGpuCompile` / `mdhGpuModuleRun`: kernels compiled for a device
//    and run on it through the MDH GPU runtime (runtime/, the mgpu* ABI
//    over the CUDA driver API or HIP), on the client's host buffers, as
//    `mdh-run --target=cuda|hip` runs them. Without a driver or a device
//    `mdhGpuCompile` fails with a diagnostic saying which.
//
// Errors are diagnostics of the module's context, as in mdh-c/Host.h; the
// functions then return failure and leave the module as it was.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_GPU_H
#define MDH_C_GPU_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Kernels compiled for and loaded on a GPU (`mdhGpuCompile`). Owned by the
/// client: release it with `mdhGpuModuleDestroy`.
struct MdhGpuModule {
  void *ptr;
};
typedef struct MdhGpuModule MdhGpuModule;

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

//===----------------------------------------------------------------------===//
// Kernels run on a device
//===----------------------------------------------------------------------===//

/// Compiles the HL-IR `module` for a GPU and loads it on device 0: every
/// `mdh.compute` scheduled on `target` (`cuda[:chip]` or `hip[:chip]`, with
/// optional `,fact=value` overrides; `mdh-c/Passes.h`) with `config` (as for
/// `mdhLowerToCLIR`: empty for the heuristic, the JSON text of one
/// configuration, or a comma-separated list of JSON files), lowered to PTX
/// (which the driver compiles for its device) or an AMDGPU code object,
/// and the host side JIT-compiled. `module` is left unchanged. The MDH GPU
/// runtime is opened on the first call of the process (`MDH_CUDA_RUNTIME` /
/// `MDH_HIP_RUNTIME` override where it is loaded from). The public
/// functions callable are those of `mdhHostCompile`. Returns a null handle,
/// with the reason as a diagnostic, on a host or unknown target, no driver
/// ("no CUDA driver: ..."), no device ("no CUDA device: ..."), invalid IR,
/// a bad configuration or a failing lowering.
MLIR_CAPI_EXPORTED MdhGpuModule mdhGpuCompile(MlirModule module,
                                              MlirStringRef target,
                                              MlirStringRef config);

/// Checks whether `gpuModule` is null (a failed `mdhGpuCompile`).
static inline bool mdhGpuModuleIsNull(MdhGpuModule gpuModule) {
  return !gpuModule.ptr;
}

/// Releases `gpuModule`, its device memory and its loaded kernels; does
/// nothing for a null handle.
MLIR_CAPI_EXPORTED void mdhGpuModuleDestroy(MdhGpuModule gpuModule);

/// Passes to `callback` the name of the device `gpuModule` (not null) runs
/// on, as the driver reports it (empty if it reports none).
MLIR_CAPI_EXPORTED void mdhGpuModuleGetDeviceName(MdhGpuModule gpuModule,
                                                  MlirStringCallback callback,
                                                  void *userData);

/// Runs the function `funcName` of `gpuModule` (not null) on the device,
/// on copies of the caller's host buffers `buffers[0 .. numBuffers)` (one
/// per memref argument, in order, row-major, as for `mdhHostModuleRun`):
/// every buffer is copied to the device, the kernels run, and the buffers
/// the function may write are copied back before it returns. The checks of
/// `mdhHostModuleRun` apply (name, count, null and overlapping buffers);
/// a failure of the device (allocation, copy, launch) is a diagnostic with
/// the driver's message, and the caller's buffers are then left unchanged.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhGpuModuleRun(MdhGpuModule gpuModule,
                                                     MlirStringRef funcName,
                                                     void **buffers,
                                                     intptr_t numBuffers);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_GPU_H
