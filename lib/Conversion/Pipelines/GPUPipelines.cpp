//===- GPUPipelines.cpp - CL-IR to PTX, cubins and AMDGPU -----------------===//
//
// Part of the MDH-MLIR project.
//
// The GPU pipelines (DESIGN §6, NVIDIA and AMD):
//
//   [HL-IR --mdh-lower-to-clir, --mdh-cl-optimize-gpu-->] CL-IR
//   CL-IR --mdh-cl-to-gpu--> gpu.launch --gpu-kernel-outlining--> gpu.module
//     --mdh-gpu-attach-target (chip checked)--> nvvm / rocdl
//     --gpu-to-llvm--> host code calling the mgpu* runtime ABI
//     --gpu-module-to-binary{format=isa}--> gpu.binary (PTX / AMDGPU ISA)
//     [--mdh-gpu-assemble--> cubin / code object]
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/CLToGPU/GPUPipelines.h"
#include "OptionChecks.h"
#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/CL/Passes.h"
#include "mdh/Dialect/LL/MmaRules.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::mdh;

/// CL-IR -> one gpu.module with one kernel per phase, the target attached
/// (and the chip checked before anything chip-specific runs).
static void buildCLToKernels(OpPassManager &pm, StringRef vendor,
                             StringRef chip, unsigned optLevel) {
  MDHCLToGPUOptions toGPU;
  toGPU.tensorCores = vendor == "nvidia" && mdh_ll::chipHasMmaSync(chip);
  toGPU.matrixCores = vendor == "amd" && mdh_ll::chipHasMfma(chip);
  pm.addPass(createMDHCLToGPU(toGPU));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Constants and index arithmetic go into the kernels rather than becoming
  // kernel parameters.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  MDHGPUAttachTargetOptions attach;
  attach.vendor = vendor.str();
  attach.chip = chip.str();
  attach.optLevel = optLevel;
  pm.addPass(createMDHGPUAttachTarget(attach));
  // Kernels and host code are made of scf/affine index code until here.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
}

/// The cleanups after the device lowering, inside every gpu.module.
static void buildDeviceCleanups(OpPassManager &gpuPm) {
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createReconcileUnrealizedCastsPass());
}

/// Host code -> LLVM dialect with gpu.launch_func ops (translated to the
/// mgpu* calls by the GPU dialect's LLVM IR translation), then the kernels
/// -> assembly.
static void buildHostAndBinary(OpPassManager &pm, StringRef toolkit) {
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  binary.toolkitPath = toolkit.str();
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void mlir::mdh::buildGPUToNvidiaPipeline(OpPassManager &pm,
                                         const NvidiaPipelineOptions &options,
                                         bool cubin) {
  buildCLToKernels(pm, "nvidia", options.chip, options.optLevel);
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  // What nvcc does to the emitted CUDA by default (-fmad=true), and the
  // launch bounds the CUDA emitter prints.
  gpuPm.addPass(createMDHGPUContractFMA());
  gpuPm.addPass(createMDHGPUNvidiaLaunchBounds());
  gpuPm.addPass(createConvertGpuOpsToNVVMOps());
  buildDeviceCleanups(gpuPm);
  buildHostAndBinary(pm, /*toolkit=*/"");
  if (cubin) {
    MDHGPUAssembleOptions assemble;
    assemble.ptxas = options.ptxas;
    assemble.ptxasVerbose = options.ptxasVerbose;
    pm.addPass(createMDHGPUAssemble(assemble));
  }
}

void mlir::mdh::buildGPUToAmdPipeline(OpPassManager &pm,
                                      const AmdPipelineOptions &options) {
  buildCLToKernels(pm, "amd", options.chip, options.optLevel);
  ConvertGpuOpsToROCDLOpsOptions rocdl;
  rocdl.chipset = options.chip;
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  // What hipcc does to the emitted HIP by default (-ffp-contract=fast).
  gpuPm.addPass(createMDHGPUContractFMA());
  gpuPm.addPass(createConvertGpuOpsToROCDLOps(rocdl));
  buildDeviceCleanups(gpuPm);
  buildHostAndBinary(pm, options.toolkit);
  if (options.format == "bin") {
    MDHGPUAssembleOptions assemble;
    assemble.llvmMc = options.llvmMc;
    assemble.ldLld = options.ldLld;
    pm.addPass(createMDHGPUAssemble(assemble));
  }
}

void mlir::mdh::buildHLToGPUCLPipeline(
    OpPassManager &pm, StringRef target, ArrayRef<std::string> config,
    ArrayRef<std::string> disabled, StringRef configFallback,
    std::shared_ptr<const mdh_ll::ConfigSet> configs) {
  LowerToCLIROptions clir;
  clir.target = target.str();
  clir.configFallback = configFallback.str();
  for (const std::string &file : config)
    clir.config.push_back(file);
  buildLowerToCLIRPipeline(pm, clir, std::move(configs));
  mdh_cl::buildGPUCLOptimizationPipeline(pm, disabled);
}

LogicalResult mlir::mdh::checkGPUCLOptimizationNames(
    StringRef pipeline, ArrayRef<std::string> disabled,
    function_ref<LogicalResult(const Twine &)> error) {
  for (const std::string &name : disabled)
    if (!llvm::is_contained(mdh_cl::getGPUCLOptimizationNames(), name))
      return error(pipeline + ": disable=" + name +
                   " names no GPU CL-IR optimization");
  return success();
}

namespace {
using ErrorHandler = function_ref<LogicalResult(const Twine &)>;

/// Registers a pipeline with options `Options`; `check` rejects options
/// that do not apply to it (an error, not silently ignored).
template <typename Options>
void registerGPUPipeline(
    StringRef name, StringRef description,
    std::function<LogicalResult(const Options &, ErrorHandler)> check,
    std::function<void(OpPassManager &, const Options &)> build) {
  registerPassPipeline(
      name, description,
      [=](OpPassManager &pm, StringRef text, ErrorHandler errorHandler) {
        if (!name.starts_with("mdh-"))
          warnDeprecatedPipeline(name);
        Options options;
        if (failed(options.parseFromString(text)) ||
            failed(check(options, errorHandler)))
          return failure();
        build(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> handler) {
        handler(Options());
      });
}
/// Checks `config-fallback=` of pipeline `name`, which only the pipelines
/// from HL-IR (`fromHL`) take.
LogicalResult checkConfigFallback(StringRef name, bool fromHL, StringRef value,
                                  ErrorHandler error) {
  if (value != "error" && value != "heuristic")
    return error("--" + name + ": config-fallback must be 'error' or " +
                 "'heuristic', got '" + value + "'");
  if (!fromHL && value != "error")
    return error("--" + name +
                 ": config-fallback= applies to HL-IR input (use the "
                 "mdh-lower-to-* pipelines)");
  return success();
}

/// The description of pipeline `name`: `description`, or for a deprecated
/// name, which one to use instead.
std::string describe(StringRef name, StringRef description) {
  if (name.starts_with("mdh-"))
    return description.str();
  return ("Deprecated name of --mdh-" + name).str();
}
} // namespace

void mlir::mdh::registerGPUPipelines() {
  // Which options each pipeline takes.
  auto nvidiaCheck = [](StringRef name, bool cubin, bool fromHL) {
    return [=](const NvidiaPipelineOptions &o, ErrorHandler error) {
      if (!cubin && (!o.ptxas.empty() || o.ptxasVerbose))
        return error("--" + name +
                     ": ptxas= and ptxas-verbose apply to the "
                     "cubin pipelines only");
      if (!fromHL && (!o.config.empty() || !o.disable.empty()))
        return error("--" + name +
                     ": config= and disable= apply to HL-IR input (use "
                     "the mdh-lower-to-* pipelines)");
      if (failed(checkConfigFallback(name, fromHL, o.configFallback, error)))
        return failure();
      // From HL-IR, the chip is also the target of the schedule: a bad one
      // is the user's flag, not an error of some inner pass at the module.
      // (From CL-IR, --mdh-gpu-attach-target reports it at each kernel.)
      if (fromHL &&
          (failed(checkChipOption(name, "nvidia", o.chip, error)) ||
           failed(checkTargetSpecOption(name, "cuda:" + o.chip, error))))
        return failure();
      return checkGPUCLOptimizationNames("--" + name.str(), o.disable, error);
    };
  };
  auto amdCheck = [](StringRef name, bool fromHL) {
    return [=](const AmdPipelineOptions &o, ErrorHandler error) {
      if (o.format != "isa" && o.format != "bin")
        return error("--" + name + ": format=" + o.format +
                     " is neither isa (AMDGPU assembly) nor bin (code "
                     "object)");
      if (o.format != "bin" && (!o.llvmMc.empty() || !o.ldLld.empty()))
        return error("--" + name +
                     ": llvm-mc= and ld-lld= apply to format=bin only");
      if (!fromHL && (!o.config.empty() || !o.disable.empty()))
        return error("--" + name +
                     ": config= and disable= apply to HL-IR input (use "
                     "--mdh-lower-to-amdgpu)");
      if (failed(checkConfigFallback(name, fromHL, o.configFallback, error)))
        return failure();
      if (fromHL &&
          (failed(checkChipOption(name, "amd", o.chip, error)) ||
           failed(checkTargetSpecOption(name, "hip:" + o.chip, error))))
        return failure();
      return checkGPUCLOptimizationNames("--" + name.str(), o.disable, error);
    };
  };

  registerGPUPipeline<NvidiaPipelineOptions>(
      "mdh-gpu-to-ptx",
      "Lower GPU CL-IR to host LLVM code and PTX kernels (gpu.binary)",
      nvidiaCheck("mdh-gpu-to-ptx", false, false),
      [](OpPassManager &pm, const NvidiaPipelineOptions &o) {
        buildGPUToNvidiaPipeline(pm, o, /*cubin=*/false);
      });
  registerGPUPipeline<NvidiaPipelineOptions>(
      "mdh-gpu-to-cubin",
      "Lower GPU CL-IR to host LLVM code and cubin kernels (through ptxas)",
      nvidiaCheck("mdh-gpu-to-cubin", true, false),
      [](OpPassManager &pm, const NvidiaPipelineOptions &o) {
        buildGPUToNvidiaPipeline(pm, o, /*cubin=*/true);
      });
  registerGPUPipeline<AmdPipelineOptions>(
      "mdh-gpu-to-amdgpu",
      "Lower GPU CL-IR to host LLVM code and AMDGPU kernels (assembly or "
      "code objects)",
      amdCheck("mdh-gpu-to-amdgpu", false), buildGPUToAmdPipeline);
  // The pipelines from HL-IR, each also under its deprecated name without
  // the `mdh-` prefix.
  static constexpr StringLiteral kPTXNames[] = {"mdh-lower-to-ptx",
                                                "lower-to-ptx"};
  static constexpr StringLiteral kCubinNames[] = {"mdh-lower-to-cubin",
                                                  "lower-to-cubin"};
  for (bool cubin : {false, true})
    for (StringRef name : cubin ? ArrayRef(kCubinNames) : ArrayRef(kPTXNames))
      registerGPUPipeline<NvidiaPipelineOptions>(
          name,
          describe(name, cubin ? "Lower HL-IR (scheduled for cuda:<chip>) to "
                                 "host LLVM code and cubins"
                               : "Lower HL-IR (scheduled for cuda:<chip>) to "
                                 "host LLVM code and PTX"),
          nvidiaCheck(name, cubin, true),
          [cubin](OpPassManager &pm, const NvidiaPipelineOptions &o) {
            buildHLToGPUCLPipeline(pm, "cuda:" + o.chip, o.config, o.disable,
                                   o.configFallback);
            buildGPUToNvidiaPipeline(pm, o, cubin);
          });
  for (StringRef name : {"mdh-lower-to-amdgpu", "lower-to-amdgpu"})
    registerGPUPipeline<AmdPipelineOptions>(
        name,
        describe(name, "Lower HL-IR (scheduled for hip:<chip>) to host LLVM "
                       "code and AMDGPU kernels"),
        amdCheck(name, true),
        [](OpPassManager &pm, const AmdPipelineOptions &o) {
          buildHLToGPUCLPipeline(pm, "hip:" + o.chip, o.config, o.disable,
                                 o.configFallback);
          buildGPUToAmdPipeline(pm, o);
        });
  registerGPUPipeline<GPUCLOptimizationOptions>(
      "mdh-cl-optimize-gpu",
      "Run the CL-IR optimizations that are correct on GPU CL-IR (before "
      "--emit-cuda/--emit-hip or --mdh-cl-to-gpu)",
      [](const GPUCLOptimizationOptions &o, ErrorHandler error) {
        return checkGPUCLOptimizationNames("--mdh-cl-optimize-gpu", o.disable,
                                           error);
      },
      [](OpPassManager &pm, const GPUCLOptimizationOptions &o) {
        mdh_cl::buildGPUCLOptimizationPipeline(pm, o.disable);
      });
}
