//===- TileBoxes.cpp - The part of a buffer a tile reads ------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "TileBoxes.h"

#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineExpr.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::mdh;

SmallVector<BoxDim> mlir::mdh::analyzeBox(ArrayRef<AffineMap> maps,
                                          ArrayRef<int64_t> shape) {
  SmallVector<BoxDim> box;
  unsigned numDims = maps.front().getNumDims();
  for (auto [r, extent] : llvm::enumerate(shape)) {
    BoxDim dim;
    dim.extent = extent;
    dim.linear = true;
    for (auto [m, map] : llvm::enumerate(maps)) {
      SmallVector<int64_t> coeffs(numDims, 0);
      int64_t constant = 0;
      if (!linearizeAffineExpr(map.getResult(r), coeffs, constant)) {
        dim.linear = false;
        break;
      }
      if (m == 0) {
        dim.coeffs = coeffs;
        dim.minConst = dim.maxConst = constant;
        continue;
      }
      if (coeffs != dim.coeffs) {
        dim.linear = false;
        break;
      }
      dim.minConst = std::min(dim.minConst, constant);
      dim.maxConst = std::max(dim.maxConst, constant);
    }
    box.push_back(std::move(dim));
  }
  return box;
}

SmallVector<int64_t> mlir::mdh::boxShape(ArrayRef<BoxDim> box,
                                         ArrayRef<int64_t> tile) {
  SmallVector<int64_t> shape;
  for (const BoxDim &dim : box) {
    if (!dim.linear) {
      shape.push_back(dim.extent);
      continue;
    }
    int64_t size = 1 + dim.maxConst - dim.minConst;
    for (auto [c, t] : llvm::zip_equal(dim.coeffs, tile))
      size += std::abs(c) * (t - 1);
    shape.push_back(std::min(size, dim.extent));
  }
  return shape;
}

void mlir::mdh::buildBox(OpBuilder &b, Location loc, ArrayRef<BoxDim> box,
                         ArrayRef<Value> lo, ArrayRef<Value> hi,
                         SmallVectorImpl<Value> &offsets,
                         SmallVectorImpl<Value> &sizes) {
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  for (const BoxDim &dim : box) {
    if (!dim.linear) {
      offsets.push_back(cst(0));
      sizes.push_back(cst(dim.extent));
      continue;
    }
    // The smallest and largest index over the box are reached at corners:
    // lo_d for a positive coefficient, hi_d - 1 for a negative one (and the
    // other way round for the largest). Indices are in bounds for every
    // point (the HL verifier proved it), so no clamping is needed.
    Value first = cst(dim.minConst), last = cst(dim.maxConst);
    for (auto [d, c] : llvm::enumerate(dim.coeffs)) {
      if (c == 0)
        continue;
      Value low = lo[d];
      Value high = arith::SubIOp::create(b, loc, hi[d], cst(1));
      Value coeff = cst(c);
      Value atLow = arith::MulIOp::create(b, loc, c > 0 ? low : high, coeff);
      Value atHigh = arith::MulIOp::create(b, loc, c > 0 ? high : low, coeff);
      first = arith::AddIOp::create(b, loc, first, atLow);
      last = arith::AddIOp::create(b, loc, last, atHigh);
    }
    offsets.push_back(first);
    Value span = arith::SubIOp::create(b, loc, last, first);
    sizes.push_back(arith::AddIOp::create(b, loc, span, cst(1)));
  }
}
