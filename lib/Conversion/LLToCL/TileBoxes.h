//===- TileBoxes.h - The part of a buffer a tile reads ----------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to LLToCL. A packed copy holds the box of an input buffer that the
// input's index maps reach over a tile of the iteration space. Per buffer
// dimension, results that are affine-linear with the same coefficients in
// every map (`i + k`, Jacobi's `i`, `i + 1`, `i + 2`) give an exact range:
// its low end is a linear function of the tile's corners, its length is
// bounded by the full tile sizes. Any other result (floordiv, mod, products,
// maps that disagree) takes the whole extent of the dimension.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_LLTOCL_TILEBOXES_H
#define MDH_LIB_CONVERSION_LLTOCL_TILEBOXES_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir::mdh {

/// How the maps of one input reach one buffer dimension.
struct BoxDim {
  /// The maps agree on an affine-linear result.
  bool linear = false;
  /// Coefficients per iteration dimension (when linear).
  SmallVector<int64_t> coeffs;
  /// Smallest and largest constant term over the maps (when linear).
  int64_t minConst = 0, maxConst = 0;
  /// The extent of the buffer dimension.
  int64_t extent = 1;
};

/// The box model of an input with index maps `maps` into a buffer of shape
/// `shape`.
SmallVector<BoxDim> analyzeBox(ArrayRef<AffineMap> maps,
                               ArrayRef<int64_t> shape);

/// The static size of the box over a tile of at most `tile` iterations per
/// dimension: an upper bound of every runtime box.
SmallVector<int64_t> boxShape(ArrayRef<BoxDim> box, ArrayRef<int64_t> tile);

/// The runtime box over the tile [lo_d, hi_d): its first index and its size
/// per buffer dimension, as index values built at `b`'s insertion point.
void buildBox(OpBuilder &b, Location loc, ArrayRef<BoxDim> box,
              ArrayRef<Value> lo, ArrayRef<Value> hi,
              SmallVectorImpl<Value> &offsets, SmallVectorImpl<Value> &sizes);

} // namespace mlir::mdh

#endif // MDH_LIB_CONVERSION_LLTOCL_TILEBOXES_H
