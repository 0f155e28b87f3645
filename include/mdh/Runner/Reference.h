//===- Reference.h - The f64 self-check of mdh-run --------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_REFERENCE_H
#define MDH_RUNNER_REFERENCE_H

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Runner/HostBuffer.h"

#include <string>

namespace mlir::mdh {

struct CheckOptions {
  enum class Mode { Auto, Full, Sampled };
  Mode mode = Mode::Auto;
  /// Output points checked in sampled mode.
  int64_t samples = 1000;
  uint64_t seed = 1;
  /// Auto mode checks every point when the reference costs at most this
  /// many scalar-function evaluations.
  int64_t fullCheckBudget = int64_t(1) << 24;
  /// A check that would evaluate the scalar function more often than this
  /// (about three minutes of the interpreted f64 reference) is refused with
  /// an error instead of running without visible end.
  double maxEvaluations = 4294967296.0;
};

struct CheckResult {
  bool passed = true;
  /// Every point was checked (and unwritten elements kept the sentinel).
  bool full = false;
  int64_t checkedPoints = 0;
  int64_t checkedElements = 0;
  int64_t mismatches = 0;
  /// Largest |got - ref| / tolerance seen (floats), for reporting.
  double worstRatio = 0;
  std::string firstMismatch;
};

/// Fails with an error at `op` when checking it with `options` would
/// evaluate its scalar function more than `options.maxEvaluations` times;
/// checkAgainstReference and ReferenceSample::compute refuse such checks
/// too, but a caller can ask before it runs the kernel.
LogicalResult verifyCheckCost(ComputeOp op, const CheckOptions &options);

/// Compares the outputs of one run of `op` against the f64 reference of
/// docs/semantics.md, computed from the same `ins`. Outputs must have been
/// filled with the sentinel before the run. Fails (with a located error)
/// only when the reference cannot evaluate the scalar function.
FailureOr<CheckResult> checkAgainstReference(ComputeOp op,
                                             ArrayRef<HostBuffer *> ins,
                                             ArrayRef<HostBuffer *> outs,
                                             const CheckOptions &options);

/// Floating-point operations of one execution of `op`: the float ops of the
/// scalar function at every point, plus one combination per yielded value
/// and point of a reduction.
double countFlops(ComputeOp op);

} // namespace mlir::mdh

#endif // MDH_RUNNER_REFERENCE_H
