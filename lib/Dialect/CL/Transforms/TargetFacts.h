//===- TargetFacts.h - CPU facts of the target a CL-IR function runs on ---===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to the CL-IR optimizations. LL-to-CL records the schedule's target
// as `mdh_ll.target` on the function; the CPU passes size vectors and
// register tiles by it (AVX-512: 16 f32 lanes, 32 registers), so a schedule
// made for `openmp:host` is not vectorized as if for AVX2.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_DIALECT_CL_TRANSFORMS_TARGETFACTS_H
#define MDH_LIB_DIALECT_CL_TRANSFORMS_TARGETFACTS_H

#include "mdh/Dialect/LL/ConfigRules.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::mdh_cl {

/// The OpenMP target of the function around `op`, if it has one.
inline mdh_ll::OpenMPTargetAttr getCPUTarget(Operation *op) {
  auto func = op->getParentOfType<func::FuncOp>();
  if (!func)
    return {};
  return func->getAttrOfType<mdh_ll::OpenMPTargetAttr>("mdh_ll.target");
}

/// The 32-bit words of accumulators the configuration rules let a CPU
/// register tile hold on `target`.
inline int64_t getRegisterTileWords(mdh_ll::OpenMPTargetAttr target) {
  return mdh::tuning::rules::cpuRegisterTileWords(target.getVectorRegisters(),
                                                  target.getVectorWidth());
}

} // namespace mlir::mdh_cl

#endif // MDH_LIB_DIALECT_CL_TRANSFORMS_TARGETFACTS_H
