//===- GPUEmulationPipeline.cpp - GPU CL-IR run on the CPU ----------------===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-gpu-emulate-to-llvm` (DESIGN §6 (b)): the GPU path up to
// gpu.launch, then the launches as host loops with shuffled thread orders
// and poisoned shared memory, then LLVM. `mdh-run --target=cuda --emulate`
// runs it and checks the results against the f64 reference.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/CLToGPU/GPUEmulation.h"
#include "mdh/Conversion/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::mdh;

void mlir::mdh::buildGPUEmulationToLLVMPipeline(
    OpPassManager &pm, const GPUEmulationOptions &options) {
  pm.addPass(createMDHCLToGPU());
  MDHGPUEmulateOnHostOptions emulate;
  emulate.seed = options.seed;
  pm.addPass(createMDHGPUEmulateOnHost(emulate));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLowerAffinePass());
  // The blocks' scf.parallel runs sequentially: one block at a time keeps
  // the emulation deterministic for a given seed.
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::mdh::registerGPUEmulationPipeline() {
  PassPipelineRegistration<GPUEmulationOptions>(
      "mdh-gpu-emulate-to-llvm",
      "Lower GPU CL-IR through gpu.launch and the CPU emulation of the "
      "launches to the LLVM dialect",
      buildGPUEmulationToLLVMPipeline);
}
