/*===- mock_cuda.c - A mock CUDA driver that records launches -------------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Built as libcuda.so.1 in a directory of its own; a test puts that
 * directory on LD_LIBRARY_PATH so libmdh_cuda_runtime.so binds to it. It
 * implements the driver API functions the runtime uses, with the driver's
 * rules where a runtime bug would otherwise go unnoticed: nothing works
 * before cuInit, memory and launches need a current context, more than
 * 48 KiB of dynamic shared memory needs the kernel's opt-in, blocks have at
 * most 1024 threads. See MockDevice.h for the trace and the environment.
 */

#include "MockDevice.h"

#include <cuda.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The opaque driver handles. */
struct CUctx_st {
  int device;
};
struct CUstream_st {
  int id;
};
struct CUevent_st {
  int id;
};

enum { kMaxDevices = 8, kMaxContextDepth = 16 };
/* Opt-in limit of dynamic shared memory per block on sm_90. */
enum { kMaxOptInSharedBytes = 227 * 1024 };

static int initialized;
static struct CUctx_st primaryContexts[kMaxDevices];
static __thread CUcontext contextStack[kMaxContextDepth];
static __thread int contextDepth;
static int nextStreamId = 1, nextEventId = 1;

static const struct {
  CUresult code;
  const char *name, *description;
} errors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE",
     "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

CUresult CUDAAPI cuGetErrorName(CUresult error, const char **pStr) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == error) {
      *pStr = errors[i].name;
      return CUDA_SUCCESS;
    }
  *pStr = NULL;
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuGetErrorString(CUresult error, const char **pStr) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == error) {
      *pStr = errors[i].description;
      return CUDA_SUCCESS;
    }
  *pStr = NULL;
  return CUDA_ERROR_INVALID_VALUE;
}

/* The common entry checks; `name` is the API name (without _v2). */
static CUresult enter(const char *name, int needsContext) {
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (mockShouldFail(name)) {
    mockTrace("%s -> injected failure", name);
    if (strcmp(name, "cuLaunchKernel") == 0)
      return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
    /* A kernel fault surfaces at the next synchronization. */
    if (strstr(name, "Synchronize"))
      return CUDA_ERROR_ILLEGAL_ADDRESS;
    return CUDA_ERROR_UNKNOWN;
  }
  if (needsContext && contextDepth == 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}
#define ENTER(name, needsContext)                                              \
  do {                                                                         \
    CUresult result = enter(name, needsContext);                               \
    if (result != CUDA_SUCCESS)                                                \
      return result;                                                           \
  } while (0)

static const char *streamName(CUstream stream, char *buffer, size_t size) {
  if (!stream)
    return "null";
  snprintf(buffer, size, "stream%d", stream->id);
  return buffer;
}

/*===--- Initialization, devices, contexts -------------------------------===*/

CUresult CUDAAPI cuInit(unsigned int flags) {
  mockTrace("cuInit flags=%u", flags);
  if (mockShouldFail("cuInit"))
    return CUDA_ERROR_UNKNOWN;
  if (mockDeviceCount() <= 0)
    return CUDA_ERROR_NO_DEVICE;
  initialized = 1;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetCount(int *count) {
  ENTER("cuDeviceGetCount", 0);
  *count = mockDeviceCount();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal) {
  ENTER("cuDeviceGet", 0);
  if (ordinal < 0 || ordinal >= mockDeviceCount() || ordinal >= kMaxDevices)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetName(char *name, int len, CUdevice dev) {
  ENTER("cuDeviceGetName", 0);
  if (dev < 0 || dev >= mockDeviceCount() || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  snprintf(name, (size_t)len, "MDH mock CUDA device %d", dev);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  ENTER("cuDevicePrimaryCtxRetain", 0);
  if (dev < 0 || dev >= mockDeviceCount() || dev >= kMaxDevices)
    return CUDA_ERROR_INVALID_DEVICE;
  mockTrace("cuDevicePrimaryCtxRetain device=%d", dev);
  primaryContexts[dev].device = dev;
  *pctx = &primaryContexts[dev];
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxPushCurrent(CUcontext ctx) {
  ENTER("cuCtxPushCurrent", 0);
  if (!ctx || contextDepth == kMaxContextDepth)
    return CUDA_ERROR_INVALID_VALUE;
  contextStack[contextDepth++] = ctx;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxPopCurrent(CUcontext *pctx) {
  ENTER("cuCtxPopCurrent", 1);
  CUcontext popped = contextStack[--contextDepth];
  if (pctx)
    *pctx = popped;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSynchronize(void) {
  ENTER("cuCtxSynchronize", 1);
  mockTrace("cuCtxSynchronize");
  return CUDA_SUCCESS;
}

/*===--- Modules and launches --------------------------------------------===*/

static CUresult loadModule(const char *api, CUmodule *module, const void *image,
                           const char *options) {
  ENTER(api, 1);
  MockModule *loaded = image ? mockLoadModule(image, 0) : NULL;
  if (!loaded)
    return CUDA_ERROR_INVALID_IMAGE;
  mockTrace("%s module=%d format=%s kernels=%d%s", api, loaded->id,
            loaded->format, loaded->numKernels, options);
  *module = (CUmodule)loaded;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleLoadData(CUmodule *module, const void *image) {
  return loadModule("cuModuleLoadData", module, image, "");
}

CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image,
                                    unsigned int numOptions,
                                    CUjit_option *options,
                                    void **optionValues) {
  char text[64] = "";
  for (unsigned i = 0; i < numOptions; ++i)
    if (options[i] == CU_JIT_OPTIMIZATION_LEVEL)
      snprintf(text, sizeof(text), " jit-opt-level=%u",
               (unsigned)(uintptr_t)optionValues[i]);
  return loadModule("cuModuleLoadDataEx", module, image, text);
}

CUresult CUDAAPI cuModuleUnload(CUmodule hmod) {
  ENTER("cuModuleUnload", 0);
  if (!hmod)
    return CUDA_ERROR_INVALID_HANDLE;
  mockTrace("cuModuleUnload module=%d", ((MockModule *)hmod)->id);
  free(hmod);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                                     const char *name) {
  ENTER("cuModuleGetFunction", 1);
  if (!hmod || !name)
    return CUDA_ERROR_INVALID_VALUE;
  MockKernel *kernel = mockGetKernel((MockModule *)hmod, name);
  mockTrace("cuModuleGetFunction module=%d name=%s%s", ((MockModule *)hmod)->id,
            name, kernel ? "" : " -> not found");
  if (!kernel)
    return CUDA_ERROR_NOT_FOUND;
  *hfunc = (CUfunction)kernel;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction hfunc,
                                    CUfunction_attribute attrib, int value) {
  ENTER("cuFuncSetAttribute", 1);
  MockKernel *kernel = (MockKernel *)hfunc;
  if (!kernel)
    return CUDA_ERROR_INVALID_HANDLE;
  if (attrib != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    return CUDA_ERROR_INVALID_VALUE;
  mockTrace("cuFuncSetAttribute kernel=%s MAX_DYNAMIC_SHARED_SIZE_BYTES=%d",
            kernel->name, value);
  if (value < 0 || value > kMaxOptInSharedBytes)
    return CUDA_ERROR_INVALID_VALUE;
  kernel->maxDynamicSharedBytes = value;
  return CUDA_SUCCESS;
}

/* Traces and checks one launch (`cluster` is null for a plain one). */
static CUresult launch(const char *api, MockKernel *kernel,
                       const unsigned grid[3], const unsigned block[3],
                       const unsigned *cluster, unsigned sharedMemBytes,
                       CUstream stream, void **params, void **extra) {
  if (!kernel)
    return CUDA_ERROR_INVALID_HANDLE;
  char args[4096], clusterText[64] = "", streamText[32];
  if (kernel->numParams > 0 && !params)
    snprintf(args, sizeof(args), "params=missing");
  else
    mockFormatArgs(kernel, params, args, sizeof(args));
  if (cluster)
    snprintf(clusterText, sizeof(clusterText), " cluster=%u,%u,%u", cluster[0],
             cluster[1], cluster[2]);
  mockTrace("%s kernel=%s%s grid=%u,%u,%u block=%u,%u,%u smem=%u stream=%s "
            "%s%s",
            api, kernel->name, clusterText, grid[0], grid[1], grid[2], block[0],
            block[1], block[2], sharedMemBytes,
            streamName(stream, streamText, sizeof(streamText)), args,
            extra ? " extra=non-null" : "");
  if (block[0] > 1024 || block[1] > 1024 || block[2] > 64 ||
      (unsigned long long)block[0] * block[1] * block[2] > 1024 ||
      grid[1] > 65535 || grid[2] > 65535 || grid[0] > 0x7fffffffu || !grid[0] ||
      !grid[1] || !grid[2] || !block[0] || !block[1] || !block[2])
    return CUDA_ERROR_INVALID_VALUE;
  if ((int)sharedMemBytes > kernel->maxDynamicSharedBytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (kernel->numParams > 0 && !params)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                                unsigned int gridDimY, unsigned int gridDimZ,
                                unsigned int blockDimX, unsigned int blockDimY,
                                unsigned int blockDimZ,
                                unsigned int sharedMemBytes, CUstream hStream,
                                void **kernelParams, void **extra) {
  ENTER("cuLaunchKernel", 1);
  unsigned grid[3] = {gridDimX, gridDimY, gridDimZ};
  unsigned block[3] = {blockDimX, blockDimY, blockDimZ};
  return launch("cuLaunchKernel", (MockKernel *)f, grid, block, NULL,
                sharedMemBytes, hStream, kernelParams, extra);
}

CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                                  void **kernelParams, void **extra) {
  ENTER("cuLaunchKernelEx", 1);
  unsigned grid[3] = {config->gridDimX, config->gridDimY, config->gridDimZ};
  unsigned block[3] = {config->blockDimX, config->blockDimY, config->blockDimZ};
  unsigned cluster[3] = {1, 1, 1};
  for (unsigned i = 0; i < config->numAttrs; ++i)
    if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
      cluster[0] = config->attrs[i].value.clusterDim.x;
      cluster[1] = config->attrs[i].value.clusterDim.y;
      cluster[2] = config->attrs[i].value.clusterDim.z;
    }
  return launch("cuLaunchKernelEx", (MockKernel *)f, grid, block, cluster,
                config->sharedMemBytes, config->hStream, kernelParams, extra);
}

/*===--- Streams and events ----------------------------------------------===*/

CUresult CUDAAPI cuStreamCreate(CUstream *phStream, unsigned int Flags) {
  ENTER("cuStreamCreate", 1);
  struct CUstream_st *stream = malloc(sizeof(*stream));
  stream->id = __atomic_fetch_add(&nextStreamId, 1, __ATOMIC_RELAXED);
  mockTrace("cuStreamCreate -> stream%d flags=%u", stream->id, Flags);
  *phStream = stream;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamDestroy(CUstream hStream) {
  ENTER("cuStreamDestroy", 0);
  if (!hStream)
    return CUDA_ERROR_INVALID_HANDLE;
  mockTrace("cuStreamDestroy stream%d", hStream->id);
  free(hStream);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamSynchronize(CUstream hStream) {
  ENTER("cuStreamSynchronize", 1);
  char text[32];
  mockTrace("cuStreamSynchronize %s", streamName(hStream, text, sizeof(text)));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
                                   unsigned int Flags) {
  ENTER("cuStreamWaitEvent", 1);
  char text[32];
  if (!hEvent)
    return CUDA_ERROR_INVALID_HANDLE;
  mockTrace("cuStreamWaitEvent %s event%d flags=%u",
            streamName(hStream, text, sizeof(text)), hEvent->id, Flags);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  ENTER("cuEventCreate", 1);
  struct CUevent_st *event = malloc(sizeof(*event));
  event->id = __atomic_fetch_add(&nextEventId, 1, __ATOMIC_RELAXED);
  mockTrace("cuEventCreate -> event%d flags=%u", event->id, Flags);
  *phEvent = event;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventDestroy(CUevent hEvent) {
  ENTER("cuEventDestroy", 0);
  if (!hEvent)
    return CUDA_ERROR_INVALID_HANDLE;
  mockTrace("cuEventDestroy event%d", hEvent->id);
  free(hEvent);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventSynchronize(CUevent hEvent) {
  ENTER("cuEventSynchronize", 1);
  if (!hEvent)
    return CUDA_ERROR_INVALID_HANDLE;
  mockTrace("cuEventSynchronize event%d", hEvent->id);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventRecord(CUevent hEvent, CUstream hStream) {
  ENTER("cuEventRecord", 1);
  char text[32];
  if (!hEvent)
    return CUDA_ERROR_INVALID_HANDLE;
  mockTrace("cuEventRecord event%d %s", hEvent->id,
            streamName(hStream, text, sizeof(text)));
  return CUDA_SUCCESS;
}

/*===--- Memory ----------------------------------------------------------===*/

static CUresult allocate(const char *api, CUdeviceptr *dptr, size_t bytesize) {
  ENTER(api, 1);
  if (bytesize == 0)
    return CUDA_ERROR_INVALID_VALUE;
  void *ptr = mockAlloc(bytesize);
  if (!ptr)
    return CUDA_ERROR_OUT_OF_MEMORY;
  char text[64];
  mockTrace("%s bytes=%zu -> %s", api, bytesize,
            mockDescribe(ptr, text, sizeof(text)));
  *dptr = (CUdeviceptr)ptr;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemAlloc(CUdeviceptr *dptr, size_t bytesize) {
  return allocate("cuMemAlloc", dptr, bytesize);
}

CUresult CUDAAPI cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
                                   unsigned int flags) {
  (void)flags;
  return allocate("cuMemAllocManaged", dptr, bytesize);
}

CUresult CUDAAPI cuMemFree(CUdeviceptr dptr) {
  ENTER("cuMemFree", 1);
  char text[64];
  mockTrace("cuMemFree %s", mockDescribe((void *)dptr, text, sizeof(text)));
  return mockFree((void *)dptr) ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
}

static CUresult copy(const char *api, void *dst, const void *src, size_t size,
                     CUstream stream) {
  char dstText[64], srcText[64], streamText[32] = "";
  if (stream)
    snprintf(streamText, sizeof(streamText), " stream=stream%d", stream->id);
  mockTrace("%s dst=%s src=%s bytes=%zu%s", api,
            mockDescribe(dst, dstText, sizeof(dstText)),
            mockDescribe(src, srcText, sizeof(srcText)), size, streamText);
  if (!dst || !src || mockBadRange(dst, size) || mockBadRange(src, size))
    return CUDA_ERROR_INVALID_VALUE;
  memcpy(dst, src, size);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
                               size_t ByteCount, CUstream hStream) {
  ENTER("cuMemcpyAsync", 1);
  return copy("cuMemcpyAsync", (void *)dst, (const void *)src, ByteCount,
              hStream);
}

CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost,
                              size_t ByteCount) {
  ENTER("cuMemcpyHtoD", 1);
  return copy("cuMemcpyHtoD", (void *)dstDevice, srcHost, ByteCount, NULL);
}

CUresult CUDAAPI cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice,
                              size_t ByteCount) {
  ENTER("cuMemcpyDtoH", 1);
  return copy("cuMemcpyDtoH", dstHost, (const void *)srcDevice, ByteCount,
              NULL);
}

CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui,
                                  size_t N, CUstream hStream) {
  ENTER("cuMemsetD32Async", 1);
  char text[64];
  mockTrace("cuMemsetD32Async dst=%s value=0x%08x count=%zu",
            mockDescribe((void *)dstDevice, text, sizeof(text)), ui, N);
  (void)hStream;
  if (mockBadRange((void *)dstDevice, N * 4) || dstDevice % 4)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < N; ++i)
    memcpy((char *)dstDevice + 4 * i, &ui, 4);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us,
                                  size_t N, CUstream hStream) {
  ENTER("cuMemsetD16Async", 1);
  char text[64];
  mockTrace("cuMemsetD16Async dst=%s value=0x%04x count=%zu",
            mockDescribe((void *)dstDevice, text, sizeof(text)), us, N);
  (void)hStream;
  if (mockBadRange((void *)dstDevice, N * 2) || dstDevice % 2)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < N; ++i)
    memcpy((char *)dstDevice + 2 * i, &us, 2);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemHostRegister(void *p, size_t bytesize,
                                   unsigned int Flags) {
  ENTER("cuMemHostRegister", 1);
  mockTrace("cuMemHostRegister bytes=%zu flags=%u", bytesize, Flags);
  return p && bytesize ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuMemHostUnregister(void *p) {
  ENTER("cuMemHostUnregister", 1);
  mockTrace("cuMemHostUnregister");
  return p ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
