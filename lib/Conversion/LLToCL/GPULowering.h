//===- GPULowering.h - LL-IR schedules for GPUs to CL-IR --------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to LLToCL: the lowering of `cuda` and `hip` schedules to GPU CL-IR
// in SPMD form (docs/cl-ir.md, "GPU schedules").
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_LLTOCL_GPULOWERING_H
#define MDH_LIB_CONVERSION_LLTOCL_GPULOWERING_H

#include "mdh/Dialect/LL/MDHLLOps.h"

namespace mlir::mdh {

/// Replaces the (verified) GPU schedule `s` by GPU CL-IR at its place.
/// Emits an error at `s` and returns failure for what is not supported.
LogicalResult lowerGPUSchedule(mdh_ll::ScheduleOp s);

} // namespace mlir::mdh

#endif // MDH_LIB_CONVERSION_LLTOCL_GPULOWERING_H
