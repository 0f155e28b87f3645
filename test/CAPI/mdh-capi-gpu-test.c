//===- mdh-capi-gpu-test.c - Test of the GPU C API of MDH-MLIR ------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Uses the GPU targets of libMDHCAPI.so (mdh-c/GPU.h) the way a C client
// does: lowers MatVec to GPU CL-IR and prints it as CUDA (on stdout) and
// HIP, lowers it to PTX for sm_90 and AMDGPU assembly for gfx90a, and
// checks that a bad chip, a bad format and CL-IR of the wrong target are
// refused with a diagnostic and leave the module unchanged. Prints one
// `PASS: ...` or `FAIL: ...` line per check and exits non-zero if any
// failed. No GPU is needed: nothing runs on one.
//
//===----------------------------------------------------------------------===//

#include "CapiTestSupport.h"

#include "mdh-c/Dialects.h"
#include "mdh-c/GPU.h"
#include "mdh-c/Passes.h"

/// w[i] = sum_k M[i, k] * v[k], as in examples/matvec.mlir.
static const char *const kMatvec =
    "func.func @matvec(%M: memref<4096x4096xf32>, %v: memref<4096xf32>,\n"
    "                  %w: memref<4096xf32>) {\n"
    "  mdh.compute \"matvec\" sizes(4096, 4096) combine(cc, pw(add))\n"
    "      ins(%M : memref<4096x4096xf32> [affine_map<(i, k) -> (i, k)>],\n"
    "          %v : memref<4096xf32> [affine_map<(i, k) -> (k)>])\n"
    "      outs(%w : memref<4096xf32> [affine_map<(i, k) -> (i)>]) {\n"
    "  ^bb0(%m: f32, %x: f32):\n"
    "    %p = arith.mulf %m, %x : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static bool moduleContains(MlirModule module, const char *needle) {
  TextBuffer printed = {0};
  mlirOperationPrint(mlirModuleGetOperation(module), appendToBuffer, &printed);
  bool found = contains(&printed, needle);
  free(printed.data);
  return found;
}

static void testSource(MlirContext ctx, DiagnosticCapture *capture) {
  MlirModule module = parse(ctx, kMatvec);
  check(!mlirModuleIsNull(module), "MatVec parses");
  check(
      mlirLogicalResultIsSuccess(mdhLowerToCLIR(module, str("cuda"), str(""))),
      "mdhLowerToCLIR(cuda)");
  TextBuffer cuda = {0};
  captureReset(capture);
  bool ok =
      mlirLogicalResultIsSuccess(mdhEmitCUDA(module, appendToBuffer, &cuda));
  check(ok && capture->numErrors == 0, "mdhEmitCUDA");
  check(contains(&cuda, "__global__ void") && contains(&cuda, "matvec_main(") &&
            contains(&cuda, "__restrict__") &&
            contains(&cuda, "extern \"C\" cudaError_t matvec("),
        "CUDA has the kernel and the launch function");
  printf("---- CUDA of MatVec (mdhEmitCUDA) ----\n%s---- end ----\n",
         bufferStr(&cuda));
  free(cuda.data);
  mlirModuleDestroy(module);

  module = parse(ctx, kMatvec);
  check(mlirLogicalResultIsSuccess(mdhLowerToCLIR(module, str("hip"), str(""))),
        "mdhLowerToCLIR(hip)");
  TextBuffer hip = {0};
  ok = mlirLogicalResultIsSuccess(mdhEmitHIP(module, appendToBuffer, &hip));
  check(ok && contains(&hip, "hip/hip_runtime.h") &&
            contains(&hip, "extern \"C\" hipError_t matvec("),
        "mdhEmitHIP");
  free(hip.data);
  mlirModuleDestroy(module);

  // HL-IR is no CL-IR: the emitter names what it cannot print.
  module = parse(ctx, kMatvec);
  TextBuffer wrong = {0};
  captureReset(capture);
  ok = mlirLogicalResultIsSuccess(mdhEmitCUDA(module, appendToBuffer, &wrong));
  check(!ok && capturedError(capture, "mdh.compute"),
        "mdhEmitCUDA refuses HL-IR with a diagnostic");
  free(wrong.data);
  mlirModuleDestroy(module);
}

static void testPipelines(MlirContext ctx, DiagnosticCapture *capture) {
  MlirModule module = parse(ctx, kMatvec);
  captureReset(capture);
  bool ok =
      mlirLogicalResultIsSuccess(mdhLowerToPTX(module, str("sm_90"), str("")));
  check(ok && capture->numErrors == 0, "mdhLowerToPTX(sm_90)");
  check(moduleContains(module, "gpu.binary @matvec_main") &&
            moduleContains(module, "llvm.func @matvec("),
        "the module holds the kernels and the host function");
  TextBuffer ptx = {0};
  ok = mlirLogicalResultIsSuccess(mdhEmitPTX(module, appendToBuffer, &ptx));
  check(ok && contains(&ptx, ".target sm_90") &&
            contains(&ptx, ".visible .entry matvec_main("),
        "mdhEmitPTX");
  free(ptx.data);
  mlirModuleDestroy(module);

  module = parse(ctx, kMatvec);
  captureReset(capture);
  ok = mlirLogicalResultIsSuccess(
      mdhLowerToAMDGPU(module, str("gfx90a"), str("isa"), str("")));
  check(ok && moduleContains(module, "#rocdl.target<") &&
            moduleContains(module, "chip = \"gfx90a\""),
        "mdhLowerToAMDGPU(gfx90a, isa)");
  mlirModuleDestroy(module);
}

static void testErrors(MlirContext ctx, DiagnosticCapture *capture) {
  MlirModule module = parse(ctx, kMatvec);
  captureReset(capture);
  bool ok = mlirLogicalResultIsSuccess(
      mdhLowerToPTX(module, str("sm_1000"), str("")));
  check(!ok && capturedError(capture, "sm_1000"),
        "mdhLowerToPTX refuses an unknown chip with a diagnostic");
  check(moduleContains(module, "mdh.compute"),
        "a failed lowering leaves the module unchanged");

  captureReset(capture);
  ok = mlirLogicalResultIsSuccess(
      mdhLowerToAMDGPU(module, str("gfx90a"), str("elf"), str("")));
  check(!ok && capturedError(capture, "format 'elf'"),
        "mdhLowerToAMDGPU refuses an unknown format");

  captureReset(capture);
  ok = mlirLogicalResultIsSuccess(
      mdhLowerToPTX(module, str("sm_90"), str("/does/not/exist.json")));
  check(!ok && capturedError(capture, "exist.json"),
        "mdhLowerToPTX reports a missing configuration file");

  TextBuffer ptx = {0};
  captureReset(capture);
  ok = mlirLogicalResultIsSuccess(mdhEmitPTX(module, appendToBuffer, &ptx));
  check(!ok && capturedError(capture, "no PTX"),
        "mdhEmitPTX refuses a module without PTX");
  free(ptx.data);
  mlirModuleDestroy(module);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mdhRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);

  DiagnosticCapture capture = {0};
  MlirDiagnosticHandlerID handler = mlirContextAttachDiagnosticHandler(
      ctx, captureDiagnostic, &capture, /*deleteUserData=*/NULL);

  testSource(ctx, &capture);
  testPipelines(ctx, &capture);
  testErrors(ctx, &capture);

  mlirContextDetachDiagnosticHandler(ctx, handler);
  mlirContextDestroy(ctx);
  free(capture.messages.data);

  if (numFailures) {
    printf("FAIL: %d check(s) failed\n", numFailures);
    return 1;
  }
  printf("PASS: all checks passed\n");
  return 0;
}
