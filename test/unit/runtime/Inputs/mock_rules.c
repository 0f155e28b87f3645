/*===- mock_rules.c - The driver rules the mock CUDA driver enforces ------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Calls the mock libcuda.so.1 directly and prints the result of each call
 * the runtime could get wrong, so the tests know the mock would catch it.
 */

#include <cuda.h>

#include <stdio.h>

static const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n"
                         ".visible .entry k(\n\t.param .u64 .ptr k_param_0,\n"
                         "\t.param .f32 k_param_1\n)\n{\n\tret;\n}\n";

static void print(const char *what, CUresult result) {
  const char *name = NULL;
  cuGetErrorName(result, &name);
  printf("%s: %s\n", what, name ? name : "?");
}

int main(void) {
  CUdeviceptr ptr;
  print("alloc before cuInit", cuMemAlloc(&ptr, 16));
  print("cuInit", cuInit(0));
  print("alloc without a context", cuMemAlloc(&ptr, 16));
  CUdevice device;
  CUcontext context;
  cuDeviceGet(&device, 0);
  cuDevicePrimaryCtxRetain(&context, device);
  cuCtxPushCurrent(context);
  print("alloc", cuMemAlloc(&ptr, 16));
  float host[8] = {0};
  print("copy past the end", cuMemcpyHtoD(ptr + 8, host, 16));
  CUmodule module;
  print("load PTX", cuModuleLoadData(&module, ptx));
  CUfunction function;
  print("unknown kernel", cuModuleGetFunction(&function, module, "nope"));
  print("kernel", cuModuleGetFunction(&function, module, "k"));
  float scale = 2.0f;
  void *params[] = {&ptr, &scale};
  print("launch 1024 threads",
        cuLaunchKernel(function, 1, 1, 1, 1024, 1, 1, 0, NULL, params, NULL));
  print("launch 2048 threads",
        cuLaunchKernel(function, 1, 1, 1, 2048, 1, 1, 0, NULL, params, NULL));
  print("launch without parameters",
        cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL));
  print("launch 64 KiB without opt-in",
        cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 65536, NULL, params, NULL));
  print("opt in to 64 KiB",
        cuFuncSetAttribute(
            function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 65536));
  print("launch 64 KiB after opt-in",
        cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 65536, NULL, params, NULL));
  print("free", cuMemFree(ptr));
  print("free again", cuMemFree(ptr));
  return 0;
}
