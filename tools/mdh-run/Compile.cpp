//===- Compile.cpp - Compiling the kernels of mdh-run for a target --------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The options of mdh-run turned into a call of the one compile entry point
// (mdh/Compiler/Compile.h), which lowers and compiles for every target:
// oracle (the reference loops), openmp (HL -> LL -> CL-IR -> LLVM, JIT),
// c (the same CL-IR as C, compiled by clang-22), cuda[:chip] / hip[:chip]
// (the device pipeline on the MDH GPU runtime, or with --emulate the CPU
// emulation of the gpu.launch ops). Here: what must be there before the
// kernel file is read (the C compiler, the runtimes) and the report's name
// of the target.
//
//===----------------------------------------------------------------------===//

#include "Compile.h"

#include "mdh/Compiler/Compile.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/Runner/HostCLibrary.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"

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
  if (setup.target.isHost || target == "c") {
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

  // Target specs (openmp, cuda, hip) are checked here, so that a bad one is
  // reported before the kernel file is read. GPU targets then load the
  // runtime, which must be loaded before the JIT resolves the host code's
  // mgpu* calls.
  if (isGPU || setup.target.isHost) {
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
  }
  if (isGPU) {
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
  CompileOptions options;
  options.target = target;
  options.configs.files.assign(configFiles.begin(), configFiles.end());
  options.configs.fallback = configFallback == ConfigFallback::Heuristic;
  for (const Kernel &k : kernels)
    options.funcNames.push_back(k.getName().str());
  // The kernels keep pointing into `module` (for the reference); those
  // that do not run are not compiled.
  options.dropOtherKernels = true;
  options.optLevel = optLevel;
  options.disabledPasses.assign(disabledPasses.begin(), disabledPasses.end());
  options.enabledPasses.assign(enabledPasses.begin(), enabledPasses.end());
  if (setup.openmp)
    options.openmp = &*setup.openmp;
  options.cCompiler = setup.compilerPath;
  options.commandLog = setup.commandLog;
  options.savedCPath = saveC;
  options.emulate = emulate;
  options.emulationSeed = seed;
  if (setup.gpuRuntime)
    options.gpuRuntime = &*setup.gpuRuntime;
  options.keepLLVMIR = !saveLLVM.empty();

  auto start = std::chrono::steady_clock::now();
  std::string error;
  FailureOr<CompileResult> compiled = mdh::compile(module, options, error);
  if (failed(compiled)) {
    if (!error.empty())
      llvm::errs() << "mdh-run: error: " << error << "\n";
    return failure();
  }
  CompiledKernels result;
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  result.kernels = std::move(compiled->kernels);

  if (!saveLLVM.empty()) {
    std::error_code ec;
    llvm::ToolOutputFile file(saveLLVM, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      llvm::errs() << "mdh-run: error: cannot write '" << saveLLVM
                   << "': " << ec.message() << "\n";
      return failure();
    }
    file.os() << compiled->llvmIR;
    file.keep();
  }

  std::string &text = result.targetText;
  text = target;
  if (target == "c")
    text += llvm::formatv(" ({0}), {1} thread(s)", setup.compilerPath,
                          setup.openmp->getMaxThreads());
  else if (setup.target.isGPU && emulate)
    text += ", emulated on the CPU";
  else if (setup.target.isGPU)
    text += llvm::formatv(" on device 0 ({0})", setup.deviceText);
  else if (setup.target.isHost)
    text += llvm::formatv(", {0} thread(s)", setup.openmp->getMaxThreads());
  return result;
}
