//===- mdh-run.cpp - Compile, run and self-check MDH kernels --------------===//
//
// Part of the MDH-MLIR project.
//
// mdh-run compiles every kernel (a func.func holding one mdh.compute) of a
// file for a target, fills its inputs with seeded random data and its
// outputs with a sentinel, runs it in process, checks the outputs against
// the f64 reference of docs/semantics.md and prints one line per kernel:
// name, sizes, median time, GFLOP/s and GB/s, how it was checked, OK/FAIL.
//
// Targets: `oracle` (the reference loops of --mdh-lower-to-loops),
// `openmp` (HL -> LL -> CL-IR with the heuristic's or a given
// configuration, then --mdh-host-to-llvm, JIT-compiled and run on libomp's
// threads), `c` (the same CL-IR after the CL-IR optimizations, printed
// as C with OpenMP by translateCLToC, compiled by clang-22 into a shared
// library that is loaded into the process and runs on the same libomp),
// and `cuda[:chip]` / `hip[:chip]` (HL -> LL -> GPU CL-IR, then either the
// device pipeline, whose host code calls the mgpu* runtime loaded from
// runtime/, or with --emulate the CPU emulation of the gpu.launch ops).
//
//===----------------------------------------------------------------------===//

#include "Conversion/CLToGPU/GPUEmulation.h"
#include "Conversion/CLToGPU/GPUPipelines.h"
#include "Conversion/Passes.h"
#include "Dialect/CL/Passes.h"
#include "Dialect/HL/MDHOps.h"
#include "Dialect/LL/MDHLLAttributes.h"
#include "Dialect/LL/TargetSpec.h"
#include "InitMDH.h"
#include "Runner/GpuKernels.h"
#include "Runner/HostCLibrary.h"
#include "Runner/HostJit.h"
#include "Runner/OpenMPRuntime.h"
#include "Runner/Reference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <unistd.h>

using namespace mlir;
using namespace mlir::mdh;
namespace cl = llvm::cl;

static cl::OptionCategory runCategory("mdh-run options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<kernel file>"),
                                          cl::init("-"), cl::cat(runCategory));

static cl::opt<std::string>
    target("target",
           cl::desc("Code path to compile and run: 'oracle' (the reference "
                    "loops of --mdh-lower-to-loops), 'openmp' (the "
                    "scheduled host code, JIT-compiled, on OpenMP threads) "
                    "'c' (the same code as C with OpenMP, compiled by a "
                    "C compiler into a shared library), 'cuda[:chip]' or "
                    "'hip[:chip]' (the GPU code, run on the device through "
                    "the MDH GPU runtime, or on the CPU with --emulate)"),
           cl::init("oracle"), cl::cat(runCategory));

static cl::list<std::string> configFiles(
    "config",
    cl::desc("openmp, c, cuda, hip: JSON configuration file(s) of "
             "--mdh-hl-to-ll "
             "(comma-separated or repeated; each kernel takes the one "
             "written for it); default: the heuristic's configuration"),
    cl::CommaSeparated, cl::cat(runCategory));

/// `--threads`. libLLVM registers an undocumented `-threads` option of its
/// own, which mdh-run does not use; this one takes over the name, so it is
/// made in `main` rather than at static initialisation.
static cl::opt<int> &getNumThreadsOption() {
  if (cl::Option *other = cl::getRegisteredOptions().lookup("threads"))
    other->removeArgument();
  static cl::opt<int> option("threads",
                             cl::desc("openmp, c: threads to run on (default: "
                                      "OMP_NUM_THREADS if set, else one per "
                                      "hardware thread this process may "
                                      "use)"),
                             cl::init(0), cl::cat(runCategory));
  return option;
}

static cl::opt<std::string>
    openmpLibrary("libomp",
                  cl::desc("openmp, c: the OpenMP runtime to load (default: "
                           "the libomp of the LLVM this was built with)"),
                  cl::init(""), cl::cat(runCategory));

static cl::list<std::string>
    funcNames("func", cl::desc("Run only this kernel (repeatable)"),
              cl::cat(runCategory));

static cl::opt<uint64_t> seed("seed", cl::desc("Seed of the input data"),
                              cl::init(1), cl::cat(runCategory));

static cl::opt<unsigned>
    reps("reps",
         cl::desc("Timed repetitions (0: repeat for --min-time seconds, at "
                  "least 3 and at most 100 times)"),
         cl::init(0), cl::cat(runCategory));

static cl::opt<double> minTime("min-time",
                               cl::desc("Seconds to repeat for when --reps=0"),
                               cl::init(0.3), cl::cat(runCategory));

enum class CheckMode { Auto, Full, Sampled, None };
static cl::opt<CheckMode> checkMode(
    "check", cl::desc("Self-check against the f64 reference"),
    cl::values(clEnumValN(CheckMode::Auto, "auto",
                          "every point when cheap, else a random sample"),
               clEnumValN(CheckMode::Full, "full", "every point"),
               clEnumValN(CheckMode::Sampled, "sampled",
                          "a seeded random sample of output points"),
               clEnumValN(CheckMode::None, "none", "no check")),
    cl::init(CheckMode::Auto), cl::cat(runCategory));

static cl::opt<int64_t>
    samples("samples", cl::desc("Output points checked in sampled mode"),
            cl::init(1000), cl::cat(runCategory));

// A testing hook for the self-check itself: the lit tests use it to show
// that a wrong or stray element is caught.
static cl::opt<int64_t> corruptElement(
    "corrupt-output-element",
    cl::desc("Testing only: change this element (linear index) of the first "
             "output after the checked run"),
    cl::init(-1), cl::Hidden, cl::cat(runCategory));

static cl::list<std::string> disabledPasses(
    "disable-pass",
    cl::desc("Leave out this CL-IR optimization (repeatable; for "
             "ablation), e.g. mdh-cl-inline-scalar; cuda and hip know those "
             "of --mdh-cl-optimize-gpu"),
    cl::CommaSeparated, cl::cat(runCategory));

static cl::list<std::string>
    enabledPasses("enable-pass",
                  cl::desc("openmp, c: add this optional CL-IR optimization "
                           "(repeatable), e.g. mdh-cl-unroll"),
                  cl::CommaSeparated, cl::cat(runCategory));

static cl::opt<unsigned>
    optLevel("O",
             cl::desc("Optimization level (LLVM's; c: the C compiler's -O)"),
             cl::init(3), cl::cat(runCategory));

static cl::opt<std::string> cCompiler(
    "cc",
    cl::desc("c: the C compiler (a path or a name on PATH; default: "
             "clang-22 on PATH, in /usr/bin or in /usr/lib/llvm-22/bin)"),
    cl::init(""), cl::cat(runCategory));

static cl::opt<std::string>
    saveC("save-c",
          cl::desc("c: also write the generated C file here (the temporary "
                   "one is removed)"),
          cl::value_desc("file"), cl::init(""), cl::cat(runCategory));

static cl::opt<bool>
    emulate("emulate",
            cl::desc("cuda, hip: run the GPU-lowered code on the CPU (blocks "
                     "one after the other, the threads of a block in a "
                     "shuffled order per barrier interval drawn from --seed, "
                     "shared memory poisoned) instead of on a device"),
            cl::init(false), cl::cat(runCategory));

static cl::opt<std::string> gpuRuntimePath(
    "gpu-runtime",
    cl::desc("cuda, hip: the MDH GPU runtime library to load (default: "
             "$MDH_CUDA_RUNTIME / $MDH_HIP_RUNTIME, else the one this "
             "project built)"),
    cl::init(""), cl::cat(runCategory));

static cl::opt<bool> verbose("v",
                             cl::desc("Print the commands run (c: the C "
                                      "compiler's command line)"),
                             cl::init(false), cl::cat(runCategory));

namespace {
/// One kernel: a function whose body holds one mdh.compute over its
/// arguments.
struct Kernel {
  func::FuncOp func;
  ComputeOp compute;
  std::string sizes;
};
} // namespace

/// Physical memory of this machine in bytes.
static uint64_t hostMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return UINT64_MAX;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
}

static FailureOr<SmallVector<Kernel>> collectKernels(ModuleOp module) {
  // An implicit module has no location of its own; point at its first op.
  Location moduleLoc = module.getBody()->empty()
                           ? module.getLoc()
                           : module.getBody()->front().getLoc();
  SmallVector<Kernel> kernels;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    SmallVector<ComputeOp> computes;
    func.walk([&](ComputeOp op) { computes.push_back(op); });
    bool wanted = funcNames.empty() ||
                  llvm::is_contained(funcNames, func.getSymName().str());
    if (computes.empty() || !wanted)
      continue;
    if (computes.size() != 1)
      return func.emitError("mdh-run runs functions with exactly one "
                            "mdh.compute, this one has ")
             << computes.size();
    for (Type t : func.getArgumentTypes()) {
      auto memref = dyn_cast<MemRefType>(t);
      if (!memref || !memref.hasStaticShape())
        return func.emitError("mdh-run needs statically shaped memref "
                              "arguments, got ")
               << t;
      // Host buffers are dense and row-major in the default memory space.
      if (!memref.getLayout().isIdentity() || memref.getMemorySpace())
        return func.emitError("mdh-run needs memrefs with the identity "
                              "layout in the default memory space, got ")
               << t;
      // Host buffers hold MDH element types only (fills, sentinels and the
      // reference read them as such).
      Type elt = memref.getElementType();
      auto integer = dyn_cast<IntegerType>(elt);
      if (!isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(elt) &&
          !(integer && integer.isSignless() &&
            llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth())))
        return func.emitError("mdh-run needs memrefs of f16, bf16, f32, f64, "
                              "i8, i16, i32 or i64, got ")
               << t;
    }
    // All arguments are allocated at once; refuse what cannot fit instead of
    // failing (or overflowing the size) in the allocator.
    uint64_t totalBytes = 0;
    bool overflow = false;
    for (Type t : func.getArgumentTypes()) {
      auto memref = cast<MemRefType>(t);
      uint64_t bytes = memref.getElementTypeBitWidth() / 8;
      if (llvm::is_contained(memref.getShape(), 0))
        continue;
      for (int64_t n : memref.getShape()) {
        bool o = false;
        bytes = llvm::SaturatingMultiply(bytes, static_cast<uint64_t>(n), &o);
        overflow |= o;
      }
      bool o = false;
      totalBytes = llvm::SaturatingAdd(totalBytes, bytes, &o);
      overflow |= o;
      if (overflow || totalBytes > hostMemoryBytes())
        return func.emitError("mdh-run cannot allocate the arguments of this "
                              "kernel: they need ")
               << (overflow ? std::string("more than 2^64")
                            : std::to_string(totalBytes))
               << " bytes, more than the " << hostMemoryBytes()
               << " bytes of memory of this machine";
    }
    for (auto [k, operand] : llvm::enumerate(computes[0]->getOperands())) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (!arg || arg.getOwner() != &func.getBody().front())
        return computes[0].emitError("operand #")
               << k << " is not an argument of the enclosing function; "
               << "mdh-run only allocates function arguments";
    }
    if (func.getNumResults() != 0)
      return func.emitError("mdh-run needs a function without results");
    std::string sizes;
    llvm::raw_string_ostream os(sizes);
    llvm::interleave(computes[0].getSizes(), os, "x");
    kernels.push_back({func, computes[0], sizes});
  }
  for (const std::string &name : funcNames)
    if (!llvm::any_of(kernels,
                      [&](Kernel &k) { return k.func.getSymName() == name; }))
      return emitError(moduleLoc, "no kernel function named '")
             << name << "' (a func.func holding one mdh.compute)";
  if (kernels.empty())
    return emitError(moduleLoc, "no kernel in this file: expected a "
                                "func.func holding an mdh.compute");
  return kernels;
}

/// Runs one kernel; returns whether its check passed.
static bool runKernel(Kernel &kernel, HostKernels &compiled) {
  func::FuncOp func = kernel.func;
  ComputeOp op = kernel.compute;
  std::mt19937_64 rng(seed);

  // Function arguments in order; inputs get random data, outputs the
  // sentinel (which also catches elements written by no iteration point).
  std::vector<std::unique_ptr<HostBuffer>> storage;
  SmallVector<HostBuffer *> args, ins, outs;
  for (Type t : func.getArgumentTypes()) {
    storage.push_back(std::make_unique<HostBuffer>(cast<MemRefType>(t)));
    args.push_back(storage.back().get());
  }
  auto argIndex = [&](Value v) {
    return cast<BlockArgument>(v).getArgNumber();
  };
  for (Value v : op.getIns())
    ins.push_back(args[argIndex(v)]);
  for (Value v : op.getOuts())
    outs.push_back(args[argIndex(v)]);
  for (HostBuffer *buffer : args) {
    if (llvm::is_contained(outs, buffer))
      buffer->fillSentinel();
    else
      buffer->fillRandom(rng);
  }

  using Clock = std::chrono::steady_clock;
  auto call = [&]() -> std::optional<double> {
    auto start = Clock::now();
    if (llvm::Error error = compiled.invoke(func.getSymName(), args)) {
      func.emitError("running the kernel failed: ")
          << llvm::toString(std::move(error));
      return std::nullopt;
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
  };

  // The first run is the checked one: outputs still hold the sentinel.
  std::optional<double> first = call();
  if (!first)
    return false;
  if (llvm::Error error = compiled.fetch(outs)) {
    func.emitError("reading the results back failed: ")
        << llvm::toString(std::move(error));
    return false;
  }
  if (corruptElement >= 0 && corruptElement < outs[0]->getNumElements()) {
    HostBuffer &out = *outs[0];
    int64_t e = corruptElement;
    if (out.isSentinel(e))
      out.setInt(e, 0);
    else if (out.isFloat())
      out.setFloat(e,
                   out.getFloat(e) + std::max(1.0, std::fabs(out.getFloat(e))));
    else
      out.setInt(e, out.getInt(e) + 1);
  }
  std::string checkText = "unchecked";
  bool passed = true;
  if (checkMode != CheckMode::None) {
    CheckOptions options;
    options.seed = seed;
    options.samples = samples;
    options.mode = checkMode == CheckMode::Full ? CheckOptions::Mode::Full
                   : checkMode == CheckMode::Sampled
                       ? CheckOptions::Mode::Sampled
                       : CheckOptions::Mode::Auto;
    FailureOr<CheckResult> result =
        checkAgainstReference(op, ins, outs, options);
    if (failed(result))
      return false;
    passed = result->passed;
    checkText = llvm::formatv("{0} {1} pts", result->full ? "all" : "sampled",
                              result->checkedPoints)
                    .str();
    if (!passed)
      llvm::errs() << func.getSymName() << ": " << result->mismatches
                   << " mismatches; first: " << result->firstMismatch << "\n";
  }

  SmallVector<double> times;
  double total = 0;
  unsigned wanted = reps;
  while (true) {
    std::optional<double> t = call();
    if (!t)
      return false;
    times.push_back(*t);
    total += *t;
    if (wanted ? times.size() >= wanted
               : (times.size() >= 3 && total >= minTime) || times.size() >= 100)
      break;
  }
  std::sort(times.begin(), times.end());
  double median = times[times.size() / 2];

  double bytes = 0;
  for (HostBuffer *b : args)
    bytes += b->getSizeInBytes();
  double flops = countFlops(op);
  llvm::outs() << llvm::formatv(
      "{0,-26} {1,-22} {2,10:f3} ms {3,9:f2} GFLOP/s {4,8:f2} GB/s  {5,-18} "
      "{6}\n",
      func.getSymName(), kernel.sizes, median * 1e3, flops / median * 1e-9,
      bytes / median * 1e-9, checkText, passed ? "OK" : "FAIL");
  llvm::outs().flush();
  return passed;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  cl::opt<int> &numThreads = getNumThreadsOption();
  cl::HideUnrelatedOptions(runCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mdh-run: compile MDH kernels, run them on the host and self-check "
      "them against the f64 reference\n");

  // A GPU target is a target spec of --lower-to-clir: cuda[:chip] or
  // hip[:chip], possibly with fact overrides after a comma.
  StringRef targetKind = StringRef(target).split(',').first.split(':').first;
  bool isGPU = targetKind == "cuda" || targetKind == "hip";
  if (!isGPU && target != "oracle" && target != "openmp" && target != "c") {
    llvm::errs() << "mdh-run: error: unknown target '" << target
                 << "'; available targets: oracle, openmp, c, cuda[:chip], "
                    "hip[:chip]\n";
    return 1;
  }
  if (!isGPU) {
    for (cl::Option *option : {static_cast<cl::Option *>(&emulate),
                               static_cast<cl::Option *>(&gpuRuntimePath)}) {
      if (option->getNumOccurrences()) {
        llvm::errs() << "mdh-run: error: --" << option->ArgStr
                     << " applies to --target=cuda and --target=hip only\n";
        return 1;
      }
    }
  } else {
    cl::Option *hostOptions[] = {&numThreads, &openmpLibrary,
                                 std::addressof(enabledPasses)};
    for (cl::Option *option : hostOptions) {
      if (option->getNumOccurrences()) {
        llvm::errs() << "mdh-run: error: --" << option->ArgStr
                     << " applies to --target=openmp and --target=c only\n";
        return 1;
      }
    }
    if (emulate && gpuRuntimePath.getNumOccurrences()) {
      llvm::errs() << "mdh-run: error: --gpu-runtime applies to a device "
                      "run, not to --emulate\n";
      return 1;
    }
  }
  // The GPU targets run the CL-IR optimizations of --mdh-cl-optimize-gpu.
  ArrayRef<StringRef> known = isGPU ? mdh_cl::getGPUCLOptimizationNames()
                                    : mdh_cl::getCLOptimizationNames();
  ArrayRef<StringRef> optional = mdh_cl::getOptionalCLOptimizationNames();
  for (const std::string &name : disabledPasses) {
    if (!llvm::is_contained(known, name)) {
      llvm::errs() << "mdh-run: error: --disable-pass: unknown CL-IR "
                      "optimization '"
                   << name << "' for target " << target << "; known: ";
      llvm::interleaveComma(known, llvm::errs());
      llvm::errs() << "\n";
      return 1;
    }
  }
  for (const std::string &name : enabledPasses) {
    if (!llvm::is_contained(optional, name)) {
      llvm::errs() << "mdh-run: error: --enable-pass: '" << name
                   << "' is not an optional CL-IR optimization; optional: ";
      llvm::interleaveComma(optional, llvm::errs());
      llvm::errs() << "\n";
      return 1;
    }
  }
  if (target == "oracle") {
    cl::Option *openmpOptions[] = {
        std::addressof(configFiles), &numThreads, &openmpLibrary,
        std::addressof(disabledPasses), std::addressof(enabledPasses)};
    for (cl::Option *option : openmpOptions) {
      if (option->getNumOccurrences()) {
        llvm::errs() << "mdh-run: error: --" << option->ArgStr
                     << " applies to --target=openmp and --target=c only\n";
        return 1;
      }
    }
  }
  if (target != "c") {
    for (cl::Option *option : {static_cast<cl::Option *>(&cCompiler),
                               static_cast<cl::Option *>(&saveC)}) {
      if (option->getNumOccurrences()) {
        llvm::errs() << "mdh-run: error: --" << option->ArgStr
                     << " applies to --target=c only\n";
        return 1;
      }
    }
  }
  if (numThreads.getNumOccurrences() && numThreads < 1) {
    llvm::errs() << "mdh-run: error: --threads must be at least 1, got "
                 << numThreads.getValue() << "\n";
    return 1;
  }
  // hl-to-ll reads the files too; checking first gives a message that
  // names the option (stdin, '-', is left to hl-to-ll).
  for (const std::string &path : configFiles) {
    if (path == "-")
      continue;
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer) {
      llvm::errs() << "mdh-run: error: cannot read configuration file '" << path
                   << "': " << buffer.getError().message() << "\n";
      return 1;
    }
  }

  if (optLevel > 3) {
    llvm::errs() << "mdh-run: error: unknown optimization level -O"
                 << optLevel.getValue() << "; expected 0, 1, 2 or 3\n";
    return 1;
  }
  if (samples < 1) {
    llvm::errs() << "mdh-run: error: --samples must be at least 1, got "
                 << samples.getValue() << "\n";
    return 1;
  }

  // The c target needs a C compiler; a missing one is reported before
  // anything else is done.
  std::string compilerPath;
  if (target == "c") {
    std::string error;
    FailureOr<std::string> found = HostCLibrary::findCompiler(cCompiler, error);
    if (failed(found)) {
      llvm::errs() << "mdh-run: error: --target=c: " << error << "\n";
      return 1;
    }
    compilerPath = *found;
  }

  // The OpenMP runtime is loaded before anything is compiled: the thread
  // count is part of the report, the JIT resolves `__kmpc_*` in it and the
  // C library links against it.
  std::optional<OpenMPRuntime> openmp;
  if (target == "openmp" || target == "c") {
    std::string error;
    FailureOr<OpenMPRuntime> runtime = OpenMPRuntime::load(
        openmpLibrary.empty() ? OpenMPRuntime::getDefaultPath()
                              : StringRef(openmpLibrary),
        error);
    if (failed(runtime)) {
      llvm::errs() << "mdh-run: error: " << error << "\n";
      return 1;
    }
    openmp = *runtime;
    if (numThreads.getNumOccurrences())
      openmp->setNumThreads(numThreads);
    else if (!getenv("OMP_NUM_THREADS"))
      openmp->setNumThreads(
          llvm::hardware_concurrency().compute_thread_count());
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext context(registry);
  // Diagnostics of the pipelines point at the kernel's source line; the op
  // dump MLIR would attach in generic form adds nothing for a user.
  context.printOpOnDiagnostic(false);

  // GPU targets: the chip of the spec (checked here, so that a bad spec is
  // reported before the kernel file is read), then the runtime, which must
  // be loaded before the JIT resolves the host code's mgpu* calls.
  std::string chip;
  std::optional<MdhGpuRuntime> gpuRuntime;
  std::string deviceText;
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
      return 1;
    }
    if (auto cuda = dyn_cast<mdh_ll::CUDATargetAttr>(*spec))
      chip = cuda.getChip().str();
    else
      chip = cast<mdh_ll::HIPTargetAttr>(*spec).getChip().str();
    if (!emulate) {
      MdhGpuRuntime runtime;
      char error[1024];
      MdhGpuKind kind = targetKind == "cuda" ? MDH_GPU_CUDA : MDH_GPU_HIP;
      if (mdhGpuRuntimeOpen(
              kind, gpuRuntimePath.empty() ? nullptr : gpuRuntimePath.c_str(),
              &runtime, error, sizeof(error))) {
        llvm::errs() << "mdh-run: error: --target=" << target << ": " << error
                     << " (--emulate runs the GPU code on the CPU)\n";
        return 1;
      }
      char name[256] = "";
      if (runtime.deviceName(0, name, sizeof(name)))
        name[0] = 0;
      deviceText = name;
      gpuRuntime = runtime;
    }
  }

  std::string errorMessage;
  auto file = openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << "mdh-run: error: " << errorMessage << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);

  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  FailureOr<SmallVector<Kernel>> kernels = collectKernels(*module);
  if (failed(kernels))
    return 1;

  // The kernels keep pointing into `module` (for the reference); a clone
  // without the kernels that are not run is lowered and compiled.
  OwningOpRef<ModuleOp> lowered = module->clone();
  SmallVector<StringRef> names;
  for (Kernel &k : *kernels)
    names.push_back(k.func.getSymName());
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
      return 1;
    HostCOptions options;
    options.compiler = compilerPath;
    options.optLevel = optLevel;
    options.openmp = &*openmp;
    options.savePath = saveC;
    if (verbose)
      options.commandLog = &llvm::outs();
    std::string error;
    FailureOr<std::unique_ptr<HostCLibrary>> library =
        HostCLibrary::create(*lowered, names, options, error);
    if (failed(library)) {
      if (!error.empty())
        llvm::errs() << "mdh-run: error: " << error << "\n";
      return 1;
    }
    compiled = std::move(*library);
    targetText += llvm::formatv(" ({0}), {1} thread(s)", compilerPath,
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
        return 1;
      compiled = std::move(*jit);
    } else {
      // NVIDIA: PTX, which the driver compiles for the device it has (no
      // ptxas needed, and a newer GPU runs PTX for an older chip). AMD: a
      // code object (HIP cannot JIT AMDGPU assembly).
      buildPipeline = [&](OpPassManager &pm) {
        buildHLToCL(pm);
        if (targetKind == "cuda") {
          NvidiaPipelineOptions options;
          options.chip = chip;
          options.optLevel = optLevel;
          buildGPUToNvidiaPipeline(pm, options, /*cubin=*/false);
        } else {
          AmdPipelineOptions options;
          options.chip = chip;
          options.optLevel = optLevel;
          options.format = "bin";
          buildGPUToAmdPipeline(pm, options);
        }
      };
      targetText += llvm::formatv(" on device 0 ({0})", deviceText);
      FailureOr<std::unique_ptr<GpuKernels>> kernels = GpuKernels::create(
          *lowered, names, buildPipeline, optLevel, *gpuRuntime);
      if (failed(kernels))
        return 1;
      compiled = std::move(*kernels);
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
      return 1;
    compiled = std::move(*jit);
  }
  double compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::outs() << llvm::formatv("# {0}: target {1}, compiled {2} kernel(s) "
                                "in {3:f2} s, seed {4}\n",
                                inputFilename, targetText, kernels->size(),
                                compileSeconds, seed.getValue());

  bool allPassed = true;
  for (Kernel &k : *kernels)
    allPassed &= runKernel(k, *compiled);
  return allPassed ? 0 : 1;
}
