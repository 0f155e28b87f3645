/*===- reduction_main.c - Runs the lowered reduction.mlir -----------------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Calls @reduce and exits non-zero if the runtime reported an error.
 */

#include "mdh/gpu_runtime.h"

#include <stdint.h>
#include <stdio.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRef1D;

void _mlir_ciface_reduce(MemRef1D *in, MemRef1D *out);

static float in[8192], out[1];

int main(void) {
  for (int i = 0; i < 8192; ++i)
    in[i] = (float)(i % 3);
  MemRef1D In = {in, in, 0, {8192}, {1}};
  MemRef1D Out = {out, out, 0, {1}, {1}};
  _mlir_ciface_reduce(&In, &Out);
  printf("reduce: %llu runtime errors\n",
         (unsigned long long)mdhGpuErrorCount());
  return mdhGpuErrorCount() != 0;
}
