//===- ViewSearch.h - Exact searches for colliding points -------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to the MDHHL library: the exact searches behind the injectivity
// check of `verifyViews` (MDHViews.cpp), and the flat form of index maps that
// both files use. ViewSearch.cpp describes the steps of the search.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_DIALECT_HL_VIEWSEARCH_H
#define MDH_LIB_DIALECT_HL_VIEWSEARCH_H

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/IR/AffineMap.h"
#include "llvm/ADT/SmallBitVector.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace mlir::mdh::detail {
using FlatExprs = std::vector<SmallVector<int64_t, 8>>;

/// A map flattened into linear expressions over [dims, locals, constant],
/// with the constraints that define the locals (floordiv, mod).
struct FlatMap {
  FlatExprs exprs;
  FlatLinearConstraints cst;
};

inline FailureOr<FlatMap> flatten(AffineMap map) {
  FlatMap flat;
  if (failed(getFlattenedAffineExprs(map, &flat.exprs, &flat.cst)))
    return failure();
  return flat;
}

/// Restricts dims [offset, offset + sizes.size()) to the iteration box.
inline void addBox(FlatLinearConstraints &cst, ArrayRef<int64_t> sizes,
                   unsigned offset) {
  for (auto [d, n] : llvm::enumerate(sizes)) {
    cst.addBound(presburger::BoundType::LB, offset + d, 0);
    cst.addBound(presburger::BoundType::UB, offset + d, n - 1);
  }
}

// The limits of the searches that the injectivity check reports, documented
// in docs/hl-ir.md; the others are in ViewSearch.cpp.

/// Steps (64-bit word operations, table entries) the searches of one op may
/// spend in all: a few tenths of a second.
constexpr uint64_t kWordBudget = uint64_t(1) << 28;
/// Most variables (point coordinates and locals) a Presburger search gets.
constexpr unsigned kMaxExactVariables = 8;
/// Most points of a box searched exhaustively (Images).
constexpr uint64_t kMaxPoints = uint64_t(1) << 18;

/// The outcome of a search for two colliding points.
enum class Search { Empty, Found, Unknown };

/// An integer variable lo <= x <= hi.
struct BoundedVar {
  int64_t lo, hi;
};

/// Searches x in the box of `vars` with rows[r] . x == targets[r] for all r.
/// Rows are checked one by one (range, gcd), then folded into one equation
/// with the same solutions in the box: with M_r bounding
/// |rows[r] . x - targets[r]|, the weights w_0 = 1 and
/// w_{r+1} = 1 + sum_{s <= r} w_s M_s let no nonzero residuals cancel.
Search solveLinearSystem(ArrayRef<BoundedVar> vars,
                         ArrayRef<SmallVector<__int128>> rows,
                         ArrayRef<__int128> targets, uint64_t &budget,
                         SmallVectorImpl<int64_t> &solution);

/// Whether result `expr` of a flattened map is linear in the dimensions.
bool isLinear(ArrayRef<int64_t> expr, unsigned numDims);

/// The variables of a flattened map, dimensions then locals (floordiv), as
/// the pinning sees them: how far two values of each may lie apart, and the
/// variables each local is a function of.
struct Variables {
  SmallVector<uint64_t> spans;
  SmallVector<SmallVector<unsigned>> dependencies;
};

/// Bounds the variables of `flat` over the box, locals by interval
/// arithmetic on their dividends; a local without a known division gets an
/// unbounded span (and pins nothing).
Variables getVariables(const FlatMap &flat, ArrayRef<int64_t> sizes);

/// Extends `pinned` by the variables in which colliding points of `flat`
/// provably agree (step 2 in ViewSearch.cpp), until nothing pins more: a
/// variable of span 0, a local whose dividend uses only pinned variables, and
/// the top and gcd arguments on each result, which is linear in the variables.
void pinVariables(const FlatMap &flat, const Variables &vars,
                  llvm::SmallBitVector &pinned);

/// Presburger search (step 4) for p, q with a(p) == b(q) (and p_d < q_d
/// when `d` is set), over compacted variables: coordinate i of p is
/// variable pVar[i], or 0 where pVar[i] is negative; likewise for q.
Search searchExact(AffineMap a, AffineMap b, ArrayRef<int64_t> sizes,
                   ArrayRef<int> pVar, ArrayRef<int> qVar,
                   std::optional<unsigned> d, unsigned &numVars,
                   SmallVectorImpl<int64_t> &p, SmallVectorImpl<int64_t> &q);

/// Presburger search (step 4) for x in the box of `vars` with
/// rows[r] . x == 0, whose coefficients are int64 values.
Search searchDifferences(ArrayRef<BoundedVar> vars,
                         ArrayRef<SmallVector<__int128>> rows,
                         unsigned &numVars, SmallVectorImpl<int64_t> &solution);

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
} // namespace mlir::mdh::detail

#endif // MDH_LIB_DIALECT_HL_VIEWSEARCH_H
