//===- Bufferize.cpp - The tensor form of HL-IR to the memref form --------===//
//
// Part of the MDH-MLIR project.
//
// The MDH lowerings take memrefs only; this pass puts One-Shot Bufferize in
// front of them with the choices that keep a kernel runnable: identity
// layouts at function boundaries (plain memref arguments) and results turned
// into output arguments (what mdh-run and the C ABI call).
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHBUFFERIZE
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh;

/// Refuses the dynamically shaped tensors at the boundary of `func`: they
/// would bufferize to dynamic memrefs that no MDH lowering or runner takes.
static LogicalResult checkStaticBoundary(func::FuncOp func) {
  auto refuse = [&](Location loc, StringRef what, unsigned i, Type t) {
    return emitError(loc) << what << " #" << i << " of @" << func.getSymName()
                          << " has the dynamic shape " << t
                          << "; the MDH pipelines bufferize functions with "
                             "static shapes only: specialize the function to "
                             "the static shapes of its computations";
  };
  for (BlockArgument arg : func.getArguments()) {
    auto t = dyn_cast<RankedTensorType>(arg.getType());
    if ((t && !t.hasStaticShape()) || isa<UnrankedTensorType>(arg.getType()))
      return refuse(arg.getLoc(), "argument", arg.getArgNumber(),
                    arg.getType());
  }
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    auto t = dyn_cast<RankedTensorType>(type);
    if ((t && !t.hasStaticShape()) || isa<UnrankedTensorType>(type))
      return refuse(func.getLoc(), "result", i, type);
  }
  return success();
}

namespace {
struct MDHBufferize : mdh::impl::MDHBufferizeBase<MDHBufferize> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SetVector<func::FuncOp> funcs;
    bool tensors = false;
    module.walk([&](ComputeOp op) {
      if (!op.hasTensorOperands())
        return;
      tensors = true;
      if (auto func = op->getParentOfType<func::FuncOp>())
        funcs.insert(func);
    });
    if (!tensors)
      return;
    bool ok = true;
    for (func::FuncOp func : funcs)
      ok &= succeeded(checkStaticBoundary(func));
    if (!ok)
      return signalPassFailure();

    OpPassManager oneShotPm(ModuleOp::getOperationName());
    bufferization::OneShotBufferizePassOptions oneShot;
    oneShot.bufferizeFunctionBoundaries = true;
    oneShot.functionBoundaryTypeConversion =
        bufferization::LayoutMapOption::IdentityLayoutMap;
    oneShot.unknownTypeConversion =
        bufferization::LayoutMapOption::IdentityLayoutMap;
    oneShotPm.addPass(bufferization::createOneShotBufferizePass(oneShot));
    if (failed(runPipeline(oneShotPm, module)))
      return signalPassFailure();

    // A result that is an argument's buffer (an output updated in place) is
    // dropped. Upstream keeps the signatures of public functions; here
    // changing them is the point (mdh-run and the C ABI pass outputs as
    // arguments), so they are made private for the step.
    SmallVector<func::FuncOp> publicFuncs;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal()) {
        publicFuncs.push_back(func);
        func.setPrivate();
      }
    LogicalResult dropped = bufferization::dropEquivalentBufferResults(module);
    for (func::FuncOp func : publicFuncs)
      func.setPublic();
    if (failed(dropped))
      return signalPassFailure();

    // A new buffer returned (a tensor.empty output) becomes an output
    // argument, written directly once its allocation is hoisted.
    OpPassManager outPm(ModuleOp::getOperationName());
    bufferization::BufferResultsToOutParamsPassOptions outParams;
    outParams.hoistStaticAllocs = true;
    outParams.modifyPublicFunctions = true;
    outPm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
    if (failed(runPipeline(outPm, module)))
      signalPassFailure();
  }
};
} // namespace
