//===- Registration.cpp - Registration of conversions and pipelines -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void mlir::mdh::registerConversionPasses() {
  registerMDHConversionPasses();
  PassPipelineRegistration<>(
      "mdh-oracle-to-llvm",
      "Lower HL-IR through the oracle loops to the LLVM dialect",
      [](OpPassManager &pm) { buildOracleToLLVMPipeline(pm); });
}
