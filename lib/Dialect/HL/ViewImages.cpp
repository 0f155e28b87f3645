//===- ViewImages.cpp - Every image of a small box ------------------------===//
//
// Part of the MDH-MLIR project.
//
// Step 4 of the injectivity check (ViewSearch.cpp): the images of every
// point of a box of at most kMaxPoints points under a map, sorted, so that
// two points with one image (a collision) or an image two maps share are
// found by a scan.
//
//===----------------------------------------------------------------------===//

#include "ViewSearch.h"

#include "mlir/IR/AffineExpr.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::detail;

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
