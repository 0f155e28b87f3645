//===- Combine.h - Code for the combine operators of MDH --------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Builds the IR that combines two partial results with the operator of a
// `pw`/`ps` dimension: the `arith` op of a builtin operator, or an inlined
// copy of an `mdh.combiner` body. Every lowering that re-composes partial
// results (the oracle, CL-IR to loops) uses these, so all paths combine the
// same way.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_COMBINE_H
#define MDH_DIALECT_HL_COMBINE_H

#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/IR/Builders.h"

namespace mlir::mdh {

/// Combines `lhs` and `rhs` with a builtin operator (`arith.addf`/`addi`,
/// `maximumf`, `maxsi`, ...; the float or integer form after their type).
Value combineBuiltin(OpBuilder &b, Location loc, ReductionOp op, Value lhs,
                     Value rhs);

/// Combines the tuples `lhs` and `rhs` with the operator of `combiner`:
/// element by element with its builtin operator, or, for a custom combiner,
/// with a copy of the body of `custom` (which must be the `mdh.combiner`
/// that `combiner` names) inlined at the insertion point of `b`.
SmallVector<Value> combine(OpBuilder &b, Location loc, CombinerAttr combiner,
                           CombinerOp custom, ValueRange lhs, ValueRange rhs);

/// The `mdh.combiner` that `combiner` names, looked up from `from`; null for
/// builtin operators and for names that resolve to nothing.
CombinerOp lookupCustomCombiner(Operation *from, CombinerAttr combiner);

} // namespace mlir::mdh

#endif // MDH_DIALECT_HL_COMBINE_H
