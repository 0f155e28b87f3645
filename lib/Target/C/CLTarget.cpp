//===- CLTarget.cpp - Which target a function's CL-IR is for --------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/C/CLTarget.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

/// The emitter that prints CL-IR of `target`.
static StringRef emitterFor(StringRef target) {
  if (target == "cuda")
    return "--emit-cuda";
  if (target == "hip")
    return "--emit-hip";
  return "--emit-c";
}

LogicalResult mlir::mdh::checkCLTarget(ModuleOp module, StringRef targetName,
                                       StringRef emitter) {
  for (auto func : module.getOps<FunctionOpInterface>()) {
    auto target =
        func->getAttrOfType<mdh_ll::TargetAttrInterface>("mdh_ll.target");
    if (!target || target.getTargetName() == targetName)
      continue;
    return func.emitOpError("holds CL-IR scheduled for ")
           << target.getTargetName() << ", but " << emitter
           << " prints CL-IR scheduled for " << targetName
           << ": lower with --mdh-lower-to-clir=target=" << targetName
           << " (or with no target=, which takes the emitter's), or print "
              "this CL-IR with "
           << emitterFor(target.getTargetName());
  }
  return success();
}
