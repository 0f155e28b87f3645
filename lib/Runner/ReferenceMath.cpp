//===- ReferenceMath.cpp - Shared pieces of the f64 reference -------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "ReferenceMath.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::mdh;

int64_t reference::evalExpr(AffineExpr e, ArrayRef<int64_t> p) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    return cast<AffineConstantExpr>(e).getValue();
  case AffineExprKind::DimId:
    return p[cast<AffineDimExpr>(e).getPosition()];
  case AffineExprKind::SymbolId:
    break;
  default: {
    auto bin = cast<AffineBinaryOpExpr>(e);
    int64_t l = evalExpr(bin.getLHS(), p), r = evalExpr(bin.getRHS(), p);
    switch (e.getKind()) {
    case AffineExprKind::Add:
      return l + r;
    case AffineExprKind::Mul:
      return l * r;
    case AffineExprKind::Mod:
      return llvm::mod(l, r);
    case AffineExprKind::FloorDiv:
      return llvm::divideFloorSigned(l, r);
    case AffineExprKind::CeilDiv:
      return llvm::divideCeilSigned(l, r);
    default:
      break;
    }
  }
  }
  llvm_unreachable("verified index maps have no symbols");
}

SmallVector<int64_t> reference::evalMap(AffineMap map, ArrayRef<int64_t> p) {
  SmallVector<int64_t> result;
  for (AffineExpr e : map.getResults())
    result.push_back(evalExpr(e, p));
  return result;
}

Scalar reference::combineBuiltin(ReductionOp op, Scalar a, Scalar b,
                                 bool isFloat, unsigned width) {
  Scalar r;
  auto ua = [&] {
    return uint64_t(a.i) & (width >= 64 ? ~0ull : (1ull << width) - 1);
  };
  auto ub = [&] {
    return uint64_t(b.i) & (width >= 64 ? ~0ull : (1ull << width) - 1);
  };
  switch (op) {
  case ReductionOp::add:
    if (isFloat)
      r.f = a.f + b.f;
    else
      r.i = wrapInt(int64_t(uint64_t(a.i) + uint64_t(b.i)), width);
    break;
  case ReductionOp::mul:
    if (isFloat)
      r.f = a.f * b.f;
    else
      r.i = wrapInt(int64_t(uint64_t(a.i) * uint64_t(b.i)), width);
    break;
  case ReductionOp::max:
    r.f = (std::isnan(a.f) || std::isnan(b.f))
              ? NAN
              : (a.f == b.f ? (std::signbit(a.f) ? b.f : a.f)
                            : std::max(a.f, b.f));
    break;
  case ReductionOp::min:
    r.f = (std::isnan(a.f) || std::isnan(b.f))
              ? NAN
              : (a.f == b.f ? (std::signbit(a.f) ? a.f : b.f)
                            : std::min(a.f, b.f));
    break;
  case ReductionOp::maxsi:
    r.i = std::max(a.i, b.i);
    break;
  case ReductionOp::minsi:
    r.i = std::min(a.i, b.i);
    break;
  case ReductionOp::maxui:
    r.i = ua() >= ub() ? a.i : b.i;
    break;
  case ReductionOp::minui:
    r.i = ua() <= ub() ? a.i : b.i;
    break;
  case ReductionOp::And:
    r.i = a.i & b.i;
    break;
  case ReductionOp::Or:
    r.i = a.i | b.i;
    break;
  case ReductionOp::Xor:
    r.i = a.i ^ b.i;
    break;
  }
  return r;
}

reference::CombineBound::CombineBound(std::optional<ReductionOp> op, Type type,
                                      unsigned customRoundings)
    : op(op), customRoundings(customRoundings) {
  if (isa<FloatType>(type))
    t = FloatFacts::get(type);
}

void reference::CombineBound::add(const Scalar &term) {
  ++n;
  mayNaN |= term.mayNaN;
  if (term.mayInf) {
    mayInf = true;
    ++infTerms;
  }
  double v = std::fabs(term.f), e = term.e;
  maxE = std::max(maxE, e);
  sumE += e;
  sumAbs += v + e;
  posReach += std::max(term.f, 0.0) + e;
  negReach += std::max(-term.f, 0.0) + e;
  if (op == ReductionOp::mul) {
    exactZero |= v == 0 && e == 0;
    factorMayBeZero |= v <= e;
    if (v + e > 0)
      relE += e / (v + e);
    double l = std::log2(v + e);
    log2All += l;
    if (l > 0)
      log2Big += l;
    else
      log2Small += std::log2(std::max(v - e, 0.0));
  }
  maxPartial = std::max(maxPartial, term.m + e);
}

void reference::CombineBound::partial(const Scalar &acc) {
  maxPartial = std::max(maxPartial, std::fabs(acc.m) + acc.e);
}

/// gamma_k = k u / (1 - k u) (Higham): k roundings of relative size u.
static double gammaBound(double k, double u) {
  return k * u < 1 ? k * u / (1 - k * u)
                   : std::numeric_limits<double>::infinity();
}

reference::FloatBound
reference::CombineBound::finish(const Scalar &result) const {
  static const double u64 = std::ldexp(1.0, -53);
  double u = t.unit + u64, k = double(n - 1);
  FloatBound b;
  b.mayInf = mayInf;
  b.mayNaN = mayNaN;
  b.signedZero = n <= 1 || (op && op != ReductionOp::add);
  if (n <= 1) {
    b.tolerance = result.e;
  } else if (op == ReductionOp::add) {
    // Any order: |sum - exact| <= gamma_{n-1} sum |term|, for the kernel
    // in the output type and for the reference in f64; the terms' own
    // errors add up. Partial sums may flush to zero on the way.
    b.tolerance = sumE + gammaBound(k, u) * sumAbs;
    if (b.tolerance > 0)
      b.tolerance += k * t.minNormal;
    bool pos = posReach > t.maxFinite, neg = negReach > t.maxFinite;
    b.mayInf |= pos || neg;
    b.mayNaN |= infTerms + pos + neg >= 2;
  } else if (op == ReductionOp::mul) {
    // prod (|v| + e) bounds every order's product; each factor's relative
    // error and n - 1 roundings scale it. Underflow loses at most the
    // smallest normal per rounding, times the factors multiplied after it.
    double all = std::exp2(log2All), big = std::exp2(log2Big);
    b.tolerance = all == 0 ? 0 : all * (relE + gammaBound(k, u));
    bool underflow = std::exp2(log2Small) < t.minNormal;
    if (underflow && !exactZero)
      b.tolerance += k * t.minNormal * big;
    bool overflow = big * (1 + gammaBound(k, u)) > t.maxFinite;
    b.mayInf |= overflow;
    b.mayNaN |= (overflow || infTerms) && (underflow || factorMayBeZero);
  } else if (op) {
    // max and min round nothing and are 1-Lipschitz.
    b.tolerance = maxE;
  } else {
    // A custom combiner: the reference's order as evaluated, plus its
    // roundings repeated at the largest partial for any other order.
    b.tolerance = result.e + k * customRoundings * u * maxPartial;
    if (customRoundings && b.tolerance > 0)
      b.tolerance += k * customRoundings * t.minNormal;
    b.mayInf |= result.mayInf || maxPartial > t.maxFinite;
    b.mayNaN |= result.mayNaN || (customRoundings && maxPartial > t.maxFinite);
  }
  if (std::isnan(b.tolerance))
    b.tolerance = std::numeric_limits<double>::infinity();
  return b;
}

bool reference::acceptFloat(double got, double ref, const FloatBound &b) {
  if (std::isnan(got))
    return std::isnan(ref) || b.mayNaN;
  if (std::isnan(ref))
    return b.mayNaN;
  if (std::isinf(got))
    return got == ref || b.mayInf;
  if (std::isinf(ref))
    return b.mayInf;
  // An exact result (no rounding anywhere) has a determined sign of zero.
  if (got == 0 && ref == 0 && b.tolerance == 0 && b.signedZero)
    return std::signbit(got) == std::signbit(ref);
  return std::fabs(got - ref) <= b.tolerance;
}

std::string reference::tuple(ArrayRef<int64_t> v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "(";
  llvm::interleaveComma(v, os);
  os << ")";
  return s;
}

double reference::checkCost(ComputeOp op, double &outerVolume) {
  ArrayRef<int64_t> sizes = op.getSizes();
  double cost = 1;
  outerVolume = 1;
  for (unsigned d = 0; d < sizes.size(); ++d) {
    double n = sizes[d];
    CombinerAttr combiner = op.getCombiner(d);
    if (!combiner.isPW())
      outerVolume *= n;
    cost *= combiner.isPS() ? n * (n + 1) / 2 : n;
  }
  return cost;
}

LogicalResult reference::refuseCostlyCheck(ComputeOp op, bool full,
                                           int64_t points, double cost,
                                           double outerVolume, double limit) {
  double evaluations =
      full ? cost : static_cast<double>(points) * (cost / outerVolume);
  if (evaluations <= limit)
    return success();
  auto format = [](double x) {
    std::string text;
    llvm::raw_string_ostream(text) << llvm::format("%.3g", x);
    return text;
  };
  return op.emitError() << "the reference check would evaluate the scalar "
                        << "function about " << format(evaluations)
                        << " times (" << format(cost / outerVolume)
                        << " per output point), more than the limit of "
                        << format(limit) << "; check fewer points or none";
}

void reference::forEachInReductionSet(ComputeOp op, ArrayRef<int64_t> c,
                                      ArrayRef<unsigned> innerDims,
                                      ArrayRef<int64_t> sizes,
                                      function_ref<void(ArrayRef<int64_t>)> f) {
  if (innerDims.empty()) {
    f(c);
    return;
  }
  // An odometer over the inner dimensions.
  SmallVector<int64_t> p(c), bound;
  for (unsigned d : innerDims) {
    bound.push_back(op.getCombiner(d).isPW() ? sizes[d] : c[d] + 1);
    p[d] = 0;
  }
  while (true) {
    f(p);
    int k = innerDims.size() - 1;
    for (; k >= 0; --k) {
      if (++p[innerDims[k]] < bound[k])
        break;
      p[innerDims[k]] = 0;
    }
    if (k < 0)
      return;
  }
}
