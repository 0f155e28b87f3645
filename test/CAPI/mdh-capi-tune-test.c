//===- mdh-capi-tune-test.c - Test of the tuning C API of MDH-MLIR --------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Tunes a 64x48 MatVec for the host through libMDHCAPI.so (mdh-c/Tune.h)
// the way a C client does, with tiny budgets: a few evaluations, one second;
// checks the progress callback, the CSV log and the summary, compiles and
// runs the best configuration (mdh-c/Host.h) against a naive loop; stops
// searches through the callback's return value, the cancel flag set between
// evaluations and the flag set by another thread while a search runs; and
// checks that GPU targets, bad targets, techniques, budgets, thread counts
// and functions are refused with a diagnostic. Prints one `PASS: ...` or
// `FAIL: ...` line per check and exits with a non-zero status if any check
// failed.
//
//===----------------------------------------------------------------------===//

#include "CapiTestSupport.h"

#include "mdh-c/Dialects.h"
#include "mdh-c/Host.h"
#include "mdh-c/Tune.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

enum { M = 64, K = 48 };

/// w[i] = sum_k A[i, k] * v[k], and functions that cannot be tuned.
static const char *const kModule =
    "func.func @nothing(%x: memref<4xf32>) {\n"
    "  return\n"
    "}\n"
    "func.func @matvec(%A: memref<64x48xf32>, %v: memref<48xf32>,\n"
    "                  %w: memref<64xf32>) {\n"
    "  mdh.compute \"matvec\" sizes(64, 48) combine(cc, pw(add))\n"
    "      ins(%A : memref<64x48xf32> [affine_map<(i, k) -> (i, k)>],\n"
    "          %v : memref<48xf32> [affine_map<(i, k) -> (k)>])\n"
    "      outs(%w : memref<64xf32> [affine_map<(i, k) -> (i)>]) {\n"
    "  ^bb0(%a: f32, %b: f32):\n"
    "    %p = arith.mulf %a, %b : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

static const char *const kNoKernel = "func.func @f(%x: memref<4xf32>) {\n"
                                     "  return\n"
                                     "}\n";

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static void captureDump(const DiagnosticCapture *capture) {
  printf("  diagnostics: %s", bufferStr(&capture->messages));
  if (!capture->messages.size)
    printf("(none)\n");
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/// What the progress callback saw.
typedef struct {
  int calls;
  /// Evaluations increased by one per call, elapsed never decreased, the
  /// best time never increased, the budget stayed the same.
  bool consistent;
  MdhTuneProgress last;
  /// Stop (return false) after this many calls (0: never).
  int stopAfter;
  /// Set this flag after this many calls (0: never).
  int cancelAfter;
  volatile int *flag;
} ProgressRecord;

static bool onProgress(const MdhTuneProgress *progress, void *userData) {
  ProgressRecord *record = (ProgressRecord *)userData;
  if (record->calls > 0) {
    const MdhTuneProgress *last = &record->last;
    if (progress->evaluations != last->evaluations + 1 ||
        progress->elapsedSeconds < last->elapsedSeconds ||
        progress->bestSeconds > last->bestSeconds ||
        progress->budgetSeconds != last->budgetSeconds ||
        progress->maxEvaluations != last->maxEvaluations)
      record->consistent = false;
  } else if (progress->evaluations != 1) {
    record->consistent = false;
  }
  if (progress->cancelled || progress->failures > progress->evaluations)
    record->consistent = false;
  record->last = *progress;
  ++record->calls;
  if (record->cancelAfter && record->calls == record->cancelAfter)
    *record->flag = 1;
  return !(record->stopAfter && record->calls >= record->stopAfter);
}

static int countLines(const TextBuffer *buffer) {
  int lines = 0;
  for (const char *c = bufferStr(buffer); *c; ++c)
    lines += *c == '\n';
  return lines;
}

/// Options for a small search: `technique`, one thread, one round of
/// re-measurement.
static MdhTuneOptions smallOptions(const char *technique) {
  MdhTuneOptions options = mdhTuneOptionsCreate();
  mdhTuneOptionsSetTechnique(options,
                             mlirStringRefCreateFromCString(technique));
  mdhTuneOptionsSetNumThreads(options, 1);
  mdhTuneOptionsSetRemeasureRounds(options, 1);
  mdhTuneOptionsSetSeed(options, 7);
  return options;
}

static MlirLogicalResult tune(MlirModule module, const char *func,
                              const char *target, MdhTuneOptions options,
                              TextBuffer *config, MdhTuneProgress *summary) {
  return mdhTune(module, mlirStringRefCreateFromCString(func),
                 mlirStringRefCreateFromCString(target), options,
                 appendToBuffer, config, summary);
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

/// Compiles `config` for the host and checks MatVec against a naive loop.
static bool runsCorrectly(MlirModule module, const char *config) {
  MdhHostModule host =
      mdhHostCompile(module, mlirStringRefCreateFromCString("openmp"),
                     mlirStringRefCreateFromCString(config), 1);
  if (mdhHostModuleIsNull(host))
    return false;
  float *a = malloc(sizeof(float) * M * K), *v = malloc(sizeof(float) * K),
        *w = malloc(sizeof(float) * M);
  for (int i = 0; i < M * K; ++i)
    a[i] = (float)((i * 7) % 13) - 6.0f;
  for (int k = 0; k < K; ++k)
    v[k] = (float)(k % 5) - 2.0f;
  void *buffers[] = {a, v, w};
  bool ok = mlirLogicalResultIsSuccess(mdhHostModuleRun(
      host, mlirStringRefCreateFromCString("matvec"), buffers, 3));
  for (int i = 0; ok && i < M; ++i) {
    double expected = 0;
    for (int k = 0; k < K; ++k)
      expected += (double)a[i * K + k] * v[k];
    ok = fabs(w[i] - expected) <= 1e-4 * (1 + fabs(expected));
  }
  free(a);
  free(v);
  free(w);
  mdhHostModuleDestroy(host);
  return ok;
}

static void testMaxEvaluations(MlirModule module, DiagnosticCapture *capture) {
  MdhTuneOptions options = smallOptions("random");
  mdhTuneOptionsSetMaxEvaluations(options, 4);
  ProgressRecord record = {0, true, {0}, 0, 0, NULL};
  mdhTuneOptionsSetProgressCallback(options, onProgress, &record);
  TextBuffer log = {0};
  mdhTuneOptionsSetLogCallback(options, appendToBuffer, &log);
  TextBuffer config = {0};
  MdhTuneProgress summary;
  memset(&summary, 0xff, sizeof(summary));
  captureReset(capture);
  bool ok = mlirLogicalResultIsSuccess(
      tune(module, "matvec", "openmp", options, &config, &summary));
  if (!check(ok, "mdhTune: 4 evaluations of random search succeed"))
    captureDump(capture);
  check(capture->numErrors == 0, "mdhTune: no diagnostics on success");
  check(record.calls == 4 && record.consistent,
        "progress: called once per evaluation, with consistent counts");
  check(record.last.maxEvaluations == 4 && record.last.budgetSeconds == 0,
        "progress: the budget is 4 evaluations, no time limit");
  check(isfinite(record.last.bestSeconds) && record.last.bestSeconds > 0 &&
            isfinite(record.last.defaultSeconds),
        "progress: best and default times are measured");
  check(summary.evaluations == 4 && !summary.cancelled &&
            summary.bestSeconds == record.last.bestSeconds,
        "summary: 4 evaluations, not cancelled, the last best time");
  check(strncmp(bufferStr(&log),
                "evaluation,elapsed_s,technique,status,time_ms,best_ms",
                51) == 0,
        "log: the CSV header of mdh-tune --log");
  check(countLines(&log) == 5 && contains(&log, "\n1,") &&
            contains(&log, "\n4,") && contains(&log, ",default,ok,"),
        "log: one row per evaluation, the default configuration first");
  check(contains(&config, "\"format\": \"mdh-config-v1\"") &&
            contains(&config, "\"tuning\": {") &&
            contains(&config, "\"technique\": \"random\"") &&
            contains(&config, "\"evaluations\": 4") &&
            contains(&config, "\"threads\": 1"),
        "config: mdh-tune's JSON with its \"tuning\" object");
  check(runsCorrectly(module, bufferStr(&config)),
        "config: mdhHostCompile runs the tuned MatVec correctly");
  free(log.data);
  free(config.data);
  mdhTuneOptionsDestroy(options);
}

static void testTimeBudget(MlirModule module, DiagnosticCapture *capture) {
  MdhTuneOptions options = smallOptions("pattern");
  mdhTuneOptionsSetNumThreads(options, 2);
  mdhTuneOptionsSetBudgetSeconds(options, 1.0);
  TextBuffer config = {0};
  MdhTuneProgress summary;
  captureReset(capture);
  double start = now();
  bool ok = mlirLogicalResultIsSuccess(
      tune(module, "", "openmp:host", options, &config, &summary));
  double took = now() - start;
  if (!check(ok, "mdhTune: a 1 s budget of pattern search on openmp:host "
                 "(the first kernel) succeeds"))
    captureDump(capture);
  check(summary.budgetSeconds == 1.0 && summary.maxEvaluations == 0 &&
            summary.evaluations >= 1 && !summary.cancelled,
        "summary: 1 s budget, at least one evaluation");
  printf("  (took %.2f s, %llu evaluations)\n", took,
         (unsigned long long)summary.evaluations);
  check(took < 30, "mdhTune: a 1 s budget ends in well under 30 s");
  check(contains(&config, "\"technique\": \"pattern\"") &&
            contains(&config, "\"threads\": 2"),
        "config: tuned with pattern search for 2 threads");
  free(config.data);
  mdhTuneOptionsDestroy(options);
}

static void testStopByCallback(MlirModule module, DiagnosticCapture *capture) {
  MdhTuneOptions options = smallOptions("annealing");
  mdhTuneOptionsSetMaxEvaluations(options, 50);
  ProgressRecord record = {0, true, {0}, 2, 0, NULL};
  mdhTuneOptionsSetProgressCallback(options, onProgress, &record);
  TextBuffer config = {0};
  MdhTuneProgress summary;
  captureReset(capture);
  bool ok = mlirLogicalResultIsSuccess(
      tune(module, "matvec", "openmp", options, &config, &summary));
  if (!check(ok, "callback returning false: the best so far"))
    captureDump(capture);
  check(record.calls == 2 && summary.evaluations == 2 && summary.cancelled,
        "callback returning false: stopped after 2 of 50, cancelled");
  check(contains(&config, "\"evaluations\": 2"),
        "callback returning false: the configuration of 2 evaluations");
  free(config.data);
  mdhTuneOptionsDestroy(options);
}

static void testCancelFlag(MlirModule module, DiagnosticCapture *capture) {
  volatile int cancel = 0;
  MdhTuneOptions options = smallOptions("bandit");
  mdhTuneOptionsSetMaxEvaluations(options, 50);
  mdhTuneOptionsSetCancelFlag(options, &cancel);
  ProgressRecord record = {0, true, {0}, 0, 3, &cancel};
  mdhTuneOptionsSetProgressCallback(options, onProgress, &record);
  TextBuffer config = {0};
  MdhTuneProgress summary;
  captureReset(capture);
  bool ok = mlirLogicalResultIsSuccess(
      tune(module, "matvec", "openmp", options, &config, &summary));
  if (!check(ok, "cancel flag set after 3 evaluations: the best so far"))
    captureDump(capture);
  check(summary.evaluations == 3 && summary.cancelled,
        "cancel flag: stopped after 3 of 50, cancelled");

  // Set before the search: nothing ran correctly, so nothing to return.
  bufferClear(&config);
  mdhTuneOptionsSetProgressCallback(options, NULL, NULL);
  captureReset(capture);
  ok = mlirLogicalResultIsSuccess(
      tune(module, "matvec", "openmp", options, &config, NULL));
  check(!ok && config.size == 0 &&
            capturedError(capture, "interrupted before any candidate ran "
                                   "correctly"),
        "cancel flag set before the search: fails with a diagnostic");
  free(config.data);
  mdhTuneOptionsDestroy(options);
}

typedef struct {
  volatile int *flag;
  double delay;
} Canceller;

static void *cancelLater(void *userData) {
  Canceller *canceller = (Canceller *)userData;
  usleep((useconds_t)(canceller->delay * 1e6));
  *canceller->flag = 1;
  return NULL;
}

static void testCancelFromThread(MlirModule module,
                                 DiagnosticCapture *capture) {
  volatile int cancel = 0;
  MdhTuneOptions options = smallOptions("random");
  mdhTuneOptionsSetBudgetSeconds(options, 60);
  mdhTuneOptionsSetCancelFlag(options, &cancel);
  Canceller canceller = {&cancel, 1.0};
  pthread_t thread;
  pthread_create(&thread, NULL, cancelLater, &canceller);
  TextBuffer config = {0};
  MdhTuneProgress summary;
  captureReset(capture);
  double start = now();
  bool ok = mlirLogicalResultIsSuccess(
      tune(module, "matvec", "openmp", options, &config, &summary));
  double took = now() - start;
  pthread_join(thread, NULL);
  if (!check(ok, "cancel flag set by another thread after 1 s of a 60 s "
                 "budget: the best so far"))
    captureDump(capture);
  printf("  (took %.2f s, %llu evaluations)\n", took,
         (unsigned long long)summary.evaluations);
  check(summary.cancelled && took < 20,
        "cancel flag from another thread: cancelled long before 60 s");
  free(config.data);
  mdhTuneOptionsDestroy(options);
}

/// Expects `mdhTune` to fail with an error mentioning `needle` and to pass
/// nothing to its callback.
static void expectError(MlirModule module, const char *func, const char *target,
                        MdhTuneOptions options, DiagnosticCapture *capture,
                        const char *needle, const char *what) {
  TextBuffer config = {0};
  captureReset(capture);
  bool ok = mlirLogicalResultIsSuccess(
      tune(module, func, target, options, &config, NULL));
  if (!check(!ok && config.size == 0 && capturedError(capture, needle), what))
    captureDump(capture);
  free(config.data);
}

static void testErrors(MlirContext ctx, MlirModule module,
                       DiagnosticCapture *capture) {
  MdhTuneOptions options = smallOptions("random");
  mdhTuneOptionsSetMaxEvaluations(options, 2);
  expectError(module, "matvec", "cuda", options, capture,
              "target 'cuda' cannot be tuned: this build measures candidates "
              "on the host only",
              "error: the cuda target is refused");
  expectError(module, "matvec", "hip:gfx90a", (MdhTuneOptions){NULL}, capture,
              "target 'hip:gfx90a' cannot be tuned",
              "error: the hip target is refused (default options)");
  expectError(module, "matvec", "fpga", options, capture,
              "mdhTune: unknown target 'fpga'",
              "error: an unknown target spec");
  expectError(module, "nope", "openmp", options, capture,
              "no function named 'nope'", "error: an unknown function");
  expectError(module, "nothing", "openmp", options, capture,
              "mdhTune tunes functions with exactly one mdh.compute, this "
              "one has 0",
              "error: a function without an mdh.compute");

  MlirModule empty = parse(ctx, kNoKernel);
  expectError(empty, "", "openmp", options, capture, "no kernel in the module",
              "error: a module without a kernel");
  mlirModuleDestroy(empty);

  MdhTuneOptions bad = smallOptions("genetic");
  expectError(module, "matvec", "openmp", bad, capture,
              "unknown technique 'genetic'; available: random, annealing, "
              "pattern, bandit",
              "error: an unknown technique");
  mdhTuneOptionsDestroy(bad);

  bad = smallOptions("random");
  mdhTuneOptionsSetBudgetSeconds(bad, -1);
  expectError(module, "matvec", "openmp", bad, capture,
              "the budget in seconds must be a finite number",
              "error: a negative budget");
  mdhTuneOptionsSetBudgetSeconds(bad, NAN);
  expectError(module, "matvec", "openmp", bad, capture,
              "the budget in seconds must be a finite number",
              "error: a NaN budget");
  mdhTuneOptionsSetBudgetSeconds(bad, 1);
  mdhTuneOptionsSetNumThreads(bad, -2);
  expectError(module, "matvec", "openmp", bad, capture,
              "the thread count must be positive",
              "error: a negative thread count");
  mdhTuneOptionsDestroy(bad);
  mdhTuneOptionsDestroy(options);
  // Releasing a null handle does nothing.
  mdhTuneOptionsDestroy((MdhTuneOptions){NULL});
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

  MlirModule module = parse(ctx, kModule);
  if (!check(!mlirModuleIsNull(module), "parse the MatVec module"))
    return 1;
  testMaxEvaluations(module, &capture);
  testTimeBudget(module, &capture);
  testStopByCallback(module, &capture);
  testCancelFlag(module, &capture);
  testCancelFromThread(module, &capture);
  testErrors(ctx, module, &capture);
  mlirModuleDestroy(module);

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
