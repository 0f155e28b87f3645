//===- CLTarget.h - Which target a function's CL-IR is for ------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `--mdh-ll-to-cl` records on each function the target its CL-IR was
// scheduled for (`mdh_ll.target`). Host CL-IR printed as CUDA compiles, but
// runs a whole computation on one block; GPU CL-IR printed as C is not even
// well formed. The emitters check the record first, so that either mistake
// is a located error instead of wrong code.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TARGET_C_CLTARGET_H
#define MDH_TARGET_C_CLTARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir::mdh {

/// Checks that every function of `module` that records a target holds CL-IR
/// for the target named `targetName` (`openmp`, `cuda`, `hip`); functions
/// without the record (hand-written CL-IR) pass. `emitter` is the flag that
/// asked (`--emit-cuda`), for the message.
LogicalResult checkCLTarget(ModuleOp module, StringRef targetName,
                            StringRef emitter);

} // namespace mlir::mdh

#endif // MDH_TARGET_C_CLTARGET_H
