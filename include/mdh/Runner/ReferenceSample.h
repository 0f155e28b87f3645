//===- ReferenceSample.h - The f64 reference, computed once -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// checkAgainstReference (Reference.h) recomputes the reference for every
// check. A tuner checks hundreds of runs of one computation on the same
// inputs, so ReferenceSample computes the reference values (and their
// tolerances, docs/semantics.md) at a fixed set of output points once, and
// then checks any number of output buffers against them.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_REFERENCESAMPLE_H
#define MDH_RUNNER_REFERENCESAMPLE_H

#include "mdh/Runner/Reference.h"

#include <vector>

namespace mlir::mdh {

class ReferenceSample {
public:
  /// The reference of `op` on the data of `ins` at every output point when
  /// there are few (at most `options.samples`, or at most 2^20 output
  /// elements costing at most `options.fullCheckBudget` evaluations of f);
  /// then unwritten elements are checked to keep the sentinel. Otherwise at
  /// `options.samples` seeded random points. `outs` give the buffer types
  /// and shapes; their contents are not read. Fails with a located error
  /// when f cannot be evaluated.
  static FailureOr<ReferenceSample> compute(ComputeOp op,
                                            ArrayRef<HostBuffer *> ins,
                                            ArrayRef<HostBuffer *> outs,
                                            const CheckOptions &options);

  /// Compares `outs` (filled with the sentinel before the run) with the
  /// stored values.
  CheckResult check(ArrayRef<HostBuffer *> outs) const;

  bool isFull() const { return full; }
  size_t size() const { return expected.size(); }

private:
  struct Value {
    unsigned output;
    int64_t element;
    /// The reference: `f` for floats, `i` (wrapped) for integers.
    double f;
    int64_t i;
    double tolerance;
    /// An infinity, or a NaN, is acceptable (docs/semantics.md).
    bool mayInf = false, mayNaN = false, signedZero = false;
    /// Index into `points`: where the value comes from, for messages.
    size_t point;
  };
  std::vector<Value> expected;
  /// The iteration points, D coordinates each, flattened.
  std::vector<int64_t> points;
  unsigned rank = 0;
  bool full = false;
};

} // namespace mlir::mdh

#endif // MDH_RUNNER_REFERENCESAMPLE_H
