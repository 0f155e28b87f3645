//===- IndexWidth.h - Whether a kernel's index values fit 32 bits -*- C++
//-*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_TARGET_CUDA_INDEXWIDTH_H
#define MDH_LIB_TARGET_CUDA_INDEXWIDTH_H

#include "mdh/Dialect/CL/MDHCLOps.h"

namespace mlir::mdh::cemit {

/// Whether every `index` value that kernel `phase` computes provably lies in
/// [-2^31, 2^31), the operands of its unsigned operations in [0, 2^31), and
/// every buffer it accesses has fewer than 2^31 elements: then the kernel
/// computes the same values with 32-bit indices. Proven by interval
/// arithmetic over the kernel's constants and loop bounds; anything it
/// cannot bound (an index from memory, an unknown op) answers false.
bool indicesFitInt32(mdh_cl::PhaseOp phase);

} // namespace mlir::mdh::cemit

#endif // MDH_LIB_TARGET_CUDA_INDEXWIDTH_H
