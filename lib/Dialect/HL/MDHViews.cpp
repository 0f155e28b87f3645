//===- MDHViews.cpp - Exact bounds and injectivity checks of views --------===//
//
// Part of the MDH-MLIR project.
//
// The checks are exact over the iteration box: each question ("can this
// access leave the buffer?", "can two points write one element?") is an
// integer emptiness test of a Presburger set, so `(i, j) -> 4*i + j` with
// `j < 4` is injective while a rank test would call it degenerate.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallBitVector.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::mdh;
using presburger::BoundType;

namespace {
using FlatExprs = std::vector<SmallVector<int64_t, 8>>;

/// A map flattened into linear expressions over [dims, locals, constant],
/// with the constraints that define the locals (floordiv, mod).
struct FlatMap {
  FlatExprs exprs;
  FlatLinearConstraints cst;
};
} // namespace

static FailureOr<FlatMap> flatten(AffineMap map) {
  FlatMap flat;
  if (failed(getFlattenedAffineExprs(map, &flat.exprs, &flat.cst)))
    return failure();
  return flat;
}

/// Restricts dims [offset, offset + sizes.size()) to the iteration box.
static void addBox(FlatLinearConstraints &cst, ArrayRef<int64_t> sizes,
                   unsigned offset) {
  for (auto [d, n] : llvm::enumerate(sizes)) {
    cst.addBound(BoundType::LB, offset + d, 0);
    cst.addBound(BoundType::UB, offset + d, n - 1);
  }
}

/// Returns the first `count` dims of an integer sample of `cst`, if any.
static std::optional<SmallVector<int64_t>>
sample(const FlatLinearConstraints &cst, unsigned first, unsigned count) {
  auto point = cst.findIntegerSample();
  if (!point)
    return std::nullopt;
  SmallVector<int64_t> dims;
  for (unsigned d = first; d < first + count; ++d)
    dims.push_back(int64_t((*point)[d]));
  return dims;
}

/// The indices `map` accesses at `point`, as text; "?" for an index that
/// does not fold to an int64 constant (overflow at huge sizes).
static std::string evaluate(AffineMap map, ArrayRef<int64_t> point) {
  SmallVector<AffineExpr> dims;
  for (int64_t v : point)
    dims.push_back(getAffineConstantExpr(v, map.getContext()));
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "(";
  llvm::interleaveComma(map.getResults(), os, [&](AffineExpr e) {
    if (auto folded = dyn_cast<AffineConstantExpr>(e.replaceDims(dims)))
      os << folded.getValue();
    else
      os << "?";
  });
  os << ")";
  return s;
}

static std::string tuple(ArrayRef<int64_t> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "(";
  llvm::interleaveComma(values, os);
  os << ")";
  return s;
}

/// The linear expression `sign * e + constant`, as an inequality row.
static SmallVector<int64_t> affineRow(ArrayRef<int64_t> e, int64_t sign,
                                      int64_t constant) {
  SmallVector<int64_t> row;
  for (int64_t c : e)
    row.push_back(sign * c);
  row.back() += constant;
  return row;
}

namespace {
/// A closed integer interval, or no bound at all (`known` false). __int128
/// holds every sum and product of two int64 bounds exactly.
struct Range {
  __int128 lo = 0, hi = 0;
  bool known = false;
};
} // namespace

/// Computes the range of `e` over the iteration box into `range`; returns
/// the first subexpression whose range leaves [-INT64_MAX, INT64_MAX], or
/// null. The kernels evaluate index maps in wrapping 64-bit arithmetic (and
/// ceildiv negates its operand), while the checks of this file reason over
/// the integers, so a map must stay in that range at every point. Divisions
/// by anything but a positive constant are left unbounded: flattening
/// rejects them.
static AffineExpr findOverflow(AffineExpr e, ArrayRef<int64_t> sizes,
                               Range &range) {
  range = Range();
  if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    range = {c.getValue(), c.getValue(), true};
  } else if (auto d = dyn_cast<AffineDimExpr>(e)) {
    if (d.getPosition() >= sizes.size())
      return nullptr;
    range = {0, sizes[d.getPosition()] - 1, true};
  } else if (auto bin = dyn_cast<AffineBinaryOpExpr>(e)) {
    Range l, r;
    for (auto [operand, operandRange] :
         {std::pair(bin.getLHS(), &l), std::pair(bin.getRHS(), &r)}) {
      if (AffineExpr inner = findOverflow(operand, sizes, *operandRange)) {
        range = *operandRange;
        return inner;
      }
    }
    if (!l.known || !r.known)
      return nullptr;
    switch (e.getKind()) {
    case AffineExprKind::Add:
      range = {l.lo + r.lo, l.hi + r.hi, true};
      break;
    case AffineExprKind::Mul: {
      __int128 p[] = {l.lo * r.lo, l.lo * r.hi, l.hi * r.lo, l.hi * r.hi};
      range = {*std::min_element(p, p + 4), *std::max_element(p, p + 4), true};
      break;
    }
    default: {
      // The quotient or remainder of a division by a positive constant.
      if (r.lo != r.hi || r.lo < 1)
        return nullptr;
      __int128 c = r.lo;
      auto floorDiv = [&](__int128 v) {
        return v >= 0 ? v / c : -((-v + c - 1) / c);
      };
      auto ceilDiv = [&](__int128 v) {
        return v >= 0 ? (v + c - 1) / c : -(-v / c);
      };
      if (e.getKind() == AffineExprKind::FloorDiv)
        range = {floorDiv(l.lo), floorDiv(l.hi), true};
      else if (e.getKind() == AffineExprKind::CeilDiv)
        range = {ceilDiv(l.lo), ceilDiv(l.hi), true};
      else
        range = {0, c - 1, true};
      break;
    }
    }
  } else {
    // Symbols are rejected before the views are checked.
    return nullptr;
  }
  const __int128 max = INT64_MAX;
  if (range.lo < -max || range.hi > max)
    return e;
  return nullptr;
}

static std::string toString(__int128 v) {
  bool negative = v < 0;
  unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v) : v;
  std::string s;
  do {
    s.insert(s.begin(), char('0' + u % 10));
    u /= 10;
  } while (u);
  return negative ? "-" + s : s;
}

static LogicalResult checkOverflow(ComputationOpInterface op, StringRef role,
                                   unsigned i, unsigned j, AffineMap map) {
  for (AffineExpr result : map.getResults()) {
    Range range;
    if (AffineExpr e = findOverflow(result, op.getSizes(), range)) {
      std::string text;
      llvm::raw_string_ostream os(text);
      e.print(os);
      return op.emitOpError("index map #")
             << j << " of " << role << " #" << i
             << " overflows 64-bit index arithmetic: '" << text
             << "' ranges over [" << toString(range.lo) << ", "
             << toString(range.hi) << "] in the iteration space";
    }
  }
  return success();
}

static LogicalResult checkBounds(ComputationOpInterface op, StringRef role,
                                 unsigned i, unsigned j, AffineMap map,
                                 ShapedType type) {
  if (failed(checkOverflow(op, role, i, j, map)))
    return failure();
  ArrayRef<int64_t> sizes = op.getSizes();
  FailureOr<FlatMap> flat = flatten(map);
  if (failed(flat))
    return op.emitOpError("index map #")
           << j << " of " << role << " #" << i
           << " cannot be analyzed: floordiv, ceildiv and mod need positive "
              "constant divisors";
  for (unsigned r = 0, e = map.getNumResults(); r < e; ++r) {
    int64_t extent = type.getDimSize(r);
    // index < 0  <=>  -index - 1 >= 0;  index >= extent  <=>  index - extent
    // >= 0.
    for (auto row : {affineRow(flat->exprs[r], -1, -1),
                     affineRow(flat->exprs[r], 1, -extent)}) {
      FlatLinearConstraints cst = flat->cst;
      addBox(cst, sizes, 0);
      cst.addInequality(row);
      if (auto point = sample(cst, 0, sizes.size())) {
        std::string index = evaluate(map, *point);
        return op.emitOpError("index map #")
               << j << " of " << role << " #" << i
               << " is out of bounds: at iteration point " << tuple(*point)
               << " it accesses index " << index << " of " << type
               << " (dimension " << r << " must be in [0, " << extent << "))";
      }
    }
  }
  return success();
}

/// Dimensions in which `map` is injective by a cheap sufficient test: if two
/// points of the box have the same image, they agree in every returned
/// dimension. A result whose linear part, restricted to the dimensions not
/// yet proven equal, is a mixed-radix number (each coefficient beats the
/// others below it at their largest digits) pins all those dimensions; the
/// test repeats until no result pins more. It settles the common strided
/// views at once, where the exact check can take time exponential in the
/// number of dimensions.
static llvm::SmallBitVector provablyInjectiveDims(AffineMap map,
                                                  ArrayRef<int64_t> sizes) {
  unsigned numDims = sizes.size();
  llvm::SmallBitVector pinned(numDims);
  FailureOr<FlatMap> flat = flatten(map);
  if (failed(flat))
    return pinned;
  bool changed = true;
  while (changed) {
    changed = false;
    for (const auto &expr : flat->exprs) {
      // Locals (floordiv, mod) are not linear in the dimensions.
      if (llvm::any_of(
              ArrayRef<int64_t>(expr).slice(numDims, expr.size() - numDims - 1),
              [](int64_t c) { return c != 0; }))
        continue;
      SmallVector<std::pair<unsigned __int128, unsigned>> terms;
      for (unsigned d = 0; d < numDims; ++d)
        if (!pinned[d] && expr[d] != 0)
          terms.push_back({expr[d] < 0 ? -static_cast<unsigned __int128>(
                                             static_cast<__int128>(expr[d]))
                                       : expr[d],
                           d});
      if (terms.empty())
        continue;
      llvm::sort(terms);
      // |sum of the smaller terms| <= reach < the next coefficient.
      unsigned __int128 reach = 0;
      bool mixedRadix = true;
      for (auto [c, d] : terms) {
        if (c <= reach) {
          mixedRadix = false;
          break;
        }
        // Coefficients are below 2^64 and sizes below 2^63, so this stays
        // below 2^128 while reach is below 2^64.
        reach += c * static_cast<unsigned __int128>(sizes[d] - 1);
        if (reach >> 64)
          reach = static_cast<unsigned __int128>(1) << 64;
      }
      if (!mixedRadix)
        continue;
      for (auto [c, d] : terms)
        pinned.set(d);
      changed = true;
    }
  }
  return pinned;
}

/// Checks that accesses `a` and `b` of output `i` never write one element
/// from different points of the cc/ps dimensions (or, for two distinct
/// accesses, from any points at all).
static LogicalResult checkInjective(ComputationOpInterface op, unsigned i,
                                    unsigned ja, AffineMap a, unsigned jb,
                                    AffineMap b) {
  ArrayRef<int64_t> sizes = op.getSizes();
  unsigned numDims = sizes.size();
  MLIRContext *ctx = op.getContext();
  // One map over two copies of the iteration space: p = d[0, D), q = d[D, 2D).
  SmallVector<AffineExpr> results(a.getResults());
  for (AffineExpr e : b.getResults())
    results.push_back(e.shiftDims(numDims, numDims));
  AffineMap pair = AffineMap::get(2 * numDims, 0, results, ctx);
  FailureOr<FlatMap> flat = flatten(pair);
  if (failed(flat))
    return op.emitOpError("index maps of output #") << i << " are not affine";
  FlatLinearConstraints base = flat->cst;
  addBox(base, sizes, 0);
  addBox(base, sizes, numDims);
  unsigned rank = a.getNumResults();
  for (unsigned r = 0; r < rank; ++r) {
    SmallVector<int64_t> row(flat->exprs[r].begin(), flat->exprs[r].end());
    for (auto [k, c] : llvm::enumerate(flat->exprs[rank + r]))
      row[k] -= c;
    base.addEquality(row);
  }

  auto report = [&](const FlatLinearConstraints &cst,
                    StringRef what) -> LogicalResult {
    auto p = sample(cst, 0, numDims);
    if (!p)
      return success();
    auto q = sample(cst, numDims, numDims);
    return op.emitOpError("output #")
           << i << " " << what << ": iteration points " << tuple(*p) << " and "
           << tuple(*q) << " both write element " << evaluate(a, *p);
  };

  if (ja != jb) {
    std::string what =
        ("is written twice by index maps #" + Twine(ja) + " and #" + Twine(jb))
            .str();
    return report(base, what);
  }
  llvm::SmallBitVector pinned = provablyInjectiveDims(a, sizes);
  for (unsigned d = 0; d < numDims; ++d) {
    if (op.getCombiner(d).isPW() || pinned[d])
      continue;
    // p_d < q_d covers p_d != q_d: the pair (p, q) is symmetric.
    FlatLinearConstraints cst = base;
    SmallVector<int64_t> row(cst.getNumCols(), 0);
    row[numDims + d] = 1;
    row[d] = -1;
    row.back() = -1;
    cst.addInequality(row);
    std::string what =
        ("is not written injectively in dimension " + Twine(d) + " (" +
         stringifyCombineKind(op.getCombiner(d).getKind()) +
         ") by index map #" + Twine(ja))
            .str();
    if (failed(report(cst, what)))
      return failure();
  }
  return success();
}

LogicalResult mlir::mdh::verifyViews(ComputationOpInterface op) {
  for (auto [i, in] : llvm::enumerate(op.getIns()))
    for (auto [j, map] : llvm::enumerate(op.getInputMaps(i)))
      if (failed(checkBounds(op, "input", i, j, map,
                             cast<ShapedType>(in.getType()))))
        return failure();
  for (auto [i, out] : llvm::enumerate(op.getOuts()))
    for (auto [j, map] : llvm::enumerate(op.getOutputMaps(i)))
      if (failed(checkBounds(op, "output", i, j, map,
                             cast<ShapedType>(out.getType()))))
        return failure();
  for (unsigned i = 0, e = op.getOuts().size(); i < e; ++i) {
    SmallVector<AffineMap> maps = op.getOutputMaps(i);
    for (unsigned ja = 0; ja < maps.size(); ++ja)
      for (unsigned jb = ja; jb < maps.size(); ++jb)
        if (failed(checkInjective(op, i, ja, maps[ja], jb, maps[jb])))
          return failure();
  }
  return success();
}

/// Splits `expr` into coefficients of the dimensions and a constant; fails
/// for anything that is not affine-linear (floordiv, mod, ceildiv, products
/// of dimensions).
bool mlir::mdh::linearizeAffineExpr(AffineExpr expr,
                                    MutableArrayRef<int64_t> coeffs,
                                    int64_t &constant, int64_t scale) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    coeffs[dim.getPosition()] += scale;
    return true;
  }
  if (auto cst = dyn_cast<AffineConstantExpr>(expr)) {
    constant += scale * cst.getValue();
    return true;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!bin)
    return false;
  if (bin.getKind() == AffineExprKind::Add)
    return linearizeAffineExpr(bin.getLHS(), coeffs, constant, scale) &&
           linearizeAffineExpr(bin.getRHS(), coeffs, constant, scale);
  if (bin.getKind() == AffineExprKind::Mul) {
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS()))
      return linearizeAffineExpr(bin.getLHS(), coeffs, constant,
                                 scale * c.getValue());
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getLHS()))
      return linearizeAffineExpr(bin.getRHS(), coeffs, constant,
                                 scale * c.getValue());
  }
  return false;
}
