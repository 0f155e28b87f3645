/*===- RuntimeSupport.h - Shared by the CUDA and HIP runtimes ----*- C -*-===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Shared by the CUDA and the HIP runtime: a failure is printed to stderr,
 * kept as the last error and counted, because the mgpu* functions cannot
 * return it to the lowered host code; kernel names for messages; memref
 * descriptors.
 */

#ifndef MDH_RUNTIME_LIB_RUNTIMESUPPORT_H
#define MDH_RUNTIME_LIB_RUNTIMESUPPORT_H

#include <stdint.h>

/* Records and prints a failure (printf-style message). */
void mdhRecordError(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* Records a failure without printing it: mdhGpuInit's "no device" message is
 * for the loader to report, once. */
void mdhRecordQuietError(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/* Remembers the name of a kernel handle for later messages. */
void mdhRememberKernelName(const void *function, const char *name);

/* "kernel '<name>'" for a kernel handle, or "an unknown kernel". */
const char *mdhKernelLabel(const void *function);

/* The first element and byte size of a dense (row-major) memref given by
 * its ranked descriptor; non-zero (and reported) if it is not dense. */
int mdhDenseMemRefExtent(int64_t rank, void *descriptor,
                         int64_t elementSizeBytes, char **begin,
                         uint64_t *sizeBytes);

#endif /* MDH_RUNTIME_LIB_RUNTIMESUPPORT_H */
