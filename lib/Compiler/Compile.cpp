//===- Compile.cpp - Compiling HL-IR for a target -------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// mdh-run, mdh-tune and the C API compile through here, so that a kernel is
// the same code whichever of them compiled it (test/CAPI pins that for the
// C API and mdh-run). The pipelines are the named ones of
// lib/Conversion/Pipelines; what is decided here is which of them a target
// runs, what is compiled (a copy of the module, the kernels asked for) and
// what runs it (lib/Runner).
//
//===----------------------------------------------------------------------===//

#include "mdh/Compiler/Compile.h"

#include "mdh/Conversion/CLToGPU/GPUEmulation.h"
#include "mdh/Conversion/CLToGPU/GPUPipelines.h"
#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/CL/Passes.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/Runner/HostCLibrary.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::mdh;

void mlir::mdh::buildLowerToCLIR(OpPassManager &pm, StringRef target,
                                 const ConfigOptions &configs) {
  LowerToCLIROptions options;
  options.target = target.str();
  options.config = ArrayRef<std::string>(configs.files);
  options.configFallback = configs.fallback ? "heuristic" : "error";
  buildLowerToCLIRPipeline(pm, options, configs.set);
}

LogicalResult mlir::mdh::lowerToCLIR(ModuleOp module, StringRef target,
                                     const ConfigOptions &configs) {
  // The lowerings assume verified HL-IR; IR built or edited through an API
  // may not be.
  if (failed(verify(module)))
    return failure();
  PassManager pm(module.getContext());
  buildLowerToCLIR(pm, target, configs);
  return pm.run(module);
}

LogicalResult mlir::mdh::bufferizeTensorComputations(ModuleOp module) {
  if (failed(verify(module)))
    return failure();
  PassManager pm(module.getContext());
  pm.addPass(createMDHBufferize());
  return pm.run(module);
}

/// Erases the functions of `module` that are not in `names` and that
/// nothing refers to: the kernels among them or, with `everyFunction`, all.
static void dropOtherFunctions(ModuleOp module, ArrayRef<std::string> names,
                               bool everyFunction) {
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    bool isKernel = func.walk([](ComputeOp) { return WalkResult::interrupt(); })
                        .wasInterrupted();
    if ((isKernel || everyFunction) &&
        !llvm::is_contained(names, func.getSymName()) &&
        SymbolTable::symbolKnownUseEmpty(func, module))
      func.erase();
  }
}

namespace {
/// One compilation: the options, the copy being lowered and the names of
/// the functions to call.
struct Compilation {
  const CompileOptions &options;
  ModuleOp lowered;
  SmallVector<StringRef> names;
  std::string &error;

  FailureOr<CompileResult>
  jit(const std::function<void(OpPassManager &)> &buildPipeline,
      ArrayRef<StringRef> sharedLibs = {});
  FailureOr<CompileResult> host(StringRef target);
  FailureOr<CompileResult> c();
  FailureOr<CompileResult> gpu(Attribute target);
  LogicalResult needOpenMP();
};
} // namespace

LogicalResult Compilation::needOpenMP() {
  if (options.openmp)
    return success();
  error = "target '" + options.target + "' needs the OpenMP runtime loaded";
  return failure();
}

FailureOr<CompileResult>
Compilation::jit(const std::function<void(OpPassManager &)> &buildPipeline,
                 ArrayRef<StringRef> sharedLibs) {
  CompileResult result;
  FailureOr<std::unique_ptr<HostJit>> jit = HostJit::create(
      lowered, names, buildPipeline, options.optLevel, sharedLibs,
      options.keepLLVMIR ? &result.llvmIR : nullptr);
  if (failed(jit))
    return failure();
  result.jit = jit->get();
  result.kernels = std::move(*jit);
  return result;
}

FailureOr<CompileResult> Compilation::host(StringRef target) {
  if (failed(needOpenMP()))
    return failure();
  StringRef sharedLibs[] = {options.openmp->getPath()};
  return jit(
      [&](OpPassManager &pm) {
        buildLowerToCLIR(pm, target, options.configs);
        HostToLLVMOptions host;
        host.disable = ArrayRef<std::string>(options.disabledPasses);
        host.enable = ArrayRef<std::string>(options.enabledPasses);
        buildHostToLLVMPipeline(pm, host);
      },
      sharedLibs);
}

FailureOr<CompileResult> Compilation::c() {
  if (failed(needOpenMP()))
    return failure();
  FailureOr<std::string> compiler =
      HostCLibrary::findCompiler(options.cCompiler, error);
  if (failed(compiler))
    return failure();
  // HL -> LL -> CL-IR and the CL-IR optimizations, exactly as for openmp;
  // then C instead of the lowering to loops.
  PassManager pm(lowered.getContext());
  buildLowerToCLIR(pm, "openmp", options.configs);
  // The C emitter prints scalar CL-IR; the C compiler vectorizes.
  std::vector<std::string> disabled = options.disabledPasses;
  disabled.push_back("mdh-cl-vectorize-register-tiles");
  mdh_cl::buildCLOptimizationPipeline(pm, disabled, options.enabledPasses);
  if (failed(pm.run(lowered)))
    return failure();
  HostCOptions c;
  c.compiler = *compiler;
  c.optLevel = options.optLevel;
  c.openmp = options.openmp;
  c.savePath = options.savedCPath;
  c.commandLog = options.commandLog;
  FailureOr<std::unique_ptr<HostCLibrary>> library =
      HostCLibrary::create(lowered, names, c, error);
  if (failed(library))
    return failure();
  CompileResult result;
  result.kernels = std::move(*library);
  return result;
}

FailureOr<CompileResult> Compilation::gpu(Attribute target) {
  // HL -> GPU CL-IR with the optimizations, as --mdh-lower-to-ptx/amdgpu.
  auto buildHLToCL = [&](OpPassManager &pm) {
    const ConfigOptions &configs = options.configs;
    buildHLToGPUCLPipeline(
        pm, options.target, configs.files, options.disabledPasses,
        configs.fallback ? "heuristic" : "error", configs.set);
  };
  if (options.emulate)
    return jit([&](OpPassManager &pm) {
      buildHLToCL(pm);
      GPUEmulationOptions emulation;
      emulation.seed = options.emulationSeed;
      buildGPUEmulationToLLVMPipeline(pm, emulation);
    });
  if (!options.gpuRuntime) {
    error = "target '" + options.target +
            "' needs the MDH GPU runtime open (or emulation)";
    return failure();
  }
  // NVIDIA: PTX, which the driver compiles for the device it has (no
  // ptxas needed, and a newer GPU runs PTX for an older chip). AMD: a code
  // object (HIP cannot JIT AMDGPU assembly).
  auto buildPipeline = [&](OpPassManager &pm) {
    buildHLToCL(pm);
    if (auto cuda = dyn_cast<mdh_ll::CUDATargetAttr>(target)) {
      NvidiaPipelineOptions nvidia;
      nvidia.chip = cuda.getChip().str();
      nvidia.optLevel = options.optLevel;
      buildGPUToNvidiaPipeline(pm, nvidia, /*cubin=*/false);
    } else {
      AmdPipelineOptions amd;
      amd.chip = cast<mdh_ll::HIPTargetAttr>(target).getChip().str();
      amd.optLevel = options.optLevel;
      amd.format = "bin";
      buildGPUToAmdPipeline(pm, amd);
    }
  };
  FailureOr<std::unique_ptr<GpuKernels>> kernels = GpuKernels::create(
      lowered, names, buildPipeline, options.optLevel, *options.gpuRuntime);
  if (failed(kernels))
    return failure();
  CompileResult result;
  result.kernels = std::move(*kernels);
  return result;
}

FailureOr<CompileResult> mlir::mdh::compile(ModuleOp module,
                                            const CompileOptions &options,
                                            std::string &error) {
  error.clear();
  if (failed(verify(module)))
    return failure();
  MLIRContext *ctx = module.getContext();
  StringRef target = options.target;
  bool isC = target == "c";
  // `oracle` and `c` name no schedule target; the others are target specs.
  Attribute targetAttr;
  if (target != "oracle" && !isC) {
    FailureOr<Attribute> parsed = mdh_ll::parseTargetSpec(ctx, target, [&] {
      return emitError(module.getLoc()) << "cannot compile: ";
    });
    if (failed(parsed))
      return failure();
    targetAttr = *parsed;
  }

  // The caller's module is left as it is (mdh-run keeps pointing into it
  // for the reference); a copy is lowered and compiled.
  OwningOpRef<ModuleOp> lowered = module.clone();
  if (options.dropOtherKernels)
    dropOtherFunctions(*lowered, options.funcNames, /*everyFunction=*/isC);
  Compilation compilation{options, *lowered, {}, error};
  for (const std::string &name : options.funcNames)
    compilation.names.push_back(name);

  if (target == "oracle")
    return compilation.jit(
        [](OpPassManager &pm) { buildOracleToLLVMPipeline(pm); });
  if (isC)
    return compilation.c();
  if (isa<mdh_ll::OpenMPTargetAttr>(targetAttr))
    return compilation.host(target);
  return compilation.gpu(targetAttr);
}
