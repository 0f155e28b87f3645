//===- MDHViews.cpp - Exact bounds and injectivity checks of views --------===//
//
// Part of the MDH-MLIR project.
//
// The checks are exact over the iteration box: each question ("can this
// access leave the buffer?", "can two points write one element?") is an
// integer emptiness test of a Presburger set, so `(i, j) -> 4*i + j` with
// `j < 4` is injective while a rank test would call it degenerate. This file
// holds the bounds and overflow checks and the injectivity check that drives
// the exact searches of ViewSearch.cpp.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/HL/MDHOps.h"

#include "ViewSearch.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <utility>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::detail;
using presburger::BoundType;

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
//===----------------------------------------------------------------------===//
// Injectivity
//===----------------------------------------------------------------------===//
//
// ViewSearch.cpp describes the steps that settle each question.

namespace {
/// The injectivity checks of one op, sharing the budget of its dynamic
/// programs.
struct InjectivityChecker {
  ComputationOpInterface op;
  uint64_t budget = kWordBudget;

  LogicalResult collision(unsigned i, AffineMap a, ArrayRef<int64_t> p,
                          ArrayRef<int64_t> q, const Twine &what) {
    return op.emitOpError("output #")
           << i << " " << what << ": iteration points " << tuple(p) << " and "
           << tuple(q) << " both write element " << evaluate(a, p);
  }

  LogicalResult limit(unsigned i, const Twine &what, unsigned numVars) {
    return op.emitOpError("output #")
           << i << ": cannot prove " << what
           << " within the limits of the exact check (" << numVars
           << " variables, at most " << kMaxExactVariables
           << "); output views must be provably injective";
  }

  LogicalResult checkMap(unsigned i, unsigned j, AffineMap a);
  LogicalResult checkPair(unsigned i, unsigned ja, AffineMap a, unsigned jb,
                          AffineMap b);
};
} // namespace

/// Checks that map `j` of output `i` never writes one element from points
/// that differ in a cc or ps dimension.
LogicalResult InjectivityChecker::checkMap(unsigned i, unsigned j,
                                           AffineMap a) {
  ArrayRef<int64_t> sizes = op.getSizes();
  unsigned numDims = sizes.size();
  FailureOr<FlatMap> flat = flatten(a);
  if (failed(flat))
    return op.emitOpError("index maps of output #") << i << " are not affine";
  bool linear = llvm::all_of(
      flat->exprs, [&](const auto &e) { return isLinear(e, numDims); });
  Variables variables = getVariables(*flat, sizes);
  unsigned numVariables = variables.spans.size();
  llvm::SmallBitVector pinned(numVariables);
  pinVariables(*flat, variables, pinned);
  // The first dimension that no step could decide, reported if no other
  // dimension has a collision.
  std::optional<std::pair<unsigned, unsigned>> undecided;
  std::optional<Images> images;
  bool triedImages = false;
  for (unsigned d = 0; d < numDims; ++d) {
    if (op.getCombiner(d).isPW() || pinned[d])
      continue;
    std::string what =
        ("is not written injectively in dimension " + Twine(d) + " (" +
         stringifyCombineKind(op.getCombiner(d).getKind()) +
         ") by index map #" + Twine(j))
            .str();
    SmallVector<int64_t> p(numDims, 0), q(numDims, 0);
    if (!a.isFunctionOfDim(d)) {
      q[d] = 1;
      return collision(i, a, p, q, what);
    }
    // Step 3 over the differences x = q - p of the variables (exact for a
    // linear map; with locals, which it takes as free in their ranges, only
    // the absence of a collision counts). p_d < q_d covers p_d != q_d, as
    // the pair is symmetric.
    SmallVector<unsigned> vars;
    SmallVector<BoundedVar> bounds;
    for (unsigned k = 0; k < numVariables; ++k) {
      if (k != d && (pinned[k] || llvm::all_of(flat->exprs, [&](auto &e) {
                       return e[k] == 0;
                     })))
        continue;
      vars.push_back(k);
      int64_t span = int64_t(variables.spans[k]);
      bounds.push_back({k == d ? 1 : -span, span});
    }
    SmallVector<SmallVector<__int128>> rows;
    for (const auto &expr : flat->exprs) {
      rows.emplace_back();
      for (unsigned k : vars)
        rows.back().push_back(expr[k]);
    }
    SmallVector<__int128> targets(rows.size(), 0);
    SmallVector<int64_t> x;
    auto fromDifferences = [&] {
      assert(linear && "differences of locals are no witness");
      for (auto [k, diff] : llvm::zip_equal(vars, x)) {
        p[k] = std::max<int64_t>(0, -diff);
        q[k] = p[k] + diff;
      }
      return collision(i, a, p, q, what);
    };
    Search s = solveLinearSystem(bounds, rows, targets, budget, x);
    if (s == Search::Found && linear)
      return fromDifferences();
    unsigned numVars = 0;
    if (s != Search::Empty) {
      // Step 4 on a small box: every point.
      if (!triedImages) {
        images = Images::get(*flat, sizes, a, budget);
        triedImages = true;
      }
      if (images) {
        if (auto pq = images->findCollision(d))
          return collision(i, a, pq->first, pq->second, what);
        s = Search::Empty;
      }
    }
    if (s == Search::Unknown && linear) {
      // Step 4 over the differences.
      s = searchDifferences(bounds, rows, numVars, x);
      if (s == Search::Found)
        return fromDifferences();
    } else if (s != Search::Empty) {
      // Step 4 over both points. Colliding points agree in the pinned
      // dimensions, so they share one variable there.
      SmallVector<int> pVar(numDims, -1), qVar(numDims, -1);
      int next = 0;
      for (unsigned k = 0; k < numDims; ++k) {
        if (sizes[k] == 1 || !a.isFunctionOfDim(k))
          continue;
        pVar[k] = next++;
        qVar[k] = pinned[k] ? pVar[k] : next++;
      }
      s = searchExact(a, a, sizes, pVar, qVar, d, numVars, p, q);
      if (s == Search::Found)
        return collision(i, a, p, q, what);
    }
    if (s == Search::Unknown) {
      if (!undecided)
        undecided = {d, numVars};
      continue;
    }
    // No collision differs in d: later questions may take x_d = 0.
    pinned.set(d);
    pinVariables(*flat, variables, pinned);
  }
  if (undecided) {
    auto [d, numVars] = *undecided;
    return limit(i,
                 "index map #" + Twine(j) + " injective in dimension " +
                     Twine(d) + " (" +
                     stringifyCombineKind(op.getCombiner(d).getKind()) + ")",
                 numVars);
  }
  return success();
}

/// Checks that maps `ja` and `jb` of output `i` never write one element.
LogicalResult InjectivityChecker::checkPair(unsigned i, unsigned ja,
                                            AffineMap a, unsigned jb,
                                            AffineMap b) {
  ArrayRef<int64_t> sizes = op.getSizes();
  unsigned numDims = sizes.size();
  FailureOr<FlatMap> flatA = flatten(a), flatB = flatten(b);
  if (failed(flatA) || failed(flatB))
    return op.emitOpError("index maps of output #") << i << " are not affine";
  std::string what =
      ("is written twice by index maps #" + Twine(ja) + " and #" + Twine(jb))
          .str();
  SmallVector<int64_t> p(numDims, 0), q(numDims, 0);
  auto linear = [&](const FlatExprs &exprs) {
    return llvm::all_of(exprs,
                        [&](const auto &e) { return isLinear(e, numDims); });
  };
  // Step 3 over p and q: a(p) - b(q) == 0.
  Search s = Search::Unknown;
  if (linear(flatA->exprs) && linear(flatB->exprs)) {
    SmallVector<std::pair<bool, unsigned>> vars;
    SmallVector<BoundedVar> bounds;
    for (auto [isQ, map] : {std::pair(false, a), std::pair(true, b)})
      for (unsigned k = 0; k < numDims; ++k)
        if (sizes[k] > 1 && map.isFunctionOfDim(k)) {
          vars.push_back({isQ, k});
          bounds.push_back({0, sizes[k] - 1});
        }
    SmallVector<SmallVector<__int128>> rows;
    SmallVector<__int128> targets;
    for (auto [ea, eb] : llvm::zip_equal(flatA->exprs, flatB->exprs)) {
      rows.emplace_back();
      for (auto [isQ, k] : vars)
        rows.back().push_back(isQ ? -static_cast<__int128>(eb[k]) : ea[k]);
      targets.push_back(static_cast<__int128>(eb.back()) - ea.back());
    }
    SmallVector<int64_t> x;
    s = solveLinearSystem(bounds, rows, targets, budget, x);
    if (s == Search::Found) {
      for (auto [var, value] : llvm::zip_equal(vars, x))
        (var.first ? q : p)[var.second] = value;
      return collision(i, a, p, q, what);
    }
  }
  if (s == Search::Unknown) {
    // Step 4 on small boxes: every point.
    std::optional<Images> imagesA = Images::get(*flatA, sizes, a, budget);
    std::optional<Images> imagesB =
        imagesA ? Images::get(*flatB, sizes, b, budget) : std::nullopt;
    if (imagesB) {
      if (auto pq = imagesA->findCommon(*imagesB))
        return collision(i, a, pq->first, pq->second, what);
      return success();
    }
  }
  unsigned numVars = 0;
  if (s == Search::Unknown) {
    SmallVector<int> pVar(numDims, -1), qVar(numDims, -1);
    int next = 0;
    for (unsigned k = 0; k < numDims; ++k)
      if (sizes[k] > 1 && a.isFunctionOfDim(k))
        pVar[k] = next++;
    for (unsigned k = 0; k < numDims; ++k)
      if (sizes[k] > 1 && b.isFunctionOfDim(k))
        qVar[k] = next++;
    s = searchExact(a, b, sizes, pVar, qVar, std::nullopt, numVars, p, q);
    if (s == Search::Found)
      return collision(i, a, p, q, what);
  }
  if (s == Search::Unknown)
    return limit(
        i, "index maps #" + Twine(ja) + " and #" + Twine(jb) + " disjoint",
        numVars);
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
  InjectivityChecker checker{op};
  for (unsigned i = 0, e = op.getOuts().size(); i < e; ++i) {
    SmallVector<AffineMap> maps = op.getOutputMaps(i);
    for (unsigned ja = 0; ja < maps.size(); ++ja) {
      if (failed(checker.checkMap(i, ja, maps[ja])))
        return failure();
      for (unsigned jb = ja + 1; jb < maps.size(); ++jb)
        if (failed(checker.checkPair(i, ja, maps[ja], jb, maps[jb])))
          return failure();
    }
  }
  return success();
}

/// linearizeAffineExpr, and with `throughDivisions` boundingLinearForm: a
/// floordiv, ceildiv or mod by a positive constant contributes its dividend
/// (its constant is then meaningless). Fails on coefficient overflow.
static bool linearize(AffineExpr expr, MutableArrayRef<int64_t> coeffs,
                      int64_t &constant, int64_t scale, bool throughDivisions) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return !llvm::AddOverflow(coeffs[dim.getPosition()], scale,
                              coeffs[dim.getPosition()]);
  if (auto cst = dyn_cast<AffineConstantExpr>(expr)) {
    constant += scale * cst.getValue();
    return true;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!bin)
    return false;
  auto rhs = dyn_cast<AffineConstantExpr>(bin.getRHS());
  switch (bin.getKind()) {
  case AffineExprKind::Add:
    return linearize(bin.getLHS(), coeffs, constant, scale, throughDivisions) &&
           linearize(bin.getRHS(), coeffs, constant, scale, throughDivisions);
  case AffineExprKind::Mul: {
    auto factor = rhs ? rhs : dyn_cast<AffineConstantExpr>(bin.getLHS());
    int64_t product;
    if (!factor || llvm::MulOverflow(scale, factor.getValue(), product))
      return false;
    return linearize(rhs ? bin.getLHS() : bin.getRHS(), coeffs, constant,
                     product, throughDivisions);
  }
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
  case AffineExprKind::Mod:
    return throughDivisions && rhs && rhs.getValue() > 0 &&
           linearize(bin.getLHS(), coeffs, constant, scale, throughDivisions);
  default:
    return false;
  }
}

bool mlir::mdh::linearizeAffineExpr(AffineExpr expr,
                                    MutableArrayRef<int64_t> coeffs,
                                    int64_t &constant, int64_t scale) {
  return linearize(expr, coeffs, constant, scale, /*throughDivisions=*/false);
}

bool mlir::mdh::boundingLinearForm(AffineExpr expr,
                                   MutableArrayRef<int64_t> coeffs) {
  int64_t constant = 0;
  return linearize(expr, coeffs, constant, 1, /*throughDivisions=*/true);
}
