//===- CLPipeline.cpp - HL-IR to CL-IR ------------------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

void mlir::mdh::buildLowerToCLIRPipeline(
    OpPassManager &pm, const LowerToCLIROptions &options,
    std::shared_ptr<const mdh_ll::ConfigSet> configs) {
  MDHHLToLLOptions hlToLL;
  hlToLL.target = options.target;
  hlToLL.configPaths.assign(options.config.begin(), options.config.end());
  hlToLL.configFallback = options.configFallback;
  // Tensor computations become memref ones first (a no-op without them).
  pm.addPass(createMDHBufferize());
  pm.addPass(createMDHHLToLL(hlToLL, std::move(configs)));
  pm.addPass(createMDHLLToCL());
}
