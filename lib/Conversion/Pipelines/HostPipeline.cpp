//===- HostPipeline.cpp - CL-IR to the LLVM dialect through OpenMP --------===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-host-to-llvm` (DESIGN §6, host): CL-IR -> scf loops ->
// omp.parallel/omp.wsloop -> LLVM dialect, ready for mlir-translate or the
// ExecutionEngine (which needs libomp to resolve the `__kmpc_*` calls).
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/CL/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::mdh;

/// CL-IR -> scf/memref/arith, cleaned up.
static void buildCLToLoops(OpPassManager &pm,
                           const HostToLLVMOptions &options) {
  MDHCLToLoopsOptions clToLoops;
  clToLoops.maxStackBytes = options.maxStackBytes;
  pm.addPass(createMDHCLToLoops(clToLoops));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Index arithmetic may come as affine.apply; scf-to-openmp keeps it.
  pm.addPass(createLowerAffinePass());
}

/// scf.parallel -> omp.parallel + omp.wsloop. The thread count is not fixed
/// here (num-threads=0): it is a run-time choice.
static void buildLoopsToOpenMP(OpPassManager &pm) {
  pm.addPass(createConvertSCFToOpenMPPass());
}

/// Everything -> LLVM dialect. The memref lowering runs before scf-to-cf:
/// scf-to-openmp wraps each parallel body in a `memref.alloca_scope`, whose
/// lowering needs the scope to be a single block.
static void buildToLLVM(OpPassManager &pm) {
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createSCFToControlFlowPass());
  // The register tiles of mdh-cl-vectorize-register-tiles.
  pm.addPass(createConvertVectorToLLVMPass());
  // Math ops with an LLVM intrinsic first; the rest become libm calls.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  // The omp ops take LLVM types in their regions once the ops inside them
  // are converted.
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::mdh::buildHostToLLVMPipeline(OpPassManager &pm,
                                        const HostToLLVMOptions &options) {
  mdh_cl::buildCLOptimizationPipeline(pm, options.disable, options.enable);
  buildCLToLoops(pm, options);
  buildLoopsToOpenMP(pm);
  buildToLLVM(pm);
}
