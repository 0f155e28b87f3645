//===- Compile.cpp - Compiling the kernels of mdh-run for a target --------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// oracle: the reference loops of --mdh-lower-to-loops. openmp: HL -> LL ->
// CL-IR with the heuristic's or a given configuration, then
// --mdh-host-to-llvm, JIT-compiled. c: the same CL-IR after the CL-IR
// optimizations, printed as C with OpenMP by translateCLToC and compiled by
// clang-22 into a shared library. cuda[:chip] / hip[:chip]: HL -> LL -> GPU
// CL-IR, then either the device pipeline, whose host code calls the mgpu*
// runtime loaded from runtime/, or with --emulate the CPU emulation of the
// gpu.launch ops.
//
//===----------------------------------------------------------------------===//

#include "Compile.h"

#include "mdh/Conversion/CLToGPU/GPUEmulation.h"
#include "mdh/Conversion/CLToGPU/GPUPipelines.h"
#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/CL/Passes.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/Runner/HostCLibrary.h"
#include "mdh/Runner/HostJit.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Threading.h"

#include <chrono>

using namespace mlir;
using namespace mlir::mdh;
using namespace mdh_run;
using namespace mdh_run::flags;
namespace cl = llvm::cl;

LogicalResult mdh_run::setUpTarget(MLIRContext &context, TargetSetup &setup) {
  cl::opt<int> &numThreads = getNumThreadsOption();
  StringRef targetKind = setup.target.kind;
  bool isGPU = setup.target.isGPU;

  // The c target needs a C compiler; a missing one is reported before
  // anything else is done.
  if (target == "c") {
    std::string error;
    FailureOr<std::string> found = HostCLibrary::findCompiler(cCompiler, error);
    if (failed(found)) {
      llvm::errs() << "mdh-run: error: --target=c: " << error << "\n";
      return failure();
    }
    setup.compilerPath = *found;
  }

  // The OpenMP runtime is loaded before anything is compiled: the thread
  // count is part of the report, the JIT resolves `__kmpc_*` in it and the
  // C library links against it.
  if (target == "openmp" || target == "c") {
    std::string error;
    FailureOr<OpenMPRuntime> runtime = OpenMPRuntime::load(
        openmpLibrary.empty() ? OpenMPRuntime::getDefaultPath()
                              : StringRef(openmpLibrary),
        error);
    if (failed(runtime)) {
      llvm::errs() << "mdh-run: error: " << error << "\n";
      return failure();
    }
    setup.openmp = *runtime;
    if (numThreads.getNumOccurrences())
      setup.openmp->setNumThreads(numThreads);
    else if (!getenv("OMP_NUM_THREADS"))
      setup.openmp->setNumThreads(
          llvm::hardware_concurrency().compute_thread_count());
  }

  // GPU targets: the chip of the spec (checked here, so that a bad spec is
  // reported before the kernel file is read), then the runtime, which must
  // be loaded before the JIT resolves the host code's mgpu* calls.
  if (isGPU) {
    std::string message;
    FailureOr<Attribute> spec;
    {
      ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
        message = diag.str();
        return success();
      });
      spec = mdh_ll::parseTargetSpec(&context, target, [&] {
        return mlir::emitError(UnknownLoc::get(&context));
      });
    }
    if (failed(spec)) {
      llvm::errs() << "mdh-run: error: --target=" << target << ": " << message
                   << "\n";
      return failure();
    }
    if (auto cuda = dyn_cast<mdh_ll::CUDATargetAttr>(*spec))
      setup.chip = cuda.getChip().str();
    else
      setup.chip = cast<mdh_ll::HIPTargetAttr>(*spec).getChip().str();
    if (!emulate) {
      MdhGpuRuntime runtime;
      char error[1024];
      MdhGpuKind kind = targetKind == "cuda" ? MDH_GPU_CUDA : MDH_GPU_HIP;
      if (mdhGpuRuntimeOpen(
              kind, gpuRuntimePath.empty() ? nullptr : gpuRuntimePath.c_str(),
              &runtime, error, sizeof(error))) {
        llvm::errs() << "mdh-run: error: --target=" << target << ": " << error
                     << " (--emulate runs the GPU code on the CPU)\n";
        return failure();
      }
      char name[256] = "";
      if (runtime.deviceName(0, name, sizeof(name)))
        name[0] = 0;
      setup.deviceText = name;
      setup.gpuRuntime = runtime;
    }
  }
  return success();
}

FailureOr<CompiledKernels> mdh_run::compileKernels(ModuleOp module,
                                                   ArrayRef<Kernel> kernels,
                                                   TargetSetup &setup) {
  MLIRContext &context = *module.getContext();
  StringRef targetKind = setup.target.kind;
  bool isGPU = setup.target.isGPU;
  std::optional<OpenMPRuntime> &openmp = setup.openmp;

  // The kernels keep pointing into `module` (for the reference); a clone
  // without the kernels that are not run is lowered and compiled.
  OwningOpRef<ModuleOp> lowered = module.clone();
  SmallVector<StringRef> names;
  for (const Kernel &k : kernels)
    names.push_back(k.getName());
  // The C target translates every function of the module, so it keeps
  // only the kernels that run.
  for (auto func :
       llvm::make_early_inc_range(lowered->getOps<func::FuncOp>())) {
    bool isKernel = func.walk([](ComputeOp) { return WalkResult::interrupt(); })
                        .wasInterrupted();
    if ((isKernel || target == "c") &&
        !llvm::is_contained(names, func.getSymName()) &&
        SymbolTable::symbolKnownUseEmpty(func, *lowered))
      func.erase();
  }

  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<HostKernels> compiled;
  std::string targetText = target;
  if (target == "c") {
    // HL -> LL -> CL-IR and the CL-IR optimizations, exactly as for openmp;
    // then C instead of the lowering to loops.
    PassManager pm(&context);
    LowerToCLIROptions toCL;
    toCL.target = "openmp";
    toCL.config = ArrayRef<std::string>(configFiles);
    buildLowerToCLIRPipeline(pm, toCL);
    // The C emitter prints scalar CL-IR; the C compiler vectorizes.
    std::vector<std::string> disabledForC(disabledPasses.begin(),
                                          disabledPasses.end());
    disabledForC.push_back("mdh-cl-vectorize-register-tiles");
    mdh_cl::buildCLOptimizationPipeline(pm, disabledForC, enabledPasses);
    if (failed(pm.run(*lowered)))
      return failure();
    HostCOptions options;
    options.compiler = setup.compilerPath;
    options.optLevel = optLevel;
    options.openmp = &*openmp;
    options.savePath = saveC;
    options.commandLog = setup.commandLog;
    std::string error;
    FailureOr<std::unique_ptr<HostCLibrary>> library =
        HostCLibrary::create(*lowered, names, options, error);
    if (failed(library)) {
      if (!error.empty())
        llvm::errs() << "mdh-run: error: " << error << "\n";
      return failure();
    }
    compiled = std::move(*library);
    targetText += llvm::formatv(" ({0}), {1} thread(s)", setup.compilerPath,
                                openmp->getMaxThreads());
  } else if (isGPU) {
    // HL -> GPU CL-IR with the optimizations, as --lower-to-ptx/amdgpu.
    auto buildHLToCL = [&](OpPassManager &pm) {
      buildHLToGPUCLPipeline(pm, target, configFiles, disabledPasses);
    };
    std::function<void(OpPassManager &)> buildPipeline;
    if (emulate) {
      buildPipeline = [&](OpPassManager &pm) {
        buildHLToCL(pm);
        GPUEmulationOptions options;
        options.seed = seed;
        buildGPUEmulationToLLVMPipeline(pm, options);
      };
      targetText += ", emulated on the CPU";
      FailureOr<std::unique_ptr<HostJit>> jit =
          HostJit::create(*lowered, names, buildPipeline, optLevel);
      if (failed(jit))
        return failure();
      compiled = std::move(*jit);
    } else {
      // NVIDIA: PTX, which the driver compiles for the device it has (no
      // ptxas needed, and a newer GPU runs PTX for an older chip). AMD: a
      // code object (HIP cannot JIT AMDGPU assembly).
      buildPipeline = [&](OpPassManager &pm) {
        buildHLToCL(pm);
        if (targetKind == "cuda") {
          NvidiaPipelineOptions options;
          options.chip = setup.chip;
          options.optLevel = optLevel;
          buildGPUToNvidiaPipeline(pm, options, /*cubin=*/false);
        } else {
          AmdPipelineOptions options;
          options.chip = setup.chip;
          options.optLevel = optLevel;
          options.format = "bin";
          buildGPUToAmdPipeline(pm, options);
        }
      };
      targetText += llvm::formatv(" on device 0 ({0})", setup.deviceText);
      FailureOr<std::unique_ptr<GpuKernels>> gpuKernels = GpuKernels::create(
          *lowered, names, buildPipeline, optLevel, *setup.gpuRuntime);
      if (failed(gpuKernels))
        return failure();
      compiled = std::move(*gpuKernels);
    }
  } else {
    std::function<void(OpPassManager &)> buildPipeline;
    SmallVector<StringRef> sharedLibs;
    if (target == "oracle") {
      buildPipeline = [](OpPassManager &pm) { buildOracleToLLVMPipeline(pm); };
    } else {
      buildPipeline = [](OpPassManager &pm) {
        LowerToCLIROptions toCL;
        toCL.target = "openmp";
        toCL.config = ArrayRef<std::string>(configFiles);
        buildLowerToCLIRPipeline(pm, toCL);
        HostToLLVMOptions host;
        host.disable = ArrayRef<std::string>(disabledPasses);
        host.enable = ArrayRef<std::string>(enabledPasses);
        buildHostToLLVMPipeline(pm, host);
      };
      sharedLibs.push_back(openmp->getPath());
      targetText += llvm::formatv(", {0} thread(s)", openmp->getMaxThreads());
    }
    FailureOr<std::unique_ptr<HostJit>> jit =
        HostJit::create(*lowered, names, buildPipeline, optLevel, sharedLibs);
    if (failed(jit))
      return failure();
    compiled = std::move(*jit);
  }
  CompiledKernels result;
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  result.kernels = std::move(compiled);
  result.targetText = std::move(targetText);
  return result;
}
