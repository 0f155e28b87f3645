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

#include "Dialect/HL/MDHOps.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"

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

static LogicalResult checkBounds(ComputeOp op, StringRef role, unsigned i,
                                 unsigned j, AffineMap map, MemRefType type) {
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

/// Checks that accesses `a` and `b` of output `i` never write one element
/// from different points of the cc/ps dimensions (or, for two distinct
/// accesses, from any points at all).
static LogicalResult checkInjective(ComputeOp op, unsigned i, unsigned ja,
                                    AffineMap a, unsigned jb, AffineMap b) {
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
  for (unsigned d = 0; d < numDims; ++d) {
    if (op.getCombiner(d).isPW())
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

LogicalResult mlir::mdh::verifyViews(ComputeOp op) {
  for (auto [i, in] : llvm::enumerate(op.getIns()))
    for (auto [j, map] : llvm::enumerate(op.getInputMaps(i)))
      if (failed(checkBounds(op, "input", i, j, map,
                             cast<MemRefType>(in.getType()))))
        return failure();
  for (auto [i, out] : llvm::enumerate(op.getOuts()))
    for (auto [j, map] : llvm::enumerate(op.getOutputMaps(i)))
      if (failed(checkBounds(op, "output", i, j, map,
                             cast<MemRefType>(out.getType()))))
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
