//===- ScheduleAnalysis.h - What LL-to-CL reads off a schedule --*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to LLToCL: the facts of one verified `mdh_ll.schedule` that the
// host and the GPU lowering both derive before they emit CL-IR: the
// configuration, the combine operators, the output accesses, the box model
// of every input, how the units of each parallel level split the pw
// dimensions, and whether the partial results of the whole iteration space
// go through device buffers.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_LLTOCL_SCHEDULEANALYSIS_H
#define MDH_LIB_CONVERSION_LLTOCL_SCHEDULEANALYSIS_H

#include "TileBoxes.h"

#include "mdh/Dialect/LL/MDHLLOps.h"

#include <array>

namespace mlir::mdh {

/// One output access: the value the scalar function yields for one map of
/// one output.
struct Access {
  unsigned output;
  AffineMap map;
  Type type;
};

/// How the units of a parallel level split the tile of the enclosing level
/// (the whole iteration space for level 0).
struct LevelSplit {
  /// The units per dimension: ceil(enclosing extent / tile size).
  SmallVector<int64_t> units;
  /// The pw dimensions split over more than one unit, outermost first, and
  /// the number of parts of the partial results (the product of their
  /// units).
  SmallVector<unsigned> splitPW;
  int64_t parts = 1;
  /// Unit u takes the tiles u, u + P, ... of the next level (else tile u).
  bool strided = false;
};

struct ScheduleAnalysis {
  explicit ScheduleAnalysis(mdh_ll::ScheduleOp s);

  /// The shape of the device partial results: the parts of level 0 (when
  /// there is more than one), then the sizes of the kept dimensions.
  SmallVector<int64_t> devicePartialShape() const;
  /// The types of the scalar function's results, one per access.
  SmallVector<Type> resultTypes() const;
  /// The sizes of the kept dimensions other than `d`.
  SmallVector<int64_t> keptSizesWithout(unsigned d) const;

  mdh_ll::ScheduleOp s;
  mdh_ll::Config c;

  unsigned numDims = 0;
  SmallVector<int64_t> sizes;
  SmallVector<bool> isPW, isPS;
  bool hasPS = false;
  /// The operator of the first pw or ps dimension, which combines partial
  /// results; null when every dimension is cc.
  mdh::CombinerAttr reduction;
  /// The cc and ps dimensions, which index the partial results, and their
  /// sizes.
  SmallVector<unsigned> keepDims;
  SmallVector<int64_t> keptSizes;
  int64_t keptPositions = 1;
  SmallVector<Access> accesses;
  /// Per input: the box its maps reach over a tile.
  SmallVector<SmallVector<BoxDim>> boxes;
  /// Per level: the split of its parallel units (empty for a sequential
  /// level).
  std::array<LevelSplit, mdh_ll::kNumLevels> levels;
  /// The partial results of the whole iteration space go through device
  /// buffers (`mdh_cl.buffer device`) and the phases after the main one:
  /// a pw dimension is split over the units of level 0, a dimension is ps,
  /// or a custom operator (which combines all accesses at one index) has
  /// output maps that disagree.
  bool viaDevice = false;
};

/// The configuration of `s` as the `mdh_cl.schedule` attribute of its main
/// phase (include/mdh/Dialect/CL/ScheduleSummary.h).
DictionaryAttr summarizeSchedule(mdh_ll::ScheduleOp s);

} // namespace mlir::mdh

#endif // MDH_LIB_CONVERSION_LLTOCL_SCHEDULEANALYSIS_H
