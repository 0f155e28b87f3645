/*===- gpu_loader.h - Loads the MDH GPU runtime on demand ---------*- C -*-===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * libmdh_cuda_runtime.so needs libcuda.so.1, which exists only where the
 * NVIDIA driver is installed, so nothing links it: a tool loads it with
 * mdhGpuRuntimeOpen when a GPU target is requested. The library is opened
 * with RTLD_GLOBAL and never closed, so JIT-compiled host code resolves its
 * mgpu* calls to it (and the modules' global destructors can still call it
 * at exit).
 *
 *   MdhGpuRuntime rt;
 *   char error[512];
 *   if (mdhGpuRuntimeOpen(MDH_GPU_CUDA, NULL, &rt, error, sizeof(error))) {
 *     fprintf(stderr, "error: %s\n", error);   // "no CUDA device: ..."
 *     return 1;
 *   }
 *   void *d = rt.alloc(bytes);  rt.copyToDevice(d, host, bytes); ...
 *   uint64_t before = rt.errorCount();
 *   hostFunction(...);          // lowered by gpu-to-llvm, calls mgpu*
 *   if (rt.synchronize() || rt.errorCount() != before) ... // failed
 */

#ifndef MDH_GPU_LOADER_H
#define MDH_GPU_LOADER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum MdhGpuKind { MDH_GPU_CUDA = 0, MDH_GPU_HIP = 1 } MdhGpuKind;

/* A loaded runtime: its handle and the device-buffer API of
 * mdh/gpu_runtime.h (same names without the mdhGpu prefix). */
typedef struct MdhGpuRuntime {
  MdhGpuKind kind;
  void *handle;
  int (*deviceCount)(void);
  int (*deviceName)(int device, char *name, size_t size);
  void *(*alloc)(size_t sizeBytes);
  int (*free)(void *devicePtr);
  int (*copyToDevice)(void *devicePtr, const void *hostPtr, size_t sizeBytes);
  int (*copyToHost)(void *hostPtr, const void *devicePtr, size_t sizeBytes);
  int (*synchronize)(void);
  const char *(*lastError)(void);
  uint64_t (*errorCount)(void);
} MdhGpuRuntime;

/* "cuda" or "hip". */
const char *mdhGpuKindName(MdhGpuKind kind);

/* The runtime library used when no path is given: $MDH_CUDA_RUNTIME or
 * $MDH_HIP_RUNTIME if set, else the one this project built, else (an
 * installed tree) the one in the lib/ directory beside the bin/ or lib/
 * directory of the program or library this loader is linked into. */
const char *mdhGpuRuntimeDefaultPath(MdhGpuKind kind);

/* Loads the runtime (path null: the default), initializes the driver and
 * checks that there is a device. Returns 0 on success; otherwise non-zero
 * with a message in `error` that starts with "no CUDA driver: ", "no CUDA
 * device: " (or HIP), or names the runtime library that failed to load. */
int mdhGpuRuntimeOpen(MdhGpuKind kind, const char *path, MdhGpuRuntime *runtime,
                      char *error, size_t errorSize);

#ifdef __cplusplus
}
#endif

#endif /* MDH_GPU_LOADER_H */
