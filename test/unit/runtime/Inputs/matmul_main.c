/*===- matmul_main.c - Runs the lowered matmul.mlir -----------------------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * matmul-main [64k]: calls @matmul (or @matmul_64k) and exits non-zero if
 * the runtime reported an error.
 */

#include "mdh/gpu_runtime.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2D;

void _mlir_ciface_matmul(MemRef2D *A, MemRef2D *B, MemRef2D *C);
void _mlir_ciface_matmul_64k(MemRef2D *A, MemRef2D *B, MemRef2D *C);

static float a[256 * 256], b[256 * 256], c[256 * 256];

int main(int argc, char **argv) {
  for (int i = 0; i < 256 * 256; ++i) {
    a[i] = (float)(i % 7);
    b[i] = (float)(i % 5);
  }
  MemRef2D A = {a, a, 0, {256, 256}, {256, 1}};
  MemRef2D B = {b, b, 0, {256, 256}, {256, 1}};
  MemRef2D C = {c, c, 0, {256, 256}, {256, 1}};
  int large = argc > 1 && strcmp(argv[1], "64k") == 0;
  if (large)
    _mlir_ciface_matmul_64k(&A, &B, &C);
  else
    _mlir_ciface_matmul(&A, &B, &C);
  printf("%s: %llu runtime errors\n", large ? "matmul_64k" : "matmul",
         (unsigned long long)mdhGpuErrorCount());
  return mdhGpuErrorCount() != 0;
}
