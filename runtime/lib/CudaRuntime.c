/*===- CudaRuntime.c - The mgpu* runtime over the CUDA driver API ---------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Every call runs in the primary context of the default device, pushed for
 * the call and popped afterwards, so the caller's own current context (if
 * any) is left alone. The library links only the driver API (libcuda.so.1);
 * it is loaded with dlopen by the loader, never linked into the tools, so
 * machines without the NVIDIA driver can still run everything else.
 */

#include "RuntimeSupport.h"

#include "mdh/gpu_runtime.h"

#include <cuda.h>

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Dynamic shared memory beyond this needs an opt-in per kernel. */
enum { kDefaultMaxDynamicSharedBytes = 48 * 1024, kMaxDevices = 64 };

/*===--- Errors ----------------------------------------------------------===*/

static const char *errorName(CUresult result) {
  const char *name = NULL;
  if (cuGetErrorName(result, &name) == CUDA_SUCCESS && name)
    return name;
  /* The driver stub names no error. */
  static __thread char number[32];
  snprintf(number, sizeof(number), "CUresult %d", (int)result);
  return number;
}

static const char *errorString(CUresult result) {
  const char *string = NULL;
  if (cuGetErrorString(result, &string) != CUDA_SUCCESS || !string)
    return "no description";
  return string;
}

/* Returns non-zero (and reports) if `result` is an error. */
static int check(CUresult result, const char *call, const char *what) {
  if (result == CUDA_SUCCESS)
    return 0;
  mdhRecordError("%s failed%s%s: %s (%s)", call, what ? " for " : "",
                 what ? what : "", errorName(result), errorString(result));
  return 1;
}
#define CU_CHECK(expr) check((expr), #expr, NULL)

/*===--- Contexts --------------------------------------------------------===*/

static pthread_mutex_t contextLock = PTHREAD_MUTEX_INITIALIZER;
static int driverInitialized;
static int defaultDevice;
static CUcontext contexts[kMaxDevices];

/* The primary context of the default device, retained on first use. */
static CUcontext getContext(void) {
  pthread_mutex_lock(&contextLock);
  CUcontext context = NULL;
  if (!driverInitialized && !CU_CHECK(cuInit(0)))
    driverInitialized = 1;
  if (driverInitialized) {
    context = contexts[defaultDevice];
    CUdevice device;
    if (!context && !CU_CHECK(cuDeviceGet(&device, defaultDevice)) &&
        !CU_CHECK(cuDevicePrimaryCtxRetain(&context, device)))
      contexts[defaultDevice] = context;
  }
  pthread_mutex_unlock(&contextLock);
  return context;
}

static int pushContext(void) {
  CUcontext context = getContext();
  return !context || CU_CHECK(cuCtxPushCurrent(context));
}

static void popContext(void) {
  CUcontext popped;
  CU_CHECK(cuCtxPopCurrent(&popped));
}

/*===--- Modules ---------------------------------------------------------===*/

void *mgpuModuleLoad(void *data, size_t sizeBytes) {
  if (pushContext())
    return NULL;
  CUmodule module = NULL;
  char what[64];
  snprintf(what, sizeof(what), "a %zu-byte binary", sizeBytes);
  if (check(cuModuleLoadData(&module, data), "cuModuleLoadData(&module, data)",
            what))
    module = NULL;
  popContext();
  return module;
}

void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  if (pushContext())
    return NULL;
  char log[4096] = "";
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL, CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {(void *)(intptr_t)optLevel, log,
                    (void *)(uintptr_t)sizeof(log)};
  CUmodule module = NULL;
  if (check(cuModuleLoadDataEx(&module, data, 3, options, values),
            "cuModuleLoadDataEx(&module, ptx, ...)", "PTX (JIT)")) {
    module = NULL;
    if (log[0])
      mdhRecordError("PTX JIT log: %s", log);
  }
  popContext();
  return module;
}

void mgpuModuleUnload(void *module) {
  if (!module || pushContext())
    return;
  CU_CHECK(cuModuleUnload((CUmodule)module));
  popContext();
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  if (!module) {
    mdhRecordError("mgpuModuleGetFunction: no module for kernel '%s' (its "
                   "module failed to load)",
                   name);
    return NULL;
  }
  if (pushContext())
    return NULL;
  CUfunction function = NULL;
  char what[256];
  snprintf(what, sizeof(what), "kernel '%s'", name);
  if (check(cuModuleGetFunction(&function, (CUmodule)module, name),
            "cuModuleGetFunction(&function, module, name)", what))
    function = NULL;
  else
    mdhRememberKernelName(function, name);
  popContext();
  return function;
}

/*===--- Launches --------------------------------------------------------===*/

/* Checks that the launch dimensions fit the driver's unsigned ints, and
 * opts into large dynamic shared memory. Non-zero if the launch must not
 * happen. */
static int prepareLaunch(const char *launcher, CUfunction function,
                         const intptr_t dims[], int numDims,
                         int32_t sharedMemBytes) {
  if (!function) {
    mdhRecordError("%s: no kernel function (its module or name failed to "
                   "load); the launch is skipped",
                   launcher);
    return 1;
  }
  for (int i = 0; i < numDims; ++i) {
    if (dims[i] < 1 || (uintmax_t)dims[i] > UINT_MAX) {
      mdhRecordError("%s: launch size %jd of %s is out of range "
                     "[1, %u]",
                     launcher, (intmax_t)dims[i], mdhKernelLabel(function),
                     UINT_MAX);
      return 1;
    }
  }
  if (sharedMemBytes < 0) {
    mdhRecordError("%s: negative dynamic shared memory size %d for %s",
                   launcher, sharedMemBytes, mdhKernelLabel(function));
    return 1;
  }
  if (sharedMemBytes > kDefaultMaxDynamicSharedBytes &&
      check(cuFuncSetAttribute(function,
                               CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               sharedMemBytes),
            "cuFuncSetAttribute(function, "
            "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes)",
            mdhKernelLabel(function)))
    return 1;
  return 0;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedMemBytes, void *stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)paramsCount; /* The driver knows the kernel's parameters. */
  intptr_t dims[] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  CUfunction cuFunction = (CUfunction)function;
  if (pushContext())
    return;
  if (!prepareLaunch("mgpuLaunchKernel", cuFunction, dims, 6, sharedMemBytes))
    check(cuLaunchKernel(cuFunction, gridX, gridY, gridZ, blockX, blockY,
                         blockZ, sharedMemBytes, (CUstream)stream, params,
                         extra),
          "cuLaunchKernel(function, grid, block, sharedMemBytes, stream, "
          "params, extra)",
          mdhKernelLabel(cuFunction));
  popContext();
}

void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t sharedMemBytes, void *stream,
                             void **params, void **extra) {
  intptr_t dims[] = {clusterX, clusterY, clusterZ, gridX, gridY,
                     gridZ,    blockX,   blockY,   blockZ};
  CUfunction cuFunction = (CUfunction)function;
  if (pushContext())
    return;
  if (!prepareLaunch("mgpuLaunchClusterKernel", cuFunction, dims, 9,
                     sharedMemBytes)) {
    CUlaunchAttribute attribute;
    memset(&attribute, 0, sizeof(attribute));
    attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attribute.value.clusterDim.x = (unsigned)clusterX;
    attribute.value.clusterDim.y = (unsigned)clusterY;
    attribute.value.clusterDim.z = (unsigned)clusterZ;
    CUlaunchConfig config;
    memset(&config, 0, sizeof(config));
    config.gridDimX = (unsigned)gridX;
    config.gridDimY = (unsigned)gridY;
    config.gridDimZ = (unsigned)gridZ;
    config.blockDimX = (unsigned)blockX;
    config.blockDimY = (unsigned)blockY;
    config.blockDimZ = (unsigned)blockZ;
    config.sharedMemBytes = (unsigned)sharedMemBytes;
    config.hStream = (CUstream)stream;
    config.attrs = &attribute;
    config.numAttrs = 1;
    check(cuLaunchKernelEx(&config, cuFunction, params, extra),
          "cuLaunchKernelEx(&config, function, params, extra)",
          mdhKernelLabel(cuFunction));
  }
  popContext();
}

/*===--- Streams and events ----------------------------------------------===*/

void *mgpuStreamCreate(void) {
  if (pushContext())
    return NULL;
  CUstream stream = NULL;
  if (CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING)))
    stream = NULL;
  popContext();
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  if (pushContext())
    return;
  CU_CHECK(cuStreamDestroy((CUstream)stream));
  popContext();
}

void mgpuStreamSynchronize(void *stream) {
  if (pushContext())
    return;
  CU_CHECK(cuStreamSynchronize((CUstream)stream));
  popContext();
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  if (pushContext())
    return;
  CU_CHECK(cuStreamWaitEvent((CUstream)stream, (CUevent)event, 0));
  popContext();
}

void *mgpuEventCreate(void) {
  if (pushContext())
    return NULL;
  CUevent event = NULL;
  if (CU_CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING)))
    event = NULL;
  popContext();
  return event;
}

void mgpuEventDestroy(void *event) {
  if (pushContext())
    return;
  CU_CHECK(cuEventDestroy((CUevent)event));
  popContext();
}

void mgpuEventSynchronize(void *event) {
  if (pushContext())
    return;
  CU_CHECK(cuEventSynchronize((CUevent)event));
  popContext();
}

void mgpuEventRecord(void *event, void *stream) {
  if (pushContext())
    return;
  CU_CHECK(cuEventRecord((CUevent)event, (CUstream)stream));
  popContext();
}

/*===--- Memory ----------------------------------------------------------===*/

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, uint8_t isHostShared) {
  (void)stream; /* Allocation is synchronous, like upstream's. */
  if (sizeBytes == 0 || pushContext())
    return NULL;
  CUdeviceptr ptr = 0;
  if (isHostShared
          ? CU_CHECK(cuMemAllocManaged(&ptr, sizeBytes, CU_MEM_ATTACH_GLOBAL))
          : CU_CHECK(cuMemAlloc(&ptr, sizeBytes)))
    ptr = 0;
  popContext();
  return (void *)ptr;
}

void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr || pushContext())
    return;
  /* Work queued on the stream may still use the buffer. */
  if (!CU_CHECK(cuStreamSynchronize((CUstream)stream)))
    CU_CHECK(cuMemFree((CUdeviceptr)ptr));
  popContext();
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (sizeBytes == 0 || pushContext())
    return;
  CU_CHECK(cuMemcpyAsync((CUdeviceptr)dst, (CUdeviceptr)src, sizeBytes,
                         (CUstream)stream));
  popContext();
}

void mgpuMemset32(void *dst, uint32_t value, size_t count, void *stream) {
  if (count == 0 || pushContext())
    return;
  CU_CHECK(cuMemsetD32Async((CUdeviceptr)dst, value, count, (CUstream)stream));
  popContext();
}

void mgpuMemset16(void *dst, uint16_t value, size_t count, void *stream) {
  if (count == 0 || pushContext())
    return;
  CU_CHECK(cuMemsetD16Async((CUdeviceptr)dst, value, count, (CUstream)stream));
  popContext();
}

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (pushContext())
    return;
  CU_CHECK(cuMemHostRegister(ptr, sizeBytes, 0));
  popContext();
}

void mgpuMemHostUnregister(void *ptr) {
  if (pushContext())
    return;
  CU_CHECK(cuMemHostUnregister(ptr));
  popContext();
}

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
  if (device < 0 || device >= kMaxDevices) {
    mdhRecordError("mgpuSetDefaultDevice: device %d is out of range [0, %d)",
                   device, kMaxDevices);
    return;
  }
  pthread_mutex_lock(&contextLock);
  defaultDevice = device;
  pthread_mutex_unlock(&contextLock);
}

/*===--- MDH device buffers ----------------------------------------------===*/

const char *mdhGpuRuntimeKind(void) { return "cuda"; }

int mdhGpuInit(void) {
  CUresult result = cuInit(0);
  if (result == CUDA_ERROR_STUB_LIBRARY) {
    mdhRecordQuietError("no CUDA driver: cuInit(0) failed: libcuda.so.1 is "
                        "the CUDA toolkit's stub library, not the NVIDIA "
                        "driver (CUDA_ERROR_STUB_LIBRARY)");
    return 1;
  }
  if (result != CUDA_SUCCESS) {
    mdhRecordQuietError("no CUDA device: cuInit(0) failed: %s (%s)",
                        errorName(result), errorString(result));
    return 1;
  }
  int count = 0;
  result = cuDeviceGetCount(&count);
  if (result != CUDA_SUCCESS) {
    mdhRecordQuietError("no CUDA device: cuDeviceGetCount failed: %s (%s)",
                        errorName(result), errorString(result));
    return 1;
  }
  if (count == 0) {
    mdhRecordQuietError("no CUDA device: the CUDA driver reports 0 devices");
    return 1;
  }
  return 0;
}

int mdhGpuDeviceCount(void) {
  int count = 0;
  if (CU_CHECK(cuInit(0)) || CU_CHECK(cuDeviceGetCount(&count)))
    return -1;
  return count;
}

int mdhGpuDeviceName(int device, char *name, size_t size) {
  CUdevice handle;
  if (size == 0 || size > INT_MAX || CU_CHECK(cuInit(0)) ||
      CU_CHECK(cuDeviceGet(&handle, device)) ||
      CU_CHECK(cuDeviceGetName(name, (int)size, handle)))
    return 1;
  name[size - 1] = '\0';
  return 0;
}

void *mdhGpuAlloc(size_t sizeBytes) { return mgpuMemAlloc(sizeBytes, NULL, 0); }

int mdhGpuFree(void *devicePtr) {
  if (!devicePtr)
    return 0;
  if (pushContext())
    return 1;
  int failed = CU_CHECK(cuMemFree((CUdeviceptr)devicePtr));
  popContext();
  return failed;
}

int mdhGpuCopyToDevice(void *devicePtr, const void *hostPtr, size_t sizeBytes) {
  if (sizeBytes == 0)
    return 0;
  if (pushContext())
    return 1;
  int failed =
      CU_CHECK(cuMemcpyHtoD((CUdeviceptr)devicePtr, hostPtr, sizeBytes));
  popContext();
  return failed;
}

int mdhGpuCopyToHost(void *hostPtr, const void *devicePtr, size_t sizeBytes) {
  if (sizeBytes == 0)
    return 0;
  if (pushContext())
    return 1;
  int failed =
      CU_CHECK(cuMemcpyDtoH(hostPtr, (CUdeviceptr)devicePtr, sizeBytes));
  popContext();
  return failed;
}

int mdhGpuSynchronize(void) {
  if (pushContext())
    return 1;
  int failed = CU_CHECK(cuCtxSynchronize());
  popContext();
  return failed;
}
