//===- ScheduleSummary.h - The configuration a GPU phase runs ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `--mdh-ll-to-cl` gives the main phase of every GPU schedule an attribute
// `mdh_cl.schedule`: the configuration of the schedule that the phase
// implements, as structured data, which the CUDA/HIP emitter prints as a
// comment of the source. It lives as long as the phase: below CL-IR
// (`--mdh-cl-to-gpu`) it is gone. The values are those of the `mdh_ll` ops
// of the schedule (docs/Dialects/mdh_ll.md); inputs and outputs are
// numbered in the schedule's order, hardware dimensions x, y, z are 0, 1, 2.
//
//   {name = "matvec",                            // optional
//    target = #mdh_ll.cuda<chip = "sm_90">,
//    sizes = array<i64: 4096, 4096>,
//    combiners = [#mdh.combine<cc>, #mdh.combine<pw(add)>],
//    inputs = [{type = memref<4096x4096xf32>,
//               maps = [affine_map<(d0, d1) -> (d0, d1)>]}, ...],
//    outputs = [{type = ..., maps = [...]}, ...],
//    levels = [                                  // outermost first
//      {name = "blocks", kind = #mdh_ll<level_kind parallel>,
//       tiles = array<i64: 64, 4096>, order = array<i64: 0, 1>,
//       assignment = array<i64: 0, 0>,           // parallel levels only
//       assignment_kind = #mdh_ll<assignment_kind blocked>,
//       // The copies at the top of the level's tile.
//       copies = [{input = 1 : i64, region = #mdh_ll<input_region shared>,
//                  layout = #mdh_ll<layout identity>}],
//       // The combines of the partial results of the level's tiles.
//       combines = [{output = 0 : i64, dims = array<i64: 1>,
//                    region = #mdh_ll<combine_region device>,
//                    sync = #mdh_ll<sync phase>}]},
//      ...]}
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_SCHEDULESUMMARY_H
#define MDH_DIALECT_CL_SCHEDULESUMMARY_H

#include "llvm/ADT/StringRef.h"

namespace mlir::mdh_cl::schedule_summary {

/// The attribute of an `mdh_cl.phase`.
inline constexpr llvm::StringLiteral kAttrName = "mdh_cl.schedule";

// The schedule.
inline constexpr llvm::StringLiteral kName = "name", kTarget = "target",
                                     kSizes = "sizes", kCombiners = "combiners",
                                     kInputs = "inputs", kOutputs = "outputs",
                                     kLevels = "levels";
// An input or output.
inline constexpr llvm::StringLiteral kType = "type", kMaps = "maps";
// A level (and kName).
inline constexpr llvm::StringLiteral kKind = "kind", kTiles = "tiles",
                                     kOrder = "order",
                                     kAssignment = "assignment",
                                     kAssignmentKind = "assignment_kind",
                                     kCopies = "copies", kCombines = "combines";
// A copy or a combine.
inline constexpr llvm::StringLiteral kInput = "input", kOutput = "output",
                                     kRegion = "region", kLayout = "layout",
                                     kDims = "dims", kSync = "sync";

} // namespace mlir::mdh_cl::schedule_summary

#endif // MDH_DIALECT_CL_SCHEDULESUMMARY_H
