//===- TuneKernel.h - Tuning one kernel on the host -------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// One kernel's tuning on the host: the cache, the search over its space with
// candidates measured on this host (HostObjective.h), the interleaved
// re-measurement, and the configuration to write with its "tuning" object.
// mdh-tune runs it for each kernel it is asked to tune, each with the whole
// budget; the C API's mdhTune (mdh-c/Tune.h) for one kernel, with progress
// through a callback and a cancel flag instead of a terminal and SIGINT.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNER_HOST_TUNEKERNEL_H
#define MDH_TUNER_HOST_TUNEKERNEL_H

#include "mdh/Tuner/Host/HostObjective.h"

#include "mdh/Tuner/Abort.h"
#include "mdh/Tuner/Cache.h"
#include "mdh/Tuner/Search.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <functional>
#include <string>

namespace mlir::mdh {

/// What applies to every kernel of a run.
struct TuneSettings {
  std::string technique;
  uint64_t seed = 1;
  tune::AbortConditions abort;
  HostObjectiveOptions objective;
  /// Rounds of the final re-measurement (0: none).
  unsigned remeasure = 5;
  /// Progress lines on stderr even when it is not a terminal.
  bool progress = false;
  /// Progress lines on stderr when it is a terminal (off for library
  /// clients, which draw their own through `onProgress`).
  bool progressOnTerminal = true;
  /// Called after every evaluation with the state of the search and the
  /// default configuration's time (kFailedCost until it ran); returning
  /// false stops the search as an interrupt does, keeping the best so far.
  std::function<bool(const tune::SearchState &, double defaultSeconds)>
      onProgress;
  /// The cache, its directory ("" when the cache is off) and this
  /// machine's key.
  const tune::TuningCache *cache = nullptr;
  std::string cacheDirectory;
  std::string machine;
};

/// How a kernel's tuning ended.
struct KernelTuning {
  enum class Status { Done, Interrupted, Failed };
  Status status = Status::Failed;
  /// The configuration to write, with its "tuning" object (Done and
  /// Interrupted).
  llvm::json::Object configuration;
  /// Failed: the reason, or "" when a located error was reported already.
  std::string error;
};

/// The one mdh.compute of `func` when `func` can be tuned on the host:
/// exactly one, statically shaped memref arguments with the identity layout
/// that host buffers can hold (checkHostBufferTypes), every operand an
/// argument of `func`. Otherwise reports why (at `func`,
/// the message naming `tool`) and fails.
FailureOr<ComputeOp> getTunableCompute(func::FuncOp func, StringRef tool);

/// Tunes `op` (the one mdh.compute of `func` in `module`) on the openmp
/// `target`, writing the report to `report` and, when `log` is not null,
/// one CSV row per evaluation to it.
KernelTuning tuneKernel(ModuleOp module, func::FuncOp func, ComputeOp op,
                        Attribute target, const OpenMPRuntime &openmp,
                        const TuneSettings &settings, llvm::raw_ostream *log,
                        llvm::raw_ostream &report);

/// The configuration of a kernel that was not tuned because the run was
/// interrupted before it: the default configuration, marked so.
llvm::json::Object untunedConfiguration(ComputeOp op, Attribute target);

} // namespace mlir::mdh

#endif // MDH_TUNER_HOST_TUNEKERNEL_H
