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
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <utility>

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

//===----------------------------------------------------------------------===//
// Injectivity
//===----------------------------------------------------------------------===//
//
// Two points of the box collide when a map sends both to one element. Deciding
// that is integer programming (one linear index over dimensions of extent 2 is
// subset sum), and a Presburger emptiness test takes time exponential in the
// number of variables. So each question goes through steps of growing cost,
// each exact in what it concludes:
//  1. a dimension the map does not use collides at once (points 0 and e_d);
//  2. pinning: results are linear in the dimensions and the floordiv locals
//     of the flat form, and two colliding points agree in a variable when
//     its |c| exceeds the sum of |c_i| * span_i over the other unpinned
//     ones (the top digit of a mixed-radix number), when no multiple c * t
//     with 0 < |t| <= span is a multiple of the gcd of the others, or when
//     it is a local of pinned variables;
//  3. linear equations over the differences (exact for maps without
//     floordiv/mod, else only an empty answer counts): they fold into one
//     with the same solutions in the box, decided by a dynamic program over
//     the reachable sums (at most kMaxSums) or by meeting in the middle (at
//     most kMaxHalf points per half);
//  4. every point of a box of at most kMaxPoints points, else Presburger
//     emptiness with at most kMaxExactVariables variables.
// Two maps of one output go through steps 3 and 4 over both points. The
// searches share kWordBudget per op and Presburger is bounded by its
// variables, so the check takes bounded time; a question no step settles
// is an error, not an acceptance.

namespace {
// The limits of the searches, documented in docs/hl-ir.md.

/// Largest range of sums the dynamic program tracks (one bit per sum).
constexpr uint64_t kMaxSums = uint64_t(1) << 24;
/// Largest table of the dynamic program (stages times sums, in bits).
constexpr uint64_t kMaxTableBits = uint64_t(1) << 28;
/// Most points of a box searched exhaustively.
constexpr uint64_t kMaxPoints = uint64_t(1) << 18;
/// Most points of one half of a meet-in-the-middle search (32 bytes each).
constexpr uint64_t kMaxHalf = uint64_t(1) << 19;
/// Steps (64-bit word operations, table entries) the searches of one op may
/// spend in all: a few tenths of a second.
constexpr uint64_t kWordBudget = uint64_t(1) << 28;
/// Most variables (point coordinates and locals) a Presburger search gets.
constexpr unsigned kMaxExactVariables = 8;

/// Bound on the magnitude of intermediate values of the linear searches,
/// far enough below 2^127 that one more product of two 62-bit values and
/// a sum stay exact; beyond it, a search gives up.
constexpr __int128 kMaxMagnitude = static_cast<__int128>(1) << 125;
constexpr __int128 kMaxCoefficient = static_cast<__int128>(1) << 62;

/// The outcome of a search for two colliding points.
enum class Search { Empty, Found, Unknown };

/// An integer variable lo <= x <= hi.
struct BoundedVar {
  int64_t lo, hi;
};

/// A set of integers in [0, size), one bit each.
class SumSet {
public:
  explicit SumSet(uint64_t size) : size(size), words((size + 63) / 64) {}
  bool test(uint64_t v) const { return words[v / 64] >> (v % 64) & 1; }
  void set(uint64_t v) { words[v / 64] |= uint64_t(1) << (v % 64); }
  /// Adds every element plus `shift`, dropping those beyond the range.
  void addShifted(uint64_t shift) {
    if (shift >= size)
      return;
    size_t ws = shift / 64;
    unsigned bs = shift % 64;
    // Downwards, so that every word is read before it is updated.
    for (size_t w = words.size(); w-- > ws;) {
      uint64_t v = words[w - ws] << bs;
      if (bs && w > ws)
        v |= words[w - ws - 1] >> (64 - bs);
      words[w] |= v;
    }
    if (size % 64)
      words.back() &= (uint64_t(1) << (size % 64)) - 1;
  }

private:
  uint64_t size;
  std::vector<uint64_t> words;
};
} // namespace

/// std::gcd, which strict C++ does not define for 128-bit integers.
static unsigned __int128 gcd(unsigned __int128 a, unsigned __int128 b) {
  while (b != 0)
    a = std::exchange(b, a % b);
  return a;
}

static bool tooLarge(__int128 v) {
  return v > kMaxMagnitude || v < -kMaxMagnitude;
}

/// Searches integers x_k in [vars[k].lo, vars[k].hi] with
/// sum coeffs[k] * x_k == target, by a dynamic program over the reachable
/// sums. Coefficients are below kMaxCoefficient in magnitude. Spends
/// `budget` (word operations); Unknown when the sums span more than the
/// limits allow.
static Search solveBoundedSum(ArrayRef<BoundedVar> vars,
                              ArrayRef<__int128> coeffs, __int128 target,
                              uint64_t &budget,
                              SmallVectorImpl<int64_t> &solution) {
  // Substitute x = lo + y for a positive coefficient and x = hi - y for a
  // negative one: then 0 <= y <= hi - lo and every coefficient is positive,
  // so only sums in [0, rest] matter.
  __int128 rest = target;
  for (auto [v, c] : llvm::zip_equal(vars, coeffs)) {
    rest -= c * (c > 0 ? v.lo : v.hi);
    if (tooLarge(rest))
      return Search::Unknown;
  }
  if (rest < 0)
    return Search::Empty;
  struct Item {
    unsigned var;
    __int128 coeff, count;
  };
  SmallVector<Item> items;
  __int128 reach = 0, divisor = 0;
  for (auto [k, v] : llvm::enumerate(vars)) {
    __int128 c = coeffs[k] < 0 ? -coeffs[k] : coeffs[k];
    __int128 count = static_cast<__int128>(v.hi) - v.lo;
    // A term larger than `rest` must stay at y = 0.
    if (c == 0 || count == 0 || c > rest)
      continue;
    count = std::min(count, rest / c);
    items.push_back({unsigned(k), c, count});
    // Saturates: only reach < rest matters.
    reach = std::min(reach + c * count, rest + 1);
    divisor = __int128(gcd(divisor, c));
  }
  auto fill = [&](ArrayRef<__int128> y) {
    solution.clear();
    for (auto [k, v] : llvm::enumerate(vars))
      solution.push_back(coeffs[k] < 0 ? v.hi : v.lo);
    for (auto [item, yk] : llvm::zip_equal(items, y))
      solution[item.var] += int64_t(coeffs[item.var] < 0 ? -yk : yk);
  };
  if (rest == 0) {
    fill(SmallVector<__int128>(items.size(), 0));
    return Search::Found;
  }
  if (reach < rest || rest % divisor != 0)
    return Search::Empty;
  rest /= divisor;
  for (Item &item : items)
    item.coeff /= divisor;
  if (rest >= static_cast<__int128>(kMaxSums) ||
      items.size() * static_cast<uint64_t>(rest + 1) > kMaxTableBits)
    return Search::Unknown;
  uint64_t size = uint64_t(rest) + 1, words = size / 64 + 1, cost = 0;
  for (const Item &item : items)
    cost += words * (2 + llvm::Log2_64(uint64_t(item.count)));
  if (cost > budget)
    return Search::Unknown;
  budget -= cost;

  // stages[k]: the sums reachable with items [0, k). A count splits into
  // 1, 2, 4, ... and a remainder, whose subsets sum to every value in
  // [0, count].
  SmallVector<SumSet> stages;
  SumSet reachable(size);
  reachable.set(0);
  for (const Item &item : items) {
    stages.push_back(reachable);
    uint64_t c = uint64_t(item.coeff), left = uint64_t(item.count);
    for (uint64_t piece = 1; left; piece *= 2) {
      uint64_t n = std::min(piece, left);
      reachable.addShifted(n * c);
      left -= n;
    }
  }
  if (!reachable.test(uint64_t(rest)))
    return Search::Empty;
  SmallVector<__int128> y(items.size(), 0);
  uint64_t v = uint64_t(rest);
  for (unsigned k = items.size(); k-- > 0;) {
    uint64_t c = uint64_t(items[k].coeff);
    for (uint64_t t = 0; t <= uint64_t(items[k].count) && t * c <= v; ++t) {
      if (stages[k].test(v - t * c)) {
        y[k] = t;
        v -= t * c;
        break;
      }
    }
  }
  assert(v == 0 && "the dynamic program lost its witness");
  fill(y);
  return Search::Found;
}

/// Searches like solveBoundedSum, by meeting in the middle: the sums of
/// the first variables, sorted, are looked up for each sum of the others.
/// For wide sums over variables with few values.
static Search meetInTheMiddle(ArrayRef<BoundedVar> vars,
                              ArrayRef<__int128> coeffs, __int128 target,
                              uint64_t &budget,
                              SmallVectorImpl<int64_t> &solution) {
  solution.clear();
  SmallVector<unsigned> free;
  __int128 rest = target, extreme = 0;
  for (auto [k, v] : llvm::enumerate(vars)) {
    solution.push_back(v.lo);
    __int128 c = coeffs[k];
    extreme += (c < 0 ? -c : c) *
               std::max<__int128>(v.lo < 0 ? -__int128(v.lo) : v.lo,
                                  v.hi < 0 ? -__int128(v.hi) : v.hi);
    if (tooLarge(extreme))
      return Search::Unknown;
    rest -= c * v.lo;
    if (c != 0 && v.lo != v.hi)
      free.push_back(k);
  }
  // Split where the first half has about as many points as the second.
  auto points = [&](ArrayRef<unsigned> half) {
    unsigned __int128 n = 1;
    for (unsigned k : half) {
      n *= static_cast<unsigned __int128>(vars[k].hi - vars[k].lo + 1);
      if (n > kMaxHalf)
        return kMaxHalf + 1;
    }
    return uint64_t(n);
  };
  unsigned split = 0;
  while (split < free.size() &&
         points(ArrayRef(free).take_front(split + 1)) <=
             points(ArrayRef(free).drop_front(split + 1)))
    ++split;
  ArrayRef<unsigned> first = ArrayRef(free).take_front(split),
                     second = ArrayRef(free).drop_front(split);
  uint64_t numFirst = points(first), numSecond = points(second);
  if (numFirst > kMaxHalf || numSecond > kMaxHalf)
    return Search::Unknown;
  uint64_t cost = (numFirst + numSecond) * (2 + llvm::Log2_64(numFirst));
  if (cost > budget)
    return Search::Unknown;
  budget -= cost;

  // Visits the points of `half` in mixed-radix order (the first variable
  // fastest), with the sum of their terms over lo.
  auto enumerate = [&](ArrayRef<unsigned> half, auto visit) {
    SmallVector<int64_t> digit(half.size(), 0);
    __int128 sum = 0;
    for (uint64_t index = 0;; ++index) {
      if (visit(index, sum))
        return;
      unsigned k = 0;
      for (; k < half.size(); ++k) {
        const BoundedVar &v = vars[half[k]];
        if (digit[k] < v.hi - v.lo) {
          ++digit[k];
          sum += coeffs[half[k]];
          break;
        }
        sum -= coeffs[half[k]] * digit[k];
        digit[k] = 0;
      }
      if (k == half.size())
        return;
    }
  };
  auto decode = [&](ArrayRef<unsigned> half, uint64_t index) {
    for (unsigned k : half) {
      uint64_t n = uint64_t(vars[k].hi - vars[k].lo) + 1;
      solution[k] = vars[k].lo + int64_t(index % n);
      index /= n;
    }
  };
  std::vector<std::pair<__int128, uint64_t>> sums;
  sums.reserve(numFirst);
  enumerate(first, [&](uint64_t index, __int128 sum) {
    sums.push_back({sum, index});
    return false;
  });
  llvm::sort(sums);
  bool found = false;
  enumerate(second, [&](uint64_t index, __int128 sum) {
    auto it =
        llvm::lower_bound(sums, std::pair<__int128, uint64_t>(rest - sum, 0));
    if (it == sums.end() || it->first != rest - sum)
      return false;
    decode(first, it->second);
    decode(second, index);
    found = true;
    return true;
  });
  return found ? Search::Found : Search::Empty;
}

/// Searches x in the box of `vars` with rows[r] . x == targets[r] for all r.
/// Rows are checked one by one (range, gcd), then folded into one equation
/// with the same solutions in the box: with M_r bounding
/// |rows[r] . x - targets[r]|, the weights w_0 = 1 and
/// w_{r+1} = 1 + sum_{s <= r} w_s M_s let no nonzero residuals cancel.
static Search solveLinearSystem(ArrayRef<BoundedVar> vars,
                                ArrayRef<SmallVector<__int128>> rows,
                                ArrayRef<__int128> targets, uint64_t &budget,
                                SmallVectorImpl<int64_t> &solution) {
  SmallVector<__int128> folded(vars.size(), 0);
  __int128 foldedTarget = 0, weightedReach = 0;
  std::optional<__int128> weight = 1;
  for (auto [row, target] : llvm::zip_equal(rows, targets)) {
    __int128 lo = -target, hi = -target, divisor = 0;
    for (auto [v, c] : llvm::zip_equal(vars, row)) {
      if (c >= kMaxCoefficient || c <= -kMaxCoefficient)
        return Search::Unknown;
      lo += c * (c > 0 ? v.lo : v.hi);
      hi += c * (c > 0 ? v.hi : v.lo);
      if (tooLarge(lo) || tooLarge(hi))
        return Search::Unknown;
      if (v.lo != v.hi)
        divisor = __int128(gcd(divisor, c < 0 ? -c : c));
    }
    if (lo > 0 || hi < 0)
      return Search::Empty;
    if (divisor == 0)
      continue; // Constant and zero: no constraint.
    // The residual at the lower corner of the box; elsewhere it differs by
    // multiples of the divisor.
    __int128 base = -target;
    for (auto [v, c] : llvm::zip_equal(vars, row))
      base += c * v.lo;
    if (base % divisor != 0)
      return Search::Empty;
    // A row with a reach too wide to weigh the next one makes the fold
    // inexact, unless it is the last.
    if (!weight)
      return Search::Unknown;
    __int128 bound = std::max(-lo, hi);
    for (auto [f, c] : llvm::zip_equal(folded, row)) {
      f += *weight * c;
      if (f >= kMaxCoefficient || f <= -kMaxCoefficient)
        return Search::Unknown;
    }
    foldedTarget += *weight * target;
    if (tooLarge(foldedTarget))
      return Search::Unknown;
    if (bound >= kMaxCoefficient ||
        (weightedReach += *weight * bound) >= kMaxCoefficient)
      weight = std::nullopt;
    else
      weight = weightedReach + 1;
  }
  Search s = solveBoundedSum(vars, folded, foldedTarget, budget, solution);
  if (s == Search::Unknown)
    s = meetInTheMiddle(vars, folded, foldedTarget, budget, solution);
  return s;
}

/// Whether result `expr` of a flattened map is linear in the dimensions.
static bool isLinear(ArrayRef<int64_t> expr, unsigned numDims) {
  return llvm::all_of(expr.slice(numDims, expr.size() - numDims - 1),
                      [](int64_t c) { return c == 0; });
}

namespace {
/// The variables of a flattened map, dimensions then locals (floordiv), as
/// the pinning sees them: how far two values of each may lie apart, and the
/// variables each local is a function of.
struct Variables {
  SmallVector<uint64_t> spans;
  SmallVector<SmallVector<unsigned>> dependencies;
};
} // namespace

/// Bounds the variables of `flat` over the box, locals by interval
/// arithmetic on their dividends; a local without a known division gets an
/// unbounded span (and pins nothing).
static Variables getVariables(const FlatMap &flat, ArrayRef<int64_t> sizes) {
  constexpr __int128 kUnbounded = static_cast<__int128>(1) << 62;
  unsigned numDims = sizes.size();
  unsigned numLocals = flat.cst.getNumLocalVars();
  SmallVector<std::optional<std::pair<__int128, __int128>>> ranges;
  for (int64_t n : sizes)
    ranges.push_back(std::pair<__int128, __int128>(0, n - 1));
  ranges.resize(numDims + numLocals);
  Variables vars;
  vars.dependencies.resize(numDims + numLocals);
  presburger::DivisionRepr divs = flat.cst.getLocalReprs();
  unsigned offset = divs.getDivOffset();
  // Locals may refer to each other in any order; settle them in passes.
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned l = 0; l < numLocals; ++l) {
      if (ranges[numDims + l] || !divs.hasRepr(l))
        continue;
      ArrayRef<DynamicAPInt> dividend = divs.getDividend(l);
      __int128 lo = int64_t(dividend.back()), hi = lo;
      bool known = true;
      SmallVector<unsigned> deps;
      for (unsigned k = 0; k + 1 < dividend.size() && known; ++k) {
        if (dividend[k] == 0)
          continue;
        // Columns: the cst's dims and symbols (none), then its locals.
        unsigned var = k < offset ? k : numDims + (k - offset);
        if (var >= ranges.size() || !ranges[var]) {
          known = false;
          break;
        }
        deps.push_back(var);
        __int128 c = int64_t(dividend[k]);
        auto [vlo, vhi] = *ranges[var];
        lo += c * (c > 0 ? vlo : vhi);
        hi += c * (c > 0 ? vhi : vlo);
        known = !tooLarge(lo) && !tooLarge(hi);
      }
      if (!known)
        continue;
      __int128 den = int64_t(divs.getDenom(l));
      auto floorDiv = [&](__int128 v) {
        return v >= 0 ? v / den : -((-v + den - 1) / den);
      };
      ranges[numDims + l] = {floorDiv(lo), floorDiv(hi)};
      vars.dependencies[numDims + l] = std::move(deps);
      changed = true;
    }
  }
  for (auto &range : ranges)
    vars.spans.push_back(
        uint64_t(range ? std::min(range->second - range->first, kUnbounded)
                       : kUnbounded));
  return vars;
}

/// Extends `pinned` by the variables in which colliding points of `flat`
/// provably agree (step 2 above), until nothing pins more: a variable of
/// span 0, a local whose dividend uses only pinned variables, and the top
/// and gcd arguments on each result, which is linear in the variables.
static void pinVariables(const FlatMap &flat, const Variables &vars,
                         llvm::SmallBitVector &pinned) {
  unsigned numVars = vars.spans.size();
  for (unsigned k = 0; k < numVars; ++k)
    if (vars.spans[k] == 0)
      pinned.set(k);
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned k = 0; k < numVars; ++k) {
      if (pinned[k] || vars.dependencies[k].empty() ||
          !llvm::all_of(vars.dependencies[k],
                        [&](unsigned v) { return pinned[v]; }))
        continue;
      pinned.set(k);
      changed = true;
    }
    for (const auto &expr : flat.exprs) {
      SmallVector<std::pair<unsigned __int128, unsigned>> terms;
      for (unsigned k = 0; k < numVars; ++k)
        if (!pinned[k] && expr[k] != 0)
          terms.push_back({expr[k] < 0 ? -static_cast<unsigned __int128>(
                                             static_cast<__int128>(expr[k]))
                                       : expr[k],
                           k});
      // From the top: |c| * |x_k| <= sum of the others' |c_i| * span_i
      // forces x_k = 0 when |c| exceeds that sum. Coefficients are below
      // 2^64 and spans at most 2^63, so each product fits; the sum
      // saturates.
      llvm::sort(terms, [](auto l, auto r) { return l.first > r.first; });
      SmallVector<unsigned __int128> below(terms.size() + 1, 0);
      for (unsigned k = terms.size(); k-- > 0;) {
        below[k] =
            below[k + 1] + terms[k].first * static_cast<unsigned __int128>(
                                                vars.spans[terms[k].second]);
        if (below[k] >> 126)
          below[k] = static_cast<unsigned __int128>(1) << 126;
      }
      unsigned top = 0;
      while (top < terms.size() && terms[top].first > below[top + 1])
        pinned.set(terms[top++].second);
      // The gcd g of the others divides c_k * x_k, so x_k is a multiple of
      // g / gcd(g, c_k); none in [1, span_k] when that exceeds span_k.
      for (unsigned k = top; k < terms.size(); ++k) {
        unsigned __int128 g = 0;
        for (unsigned l = top; l < terms.size(); ++l)
          if (l != k && !pinned[terms[l].second])
            g = gcd(g, terms[l].first);
        auto [c, var] = terms[k];
        if (g != 0 &&
            g / gcd(g, c) > static_cast<unsigned __int128>(vars.spans[var]))
          pinned.set(var);
      }
      changed |= top > 0 ||
                 llvm::any_of(terms, [&](auto t) { return pinned[t.second]; });
    }
  }
}

/// Presburger search (step 4) for p, q with a(p) == b(q) (and p_d < q_d
/// when `d` is set), over compacted variables: coordinate i of p is
/// variable pVar[i], or 0 where pVar[i] is negative; likewise for q.
static Search searchExact(AffineMap a, AffineMap b, ArrayRef<int64_t> sizes,
                          ArrayRef<int> pVar, ArrayRef<int> qVar,
                          std::optional<unsigned> d, unsigned &numVars,
                          SmallVectorImpl<int64_t> &p,
                          SmallVectorImpl<int64_t> &q) {
  MLIRContext *ctx = a.getContext();
  unsigned numDims = sizes.size(), numNew = 0;
  SmallVector<int64_t> newSizes;
  auto replacements = [&](ArrayRef<int> var) {
    SmallVector<AffineExpr> r;
    for (auto [i, v] : llvm::enumerate(var)) {
      r.push_back(v < 0 ? getAffineConstantExpr(0, ctx)
                        : getAffineDimExpr(v, ctx));
      if (v >= 0) {
        numNew = std::max(numNew, unsigned(v) + 1);
        newSizes.resize(numNew, 1);
        newSizes[v] = sizes[i];
      }
    }
    return r;
  };
  SmallVector<AffineExpr> pDims = replacements(pVar),
                          qDims = replacements(qVar);
  SmallVector<AffineExpr> results;
  for (AffineExpr e : a.getResults())
    results.push_back(e.replaceDimsAndSymbols(pDims, {}));
  for (AffineExpr e : b.getResults())
    results.push_back(e.replaceDimsAndSymbols(qDims, {}));
  FailureOr<FlatMap> flat = flatten(AffineMap::get(numNew, 0, results, ctx));
  numVars = numNew + (succeeded(flat) ? flat->cst.getNumLocalVars() : 0);
  if (failed(flat) || numVars > kMaxExactVariables)
    return Search::Unknown;
  FlatLinearConstraints cst = flat->cst;
  addBox(cst, newSizes, 0);
  unsigned rank = a.getNumResults();
  for (unsigned r = 0; r < rank; ++r) {
    SmallVector<int64_t> row(flat->exprs[r].begin(), flat->exprs[r].end());
    for (auto [k, c] : llvm::enumerate(flat->exprs[rank + r]))
      row[k] -= c;
    cst.addEquality(row);
  }
  if (d) {
    SmallVector<int64_t> row(cst.getNumCols(), 0);
    row[qVar[*d]] = 1;
    row[pVar[*d]] = -1;
    row.back() = -1;
    cst.addInequality(row);
  }
  auto point = cst.findIntegerSample();
  if (!point)
    return Search::Empty;
  p.clear();
  q.clear();
  for (unsigned i = 0; i < numDims; ++i) {
    p.push_back(pVar[i] < 0 ? 0 : int64_t((*point)[pVar[i]]));
    q.push_back(qVar[i] < 0 ? 0 : int64_t((*point)[qVar[i]]));
  }
  return Search::Found;
}

/// Presburger search (step 4) for x in the box of `vars` with
/// rows[r] . x == 0, whose coefficients are int64 values.
static Search searchDifferences(ArrayRef<BoundedVar> vars,
                                ArrayRef<SmallVector<__int128>> rows,
                                unsigned &numVars,
                                SmallVectorImpl<int64_t> &solution) {
  numVars = vars.size();
  if (numVars > kMaxExactVariables)
    return Search::Unknown;
  FlatLinearConstraints cst(numVars);
  for (auto [k, v] : llvm::enumerate(vars)) {
    cst.addBound(BoundType::LB, k, v.lo);
    cst.addBound(BoundType::UB, k, v.hi);
  }
  for (const auto &row : rows) {
    SmallVector<int64_t> eq(row.begin(), row.end());
    eq.push_back(0);
    cst.addEquality(eq);
  }
  auto point = cst.findIntegerSample();
  if (!point)
    return Search::Empty;
  solution.clear();
  for (const auto &v : *point)
    solution.push_back(int64_t(v));
  return Search::Found;
}

namespace {
/// The images of a flattened map at every point of the box over the
/// dimensions it uses, sorted (step 4, for small boxes).
class Images {
public:
  /// Fails when the box has more than kMaxPoints points, a local has no
  /// known division, or the budget does not cover the work.
  static std::optional<Images> get(const FlatMap &flat, ArrayRef<int64_t> sizes,
                                   AffineMap map, uint64_t &budget);

  /// Two points with one image that differ in dimension `d` (p_d < q_d).
  std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
  findCollision(unsigned d) const;
  /// A point of this box and one of `other`'s with one image.
  std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
  findCommon(const Images &other) const;

private:
  SmallVector<int64_t> point(uint64_t index) const;
  ArrayRef<int64_t> image(uint64_t index) const {
    return ArrayRef(values).slice(index * rank, rank);
  }
  static bool less(ArrayRef<int64_t> l, ArrayRef<int64_t> r) {
    return std::lexicographical_compare(l.begin(), l.end(), r.begin(), r.end());
  }

  ArrayRef<int64_t> sizes;
  SmallVector<unsigned> used;
  unsigned rank = 0;
  std::vector<int64_t> values;
  /// Point indices (mixed radix over `used`, the first fastest) by image.
  std::vector<uint64_t> order;
};
} // namespace

std::optional<Images> Images::get(const FlatMap &flat, ArrayRef<int64_t> sizes,
                                  AffineMap map, uint64_t &budget) {
  Images images;
  images.sizes = sizes;
  images.rank = flat.exprs.size();
  unsigned numDims = sizes.size();
  unsigned numLocals = flat.cst.getNumLocalVars();
  uint64_t numPoints = 1;
  for (unsigned d = 0; d < numDims; ++d) {
    if (sizes[d] == 1 || !map.isFunctionOfDim(d))
      continue;
    images.used.push_back(d);
    if (uint64_t(sizes[d]) > kMaxPoints / numPoints)
      return std::nullopt;
    numPoints *= uint64_t(sizes[d]);
  }
  // The locals in an order where each dividend uses only earlier ones.
  presburger::DivisionRepr divs = flat.cst.getLocalReprs();
  unsigned offset = divs.getDivOffset();
  SmallVector<unsigned> localOrder;
  llvm::SmallBitVector done(numLocals);
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned l = 0; l < numLocals; ++l) {
      if (done[l] || !divs.hasRepr(l))
        continue;
      ArrayRef<DynamicAPInt> dividend = divs.getDividend(l);
      bool ready = true;
      for (unsigned k = offset; k + 1 < dividend.size(); ++k)
        ready &= dividend[k] == 0 || done[k - offset];
      if (!ready)
        continue;
      done.set(l);
      localOrder.push_back(l);
      changed = true;
    }
  }
  if (!done.all())
    return std::nullopt;
  uint64_t cost = numPoints * (images.rank + numLocals + 1) * (numDims + 2) +
                  numPoints * (2 + llvm::Log2_64(numPoints)) * images.rank;
  if (cost > budget)
    return std::nullopt;
  budget -= cost;

  // Variables as in the flat form: dims, locals; 128-bit sums, as terms may
  // leave int64 where the values do not.
  SmallVector<__int128> vars(numDims + numLocals, 0);
  images.values.reserve(numPoints * images.rank);
  for (uint64_t index = 0; index < numPoints; ++index) {
    SmallVector<int64_t> p = images.point(index);
    for (unsigned d = 0; d < numDims; ++d)
      vars[d] = p[d];
    for (unsigned l : localOrder) {
      ArrayRef<DynamicAPInt> dividend = divs.getDividend(l);
      __int128 v = int64_t(dividend.back());
      for (unsigned k = 0; k + 1 < dividend.size(); ++k)
        if (dividend[k] != 0)
          v += __int128(int64_t(dividend[k])) *
               vars[k < offset ? k : numDims + (k - offset)];
      __int128 den = int64_t(divs.getDenom(l));
      vars[numDims + l] = v >= 0 ? v / den : -((-v + den - 1) / den);
    }
    for (const auto &expr : flat.exprs) {
      __int128 v = expr.back();
      for (unsigned k = 0; k + 1 < expr.size(); ++k)
        v += __int128(expr[k]) * vars[k];
      images.values.push_back(int64_t(v));
    }
  }
  images.order.resize(numPoints);
  for (uint64_t k = 0; k < numPoints; ++k)
    images.order[k] = k;
  // Ties by index: the witnesses do not depend on the sort.
  llvm::sort(images.order, [&](uint64_t l, uint64_t r) {
    ArrayRef<int64_t> il = images.image(l), ir = images.image(r);
    return less(il, ir) || (il == ir && l < r);
  });
  return images;
}

SmallVector<int64_t> Images::point(uint64_t index) const {
  SmallVector<int64_t> p(sizes.size(), 0);
  for (unsigned d : used) {
    p[d] = int64_t(index % uint64_t(sizes[d]));
    index /= uint64_t(sizes[d]);
  }
  return p;
}

std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
Images::findCollision(unsigned d) const {
  for (size_t begin = 0, end; begin < order.size(); begin = end) {
    std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>> pq;
    for (end = begin;
         end < order.size() && image(order[end]) == image(order[begin]);
         ++end) {
      SmallVector<int64_t> p = point(order[end]);
      if (!pq) {
        pq = {p, p};
        continue;
      }
      if (p[d] < pq->first[d])
        pq->first = p;
      if (p[d] > pq->second[d])
        pq->second = p;
    }
    if (pq->first[d] < pq->second[d])
      return pq;
  }
  return std::nullopt;
}

std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
Images::findCommon(const Images &other) const {
  for (uint64_t k : other.order) {
    auto it = llvm::lower_bound(
        order, other.image(k),
        [&](uint64_t l, ArrayRef<int64_t> v) { return less(image(l), v); });
    if (it != order.end() && image(*it) == other.image(k))
      return std::pair(point(*it), other.point(k));
  }
  return std::nullopt;
}

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
