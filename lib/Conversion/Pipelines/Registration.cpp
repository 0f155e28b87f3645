//===- Registration.cpp - Registration of conversions and pipelines -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "OptionChecks.h"
#include "mdh/Conversion/CLToGPU/GPUEmulation.h"
#include "mdh/Conversion/CLToGPU/GPUPipelines.h"
#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/CL/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {
/// The oracle pipeline has no options; declaring the (empty) struct makes
/// `--mdh-oracle-to-llvm=bogus=1` a reported error rather than a silent one.
struct OracleToLLVMOptions : PassPipelineOptions<OracleToLLVMOptions> {};
} // namespace

void mlir::mdh::registerConversionPasses() {
  registerMDHConversionPasses();
  registerGPUPipelines();
  registerGPUEmulationPipeline();
  registerUpstreamGPUPasses();
  PassPipelineRegistration<OracleToLLVMOptions>(
      "mdh-oracle-to-llvm",
      "Lower HL-IR through the oracle loops to the LLVM dialect",
      [](OpPassManager &pm, const OracleToLLVMOptions &) {
        buildOracleToLLVMPipeline(pm);
      });
  // `--mdh-lower-to-clir`, and `--lower-to-clir`, its deprecated name.
  for (StringRef name : {"mdh-lower-to-clir", "lower-to-clir"}) {
    std::string flag = ("--" + name).str();
    bool deprecated = !name.starts_with("mdh-");
    registerPassPipeline(
        name,
        deprecated ? "Deprecated name of --mdh-lower-to-clir"
                   : "Lower HL-IR through LL-IR (scheduled on a target with a "
                     "configuration) to CL-IR",
        [=](OpPassManager &pm, StringRef text,
            function_ref<LogicalResult(const Twine &)> errorHandler) {
          if (deprecated)
            warnDeprecatedPipeline(name);
          LowerToCLIROptions options;
          if (failed(options.parseFromString(text)) ||
              failed(checkTargetSpecOption(name, options.target, errorHandler)))
            return failure();
          if (options.configFallback != "error" &&
              options.configFallback != "heuristic")
            return errorHandler(flag +
                                ": config-fallback must be 'error' or "
                                "'heuristic', got '" +
                                options.configFallback + "'");
          buildLowerToCLIRPipeline(pm, options);
          return success();
        },
        [](function_ref<void(const detail::PassOptions &)> handler) {
          handler(LowerToCLIROptions());
        });
  }
  // By hand rather than through PassPipelineRegistration, so that unknown
  // pass names in `disable=`/`enable=` are errors, not silently ignored.
  registerPassPipeline(
      "mdh-host-to-llvm",
      "Lower CL-IR through scf.parallel and OpenMP to the LLVM dialect",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        HostToLLVMOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        ArrayRef<StringRef> optional = mdh_cl::getOptionalCLOptimizationNames();
        for (const std::string &name : options.disable)
          if (!llvm::is_contained(mdh_cl::getCLOptimizationNames(), name) ||
              llvm::is_contained(optional, name))
            return errorHandler("--mdh-host-to-llvm: disable=" + name +
                                " names no default CL-IR optimization");
        for (const std::string &name : options.enable)
          if (!llvm::is_contained(optional, name))
            return errorHandler("--mdh-host-to-llvm: enable=" + name +
                                " names no optional CL-IR optimization "
                                "(mdh-cl-unroll)");
        buildHostToLLVMPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> handler) {
        handler(HostToLLVMOptions());
      });
}
