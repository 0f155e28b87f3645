//===- ScheduleSummary.cpp - The configuration of a schedule as data ------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The `mdh_cl.schedule` attribute of a GPU main phase
// (include/mdh/Dialect/CL/ScheduleSummary.h): the attributes of the
// schedule's `mdh_ll` ops without its scalar function, level by level.
//
//===----------------------------------------------------------------------===//

#include "ScheduleAnalysis.h"

#include "mdh/Dialect/CL/ScheduleSummary.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::mdh;
namespace key = mlir::mdh_cl::schedule_summary;

/// The position of `buffer` among `buffers`.
static int64_t positionOf(ValueRange buffers, Value buffer) {
  return llvm::find(buffers, buffer) - buffers.begin();
}

DictionaryAttr mlir::mdh::summarizeSchedule(mdh_ll::ScheduleOp s) {
  Builder b(s.getContext());
  auto views = [&](ValueRange buffers, ArrayAttr maps) {
    SmallVector<Attribute> list;
    for (auto [buffer, bufferMaps] : llvm::zip_equal(buffers, maps))
      list.push_back(b.getDictionaryAttr(
          {b.getNamedAttr(key::kType, TypeAttr::get(buffer.getType())),
           b.getNamedAttr(key::kMaps, bufferMaps)}));
    return b.getArrayAttr(list);
  };

  // Each level holds the next one; the combines of a level's partial
  // results follow it in the enclosing block.
  SmallVector<Attribute> levels;
  for (Block *block = &s.getBody().front(); block;) {
    auto levelOps = block->getOps<mdh_ll::LevelOp>();
    if (levelOps.empty())
      break;
    mdh_ll::LevelOp level = *levelOps.begin();
    Block *body = &level.getBody().front();
    SmallVector<Attribute> copies, combines;
    for (auto copy : body->getOps<mdh_ll::CopyOp>())
      copies.push_back(b.getDictionaryAttr(
          {b.getNamedAttr(key::kInput, b.getI64IntegerAttr(positionOf(
                                           s.getIns(), copy.getInput()))),
           b.getNamedAttr(key::kRegion, copy.getRegionAttr()),
           b.getNamedAttr(key::kLayout, copy.getLayoutAttr())}));
    for (auto combine : block->getOps<mdh_ll::CombineOp>())
      combines.push_back(b.getDictionaryAttr(
          {b.getNamedAttr(key::kOutput, b.getI64IntegerAttr(positionOf(
                                            s.getOuts(), combine.getOutput()))),
           b.getNamedAttr(key::kDims, combine.getDimsAttr()),
           b.getNamedAttr(key::kRegion, combine.getRegionAttr()),
           b.getNamedAttr(key::kSync, combine.getSyncAttr())}));
    SmallVector<NamedAttribute> fields = {
        b.getNamedAttr(key::kName, level.getLevelNameAttr()),
        b.getNamedAttr(key::kKind, level.getKindAttr()),
        b.getNamedAttr(key::kTiles, level.getTilesAttr()),
        b.getNamedAttr(key::kOrder, level.getOrderAttr()),
        b.getNamedAttr(key::kCopies, b.getArrayAttr(copies)),
        b.getNamedAttr(key::kCombines, b.getArrayAttr(combines))};
    if (level.getAssignmentAttr())
      fields.push_back(
          b.getNamedAttr(key::kAssignment, level.getAssignmentAttr()));
    if (level.getAssignmentKindAttr())
      fields.push_back(
          b.getNamedAttr(key::kAssignmentKind, level.getAssignmentKindAttr()));
    levels.push_back(b.getDictionaryAttr(fields));
    block = body;
  }

  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr(key::kTarget, s.getTarget()),
      b.getNamedAttr(key::kSizes, s.getSizesAttr()),
      b.getNamedAttr(key::kCombiners, s.getCombinersAttr()),
      b.getNamedAttr(key::kInputs, views(s.getIns(), s.getInMapsAttr())),
      b.getNamedAttr(key::kOutputs, views(s.getOuts(), s.getOutMapsAttr())),
      b.getNamedAttr(key::kLevels, b.getArrayAttr(levels))};
  if (s.getNameAttr())
    fields.push_back(b.getNamedAttr(key::kName, s.getNameAttr()));
  return b.getDictionaryAttr(fields);
}
