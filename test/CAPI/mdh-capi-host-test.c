//===- mdh-capi-host-test.c - Test of the host C API of MDH-MLIR ----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Uses the host target of libMDHCAPI.so (mdh-c/Host.h, `mdhLowerToCLIR` of
// mdh-c/Passes.h) the way a C client does: compiles a 37x29x23 MatMul (prime
// sizes: partial tiles everywhere) for the host with the heuristic's
// configuration on the runtime's default, 1 and 3 threads and with sampled
// configurations, runs it on its own malloc'ed arrays and checks every
// element against a naive triple loop (tolerance of docs/semantics.md);
// lowers a copy to CL-IR and emits C; and checks that bad targets,
// configurations, function names and buffers are refused with a diagnostic.
// Prints one `PASS: ...` or `FAIL: ...` line per check and exits with a
// non-zero status if any check failed.
//
//===----------------------------------------------------------------------===//

// For RTLD_DEFAULT.
#define _GNU_SOURCE

#include "CapiTestSupport.h"

#include "mdh-c/Dialects.h"
#include "mdh-c/Host.h"
#include "mdh-c/Passes.h"
#include "mdh-c/Tuning.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <dlfcn.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

enum { M = 37, N = 29, K = 23 };

/// C[i, j] = sum_k A[i, k] * B[k, j] with A: MxK, B: KxN, C: MxN.
static const char *const kMatmul =
    "func.func @matmul(%A: memref<37x23xf32>, %B: memref<23x29xf32>,\n"
    "                  %C: memref<37x29xf32>) {\n"
    "  mdh.compute \"matmul\" sizes(37, 29, 23) combine(cc, cc, pw(add))\n"
    "      ins(%A : memref<37x23xf32> [affine_map<(i, j, k) -> (i, k)>],\n"
    "          %B : memref<23x29xf32> [affine_map<(i, j, k) -> (k, j)>])\n"
    "      outs(%C : memref<37x29xf32> [affine_map<(i, j, k) -> (i, j)>]) {\n"
    "  ^bb0(%a: f32, %b: f32):\n"
    "    %p = arith.mulf %a, %b : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

/// kMatmul with a function that mdhHostModuleRun cannot call (and the C
/// target cannot translate): a dynamically shaped argument.
static const char *const kDynamic = "func.func @dynamic(%x: memref<?xf32>) {\n"
                                    "  return\n"
                                    "}\n";

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Prints what was captured, indented, for the test log.
static void captureDump(const DiagnosticCapture *capture) {
  printf("  diagnostics: %s", bufferStr(&capture->messages));
  if (!capture->messages.size)
    printf("(none)\n");
}

static bool moduleContains(MlirModule module, const char *needle) {
  TextBuffer printed = {0};
  mlirOperationPrint(mlirModuleGetOperation(module), appendToBuffer, &printed);
  bool result = contains(&printed, needle);
  free(printed.data);
  return result;
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/// The `mdh.compute` of `@matmul`, the first function of `module`.
static MlirOperation getCompute(MlirModule module) {
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  return mlirBlockGetFirstOperation(body);
}

/// The operands of @matmul: A (MxK), B (KxN) with deterministic values in
/// [-1, 1], and C (MxN).
typedef struct {
  float *a, *b, *c;
} Arrays;

static Arrays arraysCreate(void) {
  Arrays arrays = {malloc(sizeof(float) * M * K), malloc(sizeof(float) * K * N),
                   malloc(sizeof(float) * M * N)};
  if (!arrays.a || !arrays.b || !arrays.c) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  uint32_t state = 12345u;
  for (int i = 0; i < M * K; ++i) {
    state = state * 1664525u + 1013904223u;
    arrays.a[i] = (float)((double)(state >> 8) / (1 << 24) * 2.0 - 1.0);
  }
  for (int i = 0; i < K * N; ++i) {
    state = state * 1664525u + 1013904223u;
    arrays.b[i] = (float)((double)(state >> 8) / (1 << 24) * 2.0 - 1.0);
  }
  return arrays;
}

static void arraysDestroy(Arrays *arrays) {
  free(arrays->a);
  free(arrays->b);
  free(arrays->c);
}

/// Fills C with NaN, so that an element the kernel does not write fails.
static void poisonOutput(float *c) {
  for (int i = 0; i < M * N; ++i)
    c[i] = NAN;
}

/// Checks every element of `c` against a naive triple loop over `a` and `b`
/// in double, within the f32 tolerance of docs/semantics.md:
/// |r - ref| <= (K + 8) * 2^-24 * sum_k |a[i, k] * b[k, j]|.
static bool matchesReference(const float *a, const float *b, const float *c) {
  int bad = 0;
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      double ref = 0.0, mag = 0.0;
      for (int k = 0; k < K; ++k) {
        ref += (double)a[i * K + k] * (double)b[k * N + j];
        mag += fabs((double)a[i * K + k] * (double)b[k * N + j]);
      }
      double tolerance = (K + 8) * ldexp(1.0, -24) * mag;
      double r = c[i * N + j];
      if (!(fabs(r - ref) <= tolerance)) {
        if (bad < 5)
          printf("  C[%d][%d] = %.9g, expected %.9g (tolerance %.3g)\n", i, j,
                 r, ref, tolerance);
        ++bad;
      }
    }
  }
  if (bad)
    printf("  %d of %d elements wrong\n", bad, M * N);
  return bad == 0;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

/// Compiles @matmul with `config` on `numThreads` threads, runs it twice on
/// fresh arrays and checks the results.
static void testCompileAndRun(MlirContext ctx, DiagnosticCapture *capture,
                              const char *config, int numThreads,
                              const char *label) {
  char what[256];
  printf("-- matmul %dx%dx%d, %s, %d thread(s)\n", M, N, K, label, numThreads);
  captureReset(capture);
  MlirModule module = parse(ctx, kMatmul);
  if (!check(!mlirModuleIsNull(module), "matmul parses"))
    return;
  MdhHostModule host =
      mdhHostCompile(module, str("openmp"), str(config), numThreads);
  snprintf(what, sizeof(what), "mdhHostCompile (%s, %d thread(s)) succeeds",
           label, numThreads);
  if (!check(!mdhHostModuleIsNull(host) && capture->numErrors == 0, what)) {
    captureDump(capture);
    mlirModuleDestroy(module);
    return;
  }
  check(moduleContains(module, "mdh.compute") &&
            !moduleContains(module, "llvm.emit_c_interface"),
        "mdhHostCompile leaves the HL-IR module unchanged");
  // The compiled code does not refer to the module.
  mlirModuleDestroy(module);

  // mdhHostCompile loaded the OpenMP runtime into the process; a run sets
  // its thread count for the call only.
  void (*setNumThreads)(int) =
      (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
  int (*getMaxThreads)(void) =
      (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_max_threads");
  if (check(setNumThreads && getMaxThreads,
            "the OpenMP runtime is loaded into the process"))
    setNumThreads(2);

  Arrays arrays = arraysCreate();
  for (int run = 0; run < 2; ++run) {
    poisonOutput(arrays.c);
    void *buffers[] = {arrays.a, arrays.b, arrays.c};
    MlirLogicalResult result =
        mdhHostModuleRun(host, str("matmul"), buffers, 3);
    snprintf(what, sizeof(what), "run %d: mdhHostModuleRun succeeds", run + 1);
    if (!check(mlirLogicalResultIsSuccess(result) && capture->numErrors == 0,
               what)) {
      captureDump(capture);
      break;
    }
    snprintf(what, sizeof(what),
             "run %d: all %d elements of C match the naive loops", run + 1,
             M * N);
    check(matchesReference(arrays.a, arrays.b, arrays.c), what);
  }
  if (getMaxThreads) {
    snprintf(what, sizeof(what),
             "the caller's OpenMP thread count (2) is kept, got %d",
             getMaxThreads());
    check(getMaxThreads() == 2, what);
  }

  // Inputs may share memory: B as the first K*N elements of A.
  poisonOutput(arrays.c);
  void *shared[] = {arrays.a, arrays.a, arrays.c};
  MlirLogicalResult result = mdhHostModuleRun(host, str("matmul"), shared, 3);
  check(mlirLogicalResultIsSuccess(result) &&
            matchesReference(arrays.a, arrays.a, arrays.c),
        "inputs sharing memory are accepted and computed correctly");

  arraysDestroy(&arrays);
  mdhHostModuleDestroy(host);
}

/// Compiles and runs @matmul with configurations drawn from its search
/// space, passed as JSON text.
static void testSampledConfigs(MlirContext ctx, DiagnosticCapture *capture) {
  captureReset(capture);
  MlirModule module = parse(ctx, kMatmul);
  MlirAttribute target = mlirAttributeParseGet(ctx, str("#mdh_ll.openmp"));
  if (!check(!mlirModuleIsNull(module) && !mlirAttributeIsNull(target),
             "matmul and #mdh_ll.openmp parse")) {
    captureDump(capture);
    return;
  }
  MdhSearchSpace space = mdhSearchSpaceCreate(getCompute(module), target);
  if (!check(!mdhSearchSpaceIsNull(space), "search space of matmul")) {
    captureDump(capture);
    mlirModuleDestroy(module);
    return;
  }
  TextBuffer config = {0};
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    bufferClear(&config);
    if (!check(mlirLogicalResultIsSuccess(mdhSearchSpaceSampleConfig(
                   space, seed, appendToBuffer, &config)),
               "sample a configuration"))
      continue;
    char label[64];
    snprintf(label, sizeof(label), "sampled configuration (seed %llu)",
             (unsigned long long)seed);
    testCompileAndRun(ctx, capture, bufferStr(&config), 3, label);
  }
  free(config.data);
  mdhSearchSpaceDestroy(space);
  mlirModuleDestroy(module);
}

/// Lowers @matmul to CL-IR and emits it as C.
static void testLowerAndEmitC(MlirContext ctx, DiagnosticCapture *capture) {
  printf("-- mdhLowerToCLIR and mdhEmitC\n");
  captureReset(capture);
  MlirModule module = parse(ctx, kMatmul);
  if (!check(!mlirModuleIsNull(module), "matmul parses"))
    return;

  // HL-IR has no C form.
  TextBuffer c = {0};
  MlirLogicalResult result = mdhEmitC(module, appendToBuffer, &c);
  check(mlirLogicalResultIsFailure(result) && capture->numErrors >= 1 &&
            c.size == 0,
        "mdhEmitC refuses HL-IR with a diagnostic and prints nothing");
  captureDump(capture);

  // An unknown target fails and leaves the module as it was.
  captureReset(capture);
  result = mdhLowerToCLIR(module, str("nosuch"), str(""));
  check(mlirLogicalResultIsFailure(result) &&
            capturedError(capture, "unknown target 'nosuch'"),
        "mdhLowerToCLIR: unknown target reported");
  captureDump(capture);
  check(moduleContains(module, "mdh.compute"),
        "mdhLowerToCLIR: the module is unchanged after a failure");

  captureReset(capture);
  result = mdhLowerToCLIR(module, str("openmp"), str(""));
  if (!check(mlirLogicalResultIsSuccess(result) && capture->numErrors == 0,
             "mdhLowerToCLIR (openmp, heuristic) succeeds")) {
    captureDump(capture);
    mlirModuleDestroy(module);
    return;
  }
  check(!moduleContains(module, "mdh.compute") &&
            moduleContains(module, "mdh_cl.par_for"),
        "the module is CL-IR (mdh_cl.par_for, no mdh.compute)");
  check(mlirOperationVerify(mlirModuleGetOperation(module)),
        "the CL-IR module verifies");

  bufferClear(&c);
  result = mdhEmitC(module, appendToBuffer, &c);
  if (!check(mlirLogicalResultIsSuccess(result) && capture->numErrors == 0,
             "mdhEmitC succeeds on CL-IR"))
    captureDump(capture);
  check(contains(&c, "void matmul(") && contains(&c, "#pragma omp"),
        "the C source defines matmul with '#pragma omp'");
  if (numFailures)
    printf("%s", bufferStr(&c));
  free(c.data);
  mlirModuleDestroy(module);
}

static void testErrors(MlirContext ctx, DiagnosticCapture *capture) {
  printf("-- errors\n");
  char source[4096];
  snprintf(source, sizeof(source), "%s%s", kMatmul, kDynamic);
  MlirModule module = parse(ctx, source);
  if (!check(!mlirModuleIsNull(module), "matmul parses"))
    return;

  struct {
    const char *target, *config;
    int numThreads;
    const char *expected, *what;
  } badCompiles[] = {
      {"nosuch", "", 1, "unknown target 'nosuch'",
       "mdhHostCompile: unknown target"},
      {"cuda", "", 1, "is not a host target",
       "mdhHostCompile: GPU target refused"},
      {"openmp", "", -1, "thread count",
       "mdhHostCompile: negative thread count"},
      // libomp would abort the process creating this many threads.
      {"openmp", "", 100000, "between 1 and 4096",
       "mdhHostCompile: thread count over the limit"},
      {"openmp", "/nonexistent/matmul.json", 1,
       "cannot read configuration file '/nonexistent/matmul.json'",
       "mdhHostCompile: missing configuration file"},
      {"openmp", "{\"format\": \"mdh-config-v1\"", 1, "",
       "mdhHostCompile: malformed JSON configuration"},
  };
  for (size_t i = 0; i < sizeof(badCompiles) / sizeof(badCompiles[0]); ++i) {
    captureReset(capture);
    MdhHostModule host =
        mdhHostCompile(module, str(badCompiles[i].target),
                       str(badCompiles[i].config), badCompiles[i].numThreads);
    check(mdhHostModuleIsNull(host) &&
              capturedError(capture, badCompiles[i].expected),
          badCompiles[i].what);
    captureDump(capture);
    mdhHostModuleDestroy(host);
  }

  captureReset(capture);
  MdhHostModule host = mdhHostCompile(module, str(""), str(""), 1);
  mlirModuleDestroy(module);
  if (!check(!mdhHostModuleIsNull(host) && capture->numErrors == 0,
             "mdhHostCompile with an empty target (openmp) succeeds")) {
    captureDump(capture);
    return;
  }

  Arrays arrays = arraysCreate();
  void *buffers[] = {arrays.a, arrays.b, arrays.c};

  captureReset(capture);
  MlirLogicalResult result = mdhHostModuleRun(host, str("matmull"), buffers, 3);
  check(mlirLogicalResultIsFailure(result) &&
            capturedError(capture, "no function named 'matmull'") &&
            contains(&capture->messages, "callable: matmul"),
        "mdhHostModuleRun: unknown function reported");
  captureDump(capture);

  captureReset(capture);
  result = mdhHostModuleRun(host, str("dynamic"), buffers, 1);
  check(mlirLogicalResultIsFailure(result) &&
            capturedError(capture, "'dynamic' cannot be called") &&
            contains(&capture->messages, "memref<?xf32>"),
        "mdhHostModuleRun: dynamically shaped argument reported");
  captureDump(capture);

  captureReset(capture);
  result = mdhHostModuleRun(host, str("matmul"), buffers, 2);
  check(mlirLogicalResultIsFailure(result) &&
            capturedError(capture, "takes 3 buffer(s), got 2"),
        "mdhHostModuleRun: wrong buffer count reported");
  captureDump(capture);

  captureReset(capture);
  void *withNull[] = {arrays.a, NULL, arrays.c};
  result = mdhHostModuleRun(host, str("matmul"), withNull, 3);
  check(mlirLogicalResultIsFailure(result) &&
            capturedError(capture, "buffer #1 is null"),
        "mdhHostModuleRun: null buffer reported");
  captureDump(capture);

  // C (written) overlapping A (inside C's array, which is larger): refused
  // before anything runs.
  captureReset(capture);
  for (int i = 0; i < M * N; ++i)
    arrays.c[i] = 0.0f;
  void *overlapping[] = {arrays.c + 5, arrays.b, arrays.c};
  result = mdhHostModuleRun(host, str("matmul"), overlapping, 3);
  bool untouched = true;
  for (int i = 0; i < M * N; ++i)
    untouched &= arrays.c[i] == 0.0f;
  check(mlirLogicalResultIsFailure(result) &&
            capturedError(capture, "buffers #0 and #2 overlap") && untouched,
        "mdhHostModuleRun: output overlapping an input refused, nothing "
        "written");
  captureDump(capture);

  // The handle still works after the failures.
  captureReset(capture);
  poisonOutput(arrays.c);
  result = mdhHostModuleRun(host, str("matmul"), buffers, 3);
  check(mlirLogicalResultIsSuccess(result) && capture->numErrors == 0 &&
            matchesReference(arrays.a, arrays.b, arrays.c),
        "mdhHostModuleRun succeeds after the failed calls");

  arraysDestroy(&arrays);
  mdhHostModuleDestroy(host);
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

  testCompileAndRun(ctx, &capture, "", 0, "heuristic");
  testCompileAndRun(ctx, &capture, "", 1, "heuristic");
  testCompileAndRun(ctx, &capture, "", 3, "heuristic");
  testSampledConfigs(ctx, &capture);
  testLowerAndEmitC(ctx, &capture);
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
