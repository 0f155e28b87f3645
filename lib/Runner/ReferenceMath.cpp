//===- ReferenceMath.cpp - Shared pieces of the f64 reference -------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "ReferenceMath.h"

#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

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

std::string reference::tuple(ArrayRef<int64_t> v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "(";
  llvm::interleaveComma(v, os);
  os << ")";
  return s;
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
