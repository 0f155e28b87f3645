//===- TuneKernel.h - Tuning one kernel of mdh-tune -------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// One kernel's run of mdh-tune: the cache, the search over its space with
// candidates measured on this host (HostObjective.h), the interleaved
// re-measurement, and the configuration to write with its "tuning" object.
// mdh-tune.cpp runs it for each kernel it is asked to tune, each with the
// whole budget.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TOOLS_MDHTUNE_TUNEKERNEL_H
#define MDH_TOOLS_MDHTUNE_TUNEKERNEL_H

#include "HostObjective.h"

#include "mdh/Tuner/Abort.h"
#include "mdh/Tuner/Cache.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
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

#endif // MDH_TOOLS_MDHTUNE_TUNEKERNEL_H
