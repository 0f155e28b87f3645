//===- Evaluator.h - Measuring candidates in a forked child -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A candidate runs in a child process forked from the tuner, so that one
// that crashes, hangs or corrupts memory is recorded as failed and the
// tuner goes on. The child reports through a pipe; the parent waits with a
// timeout and kills the child when it runs out.
//
// Fork hazard: the parent must not have started an OpenMP thread pool
// (libomp's pool does not survive fork); kernels run only in children.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNE_EVALUATOR_H
#define MDH_TUNE_EVALUATOR_H

#include "mdh/Tuner/Technique.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <csignal>
#include <optional>
#include <string>

namespace mlir::mdh::tune {

/// How an evaluation ended.
enum class EvalStatus {
  Ok,
  /// The candidate did not compile (in the parent).
  CompileError,
  /// The child died of a signal (the reason names it).
  Crash,
  /// The child ran past the timeout and was killed.
  Timeout,
  /// The child ran, but its outputs differ from the reference.
  WrongResult,
  /// The child exited with a non-zero code or without a report.
  ExitError,
  /// The user interrupted the tuner while the child ran.
  Interrupted,
};

llvm::StringRef stringifyEvalStatus(EvalStatus status);

struct EvalResult {
  EvalStatus status = EvalStatus::Ok;
  /// Median seconds of the timed repetitions (when ok()).
  double seconds = 0;
  /// Why it failed, or a note on a successful measurement, for the log.
  std::string reason;

  bool ok() const { return status == EvalStatus::Ok; }
  /// The cost a technique sees: the time, or kFailedCost.
  double cost() const { return ok() ? seconds : kFailedCost; }

  static EvalResult failure(EvalStatus status, std::string reason) {
    EvalResult r;
    r.status = status;
    r.reason = std::move(reason);
    return r;
  }
};

/// What the code run in the child returns.
struct ChildOutcome {
  /// The outputs matched the reference.
  bool correct = true;
  /// Median seconds of the timed repetitions.
  double seconds = 0;
  /// Why the result is wrong, or a note on a correct one.
  std::string message;
};

struct ChildOptions {
  /// Seconds the child may run (compilation finished in the parent).
  double timeoutSeconds = 10;
  /// Set by a SIGINT handler: the wait stops, the child is killed and the
  /// result is Interrupted.
  const volatile std::sig_atomic_t *interrupted = nullptr;
};

/// Forks, runs `body` in the child and returns what it reported, or how it
/// failed. The child leaves with _exit, never returning into the caller.
EvalResult runInChild(llvm::function_ref<ChildOutcome()> body,
                      const ChildOptions &options);

/// The median of `reps` timed calls of `call` after `warmup` untimed ones;
/// std::nullopt when a call fails (returns false).
std::optional<double> timeMedian(llvm::function_ref<bool()> call,
                                 unsigned warmup, unsigned reps);

/// The abbreviated name of a signal ("SIGSEGV"), or "signal N".
std::string signalName(int signal);

} // namespace mlir::mdh::tune

#endif // MDH_TUNE_EVALUATOR_H
