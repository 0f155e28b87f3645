//===- MmaFragments.h - The fragments of mdh_cl.mma -------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// What the lowerings of `mdh_cl.mma` share (lib/Dialect/CL/MmaFragments.cpp):
// the lane's coordinates in the PTX ISA's fragment layouts of m16n8k16 and
// m16n8k8 (and the lane of an MFMA's wavefront), the indices of an element of A
// or B, whether a fragment register is one aligned 32-bit word of memory, and
// TF32 rounding. Each fragment register of A and B of m16n8k16 is a pair of
// 16-bit elements adjacent along k: one word when k is the operand's innermost
// dimension of a shared buffer (16-byte aligned, unlike a function argument or
// a register array of 16-bit elements) at an even index. Those of m16n8k8 hold
// one f32 element each, rounded to TF32.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_MMAFRAGMENTS_H
#define MDH_DIALECT_CL_MMAFRAGMENTS_H

#include "mdh/Dialect/CL/MDHCLOps.h"

namespace mlir::mdh_cl {

/// The lane of the thread that runs an `mdh_cl.mma` as the PTX ISA names
/// its parts: `groupID` = lane / 4 and `2 * threadID_in_group` = 2 * (lane
/// % 4), the first row and column of its accumulators (and of its A and B
/// fragments).
struct MmaLane {
  Value g, t;
};

/// What a shape of `mdh_cl.mma` multiplies: A is 16 x k, B k x n, and
/// `lanes` threads (a warp, or an AMD wavefront for `mfma`) compute it.
struct MmaShapeDims {
  int64_t n, k, lanes;
  bool mfma;
};
MmaShapeDims getMmaShapeDims(MmaShape shape);

/// Accumulator `e` (< 4) of `lane` in the 16 x n result of `shape`: (row,
/// col), built at `b`'s insertion point. mma.sync: (lane / 4 + 8 (e / 2),
/// 2 (lane % 4) + e % 2); MFMA: (4 (lane / 16) + e, lane % 16).
std::pair<Value, Value> mmaAccumulatorPosition(OpBuilder &b, Location loc,
                                               MmaShape shape, Value lane,
                                               Value e);

/// The indices of accumulator `e` of `op` (`accIndices` plus e in the last).
SmallVector<Value> mmaAccumulatorIndices(OpBuilder &b, MmaOp op, int64_t e);

/// The products of a warp tile (`tiles [tm, tn]`) as `tm * tn` single
/// `mdh_cl.mma` ops in its place (i-major), which replace `op`; an op without
/// `tiles` is returned as it is. For the lowerings that load fragments per
/// product (the reference expansion, NVVM, where LLVM merges repeated loads).
SmallVector<MmaOp> splitMmaTiles(MmaOp op);

/// The lane of the thread that runs `op`, built in front of it (mma.sync
/// shapes).
MmaLane buildMmaLane(OpBuilder &b, MmaOp op);

/// The lane id of the thread that runs `op` in its warp (32 lanes) or
/// wavefront (64 lanes for MFMA shapes), built in front of it.
Value buildLaneId(OpBuilder &b, MmaOp op);

/// The indices of element (row, col) of the matrix an operand reads at
/// `base` (its last two indices, swapped when `transposed`).
SmallVector<Value> mmaElementIndices(OpBuilder &b, Location loc,
                                     ValueRange base, bool transposed,
                                     Value row, Value col);

/// Whether `v` is a multiple of `n`: such a constant, the induction
/// variable of an `mdh_cl.for` that starts at a multiple in steps of
/// multiples, sums and differences of such values, and products of which
/// one factor is.
bool isProvablyMultipleOf(Value v, int64_t n);
inline bool isProvablyEven(Value v) { return isProvablyMultipleOf(v, 2); }

/// `x` (f32) rounded to TF32 as `cvt.rna.tf32.f32` does: to nearest, ties
/// away from zero, NaNs kept.
Value roundToTF32(OpBuilder &b, Location loc, Value x);

/// Whether the runs of `n` elements along k that the lanes read from an
/// operand (`memref` at `indices`, k innermost when `kInnermost`) are
/// aligned to their size: k innermost in a shared buffer with an identity
/// layout, its last extent and the index a multiple of `n`.
bool mmaRunsAreAligned(Value memref, ValueRange indices, bool kInnermost,
                       int64_t n);
/// The pairs of m16n8k16 as aligned 32-bit words.
inline bool mmaPairsAreWords(Value memref, ValueRange indices,
                             bool kInnermost) {
  return mmaRunsAreAligned(memref, indices, kInnermost, 2);
}

} // namespace mlir::mdh_cl

#endif // MDH_DIALECT_CL_MMAFRAGMENTS_H
