//===- mdh-capi-gpu-run-test.c - Test of mdhGpuCompile / mdhGpuModuleRun --===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Runs MatVec on a GPU through the C API (mdh-c/GPU.h) the way a C client
// does. Two modes, one CTest test each:
//
//  - `mock TRACE`: against the mock CUDA driver of test/unit/runtime (on
//    LD_LIBRARY_PATH), which records every driver call in TRACE but runs no
//    kernel: compiles, runs twice, and checks from the trace that each run
//    copies the three buffers up, launches, and copies only the output
//    back; then every error path of the run (name, count, null and
//    overlapping buffers, a failing launch) and of the compile (host
//    target, bad chip).
//  - `nodriver`: where no CUDA driver is installed, mdhGpuCompile fails
//    with a diagnostic that says so, for cuda and hip.
//
// Prints one `PASS: ...` or `FAIL: ...` line per check and exits non-zero
// if any failed.
//
//===----------------------------------------------------------------------===//

#include "CapiTestSupport.h"

#include "mdh-c/Dialects.h"
#include "mdh-c/GPU.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/// w[i] = sum_k M[i, k] * v[k] at 13x7.
static const char *const kMatvec =
    "func.func @matvec(%M: memref<13x7xf32>, %v: memref<7xf32>,\n"
    "                  %w: memref<13xf32>) {\n"
    "  mdh.compute \"matvec\" sizes(13, 7) combine(cc, pw(add))\n"
    "      ins(%M : memref<13x7xf32> [affine_map<(i, k) -> (i, k)>],\n"
    "          %v : memref<7xf32> [affine_map<(i, k) -> (k)>])\n"
    "      outs(%w : memref<13xf32> [affine_map<(i, k) -> (i)>]) {\n"
    "  ^bb0(%m: f32, %x: f32):\n"
    "    %p = arith.mulf %m, %x : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/// The number of lines of `text` that start with `prefix`.
static int countLines(const char *text, const char *prefix) {
  int count = 0;
  size_t length = strlen(prefix);
  for (const char *line = text; line && *line;) {
    if (strncmp(line, prefix, length) == 0)
      ++count;
    line = strchr(line, '\n');
    if (line)
      ++line;
  }
  return count;
}

static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = calloc((size_t)size + 1, 1);
  if (text && fread(text, 1, (size_t)size, file) != (size_t)size)
    text[0] = 0;
  fclose(file);
  return text;
}

static void testMock(MlirContext ctx, DiagnosticCapture *capture,
                     const char *tracePath) {
  MlirModule module = parse(ctx, kMatvec);
  check(!mlirModuleIsNull(module), "MatVec parses");

  captureReset(capture);
  MdhGpuModule gpu = mdhGpuCompile(module, str("cuda:sm_80"), str(""));
  check(!mdhGpuModuleIsNull(gpu) && capture->numErrors == 0,
        "mdhGpuCompile(cuda:sm_80) against the mock driver");
  if (mdhGpuModuleIsNull(gpu)) {
    printf("%s", bufferStr(&capture->messages));
    mlirModuleDestroy(module);
    return;
  }
  TextBuffer name = {0};
  mdhGpuModuleGetDeviceName(gpu, appendToBuffer, &name);
  check(contains(&name, "MDH mock CUDA device 0"),
        "mdhGpuModuleGetDeviceName names the mock device");
  free(name.data);

  float M[13 * 7], v[7], w[13];
  for (int i = 0; i < 13 * 7; ++i)
    M[i] = (float)(i % 5) - 2.0f;
  for (int i = 0; i < 7; ++i)
    v[i] = 0.5f * (float)i;
  for (int i = 0; i < 13; ++i)
    w[i] = 42.0f;
  void *buffers[] = {M, v, w};
  bool ran = true;
  for (int run = 0; run < 2; ++run)
    ran &= mlirLogicalResultIsSuccess(
        mdhGpuModuleRun(gpu, str("matvec"), buffers, 3));
  check(ran, "mdhGpuModuleRun twice");
  // The mock runs no kernel: what comes back is what went up.
  bool unchanged = true;
  for (int i = 0; i < 13; ++i)
    unchanged &= w[i] == 42.0f;
  check(unchanged, "the output came back from the device (the mock's copy)");

  char *trace = readFile(tracePath);
  check(trace != NULL, "the mock wrote a trace");
  if (trace) {
    check(countLines(trace, "cuModuleLoadDataEx") == 1,
          "the kernels are loaded once");
    check(countLines(trace, "cuLaunchKernel kernel=matvec") >= 2,
          "each run launches the kernels");
    check(countLines(trace, "cuMemcpyHtoD") == 6,
          "each run copies the three buffers up");
    check(countLines(trace, "cuMemcpyDtoH") == 2,
          "each run copies only the output back");
    free(trace);
  }

  // Errors of a run.
  captureReset(capture);
  check(mlirLogicalResultIsFailure(
            mdhGpuModuleRun(gpu, str("nope"), buffers, 3)) &&
            capturedError(capture, "no function named 'nope'; callable: "
                                   "matvec"),
        "an unknown function is refused with the callable ones");
  captureReset(capture);
  check(mlirLogicalResultIsFailure(
            mdhGpuModuleRun(gpu, str("matvec"), buffers, 2)) &&
            capturedError(capture, "takes 3 buffer(s), got 2"),
        "a wrong buffer count is refused");
  void *withNull[] = {M, NULL, w};
  captureReset(capture);
  check(mlirLogicalResultIsFailure(
            mdhGpuModuleRun(gpu, str("matvec"), withNull, 3)) &&
            capturedError(capture, "buffer #1 is null"),
        "a null buffer is refused");
  void *overlapping[] = {M, v, M};
  captureReset(capture);
  check(mlirLogicalResultIsFailure(
            mdhGpuModuleRun(gpu, str("matvec"), overlapping, 3)) &&
            capturedError(capture, "overlap"),
        "an output overlapping an input is refused");
  setenv("MDH_MOCK_FAIL", "cuLaunchKernel", 1);
  for (int i = 0; i < 13; ++i)
    w[i] = 7.0f;
  captureReset(capture);
  check(mlirLogicalResultIsFailure(
            mdhGpuModuleRun(gpu, str("matvec"), buffers, 3)) &&
            capturedError(capture, "function 'matvec': the kernel failed"),
        "a failing launch is a diagnostic with the driver's message");
  unsetenv("MDH_MOCK_FAIL");
  unchanged = true;
  for (int i = 0; i < 13; ++i)
    unchanged &= w[i] == 7.0f;
  check(unchanged, "a failed run leaves the caller's output as it was");
  mdhGpuModuleDestroy(gpu);

  // Errors of a compile.
  captureReset(capture);
  check(mdhGpuModuleIsNull(mdhGpuCompile(module, str("openmp"), str(""))) &&
            capturedError(capture, "'openmp' is not a GPU target"),
        "a host target is refused");
  captureReset(capture);
  check(mdhGpuModuleIsNull(mdhGpuCompile(module, str("cuda:sm_75"), str(""))) &&
            capturedError(capture, "sm_75"),
        "an unknown chip is refused");
  captureReset(capture);
  check(mdhGpuModuleIsNull(mdhGpuCompile(module, str("cuda"), str("{"))) &&
            capture->numErrors >= 1,
        "a malformed configuration is refused");
  mlirModuleDestroy(module);
}

static void testNoDriver(MlirContext ctx, DiagnosticCapture *capture) {
  void *driver = dlopen("libcuda.so.1", RTLD_LAZY);
  if (driver) {
    dlclose(driver);
    printf("SKIP: a CUDA driver is installed\n");
    return;
  }
  MlirModule module = parse(ctx, kMatvec);
  captureReset(capture);
  check(mdhGpuModuleIsNull(mdhGpuCompile(module, str("cuda"), str(""))) &&
            capturedError(capture, "no CUDA driver"),
        "without a CUDA driver mdhGpuCompile says so");
  captureReset(capture);
  MdhGpuModule hip = mdhGpuCompile(module, str("hip"), str(""));
  check(mdhGpuModuleIsNull(hip) && capturedError(capture, "no HIP"),
        "without a HIP driver or device mdhGpuCompile says so");
  mdhGpuModuleDestroy(hip);
  mlirModuleDestroy(module);
}

int main(int argc, char **argv) {
  if (argc < 2 || (strcmp(argv[1], "mock") == 0 && argc < 3)) {
    fprintf(stderr, "usage: %s mock TRACE | nodriver\n", argv[0]);
    return 2;
  }
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mdhRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  DiagnosticCapture capture = {0};
  MlirDiagnosticHandlerID handler = mlirContextAttachDiagnosticHandler(
      ctx, captureDiagnostic, &capture, /*deleteUserData=*/NULL);

  if (strcmp(argv[1], "mock") == 0) {
    remove(argv[2]);
    setenv("MDH_MOCK_TRACE", argv[2], 1);
    testMock(ctx, &capture, argv[2]);
  } else {
    testNoDriver(ctx, &capture);
  }

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
