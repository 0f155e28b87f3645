//===- OraclePipeline.cpp - HL-IR to the LLVM dialect through the oracle --===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {
/// Erases the `mdh.combiner` definitions once every use has been inlined;
/// they have no meaning below HL-IR.
struct EraseCombiners : PassWrapper<EraseCombiners, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EraseCombiners)
  StringRef getArgument() const final { return "mdh-erase-combiners"; }
  void runOnOperation() override {
    getOperation()->walk([](mdh::CombinerOp op) { op.erase(); });
  }
};
} // namespace

void mlir::mdh::buildOracleToLLVMPipeline(OpPassManager &pm) {
  // Tensor computations become memref ones first (a no-op without them).
  pm.addPass(createMDHBufferize());
  pm.addPass(createMDHLowerToLoops());
  pm.addPass(std::make_unique<EraseCombiners>());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createSCFToControlFlowPass());
  // Math ops with an LLVM intrinsic first; the rest become libm calls.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}
