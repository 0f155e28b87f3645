//===- ScalarEvaluator.h - f64 evaluation of scalar regions -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_SCALAREVALUATOR_H
#define MDH_RUNNER_SCALAREVALUATOR_H

#include "mlir/IR/Block.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <vector>

namespace mlir::mdh {

/// A scalar value of the reference: floats of any width are held exactly as
/// `double` (the reference computes in f64), integers as `int64_t`
/// sign-extended from their width (arithmetic wraps at that width).
///
/// `m` shadows a float value with its magnitude: the same computation on
/// absolute values with subtraction turned into addition. It bounds the
/// rounding error of any evaluation order (docs/semantics.md).
struct Scalar {
  double f = 0;
  int64_t i = 0;
  double m = 0;
};

/// Wraps `v` to a `width`-bit two's complement value, sign-extended.
int64_t wrapInt(int64_t v, unsigned width);

/// A scalar region (the body of `mdh.compute` or `mdh.combiner`) compiled
/// into a flat list of instructions over value slots, so that evaluating it
/// millions of times for the self-check is cheap.
class ScalarProgram {
public:
  /// Compiles `body`; emits a located error and fails on an op the
  /// evaluator does not know.
  static FailureOr<ScalarProgram> compile(Block &body);

  /// Evaluates the region: `args` feeds the block arguments, `point` the
  /// `mdh.index` ops; `results` receives the yielded values.
  void run(ArrayRef<Scalar> args, ArrayRef<int64_t> point,
           SmallVectorImpl<Scalar> &results) const;

  /// Number of floating-point arithmetic ops (for GFLOP/s figures).
  unsigned getNumFloatOps() const { return numFloatOps; }

  struct Inst {
    unsigned kind;
    unsigned result;
    unsigned width;   // bit width of the result (integers)
    unsigned opWidth; // bit width of the first operand (integers)
    int64_t imm = 0;  // constant / predicate / index dimension
    double fimm = 0;  // float constant
    SmallVector<unsigned, 3> operands;
  };

private:
  std::vector<Inst> insts;
  unsigned numSlots = 0;
  unsigned numArgs = 0;
  unsigned numFloatOps = 0;
  SmallVector<unsigned> yields;
};

} // namespace mlir::mdh

#endif // MDH_RUNNER_SCALAREVALUATOR_H
