//===- TranslateRegistration.cpp - Registration of --emit-c ---------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/C/TranslateToC.h"

#include "mdh/Dialect/CL/MDHCLDialect.h"
#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Tools/mlir-translate/Translation.h"

void mlir::mdh::registerToCTranslation() {
  TranslateFromMLIRRegistration reg(
      "emit-c", "translate CL-IR (mdh_cl) to C with OpenMP",
      [](ModuleOp module, raw_ostream &os) {
        return translateCLToC(module, os);
      },
      [](DialectRegistry &registry) {
        // The dialects of CL-IR functions: mdh for custom combiners (and
        // the combine operator attribute), func for the functions, arith,
        // math and memref for the scalar code, indices, loads and stores;
        // mdh_ll for the target each function's CL-IR records.
        registry.insert<MDHDialect, mdh_cl::MDHCLDialect, mdh_ll::MDHLLDialect,
                        arith::ArithDialect, func::FuncDialect,
                        math::MathDialect, memref::MemRefDialect>();
      });
}
