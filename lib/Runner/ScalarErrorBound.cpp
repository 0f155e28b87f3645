//===- ScalarErrorBound.cpp - Error analysis of the reference -------------===//
//
// Part of the MDH-MLIR project.
//
// The running error analysis that gives the reference check its tolerance
// (docs/semantics.md, "Floating-point tolerance"): for every float value of
// f, a bound on how far an evaluation in the program's own types may be
// from the f64 reference, and whether it may overflow or give NaN.
//
//===----------------------------------------------------------------------===//

#include "ScalarOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::scalar;

bool scalar::roundsResult(unsigned kind) {
  switch (kind) {
  case AddF:
  case SubF:
  case MulF:
  case DivF:
  case TruncF:
  case SIToFP:
  case UIToFP:
  case Exp:
  case Exp2:
  case Log:
  case Log2:
  case Log10:
  case Sqrt:
  case Rsqrt:
  case Tanh:
  case Sin:
  case Cos:
  case Erf:
  case Fma:
  case PowF:
    return true;
  default:
    return false;
  }
}

FloatFacts FloatFacts::get(Type type) {
  FloatFacts facts;
  const llvm::fltSemantics &sem = cast<FloatType>(type).getFloatSemantics();
  facts.precision = llvm::APFloat::semanticsPrecision(sem);
  int minExp = llvm::APFloat::semanticsMinExponent(sem);
  int maxExp = llvm::APFloat::semanticsMaxExponent(sem);
  facts.unit = std::ldexp(1.0, -facts.precision);
  facts.minNormal = std::ldexp(1.0, minExp);
  facts.minSubnormalExp = minExp - (facts.precision - 1);
  facts.maxFinite =
      std::ldexp(2.0 - std::ldexp(1.0, 1 - facts.precision), maxExp);
  return facts;
}

bool FloatFacts::representable(double v) const {
  if (v == 0 || !std::isfinite(v))
    return true;
  if (std::fabs(v) > maxFinite)
    return false;
  // Scaled so that the last significand bit (or the subnormal spacing) is 1.
  int exp;
  double scaled = std::fabs(v) < minNormal
                      ? std::ldexp(v, -minSubnormalExp)
                      : std::ldexp(std::frexp(v, &exp), precision);
  return scaled == std::trunc(scaled);
}

double FloatFacts::roundingBound(double mag) const {
  static const double u64 = std::ldexp(1.0, -53);
  double bound = (unit + u64) * mag;
  if (mag < minNormal)
    bound += minNormal;
  return bound;
}

void mdh::boundTF32Input(Scalar &s) {
  static const FloatFacts tf32 = [] {
    FloatFacts t;
    t.precision = 11;
    t.unit = std::ldexp(1.0, -11);
    t.minNormal = std::ldexp(1.0, -126);
    t.minSubnormalExp = -126 - 10;
    t.maxFinite = std::ldexp(2.0 - std::ldexp(1.0, -10), 127);
    return t;
  }();
  s.e += tf32.roundingBound(s.m);
  // f32 values above TF32's largest finite one may round to an infinity.
  s.mayInf |= s.m > tf32.maxFinite;
}

/// Whether an evaluation may give exactly zero where the reference is `x`.
static bool mayBeZero(const Scalar &x) { return std::fabs(x.f) <= x.e; }

/// First order: each operand anywhere within its bound.
void scalar::boundError(const ScalarProgram::Inst &in, ArrayRef<Scalar> s,
                        Scalar &r) {
  auto op = [&](unsigned k) -> const Scalar & { return s[in.operands[k]]; };
  const double inf = std::numeric_limits<double>::infinity();
  const FloatFacts &t = in.fp;
  double a = std::fabs(r.f), e = 0;
  bool anyInf = false;
  for (unsigned k = 0; k < in.operands.size(); ++k) {
    anyInf |= op(k).mayInf;
    r.mayNaN |= op(k).mayNaN;
  }
  // Roundings of the result: 0 for exact ops, 2 where a kernel may take two
  // steps (a / b as a * (1 / b), fma unfused); elementary functions get
  // kFunctionUlps (neither libm is correctly rounded).
  constexpr double kFunctionUlps = 4;
  double roundings = 1;
  bool function = false, mapsInfToFinite = false, infMakesNaN = true;
  switch (in.kind) {
  case AddF:
  case SubF:
    e = op(0).e + op(1).e;
    infMakesNaN = op(0).mayInf && op(1).mayInf;
    break;
  case MulF:
    e = op(0).e * (std::fabs(op(1).f) + op(1).e) + op(1).e * std::fabs(op(0).f);
    infMakesNaN = (op(0).mayInf && mayBeZero(op(1))) ||
                  (op(1).mayInf && mayBeZero(op(0)));
    break;
  case Fma:
    e = op(0).e * (std::fabs(op(1).f) + op(1).e) +
        op(1).e * std::fabs(op(0).f) + op(2).e;
    roundings = 2;
    break;
  case DivF: {
    double d = std::fabs(op(1).f);
    if (op(1).e >= d && op(1).e > 0) {
      // The divisor may be zero: any result, infinities included.
      e = inf;
      r.mayInf = true;
      r.mayNaN |= mayBeZero(op(0));
    } else {
      e = (op(0).e + a * op(1).e) / (d - op(1).e);
    }
    roundings = 2;
    mapsInfToFinite = op(1).mayInf;
    infMakesNaN = op(0).mayInf && op(1).mayInf;
    break;
  }
  case RemF:
    // fmod is exact but jumps by |b| where a crosses a multiple of b.
    e = op(0).e + op(1).e;
    if (e > 0)
      e += std::fabs(op(1).f) + op(1).e;
    roundings = 0;
    break;
  case NegF:
  case AbsF:
  case Identity:
  case MaxF:
  case MinF:
  case MaxNumF:
  case MinNumF:
    for (unsigned k = 0; k < in.operands.size(); ++k)
      e = std::max(e, op(k).e);
    roundings = 0;
    infMakesNaN = false;
    break;
  case CopySign:
    e = op(0).e;
    if (op(1).e > 0 && mayBeZero(op(1)))
      e += 2 * (std::fabs(op(0).f) + op(0).e);
    roundings = 0;
    infMakesNaN = false;
    break;
  case Floor:
  case Ceil:
    e = op(0).e > 0 ? op(0).e + 1 : 0;
    roundings = 0;
    infMakesNaN = false;
    break;
  case TruncF:
    e = op(0).e;
    infMakesNaN = false;
    break;
  case SIToFP:
  case UIToFP:
    break;
  case ConstF:
    roundings = 0;
    break;
  case Sqrt: {
    double x = op(0).f, ex = op(0).e;
    // |sqrt(x) - sqrt(y)| = |x - y| / (sqrt(x) + sqrt(y)).
    e = x - ex > 0 ? ex / (std::sqrt(x - ex) + std::sqrt(x)) : std::sqrt(ex);
    r.mayNaN |= x >= 0 && x - ex < 0;
    infMakesNaN = false;
    break;
  }
  case Rsqrt: {
    double x = op(0).f, ex = op(0).e;
    e = x - ex > 0 ? 1 / std::sqrt(x - ex) - 1 / std::sqrt(x) : inf;
    r.mayInf |= ex > 0 && x - ex <= 0;
    r.mayNaN |= x >= 0 && x - ex < 0;
    function = mapsInfToFinite = true;
    infMakesNaN = false;
    break;
  }
  case Exp:
  case Exp2:
    e = a * std::expm1(op(0).e * (in.kind == Exp2 ? llvm::numbers::ln2 : 1.0));
    function = mapsInfToFinite = true;
    infMakesNaN = false;
    break;
  case Log:
  case Log2:
  case Log10: {
    double x = op(0).f, ex = op(0).e;
    double base = in.kind == Log    ? 1.0
                  : in.kind == Log2 ? llvm::numbers::ln2
                                    : llvm::numbers::ln10;
    e = x - ex > 0 ? std::log(x / (x - ex)) / base : inf;
    r.mayInf |= ex > 0 && x - ex <= 0;
    r.mayNaN |= x >= 0 && x - ex < 0;
    function = true;
    infMakesNaN = false;
    break;
  }
  case Tanh:
  case Sin:
  case Cos:
  case Erf:
    // Lipschitz constants 1 (2/sqrt(pi) for erf); values within [-1, 1].
    e = std::min(
        op(0).e * (in.kind == Erf ? 2 * llvm::numbers::inv_sqrtpi : 1.0), 2.0);
    function = true;
    mapsInfToFinite = in.kind == Tanh || in.kind == Erf;
    infMakesNaN = in.kind == Sin || in.kind == Cos;
    break;
  case PowF: {
    double x = std::fabs(op(0).f), ex = op(0).e, ey = op(1).e;
    if (ex == 0 && ey == 0)
      e = 0;
    else if (x - ex > 0)
      e = a *
          std::expm1(std::fabs(op(1).f) * std::log(x / (x - ex)) +
                     std::fabs(std::log(x)) * ey + std::log(x / (x - ex)) * ey);
    else
      e = inf;
    function = mapsInfToFinite = true;
    break;
  }
  default:
    break;
  }
  if (anyInf) {
    // An operand may be an infinity the reference does not have.
    r.mayInf = true;
    r.mayNaN |= infMakesNaN;
    if (mapsInfToFinite)
      e = inf;
  }
  if (function)
    e += kFunctionUlps * t.roundingBound(a + e);
  else if (roundings > 0 && !(e == 0 && t.representable(r.f)))
    e += roundings * t.roundingBound(a + e);
  if (std::isnan(e))
    e = inf;
  // Overflow in the result type where the reference has a finite value.
  if (std::isfinite(r.f) && a + e > t.maxFinite)
    r.mayInf = true;
  r.e = e;
}
