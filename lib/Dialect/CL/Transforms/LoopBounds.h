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

#include "mdh/Dialect/CL/IndexOffsets.h"
#include "mdh/Dialect/CL/MDHCLOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

#include "llvm/Support/MathExtras.h"

#include <optional>

namespace mlir::mdh_cl {

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

/// A constant that the index `v` never exceeds: constants, the induction
/// variable of a loop with a bounded upper bound (minus one), `x mod P`
/// (`P - 1`), and sums, products, quotients by constants and minima of
/// bounded values. LL-to-CL builds a thread's offset in a tile this way,
/// `(t mod P) * s`.
inline std::optional<int64_t> constantUpperBound(Value v, int depth = 0) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return c;
  if (depth > 16)
    return std::nullopt;
  auto bound = [&](Value x) { return constantUpperBound(x, depth + 1); };
  if (Value ub = upperBoundOfInductionVar(v)) {
    std::optional<int64_t> u = bound(ub);
    return u && *u >= 1 ? std::optional<int64_t>(*u - 1) : std::nullopt;
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto rem = dyn_cast<arith::RemUIOp>(def)) {
    std::optional<int64_t> p = getConstantIntValue(rem.getRhs());
    if (p && *p >= 1)
      return *p - 1;
    return std::nullopt;
  }
  if (auto min = dyn_cast<arith::MinUIOp>(def)) {
    std::optional<int64_t> a = bound(min.getLhs()), b = bound(min.getRhs());
    if (a && b)
      return std::min(*a, *b);
    return a ? a : b;
  }
  if (auto div = dyn_cast<arith::DivUIOp>(def)) {
    std::optional<int64_t> a = bound(div.getLhs());
    std::optional<int64_t> c = getConstantIntValue(div.getRhs());
    if (a && c && *c >= 1 && *a >= 0)
      return *a / *c;
    return std::nullopt;
  }
  std::optional<int64_t> a, b, result;
  if (auto add = dyn_cast<arith::AddIOp>(def)) {
    a = bound(add.getLhs());
    b = bound(add.getRhs());
    int64_t sum;
    if (a && b && *a >= 0 && *b >= 0 && !llvm::AddOverflow(*a, *b, sum))
      result = sum;
  } else if (auto mul = dyn_cast<arith::MulIOp>(def)) {
    a = bound(mul.getLhs());
    b = bound(mul.getRhs());
    int64_t product;
    if (a && b && *a >= 0 && *b >= 0 && !llvm::MulOverflow(*a, *b, product))
      result = product;
  }
  return result;
}

/// Whether `lb < x` holds for every execution: `lb` is the induction
/// variable of a loop that ends at (or below) `x`; `x = lb + c` with
/// `c >= 1`; `x = min(y, z)` with `lb` below both; `lb = p + q` and
/// `x = p + c` with `q`'s bound below `c` (a thread's offset inside its
/// block's tile); or `x` is a constant above `lb`'s bound.
inline bool provablyBelow(Value lb, Value x, int depth = 0) {
  if (depth > 8)
    return false;
  std::optional<int64_t> xc = getConstantIntValue(x);
  if (Value ub = upperBoundOfInductionVar(lb)) {
    if (ub == x)
      return true;
    std::optional<int64_t> uc = getConstantIntValue(ub);
    if (uc && xc && *uc <= *xc)
      return true;
  }
  if (std::optional<int64_t> c = offsetFrom(x, lb))
    return *c >= 1;
  if (auto min = x.getDefiningOp<arith::MinUIOp>())
    return provablyBelow(lb, min.getLhs(), depth + 1) &&
           provablyBelow(lb, min.getRhs(), depth + 1);
  if (auto add = lb.getDefiningOp<arith::AddIOp>()) {
    for (auto [base, rest] : {std::pair(add.getLhs(), add.getRhs()),
                              std::pair(add.getRhs(), add.getLhs())}) {
      std::optional<int64_t> c = offsetFrom(x, base);
      std::optional<int64_t> r = constantUpperBound(rest);
      if (c && r && *r < *c)
        return true;
    }
  }
  std::optional<int64_t> bound = constantUpperBound(lb);
  return xc && bound && *bound < *xc;
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
