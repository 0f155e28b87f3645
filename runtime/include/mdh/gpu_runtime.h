/*===- gpu_runtime.h - The mgpu* ABI and MDH device buffers -------*- C -*-===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * The functions that host code lowered by upstream MLIR 22 (`gpu-to-llvm`
 * plus the `gpu.binary`/`gpu.launch_func` LLVM IR translation) calls, and the
 * project's own device-buffer API for the runner and the C API. Both
 * libmdh_cuda_runtime.so (CUDA driver API) and libmdh_hip_runtime.so (HIP)
 * define every function declared here.
 *
 * The mgpu* signatures are pinned by test/unit/runtime/abi.test: the LLVM
 * types of these C declarations must equal the `declare`s of lowered MLIR.
 *
 * Errors: an mgpu* function cannot return an error to the lowered code, so a
 * failing driver call prints "mdh-gpu-runtime: <call> failed: <name>
 * (<description>)" to stderr, becomes mdhGpuLastError() and counts in
 * mdhGpuErrorCount(); the caller of a lowered host function checks the count
 * afterwards. The mdhGpu* functions return 0 on success, non-zero on failure.
 */

#ifndef MDH_GPU_RUNTIME_H
#define MDH_GPU_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDH_GPU_EXPORT __attribute__((visibility("default")))

/*===--- The mgpu* ABI of MLIR 22 ----------------------------------------===*/

/* Modules: `gpu.binary` becomes a global constant and a global constructor
 * that loads it, a destructor that unloads it. A binary in `bin` or `fatbin`
 * format (cubin, fatbin, AMDGPU code object) is loaded with its size; one in
 * `isa` format (PTX text) with the JIT optimization level (the object's "O"
 * property). */
MDH_GPU_EXPORT void *mgpuModuleLoad(void *data, size_t sizeBytes);
MDH_GPU_EXPORT void *mgpuModuleLoadJIT(void *data, int32_t optLevel);
MDH_GPU_EXPORT void mgpuModuleUnload(void *module);
MDH_GPU_EXPORT void *mgpuModuleGetFunction(void *module, const char *name);

/* Launches: `params` points to `paramsCount` pointers, one per kernel
 * argument after memref descriptors are expanded; `extra` is null. Grid and
 * block sizes are `index` values. More than 48 KiB of dynamic shared memory
 * is opted into before the launch. */
MDH_GPU_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                     intptr_t gridY, intptr_t gridZ,
                                     intptr_t blockX, intptr_t blockY,
                                     intptr_t blockZ, int32_t sharedMemBytes,
                                     void *stream, void **params, void **extra,
                                     size_t paramsCount);
MDH_GPU_EXPORT void
mgpuLaunchClusterKernel(void *function, intptr_t clusterX, intptr_t clusterY,
                        intptr_t clusterZ, intptr_t gridX, intptr_t gridY,
                        intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                        intptr_t blockZ, int32_t sharedMemBytes, void *stream,
                        void **params, void **extra);

/* Streams and events: `gpu.wait async` creates a stream, a token carried to
 * another stream becomes an event. */
MDH_GPU_EXPORT void *mgpuStreamCreate(void);
MDH_GPU_EXPORT void mgpuStreamDestroy(void *stream);
MDH_GPU_EXPORT void mgpuStreamSynchronize(void *stream);
MDH_GPU_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);
MDH_GPU_EXPORT void *mgpuEventCreate(void);
MDH_GPU_EXPORT void mgpuEventDestroy(void *event);
MDH_GPU_EXPORT void mgpuEventSynchronize(void *event);
MDH_GPU_EXPORT void mgpuEventRecord(void *event, void *stream);

/* Memory: `gpu.alloc` (isHostShared is 1 for `host_shared`, then stream is
 * null), `gpu.dealloc`, `gpu.memcpy` (either side may be host memory), and
 * `gpu.memset` on 32- and 16-bit elements (count is in elements). */
MDH_GPU_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                  uint8_t isHostShared);
MDH_GPU_EXPORT void mgpuMemFree(void *ptr, void *stream);
MDH_GPU_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                               void *stream);
MDH_GPU_EXPORT void mgpuMemset32(void *dst, uint32_t value, size_t count,
                                 void *stream);
MDH_GPU_EXPORT void mgpuMemset16(void *dst, uint16_t value, size_t count,
                                 void *stream);

/* `gpu.host_register`/`gpu.host_unregister` of a memref: `descriptor` is
 * the ranked descriptor {allocated, aligned, offset, sizes[rank],
 * strides[rank]} of a dense memref. */
MDH_GPU_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                              int64_t elementSizeBytes);
MDH_GPU_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                                int64_t elementSizeBytes);
MDH_GPU_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
MDH_GPU_EXPORT void mgpuMemHostUnregister(void *ptr);

/* `gpu.set_default_device`: the device of every later call, process-wide. */
MDH_GPU_EXPORT void mgpuSetDefaultDevice(int32_t device);

/*===--- MDH device buffers ----------------------------------------------===*/

/* "cuda" or "hip". */
MDH_GPU_EXPORT const char *mdhGpuRuntimeKind(void);
/* Initializes the driver and checks that there is a device. On failure the
 * last error says "no CUDA driver: ...", "no CUDA device: ..." (or HIP). */
MDH_GPU_EXPORT int mdhGpuInit(void);
/* The number of devices, or -1 on failure. */
MDH_GPU_EXPORT int mdhGpuDeviceCount(void);
/* Writes the name of `device` (NUL-terminated, truncated to `size`). */
MDH_GPU_EXPORT int mdhGpuDeviceName(int device, char *name, size_t size);
/* Device memory on the default device; null on failure. */
MDH_GPU_EXPORT void *mdhGpuAlloc(size_t sizeBytes);
MDH_GPU_EXPORT int mdhGpuFree(void *devicePtr);
/* Synchronous copies between host and device memory. */
MDH_GPU_EXPORT int mdhGpuCopyToDevice(void *devicePtr, const void *hostPtr,
                                      size_t sizeBytes);
MDH_GPU_EXPORT int mdhGpuCopyToHost(void *hostPtr, const void *devicePtr,
                                    size_t sizeBytes);
/* Waits for all work on the default device; reports kernel faults. */
MDH_GPU_EXPORT int mdhGpuSynchronize(void);
/* The message of the last failure ("" if none). */
MDH_GPU_EXPORT const char *mdhGpuLastError(void);
/* The number of failures so far, mgpu* calls included. */
MDH_GPU_EXPORT uint64_t mdhGpuErrorCount(void);

#ifdef __cplusplus
}
#endif

#endif /* MDH_GPU_RUNTIME_H */
