//===- ScalarOps.h - The instruction kinds of ScalarProgram -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to MDHRunner: the kinds of ScalarProgram's instructions, shared by
// the evaluator (ScalarEvaluator.cpp) and its error analysis
// (ScalarErrorBound.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_RUNNER_SCALAROPS_H
#define MDH_LIB_RUNNER_SCALAROPS_H

#include "mdh/Runner/ScalarEvaluator.h"

namespace mlir::mdh::scalar {

enum Kind : unsigned {
  // Floats.
  AddF,
  SubF,
  MulF,
  DivF,
  RemF,
  NegF,
  MaxF,
  MinF,
  MaxNumF,
  MinNumF,
  Identity,
  TruncF,
  SIToFP,
  UIToFP,
  FPToSI,
  FPToUI,
  CmpF,
  Exp,
  Exp2,
  Log,
  Log2,
  Log10,
  Sqrt,
  Rsqrt,
  AbsF,
  Tanh,
  Sin,
  Cos,
  Erf,
  Floor,
  Ceil,
  Fma,
  PowF,
  CopySign,
  // Integers.
  AddI,
  SubI,
  MulI,
  DivSI,
  DivUI,
  RemSI,
  RemUI,
  AndI,
  OrI,
  XOrI,
  ShLI,
  ShRSI,
  ShRUI,
  MaxSI,
  MaxUI,
  MinSI,
  MinUI,
  ExtSI,
  ExtUI,
  TruncI,
  CmpI,
  AbsI,
  // Other.
  ConstF,
  ConstI,
  Select,
  Index
};

/// Whether an op of this kind rounds its float result (max, negation,
/// extf, select and the like are exact).
bool roundsResult(unsigned kind);

/// The running error analysis of docs/semantics.md for one float result
/// `r` of `in` over the value slots `s`: `r.e` from the operands' errors
/// plus the rounding of the result in its type, and the flags.
void boundError(const ScalarProgram::Inst &in, ArrayRef<Scalar> s, Scalar &r);

} // namespace mlir::mdh::scalar

#endif // MDH_LIB_RUNNER_SCALAROPS_H
