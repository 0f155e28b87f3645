/*===- abi_main.c - Runs the lowered abi.mlir against a mock driver -------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mdh/gpu_runtime.h"

#include <stdint.h>
#include <stdio.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRef1D;

void _mlir_ciface_abi(MemRef1D *host, MemRef1D *out, int32_t device);

int main(void) {
  static float host[256], out[256];
  MemRef1D hostRef = {host, host, 0, {256}, {1}};
  MemRef1D outRef = {out, out, 0, {256}, {1}};
  _mlir_ciface_abi(&hostRef, &outRef, 0);
  /* The mock runs no kernel: `out` holds what gpu.memset wrote. */
  int wrong = 0;
  for (int i = 0; i < 256; ++i)
    wrong += out[i] != 1.5f;
  printf("abi: %d wrong elements, %llu runtime errors\n", wrong,
         (unsigned long long)mdhGpuErrorCount());
  return wrong != 0 || mdhGpuErrorCount() != 0;
}
