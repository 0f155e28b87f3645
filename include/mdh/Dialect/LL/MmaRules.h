//===- MmaRules.h - Tensor-core register tiles: when and how ----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A GPU schedule whose register tile is a warp-level matrix product
// (`Config::mma`, docs/tuning-parameters.md "Tensor cores"). The MDH
// dimensions make it decidable whether a computation is a contraction that
// fits: two inputs indexed by a dimension pair each, a scalar function
// that multiplies their widened f16/bf16 elements into f32 (or their f32
// elements, where `precision(tf32)` allows TF32), and pw(add) along the one
// dimension they share. The rules a configuration with `mma`
// obeys on top of the others are here, used by the verifier, the heuristic
// and the lowering.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MMARULES_H
#define MDH_DIALECT_LL_MMARULES_H

#include "mdh/Dialect/LL/Config.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

namespace mlir::mdh_ll {

/// The roles of a contraction C[m][n] += A[m][k] * B[k][n].
struct MmaContraction {
  /// The iteration dimensions.
  unsigned m = 0, n = 0, k = 0;
  /// The inputs A and B (indices into the computation's inputs).
  unsigned lhs = 0, rhs = 0;
  /// A's buffer is indexed (k, m) instead of (m, k); B's (n, k) instead of
  /// (k, n).
  bool lhsTransposed = false, rhsTransposed = false;
  /// f16, bf16, or f32 (read as TF32).
  Type element;
};

/// The contraction `op` (an `mdh.compute` or `mdh_ll.schedule`) computes,
/// or failure with the reason in `why`.
FailureOr<MmaContraction> matchMmaContraction(Operation *op,
                                              std::string *why = nullptr);

/// The register tile of every `mma` shape is (16, 8, mmaK(shape)).
inline constexpr int64_t kMmaM = 16, kMmaN = 8;
/// 16 for m16n8k16, 8 for m16n8k8.
int64_t mmaK(MmaShape shape);
/// The shape that multiplies `element`: m16n8k16 for f16 and bf16,
/// m16n8k8 (TF32) for f32.
MmaShape mmaShapeFor(Type element);
/// Threads per warp that own one tile of the threads level.
inline constexpr int64_t kMmaWarp = 32;

/// Whether NVIDIA chip `chip` (`sm_80`, `sm_90a`, ...) has `mma.sync`
/// m16n8k16 with f16/bf16 operands and m16n8k8 with tf32 operands, with f32
/// accumulators: sm_80 and later.
bool chipHasMmaSync(StringRef chip);

/// The f32 accumulators of one lane: 4 per 16x8 product of its warp tile.
int64_t mmaAccumulators(const MmaContraction &mc, const Config &c);

/// Checks the rules of `c.mma` (set) for `op` on `target`, reporting each
/// violated one through `emitError` (when given).
LogicalResult verifyMmaConfig(Operation *op, Attribute target, const Config &c,
                              function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::mdh_ll

#endif // MDH_DIALECT_LL_MMARULES_H
