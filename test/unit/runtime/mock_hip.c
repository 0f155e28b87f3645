/*===- mock_hip.c - A mock HIP runtime that records launches --------------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Built as libamdhip64.so.5 in a directory of its own; a test puts that
 * directory on LD_LIBRARY_PATH so libmdh_hip_runtime.so binds to it instead
 * of Debian's HIP. It implements the HIP functions the runtime uses. AMDGPU
 * code objects are ELF: kernels are found by their symbols, their parameter
 * types come from MDH_MOCK_KERNELS (see MockDevice.h). Dynamic shared
 * memory (LDS) is limited to 64 KiB, as on gfx90a and gfx942.
 */

#include "MockDevice.h"

#include <hip/hip_runtime_api.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ihipStream_t {
  int id;
};
struct ihipEvent_t {
  int id;
};

enum { kMaxSharedBytes = 64 * 1024 };

static int nextStreamId = 1, nextEventId = 1;

static const struct {
  hipError_t code;
  const char *name, *description;
} errors[] = {
    {hipSuccess, "hipSuccess", "no error"},
    {hipErrorInvalidValue, "hipErrorInvalidValue", "invalid argument"},
    {hipErrorOutOfMemory, "hipErrorOutOfMemory", "out of memory"},
    {hipErrorNoDevice, "hipErrorNoDevice",
     "no ROCm-capable device is detected"},
    {hipErrorInvalidDevice, "hipErrorInvalidDevice", "invalid device ordinal"},
    {hipErrorInvalidImage, "hipErrorInvalidImage",
     "device kernel image is invalid"},
    {hipErrorInvalidHandle, "hipErrorInvalidHandle", "invalid resource handle"},
    {hipErrorNotFound, "hipErrorNotFound", "named symbol not found"},
    {hipErrorIllegalAddress, "hipErrorIllegalAddress",
     "an illegal memory access was encountered"},
    {hipErrorLaunchOutOfResources, "hipErrorLaunchOutOfResources",
     "too many resources requested for launch"},
    {hipErrorUnknown, "hipErrorUnknown", "unknown error"},
};

const char *hipGetErrorName(hipError_t hip_error) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == hip_error)
      return errors[i].name;
  return "hipErrorUnknown";
}

const char *hipGetErrorString(hipError_t hipError) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == hipError)
      return errors[i].description;
  return "unknown error";
}

/* The common entry checks; `name` is the API name. */
static hipError_t enter(const char *name) {
  if (mockDeviceCount() <= 0)
    return hipErrorNoDevice;
  if (mockShouldFail(name)) {
    mockTrace("%s -> injected failure", name);
    if (strcmp(name, "hipModuleLaunchKernel") == 0)
      return hipErrorLaunchOutOfResources;
    if (strstr(name, "Synchronize"))
      return hipErrorIllegalAddress;
    return hipErrorUnknown;
  }
  return hipSuccess;
}
#define ENTER(name)                                                            \
  do {                                                                         \
    hipError_t result = enter(name);                                           \
    if (result != hipSuccess)                                                  \
      return result;                                                           \
  } while (0)

static const char *streamName(hipStream_t stream, char *buffer, size_t size) {
  if (!stream)
    return "null";
  snprintf(buffer, size, "stream%d", stream->id);
  return buffer;
}

/*===--- Initialization and devices --------------------------------------===*/

hipError_t hipInit(unsigned int flags) {
  mockTrace("hipInit flags=%u", flags);
  ENTER("hipInit");
  return hipSuccess;
}

hipError_t hipGetDeviceCount(int *count) {
  ENTER("hipGetDeviceCount");
  *count = mockDeviceCount();
  return hipSuccess;
}

hipError_t hipSetDevice(int deviceId) {
  ENTER("hipSetDevice");
  return deviceId >= 0 && deviceId < mockDeviceCount() ? hipSuccess
                                                       : hipErrorInvalidDevice;
}

hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device) {
  ENTER("hipDeviceGetName");
  if (device < 0 || device >= mockDeviceCount() || len <= 0)
    return hipErrorInvalidDevice;
  snprintf(name, (size_t)len, "MDH mock HIP device %d", device);
  return hipSuccess;
}

hipError_t hipDeviceSynchronize(void) {
  ENTER("hipDeviceSynchronize");
  mockTrace("hipDeviceSynchronize");
  return hipSuccess;
}

/*===--- Modules and launches --------------------------------------------===*/

hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
  ENTER("hipModuleLoadData");
  MockModule *loaded = image ? mockLoadModule(image, 0) : NULL;
  if (!loaded || strcmp(loaded->format, "elf") != 0)
    return hipErrorInvalidImage;
  mockTrace("hipModuleLoadData module=%d format=%s kernels=%d", loaded->id,
            loaded->format, loaded->numKernels);
  *module = (hipModule_t)loaded;
  return hipSuccess;
}

hipError_t hipModuleUnload(hipModule_t module) {
  ENTER("hipModuleUnload");
  if (!module)
    return hipErrorInvalidHandle;
  mockTrace("hipModuleUnload module=%d", ((MockModule *)module)->id);
  free(module);
  return hipSuccess;
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module,
                                const char *kname) {
  ENTER("hipModuleGetFunction");
  if (!module || !kname)
    return hipErrorInvalidValue;
  MockKernel *kernel = mockGetKernel((MockModule *)module, kname);
  mockTrace("hipModuleGetFunction module=%d name=%s%s",
            ((MockModule *)module)->id, kname, kernel ? "" : " -> not found");
  if (!kernel)
    return hipErrorNotFound;
  *function = (hipFunction_t)kernel;
  return hipSuccess;
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX,
                                 unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ,
                                 unsigned int sharedMemBytes,
                                 hipStream_t stream, void **kernelParams,
                                 void **extra) {
  ENTER("hipModuleLaunchKernel");
  MockKernel *kernel = (MockKernel *)f;
  if (!kernel)
    return hipErrorInvalidHandle;
  char args[4096], streamText[32];
  if (kernel->numParams > 0 && !kernelParams)
    snprintf(args, sizeof(args), "params=missing");
  else
    mockFormatArgs(kernel, kernelParams, args, sizeof(args));
  mockTrace("hipModuleLaunchKernel kernel=%s grid=%u,%u,%u block=%u,%u,%u "
            "smem=%u stream=%s %s%s",
            kernel->name, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY,
            blockDimZ, sharedMemBytes,
            streamName(stream, streamText, sizeof(streamText)), args,
            extra ? " extra=non-null" : "");
  if ((unsigned long long)blockDimX * blockDimY * blockDimZ > 1024 ||
      !gridDimX || !gridDimY || !gridDimZ || !blockDimX || !blockDimY ||
      !blockDimZ || sharedMemBytes > kMaxSharedBytes ||
      (kernel->numParams > 0 && !kernelParams))
    return hipErrorInvalidValue;
  return hipSuccess;
}

/*===--- Streams and events ----------------------------------------------===*/

hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags) {
  ENTER("hipStreamCreateWithFlags");
  struct ihipStream_t *created = malloc(sizeof(*created));
  created->id = __atomic_fetch_add(&nextStreamId, 1, __ATOMIC_RELAXED);
  mockTrace("hipStreamCreateWithFlags -> stream%d flags=%u", created->id,
            flags);
  *stream = created;
  return hipSuccess;
}

hipError_t hipStreamDestroy(hipStream_t stream) {
  ENTER("hipStreamDestroy");
  if (!stream)
    return hipErrorInvalidHandle;
  mockTrace("hipStreamDestroy stream%d", stream->id);
  free(stream);
  return hipSuccess;
}

hipError_t hipStreamSynchronize(hipStream_t stream) {
  ENTER("hipStreamSynchronize");
  char text[32];
  mockTrace("hipStreamSynchronize %s", streamName(stream, text, sizeof(text)));
  return hipSuccess;
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                              unsigned int flags) {
  ENTER("hipStreamWaitEvent");
  char text[32];
  if (!event)
    return hipErrorInvalidHandle;
  mockTrace("hipStreamWaitEvent %s event%d flags=%u",
            streamName(stream, text, sizeof(text)), event->id, flags);
  return hipSuccess;
}

hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags) {
  ENTER("hipEventCreateWithFlags");
  struct ihipEvent_t *created = malloc(sizeof(*created));
  created->id = __atomic_fetch_add(&nextEventId, 1, __ATOMIC_RELAXED);
  mockTrace("hipEventCreateWithFlags -> event%d flags=%u", created->id, flags);
  *event = created;
  return hipSuccess;
}

hipError_t hipEventDestroy(hipEvent_t event) {
  ENTER("hipEventDestroy");
  if (!event)
    return hipErrorInvalidHandle;
  mockTrace("hipEventDestroy event%d", event->id);
  free(event);
  return hipSuccess;
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  ENTER("hipEventSynchronize");
  if (!event)
    return hipErrorInvalidHandle;
  mockTrace("hipEventSynchronize event%d", event->id);
  return hipSuccess;
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  ENTER("hipEventRecord");
  char text[32];
  if (!event)
    return hipErrorInvalidHandle;
  mockTrace("hipEventRecord event%d %s", event->id,
            streamName(stream, text, sizeof(text)));
  return hipSuccess;
}

/*===--- Memory ----------------------------------------------------------===*/

static hipError_t allocate(const char *api, void **ptr, size_t size) {
  ENTER(api);
  if (size == 0)
    return hipErrorInvalidValue;
  void *allocated = mockAlloc(size);
  if (!allocated)
    return hipErrorOutOfMemory;
  char text[64];
  mockTrace("%s bytes=%zu -> %s", api, size,
            mockDescribe(allocated, text, sizeof(text)));
  *ptr = allocated;
  return hipSuccess;
}

hipError_t hipMalloc(void **ptr, size_t size) {
  return allocate("hipMalloc", ptr, size);
}

hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags) {
  (void)flags;
  return allocate("hipMallocManaged", dev_ptr, size);
}

hipError_t hipFree(void *ptr) {
  ENTER("hipFree");
  char text[64];
  mockTrace("hipFree %s", mockDescribe(ptr, text, sizeof(text)));
  return ptr && mockFree(ptr) ? hipErrorInvalidValue : hipSuccess;
}

static hipError_t copy(const char *api, void *dst, const void *src, size_t size,
                       hipStream_t stream) {
  char dstText[64], srcText[64], streamText[32] = "";
  if (stream)
    snprintf(streamText, sizeof(streamText), " stream=stream%d", stream->id);
  mockTrace("%s dst=%s src=%s bytes=%zu%s", api,
            mockDescribe(dst, dstText, sizeof(dstText)),
            mockDescribe(src, srcText, sizeof(srcText)), size, streamText);
  if (!dst || !src || mockBadRange(dst, size) || mockBadRange(src, size))
    return hipErrorInvalidValue;
  memcpy(dst, src, size);
  return hipSuccess;
}

hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes,
                     hipMemcpyKind kind) {
  ENTER("hipMemcpy");
  (void)kind;
  return copy("hipMemcpy", dst, src, sizeBytes, NULL);
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes,
                          hipMemcpyKind kind, hipStream_t stream) {
  ENTER("hipMemcpyAsync");
  (void)kind;
  return copy("hipMemcpyAsync", dst, src, sizeBytes, stream);
}

hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                             hipStream_t stream) {
  ENTER("hipMemsetD32Async");
  char text[64];
  (void)stream;
  mockTrace("hipMemsetD32Async dst=%s value=0x%08x count=%zu",
            mockDescribe(dst, text, sizeof(text)), (unsigned)value, count);
  if (mockBadRange(dst, count * 4) || (uintptr_t)dst % 4)
    return hipErrorInvalidValue;
  for (size_t i = 0; i < count; ++i)
    memcpy((char *)dst + 4 * i, &value, 4);
  return hipSuccess;
}

hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value,
                             size_t count, hipStream_t stream) {
  ENTER("hipMemsetD16Async");
  char text[64];
  (void)stream;
  mockTrace("hipMemsetD16Async dst=%s value=0x%04x count=%zu",
            mockDescribe(dest, text, sizeof(text)), value, count);
  if (mockBadRange(dest, count * 2) || (uintptr_t)dest % 2)
    return hipErrorInvalidValue;
  for (size_t i = 0; i < count; ++i)
    memcpy((char *)dest + 2 * i, &value, 2);
  return hipSuccess;
}

hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes,
                           unsigned int flags) {
  ENTER("hipHostRegister");
  mockTrace("hipHostRegister bytes=%zu flags=%u", sizeBytes, flags);
  return hostPtr && sizeBytes ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipHostUnregister(void *hostPtr) {
  ENTER("hipHostUnregister");
  mockTrace("hipHostUnregister");
  return hostPtr ? hipSuccess : hipErrorInvalidValue;
}
