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

} // namespace mlir::mdh_cl

#endif // MDH_DIALECT_CL_INDEXOFFSETS_H
