//===- ScheduleVerifier.cpp - The configuration of an LL schedule ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// An `mdh_ll.schedule` stands for one configuration (Config.h): the tile
// sizes, orders and assignments of its levels, the regions and layouts of
// its copies, and the regions of its combines. Its region verifier reads
// that configuration back, checks that the combines are exactly the ones
// the tiles need, and checks the configuration against every tuning rule
// (ConfigVerifier.h, the rules the search space and the heuristic obey too).
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/ConfigRules.h"
#include "mdh/Dialect/LL/ConfigVerifier.h"
#include "mdh/Dialect/LL/MDHLLOps.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh_ll;

/// The levels of `schedule`, outermost first.
static SmallVector<LevelOp, kNumLevels> levelsOf(ScheduleOp schedule) {
  SmallVector<LevelOp, kNumLevels> levels;
  Block *block = &schedule.getBody().front();
  while (block && !block->empty()) {
    auto level = dyn_cast<LevelOp>(block->front());
    // Copies come first inside a level.
    if (!level)
      for (Operation &op : *block)
        if ((level = dyn_cast<LevelOp>(op)))
          break;
    if (!level)
      break;
    levels.push_back(level);
    block = &level.getBody().front();
  }
  return levels;
}

/// The combines that follow `level`.
static SmallVector<CombineOp> combinesAfter(LevelOp level) {
  SmallVector<CombineOp> combines;
  for (Operation *op = level->getNextNode(); op; op = op->getNextNode())
    if (auto combine = dyn_cast<CombineOp>(op))
      combines.push_back(combine);
  return combines;
}

/// The configuration of `schedule` as written, without defaults: parallel
/// levels without a combine keep `CombineRegion::Register` (see getConfig).
static Config readConfig(ScheduleOp schedule, ArrayRef<LevelOp> levels) {
  Config c;
  unsigned numIns = schedule.getIns().size();
  unsigned numOuts = schedule.getOuts().size();
  c.inputRegions.assign(numIns, {});
  c.inputLayouts.assign(numIns, {});
  c.outputRegions.assign(numOuts, {});
  for (auto &regions : c.inputRegions)
    regions.fill(InputRegion::InPlace);
  for (auto &layouts : c.inputLayouts)
    layouts.fill(Layout::Identity);
  for (auto &regions : c.outputRegions)
    regions.fill(CombineRegion::Register);

  for (auto [l, levelRef] : llvm::enumerate(levels)) {
    LevelOp level = levelRef;
    c.tiles[l].assign(level.getTiles().begin(), level.getTiles().end());
    for (int64_t d : level.getOrder())
      c.orders[l].push_back(d);
    if (std::optional<ArrayRef<int64_t>> assignment = level.getAssignment())
      for (int64_t hw : *assignment)
        c.assignment[l].push_back(hw);
    if (std::optional<AssignmentKind> kind = level.getAssignmentKind())
      c.assignmentKind[l] = *kind;
    if (std::optional<MmaShape> mma = level.getMma())
      c.mma = *mma;
    if (std::optional<int64_t> stages = level.getStages())
      c.stages = *stages;
    for (auto copy : level.getBody().front().getOps<CopyOp>()) {
      unsigned i = llvm::find(schedule.getIns(), copy.getInput()) -
                   schedule.getIns().begin();
      c.inputRegions[i][l] = copy.getRegion();
      c.inputLayouts[i][l] = copy.getLayout();
    }
    for (CombineOp combine : combinesAfter(level)) {
      unsigned o = llvm::find(schedule.getOuts(), combine.getOutput()) -
                   schedule.getOuts().begin();
      c.outputRegions[o][l] = combine.getRegion();
    }
  }
  return c;
}

Config ScheduleOp::getConfig() {
  SmallVector<LevelOp, kNumLevels> levels = levelsOf(*this);
  Config c = readConfig(*this, levels);
  // A parallel level whose tiles split no pw/ps dimension has no combine;
  // its region is the level's fixed one, which the canonical form holds.
  Config canonical = mdh::tuning::canonicalConfig(*this, getTarget(), c);
  for (unsigned o = 0, e = c.outputRegions.size(); o < e; ++o)
    for (auto [l, level] : llvm::enumerate(levels))
      if (llvm::none_of(combinesAfter(level), [&](CombineOp combine) {
            return combine.getOutput() == getOuts()[o];
          }))
        c.outputRegions[o][l] = canonical.outputRegions[o][l];
  return c;
}

/// The number of parts level `l` splits dimension `d` into: its tiles in
/// the enclosing tile, or, for the innermost level, whose parts are
/// points, the points of the enclosing tile.
static int64_t partsOf(ScheduleOp schedule, const Config &c, unsigned l,
                       unsigned d) {
  int64_t enclosing = l == 0 ? schedule.getSizes()[d] : c.tiles[l - 1][d];
  if (l + 1 == kNumLevels)
    return enclosing;
  return mdh::tuning::rules::ceilDiv(enclosing, c.tiles[l][d]);
}

LogicalResult ScheduleOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.empty() || !isa<LevelOp>(body.front()))
    return emitOpError("must hold mdh_ll.level 0 and then the combines of "
                       "its partial results");
  for (Operation &op : llvm::drop_begin(body))
    if (!isa<CombineOp>(op))
      return op.emitOpError("is not allowed after mdh_ll.level 0; only "
                            "mdh_ll.combine ops follow a level");

  // Level ops check their own position and shape (LevelOp::verify), so the
  // levels are the target's, each with one tile size per dimension.
  SmallVector<LevelOp, kNumLevels> levels = levelsOf(*this);
  if (levels.size() != kNumLevels)
    return emitOpError("expects ")
           << kNumLevels << " nested levels, got " << levels.size();
  Config c = readConfig(*this, levels);

  // Tile sizes first: the combines a schedule needs depend on them.
  unsigned numDims = getNumDims();
  for (auto [l, level] : llvm::enumerate(levels))
    for (unsigned d = 0; d < numDims; ++d) {
      int64_t enclosing = l == 0 ? getSizes()[d] : c.tiles[l - 1][d];
      int64_t tile = c.tiles[l][d];
      if (tile < 1 || tile > enclosing)
        return level.emitOpError("tile size ")
               << tile << " of dimension " << d << " must be between 1 and "
               << enclosing << " ("
               << (l == 0 ? "the extent" : "the enclosing tile") << ")";
    }

  // Exactly one combine per output and level whose parts split a pw/ps
  // dimension, along exactly those dimensions.
  for (auto [l, level] : llvm::enumerate(levels)) {
    SmallVector<int64_t> split;
    for (unsigned d = 0; d < numDims; ++d)
      if (getCombiner(d).isReduction() && partsOf(*this, c, l, d) > 1)
        split.push_back(d);
    SmallVector<CombineOp> combines = combinesAfter(level);
    for (auto [o, out] : llvm::enumerate(getOuts())) {
      SmallVector<CombineOp> mine;
      for (CombineOp combine : combines)
        if (combine.getOutput() == out)
          mine.push_back(combine);
      if (mine.size() > 1)
        return mine[1].emitOpError("combines output #")
               << o << " across level " << l << " a second time";
      if (split.empty() && !mine.empty())
        return mine[0].emitOpError("level ")
               << l << " (" << level.getLevelName()
               << ") splits no pw/ps dimension into more than one part; "
               << "there is nothing to combine";
      if (split.empty())
        continue;
      if (mine.empty())
        return level.emitOpError("splits pw/ps dimensions [")
               << split << "] into several parts, but the partial results "
               << "of output #" << o << " are never combined: expected "
               << "an mdh_ll.combine after this level";
      if (mine[0].getDims() != ArrayRef<int64_t>(split))
        return mine[0].emitOpError("must combine along the pw/ps dimensions "
                                   "that level ")
               << l << " splits, [" << split << "], got [" << mine[0].getDims()
               << "]";
    }
  }

  // The configuration against every tuning rule.
  return mdh::tuning::verifyConfig(*this, getTarget(), getConfig(),
                                   [&] { return emitOpError(); });
}
