//===- Registration.cpp - Registration of conversions and pipelines -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {
/// The oracle pipeline has no options; declaring the (empty) struct makes
/// `--mdh-oracle-to-llvm=bogus=1` a reported error rather than a silent one.
struct OracleToLLVMOptions : PassPipelineOptions<OracleToLLVMOptions> {};
} // namespace

void mlir::mdh::registerConversionPasses() {
  registerMDHConversionPasses();
  PassPipelineRegistration<OracleToLLVMOptions>(
      "mdh-oracle-to-llvm",
      "Lower HL-IR through the oracle loops to the LLVM dialect",
      [](OpPassManager &pm, const OracleToLLVMOptions &) {
        buildOracleToLLVMPipeline(pm);
      });
  PassPipelineRegistration<LowerToCLIROptions>(
      "lower-to-clir",
      "Lower HL-IR through LL-IR (scheduled on a target with a "
      "configuration) to CL-IR",
      buildLowerToCLIRPipeline);
  PassPipelineRegistration<HostToLLVMOptions>(
      "mdh-host-to-llvm",
      "Lower CL-IR through scf.parallel and OpenMP to the LLVM dialect",
      buildHostToLLVMPipeline);
}
