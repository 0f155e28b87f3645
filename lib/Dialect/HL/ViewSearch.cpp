//===- ViewSearch.cpp - Exact searches for colliding points ---------------===//
//
// Part of the MDH-MLIR project.
//
// The exact searches behind the injectivity check of `verifyViews`: pinning
// of variables, linear systems solved by a dynamic program or by meeting in
// the middle, and Presburger emptiness (exhaustive images of small boxes:
// ViewImages.cpp). MDHViews.cpp drives them through ViewSearch.h.
//
//===----------------------------------------------------------------------===//

#include "ViewSearch.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::detail;
using presburger::BoundType;

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
/// Most points of one half of a meet-in-the-middle search (32 bytes each).
constexpr uint64_t kMaxHalf = uint64_t(1) << 19;

/// Bound on the magnitude of intermediate values of the linear searches,
/// far enough below 2^127 that one more product of two 62-bit values and
/// a sum stay exact; beyond it, a search gives up.
constexpr __int128 kMaxMagnitude = static_cast<__int128>(1) << 125;
constexpr __int128 kMaxCoefficient = static_cast<__int128>(1) << 62;

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

Search mlir::mdh::detail::solveLinearSystem(
    ArrayRef<BoundedVar> vars, ArrayRef<SmallVector<__int128>> rows,
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

bool mlir::mdh::detail::isLinear(ArrayRef<int64_t> expr, unsigned numDims) {
  return llvm::all_of(expr.slice(numDims, expr.size() - numDims - 1),
                      [](int64_t c) { return c == 0; });
}

Variables mlir::mdh::detail::getVariables(const FlatMap &flat,
                                          ArrayRef<int64_t> sizes) {
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

void mlir::mdh::detail::pinVariables(const FlatMap &flat, const Variables &vars,
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

Search mlir::mdh::detail::searchExact(
    AffineMap a, AffineMap b, ArrayRef<int64_t> sizes, ArrayRef<int> pVar,
    ArrayRef<int> qVar, std::optional<unsigned> d, unsigned &numVars,
    SmallVectorImpl<int64_t> &p, SmallVectorImpl<int64_t> &q) {
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

Search mlir::mdh::detail::searchDifferences(
    ArrayRef<BoundedVar> vars, ArrayRef<SmallVector<__int128>> rows,
    unsigned &numVars, SmallVectorImpl<int64_t> &solution) {
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
