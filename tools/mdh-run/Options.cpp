//===- Options.cpp - The command-line options of mdh-run ------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

#include "mdh/Dialect/CL/Passes.h"
#include "mdh/Runner/OpenMPRuntime.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace mlir;
using namespace mdh_run;
namespace cl = llvm::cl;

namespace mdh_run::flags {

cl::OptionCategory category("mdh-run options");

cl::opt<std::string> inputFilename(cl::Positional, cl::desc("<kernel file>"),
                                   cl::init("-"), cl::cat(category));

cl::opt<std::string> target(
    "target",
    cl::desc("Code path to compile and run: 'openmp:host' (default: "
             "the host code scheduled for this machine's vector width, "
             "cores and caches, JIT-compiled, on OpenMP threads), "
             "'openmp' (the same for the fixed generic CPU model; "
             "either with ',fact=value' overrides), "
             "'oracle' (the reference loops of --mdh-lower-to-loops, "
             "slow), 'c' (the code of 'openmp' as C with OpenMP, compiled by a "
             "C compiler into a shared library), 'cuda[:chip]' or "
             "'hip[:chip]' (the GPU code, run on the device through "
             "the MDH GPU runtime, or on the CPU with --emulate)"),
    cl::init("openmp:host"), cl::cat(category));

cl::list<std::string> configFiles(
    "config",
    cl::desc("openmp, c, cuda, hip: JSON configuration file(s) of "
             "--mdh-hl-to-ll "
             "(comma-separated or repeated; each kernel takes the one "
             "written for it); default: the heuristic's configuration"),
    cl::CommaSeparated, cl::cat(category));

// As `--mdh-hl-to-ll`'s option of that name, whose "no configuration"
// error suggests it.
cl::opt<ConfigFallback> configFallback(
    "config-fallback",
    cl::desc("With --config: what a kernel without a configuration in the "
             "files takes"),
    cl::values(clEnumValN(ConfigFallback::Error, "error",
                          "nothing: it is an error (default)"),
               clEnumValN(ConfigFallback::Heuristic, "heuristic",
                          "the heuristic's configuration")),
    cl::init(ConfigFallback::Error), cl::cat(category));

cl::opt<std::string>
    openmpLibrary("libomp",
                  cl::desc("openmp, c: the OpenMP runtime to load (default: "
                           "the libomp of the LLVM this was built with)"),
                  cl::init(""), cl::cat(category));

cl::list<std::string> funcNames("func",
                                cl::desc("Run only this kernel (repeatable)"),
                                cl::cat(category));

cl::opt<uint64_t> seed("seed",
                       cl::desc("Seed of the random input data and of the "
                                "sampled check"),
                       cl::init(1), cl::cat(category));

cl::list<std::string> inputs(
    "input",
    cl::desc("Fill one input of a kernel from a NumPy .npy file instead of "
             "random data (repeatable). NAME is inK (the K-th argument the "
             "kernel does not write, as in the C ABI) or argK (the K-th "
             "function argument); FUNC. names the kernel when several run. "
             "The dtype and shape must match the memref exactly"),
    cl::value_desc("[FUNC.]NAME=@FILE"), cl::cat(category));

cl::opt<std::string> outputDir(
    "output-dir",
    cl::desc("After the checked run, write every output of every kernel as "
             "DIR/<func>.outK.npy (outK: the K-th argument the kernel "
             "writes); DIR is created if missing"),
    cl::value_desc("DIR"), cl::init(""), cl::cat(category));

cl::opt<bool>
    json("json",
         cl::desc("Print one JSON document (the run, with an array of "
                  "kernels: times, throughput, check) instead of text lines"),
         cl::init(false), cl::cat(category));

cl::opt<unsigned>
    reps("reps",
         cl::desc("Timed repetitions (0: repeat for --min-time seconds, at "
                  "least 3 and at most 100 times)"),
         cl::init(0), cl::cat(category));

cl::opt<double> minTime("min-time",
                        cl::desc("Seconds to repeat for when --reps=0"),
                        cl::init(0.3), cl::cat(category));

cl::opt<CheckMode> checkMode(
    "check", cl::desc("Self-check against the f64 reference"),
    cl::values(clEnumValN(CheckMode::Auto, "auto",
                          "every point when cheap, else a random sample"),
               clEnumValN(CheckMode::Full, "full", "every point"),
               clEnumValN(CheckMode::Sampled, "sampled",
                          "a seeded random sample of output points"),
               clEnumValN(CheckMode::None, "none", "no check")),
    cl::init(CheckMode::Auto), cl::cat(category));

cl::opt<int64_t> samples("samples",
                         cl::desc("Output points checked in sampled mode"),
                         cl::init(1000), cl::cat(category));

// A testing hook for the self-check itself: the lit tests use it to show
// that a wrong or stray element is caught.
cl::opt<int64_t> corruptElement(
    "corrupt-output-element",
    cl::desc("Testing only: change this element (linear index) of the first "
             "output after the checked run"),
    cl::init(-1), cl::Hidden, cl::cat(category));
cl::opt<double> corruptScale(
    "corrupt-scale",
    cl::desc("Testing only: --corrupt-output-element adds this times "
             "max(1, |value|) to a float (0 turns -0.0 into +0.0)"),
    cl::init(1.0), cl::Hidden, cl::cat(category));

cl::list<std::string> disabledPasses(
    "disable-pass",
    cl::desc("Leave out this CL-IR optimization (repeatable; for "
             "ablation), e.g. mdh-cl-inline-scalar; cuda and hip know those "
             "of --mdh-cl-optimize-gpu"),
    cl::CommaSeparated, cl::cat(category));

cl::list<std::string>
    enabledPasses("enable-pass",
                  cl::desc("openmp, c: add this optional CL-IR optimization "
                           "(repeatable), e.g. mdh-cl-unroll"),
                  cl::CommaSeparated, cl::cat(category));

cl::opt<unsigned>
    optLevel("O",
             cl::desc("Optimization level (LLVM's; c: the C compiler's -O)"),
             cl::init(3), cl::cat(category));

cl::opt<std::string> cCompiler(
    "cc",
    cl::desc("c: the C compiler (a path or a name on PATH; default: "
             "clang-22 on PATH, in /usr/bin or in /usr/lib/llvm-22/bin)"),
    cl::init(""), cl::cat(category));

cl::opt<std::string>
    saveC("save-c",
          cl::desc("c: also write the generated C file here (the temporary "
                   "one is removed)"),
          cl::value_desc("file"), cl::init(""), cl::cat(category));

cl::opt<std::string> saveLLVM(
    "save-llvm",
    cl::desc("oracle, openmp, --emulate: also write the LLVM IR the JIT "
             "compiles, after LLVM's optimizations, here"),
    cl::value_desc("file"), cl::init(""), cl::cat(category));

cl::opt<bool>
    emulate("emulate",
            cl::desc("cuda, hip: run the GPU-lowered code on the CPU (blocks "
                     "one after the other, the threads of a block in a "
                     "shuffled order per barrier interval drawn from --seed, "
                     "shared memory poisoned) instead of on a device"),
            cl::init(false), cl::cat(category));

cl::opt<std::string> gpuRuntimePath(
    "gpu-runtime",
    cl::desc("cuda, hip: the MDH GPU runtime library to load (default: "
             "$MDH_CUDA_RUNTIME / $MDH_HIP_RUNTIME, else the one this "
             "project built)"),
    cl::init(""), cl::cat(category));

cl::opt<bool> verbose("v",
                      cl::desc("Print the commands run (c: the C "
                               "compiler's command line)"),
                      cl::init(false), cl::cat(category));

} // namespace mdh_run::flags

cl::opt<int> &mdh_run::getNumThreadsOption() {
  // Only before this one exists: later calls would find it and remove it.
  static bool tookName = [] {
    if (cl::Option *other = cl::getRegisteredOptions().lookup("threads"))
      other->removeArgument();
    return true;
  }();
  (void)tookName;
  static cl::opt<int> option("threads",
                             cl::desc("openmp, c: threads to run on (default: "
                                      "OMP_NUM_THREADS if set, else one per "
                                      "hardware thread this process may "
                                      "use)"),
                             cl::init(0), cl::cat(flags::category));
  return option;
}

/// Prints "mdh-run: error: <message>" and fails.
static LogicalResult optionError(const Twine &message) {
  llvm::errs() << "mdh-run: error: " << message << "\n";
  return failure();
}

/// Fails on the first of `options` given on the command line.
static LogicalResult refuse(ArrayRef<cl::Option *> options, StringRef only) {
  for (cl::Option *option : options)
    if (option->getNumOccurrences())
      return optionError("--" + option->ArgStr + " applies to " + only +
                         " only");
  return success();
}

FailureOr<TargetKind> mdh_run::checkOptions() {
  using namespace flags;
  cl::opt<int> &numThreads = getNumThreadsOption();
  // A GPU target is a target spec of --mdh-lower-to-clir: cuda[:chip] or
  // hip[:chip], possibly with fact overrides after a comma.
  TargetKind result;
  result.kind = StringRef(target).split(',').first.split(':').first;
  result.isGPU = result.kind == "cuda" || result.kind == "hip";
  result.isHost = result.kind == "openmp";
  if (!result.isGPU && !result.isHost && target != "oracle" && target != "c")
    return optionError("unknown target '" + target +
                       "'; available targets: oracle, openmp[:host], c, "
                       "cuda[:chip], hip[:chip]");
  if (!result.isGPU) {
    if (failed(refuse({&emulate, &gpuRuntimePath},
                      "--target=cuda and --target=hip")))
      return failure();
  } else {
    if (failed(
            refuse({&numThreads, &openmpLibrary, std::addressof(enabledPasses)},
                   "--target=openmp and --target=c")))
      return failure();
    if (emulate && gpuRuntimePath.getNumOccurrences())
      return optionError("--gpu-runtime applies to a device run, not to "
                         "--emulate");
  }
  // The GPU targets run the CL-IR optimizations of --mdh-cl-optimize-gpu.
  ArrayRef<StringRef> known = result.isGPU
                                  ? mlir::mdh_cl::getGPUCLOptimizationNames()
                                  : mlir::mdh_cl::getCLOptimizationNames();
  ArrayRef<StringRef> optional = mlir::mdh_cl::getOptionalCLOptimizationNames();
  for (const std::string &name : disabledPasses) {
    if (!llvm::is_contained(known, name)) {
      llvm::errs() << "mdh-run: error: --disable-pass: unknown CL-IR "
                      "optimization '"
                   << name << "' for target " << target << "; known: ";
      llvm::interleaveComma(known, llvm::errs());
      llvm::errs() << "\n";
      return failure();
    }
  }
  for (const std::string &name : enabledPasses) {
    if (!llvm::is_contained(optional, name)) {
      llvm::errs() << "mdh-run: error: --enable-pass: '" << name
                   << "' is not an optional CL-IR optimization; optional: ";
      llvm::interleaveComma(optional, llvm::errs());
      llvm::errs() << "\n";
      return failure();
    }
  }
  if (target == "oracle" &&
      failed(refuse({std::addressof(configFiles), &numThreads, &openmpLibrary,
                     std::addressof(disabledPasses),
                     std::addressof(enabledPasses)},
                    "--target=openmp and --target=c")))
    return failure();
  if (target != "c" && failed(refuse({&cCompiler, &saveC}, "--target=c")))
    return failure();
  // The C compiler and the GPU driver compile what they are given; only
  // the JIT's LLVM IR is there to save.
  if ((target == "c" || (result.isGPU && !emulate)) &&
      failed(refuse({&saveLLVM}, "--target=oracle, --target=openmp and "
                                 "--emulate")))
    return failure();
  if (numThreads.getNumOccurrences() &&
      (numThreads < 1 || numThreads > mdh::OpenMPRuntime::kMaxThreads))
    return optionError("--threads must be between 1 and " +
                       Twine(mdh::OpenMPRuntime::kMaxThreads) + ", got " +
                       Twine(numThreads.getValue()));
  // hl-to-ll reads the files too; checking first gives a message that
  // names the option (stdin, '-', is left to hl-to-ll).
  for (const std::string &path : configFiles) {
    if (path == "-")
      continue;
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      return optionError("cannot read configuration file '" + path +
                         "': " + buffer.getError().message());
  }
  if (optLevel > 3)
    return optionError("unknown optimization level -O" +
                       Twine(optLevel.getValue()) + "; expected 0, 1, 2 or 3");
  if (samples < 1)
    return optionError("--samples must be at least 1, got " +
                       Twine(samples.getValue()));
  return result;
}
