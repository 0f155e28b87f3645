//===- IndexOffsets.h - Constant offsets between index values ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// LL-to-CL writes tile ends as `lo + t`; the CL-IR optimizations and the
// source emitters read such offsets back.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_INDEXOFFSETS_H
#define MDH_DIALECT_CL_INDEXOFFSETS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/DenseMap.h"

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

namespace detail {
/// Adds `scale * v` to the linear form `terms + constant` (sums,
/// differences and products with constants are expanded, anything else is
/// a term); false past `depth` levels.
inline bool addLinear(Value v, int64_t scale, DenseMap<Value, int64_t> &terms,
                      int64_t &constant, unsigned depth) {
  if (std::optional<int64_t> c = getConstantIntValue(v)) {
    constant += scale * *c;
    return true;
  }
  if (depth == 0)
    return false;
  Operation *def = v.getDefiningOp();
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
    return addLinear(def->getOperand(0), scale, terms, constant, depth - 1) &&
           addLinear(def->getOperand(1),
                     isa<arith::SubIOp>(def) ? -scale : scale, terms, constant,
                     depth - 1);
  if (isa_and_nonnull<arith::MulIOp>(def)) {
    for (unsigned k = 0; k < 2; ++k)
      if (std::optional<int64_t> c = getConstantIntValue(def->getOperand(k)))
        return addLinear(def->getOperand(1 - k), scale * *c, terms, constant,
                         depth - 1);
  }
  terms[v] += scale;
  return true;
}
} // namespace detail

/// The value of `v` when it is a constant once sums, differences and
/// products with constants are expanded (a tile's size `(lo + t - 1) - lo +
/// 1` before folding).
inline std::optional<int64_t> linearConstant(Value v) {
  DenseMap<Value, int64_t> terms;
  int64_t constant = 0;
  if (!detail::addLinear(v, 1, terms, constant, /*depth=*/16))
    return std::nullopt;
  for (auto &[term, coeff] : terms)
    if (coeff != 0)
      return std::nullopt;
  return constant;
}

} // namespace mlir::mdh_cl

#endif // MDH_DIALECT_CL_INDEXOFFSETS_H
