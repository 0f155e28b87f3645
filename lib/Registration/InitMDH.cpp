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
#include "mdh/Dialect/HL/Transforms/BufferizableOpInterfaceImpl.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
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
  // The tensor form of mdh.compute and what surrounds it in a tensor
  // function (tensor.empty, constants, calls) bufferize with One-Shot.
  registry.insert<bufferization::BufferizationDialect, tensor::TensorDialect>();
  mdh::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  // buffer-results-to-out-params hoists only allocations it recognizes.
  memref::registerAllocationOpInterfaceExternalModels(registry);
}

void mlir::mdh::registerAllPasses() {
  registerConversionPasses();
  mdh_cl::registerMDHCLPasses();
  // Generic cleanups and the upstream lowerings the pipelines are made of,
  // so that each stage can be run (and tested) alone.
  registerTransformsPasses();
  bufferization::registerBufferizationPasses();
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
