//===- Heuristic.h - Pieces of the default configuration --------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/TuningSpace: the CPU (HeuristicCPU.cpp) and GPU
// (HeuristicGPU.cpp) halves of tuning::defaultConfig (Heuristic.cpp) and
// the helpers they share.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_TUNINGSPACE_HEURISTIC_H
#define MDH_LIB_TUNINGSPACE_HEURISTIC_H

#include "mdh/Dialect/LL/ConfigRules.h"

namespace mlir::mdh::tuning::heuristic {
using rules::Buffer;
using rules::ceilDiv;
using rules::Problem;

/// The smallest multiple of `m` that is at least `x`, at most `cap`.
int64_t roundUp(int64_t x, int64_t m, int64_t cap);

/// One thread, no copies, register tile 1: valid for every computation on
/// every target.
mdh_ll::Config plainConfig(const Problem &p);

/// Orders: `cc` dimensions outside, pw/ps dimensions inside.
void setOrders(const Problem &p, mdh_ll::Config &c);

/// The `cc` dimensions (extent > 1) that index the output's buffer
/// dimensions, innermost buffer dimension first, then the other `cc`
/// dimensions by decreasing extent.
SmallVector<unsigned> outputOrderedCC(const Problem &p);

/// Whether input `buffer` is read identically along dimension d.
bool ignores(const Buffer &buffer, unsigned d);

/// Whether every buffer that dimension `d` indexes reads it along its
/// innermost dimension with stride 1: vectors along d are contiguous.
bool readsContiguously(const Problem &p, unsigned d);

/// Shrinks `tiles` (one per dimension, each a multiple of the matching
/// `floor` or equal to the extent) until `fits`: halves the dimension with
/// the most multiples of its floor, keeping multiples of the floor.
template <typename Fits>
void shrinkUntil(SmallVectorImpl<int64_t> &tiles, ArrayRef<int64_t> floor,
                 Fits fits) {
  while (!fits(tiles)) {
    unsigned best = 0;
    for (unsigned d = 1; d < tiles.size(); ++d)
      if (tiles[d] / floor[d] > tiles[best] / floor[best])
        best = d;
    if (tiles[best] <= floor[best])
      return;
    tiles[best] = std::max(floor[best],
                           ceilDiv(tiles[best], 2 * floor[best]) * floor[best]);
  }
}

/// The CPU configuration; `pack`: transposed or rotated packed copies where
/// they make the register tile's lanes contiguous.
mdh_ll::Config cpuConfig(const Problem &p, bool pack);

/// The GPU configuration; `contractionTiles`: 8 x 8 register tiles for
/// contractions.
mdh_ll::Config gpuConfig(const Problem &p, bool contractionTiles);

/// The tensor-core configuration of `op` on `target` where it applies and
/// passes every rule (HeuristicMma.cpp).
std::optional<mdh_ll::Config> mmaConfig(mdh::ComputationOpInterface op,
                                        Attribute target, const Problem &p);

} // namespace mlir::mdh::tuning::heuristic

#endif // MDH_LIB_TUNINGSPACE_HEURISTIC_H
