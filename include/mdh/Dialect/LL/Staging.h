//===- Staging.h - The element type of an input's tile copies ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Tile copies of an input (shared memory, packed and register tiles) hold
// its elements already converted when the scalar function only ever widens
// them: f16 x f16 -> f32 products read f32 tiles. `arith.extf` is exact, so
// converting each element once while it is copied gives the results of
// converting it at every use, and the hot loop reads the type it computes
// in (no conversion per use, 32-bit shared loads that combine into 128-bit
// ones). The footprint model of the configuration rules, the search space
// and the lowering to CL-IR all take the tiles' element type from here.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_STAGING_H
#define MDH_DIALECT_LL_STAGING_H

#include "mlir/IR/Operation.h"

namespace mlir::mdh_ll {

/// The block of the scalar function of `op`: `mdh.compute`'s region, or
/// that of the `mdh_ll.scalar` inside an `mdh_ll.schedule` (null if none).
Block *scalarBody(Operation *op);

/// The element type of the tile copies of input `input` of `op` (an
/// `mdh.compute` or an `mdh_ll.schedule`): the float type that every use
/// of every access of the input in the scalar function extends it to with
/// `arith.extf`, or else the input's own element type.
Type stagedElementType(Operation *op, unsigned input);

} // namespace mlir::mdh_ll

#endif // MDH_DIALECT_LL_STAGING_H
