//===- Payload.h - Linalg payloads that are MDH computations ----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The analysis half of --mdh-convert-linalg-to-mdh: which linalg ops are MDH
// computations, how their payload maps onto the scalar function and the
// combine operator of an mdh.compute, and when the initial content of an
// output is provably the operator's identity. Private to lib/Conversion/
// LinalgToMDH.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_LINALGTOMDH_PAYLOAD_H
#define MDH_LIB_CONVERSION_LINALGTOMDH_PAYLOAD_H

#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>
#include <string>

namespace mlir {
class AliasAnalysis;

namespace mdh::linalg_to_mdh {

/// How the payload of a linalg op becomes the scalar function of an
/// mdh.compute. Without reduction loops every yielded value is a result of
/// the scalar function. With reduction loops the value yielded for output j
/// must be `combines[j](old_j, terms[j])` (either operand order), where
/// `old_j` is the output's block argument and `terms[j]` is computed from
/// the inputs only: the scalar function then yields `terms[j]` and the
/// reduction dimensions become `pw(reduction)`.
struct PayloadMatch {
  /// The operator of the reduction loops; unset without reduction loops.
  std::optional<ReductionOp> reduction;
  /// Per output: the combining op (reductions only, else null).
  SmallVector<Operation *> combines;
  /// Per output: the value the scalar function yields.
  SmallVector<Value> terms;
  /// Per output: whether the payload reads the output's old value (all of
  /// them for reductions; `C = C + A` without reduction loops).
  SmallVector<bool> readsOld;
  /// Constant-like ops defined outside the payload that it uses; they are
  /// cloned into the isolated scalar function.
  SmallVector<Operation *> capturedConstants;
};

/// Matches the payload of `op` (a linalg op on static memrefs or tensors).
/// On failure, `reason` says why it is no MDH computation.
FailureOr<PayloadMatch> matchPayload(linalg::LinalgOp op, std::string &reason);

/// The builtin MDH operator `op` computes (`arith.addf` -> add, ...), if any.
std::optional<ReductionOp> getReductionOp(Operation *op);

/// Whether `value` is the identity of `op` for values of its type. A float
/// `add` accepts +0.0 too (see docs/composition.md for the one difference
/// it makes: a sum of only -0.0 terms gives -0.0 instead of +0.0).
bool isIdentity(ReductionOp op, Attribute value);

/// The `linalg.fill` before `user` in its block that sets all of the memref
/// `out` to the identity of `op`, with no op in between that may write
/// `out` (according to `aliasAnalysis`); for a tensor `out`, the fill with
/// the identity that returns it. Null if there is none. `readBetween` is set
/// when an op in between may read the memref, so the fill must stay.
linalg::FillOp findIdentityFill(Operation *user, Value out, ReductionOp op,
                                AliasAnalysis &aliasAnalysis,
                                bool &readBetween);

} // namespace mdh::linalg_to_mdh
} // namespace mlir

#endif // MDH_LIB_CONVERSION_LINALGTOMDH_PAYLOAD_H
