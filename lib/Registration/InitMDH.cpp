//===- InitMDH.cpp - Registration of everything MDH-MLIR provides ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/InitMDH.h"

#include "mdh/Conversion/CLToGPU/GPUPipelines.h"
#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/CL/MDHCLDialect.h"
#include "mdh/Dialect/CL/Passes.h"
#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/Passes.h"

void mlir::mdh::registerAllDialects(DialectRegistry &registry) {
  registry.insert<MDHDialect, mdh_ll::MDHLLDialect, mdh_cl::MDHCLDialect,
                  affine::AffineDialect, arith::ArithDialect,
                  cf::ControlFlowDialect, func::FuncDialect, LLVM::LLVMDialect,
                  math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                  ub::UBDialect, vector::VectorDialect>();
  registerGPUDialects(registry);
}

void mlir::mdh::registerAllPasses() {
  registerConversionPasses();
  mdh_cl::registerMDHCLPasses();
  // Generic cleanups and the upstream lowerings the pipelines are made of,
  // so that each stage can be run (and tested) alone.
  registerTransformsPasses();
  registerSCFToControlFlowPass();
  registerConvertMathToLLVMPass();
  registerConvertMathToLibmPass();
  registerArithToLLVMConversionPass();
  registerConvertControlFlowToLLVMPass();
  registerFinalizeMemRefToLLVMConversionPass();
  registerConvertFuncToLLVMPass();
  registerReconcileUnrealizedCastsPass();
  registerLowerAffinePass();
  registerConvertVectorToLLVMPass();
}
