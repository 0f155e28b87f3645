//===- MmaRules.h - Tensor-core register tiles: when and how ----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A GPU schedule whose register tile is a warp-level matrix product
// (`Config::mma`, docs/tuning-parameters.md "Tensor cores"). The MDH
// dimensions make it decidable whether a computation is a contraction that
// fits (NVIDIA mma.sync, AMD MFMA): two inputs indexed by a dimension pair
// each, a scalar function
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

/// The register tile (m, n, k) of an `mma` shape, and the lanes that
/// compute it together: a warp of 32 (NVIDIA) or a wavefront of 64 (AMD).
struct MmaDims {
  int64_t m, n, k, lanes;
};
MmaDims mmaDims(MmaShape shape);
/// Whether `shape` is an AMD MFMA (else an NVIDIA mma.sync).
bool isMfma(MmaShape shape);
/// The shape that multiplies `element` on `target`: m16n8k16 for f16 and
/// bf16, m16n8k8 (TF32) for f32 on NVIDIA; m16n16k16 for f16 and bf16 on
/// AMD; none otherwise.
std::optional<MmaShape> mmaShapeFor(Type element, Attribute target);

/// Whether NVIDIA chip `chip` (`sm_80`, `sm_90a`, ...) has `mma.sync`
/// m16n8k16 with f16/bf16 operands and m16n8k8 with tf32 operands, with f32
/// accumulators: sm_80 and later.
bool chipHasMmaSync(StringRef chip);
/// Whether AMD chip `chip` has `v_mfma_f32_16x16x16f16` and
/// `v_mfma_f32_16x16x16bf16_1k`: gfx90a (CDNA2), gfx940 to gfx942 (CDNA3)
/// and gfx950.
bool chipHasMfma(StringRef chip);

/// The f32 accumulators of one lane: 4 per product (16x8 of 32 lanes, or
/// 16x16 of 64) of its warp tile.
int64_t mmaAccumulators(const MmaContraction &mc, const Config &c);

/// The innermost extent of a shared tile whose rows hold `inner` elements of
/// `elementBytes` bytes, padded by 16 bytes where the rows are an even
/// number of 16-byte units: 8 consecutive rows then start in 8 distinct
/// 16-byte groups of banks, so that neither `ldmatrix` (8 rows of 16 bytes
/// per phase) nor the lanes' 32-bit fragment loads (rows g, words t)
/// conflict.
int64_t mmaPaddedInner(int64_t inner, int64_t elementBytes);

/// The shape of the shared tile of input `input` (mc.lhs or mc.rhs) of a
/// tensor-core schedule, in the order of its buffer (the copy's layout
/// applied), the innermost extent padded (mmaPaddedInner).
SmallVector<int64_t, 2> mmaSharedTileShape(const MmaContraction &mc,
                                           const Config &c, unsigned input);

/// The most buffers per shared copy (`Config::stages`) a GPU schedule may
/// keep: double buffering. Deeper pipelines would wait for all but the
/// newest copies (cp.async.wait_group), which the CL-IR does not express.
inline constexpr int64_t kMaxStages = 2;

/// The bytes of shared memory the shared tiles of a tensor-core schedule
/// take: both inputs' padded tiles, times the stages.
int64_t mmaSharedBytes(const MmaContraction &mc, const Config &c);

/// Checks the rules of `c.mma` (set) for `op` on `target`, reporting each
/// violated one through `emitError` (when given).
LogicalResult verifyMmaConfig(Operation *op, Attribute target, const Config &c,
                              function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::mdh_ll

#endif // MDH_DIALECT_LL_MMARULES_H
