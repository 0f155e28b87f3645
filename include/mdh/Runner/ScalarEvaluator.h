//===- ScalarEvaluator.h - f64 evaluation of scalar regions -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_SCALAREVALUATOR_H
#define MDH_RUNNER_SCALAREVALUATOR_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <vector>

namespace mlir::mdh {

/// The facts of a float type that bound rounding to it.
struct FloatFacts {
  /// Unit roundoff 2^-p (p: significand bits, the implicit one included).
  double unit = 0;
  /// Smallest normal and largest finite magnitude.
  double minNormal = 0;
  double maxFinite = 0;
  int precision = 0;
  /// The smallest subnormal is 2^minSubnormalExp.
  int minSubnormalExp = 0;

  static FloatFacts get(Type type);
  /// Whether `v` is a value of the type (rounding it is exact).
  bool representable(double v) const;
  /// Bound on the error of rounding a result of magnitude at most `mag`
  /// once to this type and once to f64 (the reference's own rounding),
  /// plus an absolute floor of the smallest normal when `mag` is in the
  /// subnormal range (underflow, flush-to-zero included).
  double roundingBound(double mag) const;
};

/// A scalar value of the reference: floats of any width are held exactly as
/// `double` (the reference computes in f64), integers as `int64_t`
/// sign-extended from their width (arithmetic wraps at that width).
///
/// Floats carry a running error analysis (docs/semantics.md, tolerance):
/// `m` is the magnitude (the computation on absolute values, subtraction
/// turned into addition), `e` bounds |value computed in the program's own
/// types - f| for any correctly rounding evaluation (one rounding per op in
/// its result type; extf exact), and the flags say whether such an
/// evaluation may overflow to an infinity or produce a NaN where `f` is
/// neither.
struct Scalar {
  double f = 0;
  int64_t i = 0;
  double m = 0;
  double e = 0;
  bool mayInf = false;
  bool mayNaN = false;
};

/// Widens the error bound of `s`, an f32 element read from an input of a
/// computation with `precision(tf32)`, by what rounding it to TF32 may
/// change (docs/semantics.md, "Precision"): to nearest in 11 significand
/// bits, with f32's exponent range.
void boundTF32Input(Scalar &s);

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

  /// Number of ops that round a float result (what reordering a custom
  /// combiner repeats per combination).
  unsigned getNumRoundingOps() const { return numRoundingOps; }

  struct Inst {
    unsigned kind;
    unsigned result;
    unsigned width;   // bit width of the result (integers)
    unsigned opWidth; // bit width of the first operand (integers)
    int64_t imm = 0;  // constant / predicate / index dimension
    double fimm = 0;  // float constant
    FloatFacts fp;    // the float result type (floats)
    SmallVector<unsigned, 3> operands;
  };

private:
  std::vector<Inst> insts;
  unsigned numSlots = 0;
  unsigned numArgs = 0;
  unsigned numFloatOps = 0;
  unsigned numRoundingOps = 0;
  SmallVector<unsigned> yields;
};

} // namespace mlir::mdh

#endif // MDH_RUNNER_SCALAREVALUATOR_H
