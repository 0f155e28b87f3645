//===- Tune.h - C API for tuning MDH-MLIR kernels on the host -----*- C -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Auto-tuning of one kernel for the host (OpenMP) target, in process: what
// `mdh-tune --target=openmp --no-cache` does for one kernel, through the
// same driver (include/mdh/Tuner/Host/). The search explores the kernel's
// search space (mdh-c/Tuning.h) with a technique; every candidate is
// compiled through the compile entry point of `mdhHostCompile` and run,
// checked against the reference and timed in a forked child process, so a
// candidate that crashes or hangs is logged as failed and the search goes
// on. The result is the best configuration as JSON (docs/config-json.md,
// with the "tuning" object mdh-tune writes), ready for `mdhHostCompile`.
//
// The caller watches the search through a progress callback, called after
// every evaluation, and stops it (keeping the best configuration so far)
// by returning false from that callback or by setting a cancel flag, which
// may be set from another thread or a signal handler at any time.
//
// Errors are reported as diagnostics through the context's diagnostic
// handlers (attach one with `mlirContextAttachDiagnosticHandler` to capture
// them); `mdhTune` then fails.
//
// Kernels run only in the forked children; a client that already ran
// kernels in its own process (`mdhHostModuleRun`) may tune.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_TUNE_H
#define MDH_C_TUNE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Opaque type declarations.
//
// Types are exposed to C bindings as structs containing opaque pointers. They
// are not supposed to be inspected from C. This allows the underlying
// representation to change without affecting the API users.
//===----------------------------------------------------------------------===//

#define DEFINE_C_API_STRUCT(name, storage)                                     \
  struct name {                                                                \
    storage *ptr;                                                              \
  };                                                                           \
  typedef struct name name

/// The options of `mdhTune`. Owned by the client: release it with
/// `mdhTuneOptionsDestroy`. The setters only record their values;
/// `mdhTune` checks them.
DEFINE_C_API_STRUCT(MdhTuneOptions, void);

#undef DEFINE_C_API_STRUCT

/// Where a search stands: passed to the progress callback after every
/// evaluation, and filled in by `mdhTune` at the end.
typedef struct MdhTuneProgress {
  /// Configurations evaluated (compiled and measured) so far, and those of
  /// them that failed (did not compile, crashed, timed out, computed wrong
  /// results).
  uint64_t evaluations;
  uint64_t failures;
  /// Seconds since the search started.
  double elapsedSeconds;
  /// The budget: seconds (0 when there is no time limit) and evaluations
  /// (0 when there is no limit).
  double budgetSeconds;
  uint64_t maxEvaluations;
  /// Seconds of the fastest correct candidate so far, and of the default
  /// heuristic's configuration (evaluated first); HUGE_VAL until there is
  /// one.
  double bestSeconds;
  double defaultSeconds;
  /// In the final summary of `mdhTune`: the progress callback or the cancel
  /// flag stopped the search before its budget was spent. Always false in
  /// the progress callback.
  bool cancelled;
} MdhTuneProgress;

/// Called after every evaluation with where the search stands (valid during
/// the call only). Returning false stops the search as the cancel flag does.
typedef bool (*MdhTuneProgressCallback)(const MdhTuneProgress *progress,
                                        void *userData);

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// Creates options with the defaults of `mdh-tune`: technique `bandit`, seed
/// 1, one thread per hardware thread, five rounds of re-measurement, and a
/// budget of 60 seconds unless one of the two budgets below is set.
MLIR_CAPI_EXPORTED MdhTuneOptions mdhTuneOptionsCreate(void);

/// Releases `options`; does nothing for a null handle.
MLIR_CAPI_EXPORTED void mdhTuneOptionsDestroy(MdhTuneOptions options);

/// The wall time of the search in seconds (0: no time limit). `mdhTune`
/// fails on a negative, infinite or NaN value. The final re-measurement
/// comes on top.
MLIR_CAPI_EXPORTED void mdhTuneOptionsSetBudgetSeconds(MdhTuneOptions options,
                                                       double seconds);

/// The number of evaluations after which the search stops (0: no limit).
/// With both budgets set, the search stops at the first one spent.
MLIR_CAPI_EXPORTED void
mdhTuneOptionsSetMaxEvaluations(MdhTuneOptions options,
                                uint64_t maxEvaluations);

/// The search technique: `random`, `annealing`, `pattern`, or `bandit` (an
/// AUC bandit over the other three). The text is copied. `mdhTune` fails on
/// another name.
MLIR_CAPI_EXPORTED void mdhTuneOptionsSetTechnique(MdhTuneOptions options,
                                                   MlirStringRef technique);

/// The seed of the technique, of the input data and of the checked output
/// points; the same seed proposes the same configurations.
MLIR_CAPI_EXPORTED void mdhTuneOptionsSetSeed(MdhTuneOptions options,
                                              uint64_t seed);

/// The OpenMP threads every candidate runs on (0: one per hardware thread).
/// The configuration is tuned for this count. `mdhTune` fails on a negative
/// count.
MLIR_CAPI_EXPORTED void mdhTuneOptionsSetNumThreads(MdhTuneOptions options,
                                                    int numThreads);

/// Rounds of the final interleaved re-measurement of the default and the
/// best configuration (0: none). The default configuration is kept when it
/// is not slower there.
MLIR_CAPI_EXPORTED void mdhTuneOptionsSetRemeasureRounds(MdhTuneOptions options,
                                                         unsigned rounds);

/// Calls `callback` with `userData` after every evaluation (null: none).
MLIR_CAPI_EXPORTED void mdhTuneOptionsSetProgressCallback(
    MdhTuneOptions options, MdhTuneProgressCallback callback, void *userData);

/// A flag the caller sets to non-zero to stop the search (null: none). It is
/// read while `mdhTune` runs, also while a candidate runs (which is then
/// killed and not counted), so another thread or a signal handler may set
/// it; the best configuration so far is the result.
MLIR_CAPI_EXPORTED void mdhTuneOptionsSetCancelFlag(MdhTuneOptions options,
                                                    volatile int *cancel);

/// Passes the CSV log of the search to `callback` (null: none), a row per
/// evaluation as it ends, after a header: `evaluation, elapsed_s,
/// technique, status, time_ms, best_ms, new_best, reason`, then one column
/// per tunable parameter (the format of `mdh-tune --log`, docs/tuning.md).
MLIR_CAPI_EXPORTED void
mdhTuneOptionsSetLogCallback(MdhTuneOptions options,
                             MlirStringCallback callback, void *userData);

//===----------------------------------------------------------------------===//
// Tuning
//===----------------------------------------------------------------------===//

/// Tunes the kernel `funcName` of the HL-IR `module` (empty: the first
/// function holding an `mdh.compute`) for `target` with `options` (null:
/// the defaults), and passes the JSON text of the best configuration to
/// `callback`, in one call. The kernel must hold exactly one `mdh.compute`
/// and take statically shaped memrefs with the identity layout.
/// `module` is left unchanged.
///
///  - `target`: a host target spec, `openmp` or `openmp:host` with optional
///    `,fact=value` overrides (empty: `openmp:host`). The GPU targets (`cuda`,
///    `hip`) are refused: this build measures candidates on the host only.
///  - `summary` (may be null): filled in with the final state of the search
///    on success.
///
/// Succeeds with the best configuration when the budget is spent, when the
/// callback or the cancel flag stopped the search after a candidate ran
/// correctly (`summary->cancelled`), or when every configuration of the
/// space was evaluated. Fails, with a diagnostic and nothing passed to
/// `callback`, on invalid IR, an unknown function, a function that cannot be
/// tuned, a bad target, a bad option, a missing OpenMP runtime, when no
/// candidate ran correctly, or when the search was stopped before one did.
MLIR_CAPI_EXPORTED MlirLogicalResult
mdhTune(MlirModule module, MlirStringRef funcName, MlirStringRef target,
        MdhTuneOptions options, MlirStringCallback callback, void *userData,
        MdhTuneProgress *summary);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_TUNE_H
