//===- lower.c - Lower an MDH kernel to loops through the C API ----------===//
//
// Part of the MDH-MLIR project. The README example of the C API.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Dialects.h"
#include "mdh-c/Passes.h"
#include "mlir-c/IR.h"
#include <stdio.h>

static void print(MlirStringRef s, void *userData) {
  fwrite(s.data, 1, s.length, stdout);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mdhRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mdhRegisterPasses();
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @dot(%x: memref<4xf32>, %y: memref<4xf32>, %r: "
               "memref<f32>) {\n"
               "  mdh.compute sizes(4) combine(pw(add))\n"
               "      ins(%x : memref<4xf32> [affine_map<(k) -> (k)>],\n"
               "          %y : memref<4xf32> [affine_map<(k) -> (k)>])\n"
               "      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {\n"
               "  ^bb0(%a: f32, %b: f32):\n"
               "    %p = arith.mulf %a, %b : f32\n"
               "    mdh.yield %p : f32\n"
               "  }\n"
               "  return\n"
               "}\n"));
  if (mlirModuleIsNull(m) || mlirLogicalResultIsFailure(mdhLowerToLoops(m)))
    return 1;
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  mlirModuleDestroy(m);
  mlirDialectRegistryDestroy(registry);
  mlirContextDestroy(ctx);
  return 0;
}
