//===- MmaToNVVM.h - mdh_cl.mma as nvvm.mma.sync and MFMA -------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_CLTOGPU_MMATONVVM_H
#define MDH_LIB_CONVERSION_CLTOGPU_MMATONVVM_H

#include "mdh/Dialect/CL/MDHCLOps.h"

namespace mlir::mdh {

/// Replaces `op` (still inside its thread loops) by the fragment loads of
/// its lane and an `nvvm.mma.sync`.
void lowerMmaToNVVM(mdh_cl::MmaOp op);

/// Replaces `op` (an MFMA shape, still inside its thread loops) by the
/// fragment loads of its lane and a `rocdl.mfma`.
void lowerMmaToROCDL(mdh_cl::MmaOp op);

} // namespace mlir::mdh

#endif // MDH_LIB_CONVERSION_CLTOGPU_MMATONVVM_H
