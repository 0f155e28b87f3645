//===- ReferenceMath.h - Shared pieces of the f64 reference -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// What the self-check of mdh-run (Reference.cpp) and the stored reference of
// mdh-tune (ReferenceSample.cpp) both compute the same way: index maps at a
// point, the builtin combine operators on f64/wrapped-integer scalars, and
// index tuples in messages.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_RUNNER_REFERENCEMATH_H
#define MDH_LIB_RUNNER_REFERENCEMATH_H

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Runner/ScalarEvaluator.h"

#include "mlir/IR/AffineMap.h"

#include <string>

namespace mlir::mdh::reference {

/// The value of `e` (no symbols: the maps are verified) at point `p`.
int64_t evalExpr(AffineExpr e, ArrayRef<int64_t> p);

/// The results of `map` at point `p`.
SmallVector<int64_t> evalMap(AffineMap map, ArrayRef<int64_t> p);

/// `a op b` for a builtin combine operator: f64 for floats (`maximumf`
/// semantics for max/min), integers wrapping at `width`.
Scalar combineBuiltin(ReductionOp op, Scalar a, Scalar b, bool isFloat,
                      unsigned width);

/// Calls `f` at every point of S(c) (docs/semantics.md): `c` with its
/// dimensions `innerDims` varied, pw ones over their whole extent
/// (`sizes`), ps ones from 0 to c_d, the last dimension fastest.
void forEachInReductionSet(ComputeOp op, ArrayRef<int64_t> c,
                           ArrayRef<unsigned> innerDims,
                           ArrayRef<int64_t> sizes,
                           function_ref<void(ArrayRef<int64_t>)> f);

/// Evaluations of f that checking every output point of `op` costs: each
/// ps dimension of size N costs N (N + 1) / 2 (a prefix per element),
/// every other one N. `outerVolume` is set to the number of output points
/// (the product of the cc and ps extents).
double checkCost(ComputeOp op, double &outerVolume);

/// Fails with an error at `op` when a check of `points` output points
/// (every one when `full`) costs more than `limit` evaluations of f, given
/// checkCost's `cost` and `outerVolume`.
LogicalResult refuseCostlyCheck(ComputeOp op, bool full, int64_t points,
                                double cost, double outerVolume, double limit);

/// What a float output value may differ by from the reference.
struct FloatBound {
  /// Bound on |result - reference| for finite values.
  double tolerance = 0;
  /// Whether a valid evaluation (the scalar function in its types, the
  /// terms combined in any order in the output type) may give an infinity,
  /// or a NaN, where the reference does not.
  bool mayInf = false;
  bool mayNaN = false;
  /// An exact zero's sign is determined (not by an accumulator a kernel
  /// may start at +0: add and custom reductions).
  bool signedZero = true;
};

/// Bounds the combination of the terms f(p) of one output value over S(c)
/// (docs/semantics.md, tolerance): add() every term in the reference's
/// order and, for a custom combiner, partial() every accumulator after a
/// combination; finish() takes the reference's result.
class CombineBound {
public:
  /// `op`: the builtin operator (none for a custom combiner, or for no
  /// reduction); `type`: the output element type; `customRoundings`: the
  /// rounding ops of a custom combiner.
  CombineBound(std::optional<ReductionOp> op, Type type,
               unsigned customRoundings);
  void add(const Scalar &term);
  void partial(const Scalar &acc);
  FloatBound finish(const Scalar &result) const;

private:
  std::optional<ReductionOp> op;
  FloatFacts t;
  unsigned customRoundings;
  int64_t n = 0;
  bool mayInf = false, mayNaN = false;
  unsigned infTerms = 0;
  // add: sum of |term| + e, of e, and of positive and negative reach.
  double sumAbs = 0, sumE = 0, posReach = 0, negReach = 0;
  // mul: log2 of prod (|term| + e), of the factors above 1, of the
  // smallest factors below 1; sum of relative errors; an exact zero.
  double log2All = 0, log2Big = 0, log2Small = 0, relE = 0;
  bool exactZero = false, factorMayBeZero = false;
  // max/min: the largest e. custom: the largest partial magnitude.
  double maxE = 0, maxPartial = 0;
};

/// Whether a kernel's `got` is acceptable for the reference `ref`.
bool acceptFloat(double got, double ref, const FloatBound &bound);

/// "(1, 2, 3)".
std::string tuple(ArrayRef<int64_t> v);

} // namespace mlir::mdh::reference

#endif // MDH_LIB_RUNNER_REFERENCEMATH_H
