/*===- MockDevice.h - The device behind the mock GPU drivers ------*- C -*-===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * What the mock CUDA driver (mock_cuda.c, built as libcuda.so.1) and the
 * mock HIP runtime (mock_hip.c, built as libamdhip64.so.5) share: device
 * memory is host memory, copies are memcpy, kernels never run; module loads
 * and launches are written to a trace, one line per call.
 *
 * Environment:
 *   MDH_MOCK_TRACE    file the trace is appended to (default: stderr)
 *   MDH_MOCK_DEVICES  number of devices (default 1; 0: init fails with "no
 *                     device", as the real driver does)
 *   MDH_MOCK_FAIL     name of one API function that fails every time
 *   MDH_MOCK_KERNELS  parameter types of kernels in binary (non-PTX)
 *                     modules: "name:ptr,u64*4,f32;name2:..." (u64*4: four
 *                     u64); PTX modules give them by their .entry
 *                     declarations
 */

#ifndef MDH_TEST_UNIT_RUNTIME_MOCKDEVICE_H
#define MDH_TEST_UNIT_RUNTIME_MOCKDEVICE_H

#include <stddef.h>

enum { kMockMaxParams = 128, kMockMaxKernels = 64 };

/* One kernel parameter: a PTX type (u64, f32, b8, ...), whether it is a
 * pointer, its size in bytes. */
typedef struct MockParam {
  char type[8];
  int isPointer;
  size_t size;
} MockParam;

typedef struct MockKernel {
  char name[128];
  int numParams; /* -1: unknown (a binary module without MDH_MOCK_KERNELS) */
  MockParam params[kMockMaxParams];
  int maxDynamicSharedBytes;
  struct MockModule *module;
} MockKernel;

typedef struct MockModule {
  int id;
  const char *format; /* "ptx", "elf", "fatbin" or "unknown" */
  const unsigned char *image;
  size_t imageSize; /* 0 if unknown */
  int numKernels;
  MockKernel kernels[kMockMaxKernels];
} MockModule;

/* Appends one line to the trace. */
void mockTrace(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* MDH_MOCK_DEVICES. */
int mockDeviceCount(void);

/* Whether MDH_MOCK_FAIL names `function`. */
int mockShouldFail(const char *function);

/* Device memory; mockFree returns non-zero if `ptr` starts no live
 * allocation. */
void *mockAlloc(size_t sizeBytes);
int mockFree(void *ptr);

/* Non-zero if [ptr, ptr + size) starts in a device allocation and runs past
 * its end, or starts in a freed one. */
int mockBadRange(const void *ptr, size_t size);

/* "dev<N>+<offset>" for device memory, "host" otherwise, "null" for null. */
const char *mockDescribe(const void *ptr, char *buffer, size_t size);

/* Loads a module image: PTX text (kernels from its .entry declarations) or
 * an ELF object (kernels from its symbol table). Null if the image is none
 * of these. */
MockModule *mockLoadModule(const void *image, size_t sizeBytes);

/* The kernel `name` of `module`, or null if it has none by that name. */
MockKernel *mockGetKernel(MockModule *module, const char *name);

/* "params=<n> args=<a0>,<a1>,..." with each argument printed by its type:
 * device pointers symbolically, integers in decimal, floats with %g. */
void mockFormatArgs(const MockKernel *kernel, void **params, char *buffer,
                    size_t size);

#endif /* MDH_TEST_UNIT_RUNTIME_MOCKDEVICE_H */
