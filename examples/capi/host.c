//===- host.c - Compile an MDH kernel for the host and run it -------------===//
//
// Part of the MDH-MLIR project. The README example of the host C API:
// compiles a 2x3x4 MatMul for OpenMP, runs it on the program's own arrays
// and prints the result.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Host.h"
#include "mdh-c/Dialects.h"
#include "mlir-c/IR.h"
#include <stdio.h>

static const char *const kSource =
    "func.func @mm(%A: memref<2x4xf32>, %B: memref<4x3xf32>,\n"
    "              %C: memref<2x3xf32>) {\n"
    "  mdh.compute sizes(2, 3, 4) combine(cc, cc, pw(add))\n"
    "      ins(%A : memref<2x4xf32> [affine_map<(i, j, k) -> (i, k)>],\n"
    "          %B : memref<4x3xf32> [affine_map<(i, j, k) -> (k, j)>])\n"
    "      outs(%C : memref<2x3xf32> [affine_map<(i, j, k) -> (i, j)>]) {\n"
    "  ^bb0(%a: f32, %b: f32):\n"
    "    %p = arith.mulf %a, %b : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mdhRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kSource));
  if (mlirModuleIsNull(m))
    return 1;
  // Target "openmp", the heuristic's configuration (""), 2 threads.
  MdhHostModule mm =
      mdhHostCompile(m, mlirStringRefCreateFromCString("openmp"),
                     mlirStringRefCreateFromCString(""), /*numThreads=*/2);
  mlirModuleDestroy(m); // `mm` does not refer to the module.
  if (mdhHostModuleIsNull(mm))
    return 1;
  float a[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
  float b[4][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
  float c[2][3];
  void *buffers[] = {a, b, c}; // dense row-major, one per memref argument
  MlirLogicalResult result =
      mdhHostModuleRun(mm, mlirStringRefCreateFromCString("mm"), buffers, 3);
  mdhHostModuleDestroy(mm);
  mlirDialectRegistryDestroy(registry);
  mlirContextDestroy(ctx);
  if (mlirLogicalResultIsFailure(result))
    return 1;
  for (int i = 0; i < 2; ++i)
    printf("%g %g %g\n", c[i][0], c[i][1], c[i][2]);
  return 0;
}
