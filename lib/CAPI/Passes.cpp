//===- Passes.cpp - C API for the MDH-MLIR passes -------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Passes.h"

#include "Pipelines.h"

#include "mdh/Conversion/Passes.h"
#include "mdh/InitMDH.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include <mutex>

using namespace mlir;

void mdhRegisterPasses(void) {
  // Pass pipelines may be registered only once (a second registration of
  // `mdh-oracle-to-llvm` is a fatal error), but C and Python clients cannot
  // easily know whether another component of the process already called
  // this.
  static std::once_flag registered;
  std::call_once(registered, [] { mdh::registerAllPasses(); });
}

MlirLogicalResult mdhLowerToLoops(MlirModule module) {
  ModuleOp op = unwrap(module);
  // The lowering assumes verified HL-IR; refuse (with the verifier's
  // diagnostics) rather than crash on IR that was built or edited through
  // the C API without being verified.
  if (failed(verify(op)))
    return wrap(failure());
  PassManager pm(op.getContext());
  pm.addPass(mdh::createMDHLowerToLoops());
  return wrap(pm.run(op));
}

MlirLogicalResult mdhLowerToCLIR(MlirModule module, MlirStringRef target,
                                 MlirStringRef config) {
  ModuleOp op = unwrap(module);
  // A failing pipeline may leave some computations lowered and others not;
  // a copy is lowered, and its body replaces the module's on success only.
  OwningOpRef<ModuleOp> lowered = op.clone();
  if (failed(
          mdh::capi::runLowerToCLIR(*lowered, unwrap(target), unwrap(config))))
    return wrap(failure());
  op.getBodyRegion().takeBody(lowered->getBodyRegion());
  op->setAttrs((*lowered)->getAttrDictionary());
  return wrap(success());
}
