//===- Config.h - Tuning configurations of an MDH computation ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A configuration fixes every tuning parameter of DESIGN §4 for one HL
// computation (`mdh.compute`) on one abstract system model (a target
// attribute of `mdh_ll`). Every target has four levels, outermost first
// (`TargetAttrInterface::getLevels()`):
//
//   openmp:    threads (parallel) -> l2_tile -> l1_tile -> register_tile
//   cuda/hip:  blocks (parallel)  -> shared_tile -> threads (parallel)
//                                 -> register_tile
//
// Level l splits dimension d into tiles of `tiles[l][d]` iterations:
//
//   * the tiles of level 0 partition the whole extent N_d; a parallel level
//     runs its tiles on its parallel units (threads, blocks), so level 0
//     has ceil(N_d / tiles[0][d]) units in d;
//   * a sequential level walks the tile of the enclosing level in tiles of
//     `tiles[l][d]`;
//   * level 2 of a GPU (threads) splits the enclosing shared tile among the
//     threads of a block: ceil(tiles[1][d] / tiles[2][d]) threads in d.
//
// Tile sizes satisfy 1 <= tiles[l+1][d] <= tiles[l][d] <= N_d and need not
// divide: the last tile of a level may be partial.
//
// The other parameters, one per row of the DESIGN §4 table (the orders and
// assignments of de-composition, scalar phase and re-composition are taken
// equal, as in the MDH paper's experiments):
//
//   * orders[l]: a permutation of the D dimensions, outermost loop first;
//     for parallel levels the order in which dimensions are flattened onto
//     one hardware dimension;
//   * assignment[l][d] (parallel levels only, empty otherwise): the hardware
//     dimension (0 = x, 1 = y, 2 = z) that runs dimension d, and
//     assignmentKind[l]: blocked (unit u takes the u-th tile) or strided
//     (unit u takes tiles u, u + P, ...);
//   * inputRegions[i][l]: where level l keeps its copy of input i's tile,
//     or InPlace for no copy (read from the enclosing level's copy, or the
//     buffer). Legal values depend on target and level (see
//     `isLegalInputRegion`);
//   * inputLayouts[i][l]: the layout of that copy (identity, the last two
//     buffer dimensions transposed, or the first one rotated innermost on
//     the CPU); Identity when there is no copy;
//   * outputRegions[o][l] (parallel levels only): where the partial results
//     of output o are combined when a pw/ps dimension is split over the
//     parallel units of level l;
//   * mma (cuda only): the register tile is one warp-level matrix product
//     (mma.sync) of that shape; the threads level then counts warps
//     (docs/tuning-parameters.md, "Tensor cores");
//   * stages (cuda/hip only): the shared copies of level 1 are kept in that
//     many buffers, the next tiles' copies overlapping the computation on
//     the current one (docs/tuning-parameters.md, "Stages"); 1: one buffer.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_CONFIG_H
#define MDH_DIALECT_LL_CONFIG_H

#include "mdh/Dialect/LL/MDHLLAttributes.h"

#include "mlir/IR/Attributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::mdh_ll {

/// Number of levels of every abstract system model.
inline constexpr unsigned kNumLevels = 4;

// The enums InputRegion (D3), Layout (D4), CombineRegion (R3) and
// AssignmentKind are ODS enums (MDHLLAttributes.td), shared with the LL-IR ops:
//
//   InputRegion:   in_place (no copy: read from the enclosing level's copy or
//                  the buffer), packed (a contiguous per-thread buffer, CPU
//                  levels l2_tile and l1_tile), shared (shared memory / LDS,
//                  GPU level shared_tile), register (per-thread registers,
//                  GPU level register_tile);
//   Layout:        identity, transposed (last two buffer dimensions swapped),
//                  rotated (the first buffer dimension moved innermost:
//                  a KRSC filter as RSCK; CPU targets only);
//   CombineRegion: register (warp shuffles), shared (shared memory with
//                  barriers), device (device or main memory, combined by a
//                  second phase);
//   AssignmentKind: blocked, strided.

inline StringRef stringify(InputRegion region) {
  return stringifyInputRegion(region);
}
inline StringRef stringify(Layout layout) { return stringifyLayout(layout); }
inline StringRef stringify(CombineRegion region) {
  return stringifyCombineRegion(region);
}
inline StringRef stringify(AssignmentKind kind) {
  return stringifyAssignmentKind(kind);
}
inline StringRef stringify(MmaShape shape) { return stringifyMmaShape(shape); }

/// Every tuning parameter of one computation on one target.
struct Config {
  /// tiles[l][d], one entry per dimension on each level.
  std::array<SmallVector<int64_t>, kNumLevels> tiles;
  /// orders[l]: a permutation of [0, D), outermost first.
  std::array<SmallVector<unsigned>, kNumLevels> orders;
  /// assignment[l][d] in {0, 1, 2} for parallel levels, empty otherwise.
  std::array<SmallVector<unsigned>, kNumLevels> assignment;
  /// assignmentKind[l] (meaningful for parallel levels only).
  std::array<AssignmentKind, kNumLevels> assignmentKind = {};
  /// inputRegions[i][l] and inputLayouts[i][l], one entry per input buffer.
  SmallVector<std::array<InputRegion, kNumLevels>> inputRegions;
  SmallVector<std::array<Layout, kNumLevels>> inputLayouts;
  /// outputRegions[o][l], one entry per output buffer (meaningful for
  /// parallel levels only).
  SmallVector<std::array<CombineRegion, kNumLevels>> outputRegions;
  /// GPU only: the register tile is one warp-level matrix product of this
  /// shape (tensor cores), and the threads level's units are warps.
  std::optional<MmaShape> mma;
  /// GPU only: buffers per shared copy of level 1 (multi-buffering).
  int64_t stages = 1;

  bool operator==(const Config &other) const;
  bool operator!=(const Config &other) const { return !(*this == other); }
};

/// Whether `region` is a legal place for a copy on level `level` of the
/// target named `targetName` ("openmp", "cuda", "hip").
bool isLegalInputRegion(StringRef targetName, unsigned level,
                        InputRegion region);

/// Whether copies on the target named `targetName` may have `layout`.
bool isLegalLayout(StringRef targetName, Layout layout);

} // namespace mlir::mdh_ll

#endif // MDH_DIALECT_LL_CONFIG_H
