//===- SPMDForm.h - The SPMD form of GPU CL-IR ------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A phase of GPU CL-IR in SPMD form (docs/gpu-lowering.md) is a chain of
// `par_for ... on blocks` loops around a chain of `par_for ... on threads`
// loops; the body of the innermost thread loop is the per-thread code. This
// header finds that structure in a phase, or says at its location why the
// phase is not in that form.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_CLTOGPU_SPMDFORM_H
#define MDH_LIB_CONVERSION_CLTOGPU_SPMDFORM_H

#include "mdh/Dialect/CL/MDHCLOps.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::mdh_cl {

/// The loop nest of one phase in SPMD form.
struct SPMDPhase {
  PhaseOp phase;
  /// Outermost first; may be empty (a grid of one block).
  SmallVector<ParForOp> blockLoops;
  /// Outermost first; never empty.
  SmallVector<ParForOp> threadLoops;
  /// The shared buffers, in the body of the innermost block loop.
  SmallVector<BufferOp> sharedBuffers;
  /// The register buffers, anywhere in the per-thread code.
  SmallVector<BufferOp> registerBuffers;
  /// Grid and block size per hardware dimension (x, y, z).
  int64_t grid[3] = {1, 1, 1};
  int64_t block[3] = {1, 1, 1};
};

/// Checks that `phase` is in SPMD form and returns its loop nest; reports
/// every violation at its location otherwise. `maxThreadsPerBlock` bounds
/// the product of the thread loop bounds.
FailureOr<SPMDPhase> analyzeSPMDPhase(PhaseOp phase,
                                      int64_t maxThreadsPerBlock);

/// Checks the code of a function with phases outside them: only device
/// buffers, pure ops, phases and the return may be there (the function runs
/// on the host, where its memref arguments are device memory).
LogicalResult checkHostCode(FunctionOpInterface func);

} // namespace mlir::mdh_cl

#endif // MDH_LIB_CONVERSION_CLTOGPU_SPMDFORM_H
