/*===- HipRuntime.c - The mgpu* runtime over HIP --------------------------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * HIP keeps a current device per thread; every call selects the default
 * device first. Differences from the CUDA runtime, all reported as errors
 * rather than ignored: HIP cannot JIT-compile assembly (lower AMDGPU modules
 * with `gpu-module-to-binary{format=bin}`), and has no cluster launches.
 * AMD GPUs need no opt-in for large dynamic shared memory (LDS): a launch
 * beyond the chip's 64 KiB fails and is reported.
 */

#include "RuntimeSupport.h"

#include "mdh/gpu_runtime.h"

#include <hip/hip_runtime_api.h>

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===--- Errors ----------------------------------------------------------===*/

static const char *errorName(hipError_t result) {
  const char *name = hipGetErrorName(result);
  return name ? name : "unknown hipError_t";
}

static const char *errorString(hipError_t result) {
  const char *string = hipGetErrorString(result);
  return string ? string : "no description";
}

/* Returns non-zero (and reports) if `result` is an error. */
static int check(hipError_t result, const char *call, const char *what) {
  if (result == hipSuccess)
    return 0;
  mdhRecordError("%s failed%s%s: %s (%s)", call, what ? " for " : "",
                 what ? what : "", errorName(result), errorString(result));
  return 1;
}
#define HIP_CHECK(expr) check((expr), #expr, NULL)

/*===--- Devices ---------------------------------------------------------===*/

static pthread_mutex_t deviceLock = PTHREAD_MUTEX_INITIALIZER;
static int defaultDevice;

/* Makes the default device current on this thread; non-zero on failure. */
static int selectDevice(void) {
  pthread_mutex_lock(&deviceLock);
  int device = defaultDevice;
  pthread_mutex_unlock(&deviceLock);
  return HIP_CHECK(hipSetDevice(device));
}

/*===--- Modules ---------------------------------------------------------===*/

void *mgpuModuleLoad(void *data, size_t sizeBytes) {
  if (selectDevice())
    return NULL;
  hipModule_t module = NULL;
  char what[64];
  snprintf(what, sizeof(what), "a %zu-byte code object", sizeBytes);
  if (check(hipModuleLoadData(&module, data),
            "hipModuleLoadData(&module, data)", what))
    module = NULL;
  return module;
}

void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  (void)data;
  (void)optLevel;
  mdhRecordError("mgpuModuleLoadJIT: HIP cannot JIT-compile an assembly "
                 "module; lower the gpu.module with "
                 "gpu-module-to-binary{format=bin}");
  return NULL;
}

void mgpuModuleUnload(void *module) {
  if (module)
    HIP_CHECK(hipModuleUnload((hipModule_t)module));
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  if (!module) {
    mdhRecordError("mgpuModuleGetFunction: no module for kernel '%s' (its "
                   "module failed to load)",
                   name);
    return NULL;
  }
  hipFunction_t function = NULL;
  char what[256];
  snprintf(what, sizeof(what), "kernel '%s'", name);
  if (check(hipModuleGetFunction(&function, (hipModule_t)module, name),
            "hipModuleGetFunction(&function, module, name)", what))
    return NULL;
  mdhRememberKernelName(function, name);
  return function;
}

/*===--- Launches --------------------------------------------------------===*/

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedMemBytes, void *stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)paramsCount; /* The code object describes the kernel's arguments. */
  hipFunction_t hipFunction = (hipFunction_t)function;
  if (!hipFunction) {
    mdhRecordError("mgpuLaunchKernel: no kernel function (its module or name "
                   "failed to load); the launch is skipped");
    return;
  }
  intptr_t dims[] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  for (int i = 0; i < 6; ++i) {
    if (dims[i] < 1 || (uintmax_t)dims[i] > UINT_MAX) {
      mdhRecordError("mgpuLaunchKernel: launch size %jd of %s is out "
                     "of range [1, %u]",
                     (intmax_t)dims[i], mdhKernelLabel(hipFunction), UINT_MAX);
      return;
    }
  }
  if (sharedMemBytes < 0) {
    mdhRecordError("mgpuLaunchKernel: negative dynamic shared memory size %d "
                   "for %s",
                   sharedMemBytes, mdhKernelLabel(hipFunction));
    return;
  }
  if (selectDevice())
    return;
  check(hipModuleLaunchKernel(hipFunction, gridX, gridY, gridZ, blockX, blockY,
                              blockZ, sharedMemBytes, (hipStream_t)stream,
                              params, extra),
        "hipModuleLaunchKernel(function, grid, block, sharedMemBytes, stream, "
        "params, extra)",
        mdhKernelLabel(hipFunction));
}

void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t sharedMemBytes, void *stream,
                             void **params, void **extra) {
  (void)clusterX, (void)clusterY, (void)clusterZ, (void)gridX, (void)gridY;
  (void)gridZ, (void)blockX, (void)blockY, (void)blockZ, (void)sharedMemBytes;
  (void)stream, (void)params, (void)extra;
  mdhRecordError("mgpuLaunchClusterKernel: HIP has no thread block clusters; "
                 "the launch of %s is skipped",
                 mdhKernelLabel((hipFunction_t)function));
}

/*===--- Streams and events ----------------------------------------------===*/

void *mgpuStreamCreate(void) {
  hipStream_t stream = NULL;
  if (selectDevice() ||
      HIP_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking)))
    return NULL;
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  HIP_CHECK(hipStreamDestroy((hipStream_t)stream));
}

void mgpuStreamSynchronize(void *stream) {
  HIP_CHECK(hipStreamSynchronize((hipStream_t)stream));
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  HIP_CHECK(hipStreamWaitEvent((hipStream_t)stream, (hipEvent_t)event, 0));
}

void *mgpuEventCreate(void) {
  hipEvent_t event = NULL;
  if (selectDevice() ||
      HIP_CHECK(hipEventCreateWithFlags(&event, hipEventDisableTiming)))
    return NULL;
  return event;
}

void mgpuEventDestroy(void *event) {
  HIP_CHECK(hipEventDestroy((hipEvent_t)event));
}

void mgpuEventSynchronize(void *event) {
  HIP_CHECK(hipEventSynchronize((hipEvent_t)event));
}

void mgpuEventRecord(void *event, void *stream) {
  HIP_CHECK(hipEventRecord((hipEvent_t)event, (hipStream_t)stream));
}

/*===--- Memory ----------------------------------------------------------===*/

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, uint8_t isHostShared) {
  (void)stream; /* Allocation is synchronous, like upstream's. */
  void *ptr = NULL;
  if (sizeBytes == 0 || selectDevice())
    return NULL;
  if (isHostShared
          ? HIP_CHECK(hipMallocManaged(&ptr, sizeBytes, hipMemAttachGlobal))
          : HIP_CHECK(hipMalloc(&ptr, sizeBytes)))
    return NULL;
  return ptr;
}

void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr)
    return;
  /* Work queued on the stream may still use the buffer. */
  if (!HIP_CHECK(hipStreamSynchronize((hipStream_t)stream)))
    HIP_CHECK(hipFree(ptr));
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (sizeBytes != 0)
    HIP_CHECK(hipMemcpyAsync(dst, src, sizeBytes, hipMemcpyDefault,
                             (hipStream_t)stream));
}

void mgpuMemset32(void *dst, uint32_t value, size_t count, void *stream) {
  if (count != 0)
    HIP_CHECK(hipMemsetD32Async(dst, (int)value, count, (hipStream_t)stream));
}

void mgpuMemset16(void *dst, uint16_t value, size_t count, void *stream) {
  if (count != 0)
    HIP_CHECK(hipMemsetD16Async(dst, value, count, (hipStream_t)stream));
}

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (!selectDevice())
    HIP_CHECK(hipHostRegister(ptr, sizeBytes, hipHostRegisterDefault));
}

void mgpuMemHostUnregister(void *ptr) { HIP_CHECK(hipHostUnregister(ptr)); }

void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes) {
  char *begin;
  uint64_t sizeBytes;
  if (!mdhDenseMemRefExtent(rank, descriptor, elementSizeBytes, &begin,
                            &sizeBytes) &&
      sizeBytes != 0)
    mgpuMemHostRegister(begin, sizeBytes);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes) {
  char *begin;
  uint64_t sizeBytes;
  if (!mdhDenseMemRefExtent(rank, descriptor, elementSizeBytes, &begin,
                            &sizeBytes) &&
      sizeBytes != 0)
    mgpuMemHostUnregister(begin);
}

void mgpuSetDefaultDevice(int32_t device) {
  pthread_mutex_lock(&deviceLock);
  defaultDevice = device;
  pthread_mutex_unlock(&deviceLock);
}

/*===--- MDH device buffers ----------------------------------------------===*/

const char *mdhGpuRuntimeKind(void) { return "hip"; }

int mdhGpuInit(void) {
  hipError_t result = hipInit(0);
  int count = 0;
  if (result == hipSuccess)
    result = hipGetDeviceCount(&count);
  if (result != hipSuccess) {
    mdhRecordQuietError("no HIP device: %s (%s)", errorName(result),
                        errorString(result));
    return 1;
  }
  if (count == 0) {
    mdhRecordQuietError("no HIP device: the HIP runtime reports 0 devices");
    return 1;
  }
  return 0;
}

int mdhGpuDeviceCount(void) {
  int count = 0;
  if (HIP_CHECK(hipGetDeviceCount(&count)))
    return -1;
  return count;
}

int mdhGpuDeviceName(int device, char *name, size_t size) {
  if (size == 0 || size > INT_MAX ||
      HIP_CHECK(hipDeviceGetName(name, (int)size, device)))
    return 1;
  name[size - 1] = '\0';
  return 0;
}

void *mdhGpuAlloc(size_t sizeBytes) { return mgpuMemAlloc(sizeBytes, NULL, 0); }

int mdhGpuFree(void *devicePtr) {
  return devicePtr && HIP_CHECK(hipFree(devicePtr));
}

int mdhGpuCopyToDevice(void *devicePtr, const void *hostPtr, size_t sizeBytes) {
  return sizeBytes != 0 &&
         (selectDevice() || HIP_CHECK(hipMemcpy(devicePtr, hostPtr, sizeBytes,
                                                hipMemcpyHostToDevice)));
}

int mdhGpuCopyToHost(void *hostPtr, const void *devicePtr, size_t sizeBytes) {
  return sizeBytes != 0 &&
         (selectDevice() || HIP_CHECK(hipMemcpy(hostPtr, devicePtr, sizeBytes,
                                                hipMemcpyDeviceToHost)));
}

int mdhGpuSynchronize(void) {
  return selectDevice() || HIP_CHECK(hipDeviceSynchronize());
}
