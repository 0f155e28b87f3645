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

/// "(1, 2, 3)".
std::string tuple(ArrayRef<int64_t> v);

} // namespace mlir::mdh::reference

#endif // MDH_LIB_RUNNER_REFERENCEMATH_H
