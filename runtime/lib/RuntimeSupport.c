/*===- RuntimeSupport.c - Shared by the CUDA and HIP runtimes ------------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "RuntimeSupport.h"

#include "mdh/gpu_runtime.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t errorLock = PTHREAD_MUTEX_INITIALIZER;
static char lastError[1024];
static uint64_t errorCount;

static void recordError(int print, const char *format, va_list args) {
  pthread_mutex_lock(&errorLock);
  vsnprintf(lastError, sizeof(lastError), format, args);
  ++errorCount;
  if (print)
    fprintf(stderr, "mdh-gpu-runtime: %s\n", lastError);
  pthread_mutex_unlock(&errorLock);
}

void mdhRecordError(const char *format, ...) {
  va_list args;
  va_start(args, format);
  recordError(/*print=*/1, format, args);
  va_end(args);
}

void mdhRecordQuietError(const char *format, ...) {
  va_list args;
  va_start(args, format);
  recordError(/*print=*/0, format, args);
  va_end(args);
}

const char *mdhGpuLastError(void) { return lastError; }

uint64_t mdhGpuErrorCount(void) {
  pthread_mutex_lock(&errorLock);
  uint64_t count = errorCount;
  pthread_mutex_unlock(&errorLock);
  return count;
}

/*===--- Kernel names ----------------------------------------------------===*/

typedef struct KernelName {
  const void *function;
  struct KernelName *next;
  char name[];
} KernelName;

static pthread_mutex_t namesLock = PTHREAD_MUTEX_INITIALIZER;
static KernelName *kernelNames;

void mdhRememberKernelName(const void *function, const char *name) {
  pthread_mutex_lock(&namesLock);
  KernelName *entry = kernelNames;
  while (entry && entry->function != function)
    entry = entry->next;
  size_t size = strlen(name) + sizeof("kernel ''");
  if (!entry && (entry = malloc(sizeof(KernelName) + size))) {
    entry->function = function;
    snprintf(entry->name, size, "kernel '%s'", name);
    entry->next = kernelNames;
    kernelNames = entry;
  }
  pthread_mutex_unlock(&namesLock);
}

const char *mdhKernelLabel(const void *function) {
  pthread_mutex_lock(&namesLock);
  const char *name = "an unknown kernel";
  for (KernelName *entry = kernelNames; entry; entry = entry->next)
    if (entry->function == function)
      name = entry->name;
  pthread_mutex_unlock(&namesLock);
  return name;
}

/*===--- Memref descriptors ----------------------------------------------===*/

int mdhDenseMemRefExtent(int64_t rank, void *descriptor,
                         int64_t elementSizeBytes, char **begin,
                         uint64_t *sizeBytes) {
  /* {allocated, aligned, offset, sizes[rank], strides[rank]} */
  char **pointers = (char **)descriptor;
  int64_t *fields = (int64_t *)(pointers + 2);
  int64_t *sizes = fields + 1, *strides = fields + 1 + rank;
  int64_t expected = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] != 1 && strides[i] != expected) {
      mdhRecordError("mgpuMemHostRegisterMemRef: the memref is not dense "
                     "(dimension %jd has stride %jd, expected %jd)",
                     (intmax_t)i, (intmax_t)strides[i], (intmax_t)expected);
      return 1;
    }
    expected *= sizes[i];
  }
  *begin = pointers[1] + fields[0] * elementSizeBytes;
  *sizeBytes = (uint64_t)(expected * elementSizeBytes);
  return 0;
}
