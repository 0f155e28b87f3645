//===- ScheduleComment.h - The schedule of a phase as a comment -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_TARGET_CUDA_SCHEDULECOMMENT_H
#define MDH_LIB_TARGET_CUDA_SCHEDULECOMMENT_H

#include "mdh/Dialect/CL/MDHCLOps.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::mdh {

/// Prints the `mdh_cl.schedule` attribute of `phase`, if it has one, as
/// lines of a `//` comment: the schedule, its inputs and outputs, and per
/// level its tiles, order, assignment, copies and combines. A malformed
/// attribute gets an error at the phase.
LogicalResult printScheduleComment(mdh_cl::PhaseOp phase, raw_ostream &os);

} // namespace mlir::mdh

#endif // MDH_LIB_TARGET_CUDA_SCHEDULECOMMENT_H
