//===- TranslateRegistration.cpp - --emit-cuda and --emit-hip -------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/CUDA/TranslateToCUDA.h"

#include "mdh/Dialect/CL/MDHCLDialect.h"
#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"

void mlir::mdh::registerToGPUSourceTranslations() {
  // The dialects of GPU CL-IR functions: those of the C target (mdh_ll for
  // the target each function records), scf for the boundary guards and
  // vector for the 128-bit loads of cooperative copies.
  auto dialects = [](DialectRegistry &registry) {
    registry.insert<MDHDialect, mdh_cl::MDHCLDialect, mdh_ll::MDHLLDialect,
                    arith::ArithDialect, func::FuncDialect, math::MathDialect,
                    memref::MemRefDialect, scf::SCFDialect,
                    vector::VectorDialect>();
  };
  TranslateFromMLIRRegistration cuda(
      "emit-cuda", "translate GPU CL-IR (mdh_cl) to CUDA",
      [](ModuleOp module, raw_ostream &os) {
        return translateCLToGPUSource(module, os, GPULanguage::CUDA);
      },
      dialects);
  TranslateFromMLIRRegistration hip(
      "emit-hip", "translate GPU CL-IR (mdh_cl) to HIP",
      [](ModuleOp module, raw_ostream &os) {
        return translateCLToGPUSource(module, os, GPULanguage::HIP);
      },
      dialects);
}
