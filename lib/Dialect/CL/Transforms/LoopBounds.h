//===- LoopBounds.h - Facts about CL-IR loop bounds -------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to the CL-IR optimizations. The bounds LL-to-CL writes have a few
// shapes: constants, `lo + t`, and the tile end `min(lo + t, hi)`; these
// helpers read them.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_DIALECT_CL_TRANSFORMS_LOOPBOUNDS_H
#define MDH_LIB_DIALECT_CL_TRANSFORMS_LOOPBOUNDS_H

#include "Dialect/CL/MDHCLOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

#include <optional>

namespace mlir::mdh_cl {

/// The constant `c` when `v` is `base + c`.
inline std::optional<int64_t> offsetFrom(Value v, Value base) {
  auto add = v.getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  if (add.getLhs() == base)
    return getConstantIntValue(add.getRhs());
  if (add.getRhs() == base)
    return getConstantIntValue(add.getLhs());
  return std::nullopt;
}

/// A constant upper bound of `ub - lb` where `ub` is a constant above a
/// constant `lb`, `lb + c`, or `min(lb + c, x)`.
inline std::optional<int64_t> spanBound(Value lb, Value ub) {
  std::optional<int64_t> lc = getConstantIntValue(lb);
  std::optional<int64_t> uc = getConstantIntValue(ub);
  if (lc && uc)
    return std::max<int64_t>(*uc - *lc, 0);
  if (std::optional<int64_t> c = offsetFrom(ub, lb))
    return c;
  if (auto min = ub.getDefiningOp<arith::MinUIOp>()) {
    if (std::optional<int64_t> c = offsetFrom(min.getLhs(), lb))
      return c;
    return offsetFrom(min.getRhs(), lb);
  }
  return std::nullopt;
}

/// The upper bound of the loop whose induction variable `v` is, if any.
inline Value upperBoundOfInductionVar(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return {};
  Operation *owner = arg.getOwner()->getParentOp();
  if (auto loop = dyn_cast_or_null<ForOp>(owner))
    return loop.getUpperBound();
  if (auto loop = dyn_cast_or_null<ParForOp>(owner))
    return loop.getUpperBound();
  return {};
}

/// Whether `lb < x` holds for every execution: `lb` is the induction
/// variable of a loop that ends at (or below) `x`, or both are constants, or
/// `lb = (u mod P) * t` with `(P - 1) * t < x`.
inline bool provablyBelow(Value lb, Value x) {
  std::optional<int64_t> xc = getConstantIntValue(x);
  if (Value ub = upperBoundOfInductionVar(lb)) {
    if (ub == x)
      return true;
    std::optional<int64_t> uc = getConstantIntValue(ub);
    if (uc && xc && *uc <= *xc)
      return true;
  }
  if (!xc)
    return false;
  if (std::optional<int64_t> lc = getConstantIntValue(lb))
    return *lc < *xc;
  auto mul = lb.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return false;
  for (auto [factor, other] : {std::pair(mul.getLhs(), mul.getRhs()),
                               std::pair(mul.getRhs(), mul.getLhs())}) {
    std::optional<int64_t> t = getConstantIntValue(other);
    auto rem = factor.getDefiningOp<arith::RemUIOp>();
    if (!t || !rem)
      continue;
    std::optional<int64_t> p = getConstantIntValue(rem.getRhs());
    if (p && *p >= 1 && *t >= 0 && (*p - 1) * *t < *xc)
      return true;
  }
  return false;
}

/// Whether a loop from `lb` to `ub` runs at least once whenever it is
/// reached: constant bounds with `lb < ub`, `ub = lb + c` with `c >= 1`, or
/// the tile end `min(lb + c, x)` with `c >= 1` and `lb < x`.
inline bool provablyNonEmpty(Value lb, Value ub) {
  std::optional<int64_t> lc = getConstantIntValue(lb);
  std::optional<int64_t> uc = getConstantIntValue(ub);
  if (lc && uc)
    return *lc < *uc;
  if (std::optional<int64_t> c = offsetFrom(ub, lb))
    return *c >= 1;
  auto min = ub.getDefiningOp<arith::MinUIOp>();
  if (!min)
    return false;
  for (auto [end, other] : {std::pair(min.getLhs(), min.getRhs()),
                            std::pair(min.getRhs(), min.getLhs())}) {
    std::optional<int64_t> c = offsetFrom(end, lb);
    if (c && *c >= 1 && provablyBelow(lb, other))
      return true;
  }
  return false;
}

/// Moves the pure, speculatable ops of every `mdh_cl.for` in `root` whose
/// operands are defined outside the loop to just before it, inner loops
/// first. LL-to-CL computes tile ends where the loop that uses them is
/// created, which can be inside loops they do not depend on.
inline void hoistLoopInvariants(Operation *root) {
  root->walk([](ForOp loop) {
    moveLoopInvariantCode(
        {&loop.getBody()},
        [](Value v, Region *region) {
          return !region->isAncestor(v.getParentRegion());
        },
        [](Operation *op, Region *) {
          return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
                 isSpeculatable(op);
        },
        [&](Operation *op, Region *) { op->moveBefore(loop); });
  });
}

} // namespace mlir::mdh_cl

#endif // MDH_LIB_DIALECT_CL_TRANSFORMS_LOOPBOUNDS_H
