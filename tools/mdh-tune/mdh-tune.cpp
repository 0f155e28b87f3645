//===- mdh-tune.cpp - Auto-tuning of MDH kernels --------------------------===//
//
// Part of the MDH-MLIR project.
//
// mdh-tune explores the tuning space of a kernel (a func.func holding one
// mdh.compute) on a target, ATF-style (DESIGN §7, docs/tuning.md): the
// chain-of-trees space of mdh/TuningSpace/MDHSpace.h, a search technique over
// its unit cube (mdh/Tuner/Technique.h), abort conditions, candidates compiled
// in process and measured in forked children (mdh/Tuner/Host/, shared with
// the C API's mdhTune). It writes the best configuration as JSON (read by
// --mdh-hl-to-ll config= and mdh-run
// --config=), a CSV log of every evaluation, and keeps tuned
// configurations in a cache keyed by computation, target and machine. With
// several kernels (--func=a,b or --all-kernels) each is tuned in turn
// (mdh/Tuner/Host/TuneKernel.h) and the file holds a set of configurations.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/InitMDH.h"
#include "mdh/Support/Version.h"
#include "mdh/Tuner/Cache.h"
#include "mdh/Tuner/Host/HostObjective.h"
#include "mdh/Tuner/Host/TuneKernel.h"
#include "mdh/Tuner/Search.h"
#include "mdh/TuningSpace/MDHSpace.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"

#include <csignal>

using namespace mlir;
using namespace mlir::mdh;
namespace cl = llvm::cl;

static cl::OptionCategory tuneCategory("mdh-tune options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<kernel file>"),
                                          cl::init("-"), cl::cat(tuneCategory));
static cl::opt<std::string> outputFilename(
    "o", cl::desc("Write the best configuration (JSON) here ('-': stdout)"),
    cl::value_desc("file"), cl::init("-"), cl::cat(tuneCategory));
static cl::opt<std::string>
    target("target",
           cl::desc("Target to tune for, measured on this host: "
                    "openmp:host (default: the search space of this "
                    "machine's vector width, cores and caches) or openmp "
                    "(the fixed generic CPU model), either with ',fact=value' "
                    "overrides; cuda and hip are refused without a GPU"),
           cl::init("openmp:host"), cl::cat(tuneCategory));
static cl::opt<std::string>
    budget("budget",
           cl::desc("Budget: a time (60s, 5m, 1h) or a number of "
                    "evaluations (200); default 60s when no abort condition "
                    "is given"),
           cl::init(""), cl::cat(tuneCategory));
static cl::opt<uint64_t> maxEvals("max-evals",
                                  cl::desc("Stop after this many evaluations"),
                                  cl::init(0), cl::cat(tuneCategory));
static cl::opt<std::string>
    maxTime("max-time", cl::desc("Stop after this wall time (30s, 5m)"),
            cl::init(""), cl::cat(tuneCategory));
static cl::opt<uint64_t>
    stall("stall",
          cl::desc("Stop after this many evaluations without a new best"),
          cl::init(0), cl::cat(tuneCategory));
static cl::opt<std::string> technique(
    "technique",
    cl::desc("Search technique: random, annealing, pattern, or bandit (an "
             "AUC bandit over the other three)"),
    cl::init("bandit"), cl::cat(tuneCategory));
static cl::opt<uint64_t> seed("seed",
                              cl::desc("Seed of the search and the input data"),
                              cl::init(1), cl::cat(tuneCategory));
static cl::opt<unsigned> reps("reps",
                              cl::desc("Timed repetitions per candidate (the "
                                       "cost is their median)"),
                              cl::init(5), cl::cat(tuneCategory));
static cl::opt<unsigned>
    warmup("warmup",
           cl::desc("Warm-up runs per candidate before the timed ones (the "
                    "first is timed to cut off candidates 4x slower than "
                    "the best)"),
           cl::init(1), cl::cat(tuneCategory));
static cl::opt<std::string>
    timeout("timeout",
            cl::desc("Time limit per candidate run (default: 20x the slowest "
                     "successful candidate, 2 s to 60 s)"),
            cl::init(""), cl::cat(tuneCategory));
static cl::opt<std::string> logFile("log",
                                    cl::desc("Write a CSV log of every "
                                             "evaluation here"),
                                    cl::value_desc("file"), cl::init(""),
                                    cl::cat(tuneCategory));
static cl::opt<std::string>
    cacheDir("cache-dir",
             cl::desc("Tuning cache directory (default: "
                      "$XDG_CACHE_HOME/mdh-tune or ~/.cache/mdh-tune)"),
             cl::init(""), cl::cat(tuneCategory));
static cl::opt<bool> noCache("no-cache",
                             cl::desc("Neither read nor write the cache"),
                             cl::init(false), cl::cat(tuneCategory));
static cl::opt<bool> progress(
    "progress",
    cl::desc("Print progress lines on stderr even when it is not a terminal"),
    cl::init(false), cl::cat(tuneCategory));
static cl::opt<unsigned>
    remeasure("remeasure",
              cl::desc("Rounds of the final interleaved re-measurement of "
                       "the default and the best configuration"),
              cl::init(5), cl::cat(tuneCategory));
static cl::opt<int64_t>
    samples("samples",
            cl::desc("Output points checked per candidate when the reference "
                     "samples (large kernels)"),
            cl::init(1000), cl::cat(tuneCategory));
static cl::list<std::string>
    funcNames("func",
              cl::desc("The kernels to tune (comma-separated or repeated; "
                       "default: the first)"),
              cl::CommaSeparated, cl::cat(tuneCategory));
static cl::opt<bool>
    allKernels("all-kernels",
               cl::desc("Tune every kernel of the file, each with the whole "
                        "budget, into one file of configurations"),
               cl::init(false), cl::cat(tuneCategory));
static cl::opt<std::string>
    openmpLibrary("libomp", cl::desc("The OpenMP runtime to load"),
                  cl::init(""), cl::cat(tuneCategory));

// A testing hook: the lit tests show that a wrong result is caught by the
// stored reference and logged as failed.
static cl::opt<int64_t> corruptElement(
    "corrupt-output-element",
    cl::desc("Testing only: change this element (linear index) of the first "
             "output after each candidate's checked run"),
    cl::init(-1), cl::Hidden, cl::cat(tuneCategory));

/// `--threads`; libLLVM has a `-threads` option of its own (see mdh-run).
static cl::opt<int> &getNumThreadsOption() {
  if (cl::Option *other = cl::getRegisteredOptions().lookup("threads"))
    other->removeArgument();
  static cl::opt<int> option("threads",
                             cl::desc("OpenMP threads of the kernel (default: "
                                      "one per hardware thread)"),
                             cl::init(0), cl::cat(tuneCategory));
  return option;
}

static volatile std::sig_atomic_t interrupted = 0;
static void onInterrupt(int) {
  interrupted = 1;
  // A second Ctrl-C ends the tuner at once.
  std::signal(SIGINT, SIG_DFL);
}

static int fail(const llvm::Twine &message) {
  // After the report on stdout, not before it.
  llvm::outs().flush();
  llvm::errs() << "mdh-tune: error: " << message << "\n";
  return 1;
}

/// Refuses the GPU targets with the reason.
static int refuseGpuTarget(StringRef name) {
  bool cuda = name.starts_with("cuda");
  StringRef device = cuda ? "/dev/nvidiactl" : "/dev/kfd";
  if (!llvm::sys::fs::exists(device))
    return fail(llvm::formatv(
        "--target={0}: no {1} GPU on this machine ({2} is missing); "
        "mdh-tune measures every candidate, so it tunes a GPU target only "
        "where such a GPU is attached (use --target=openmp here)",
        name, cuda ? "NVIDIA" : "AMD", device));
  return fail(llvm::formatv(
      "--target={0}: tuning on the GPU is not implemented yet: mdh-tune "
      "measures candidates on the host only (mdh-run --target={0} runs one "
      "configuration on the GPU)",
      name));
}

using Kernel = std::pair<func::FuncOp, ComputeOp>;

/// The kernels to tune: those --func names or, with --all-kernels, every
/// func.func holding an mdh.compute; by default the first.
static FailureOr<SmallVector<Kernel>> findKernels(ModuleOp module) {
  Location loc = module.getBody()->empty() ? module.getLoc()
                                           : module.getBody()->front().getLoc();
  SmallVector<Kernel> kernels;
  for (auto func : module.getOps<func::FuncOp>()) {
    SmallVector<ComputeOp> computes;
    func.walk([&](ComputeOp op) { computes.push_back(op); });
    if (computes.empty() ||
        (!funcNames.empty() &&
         !llvm::is_contained(funcNames, func.getSymName().str())))
      continue;
    FailureOr<ComputeOp> compute = getTunableCompute(func, "mdh-tune");
    if (failed(compute))
      return failure();
    kernels.push_back({func, *compute});
  }
  for (const std::string &name : funcNames)
    if (!llvm::any_of(kernels,
                      [&](Kernel k) { return k.first.getSymName() == name; }))
      return emitError(loc, "no kernel function named '" + name + "'");
  if (kernels.empty())
    return emitError(loc, "no kernel in this file: expected a func.func "
                          "holding an mdh.compute");
  if (kernels.size() > 1 && funcNames.empty() && !allKernels) {
    llvm::errs() << "mdh-tune: note: " << kernels.size()
                 << " kernels in this file; tuning the first, "
                 << kernels.front().first.getSymName()
                 << " (--func=<name> picks another)\n"
                 << "mdh-tune: note: --all-kernels tunes every kernel into "
                    "one file of configurations\n";
    kernels.resize(1);
  }
  return kernels;
}

/// The log of one of several kernels: `run.csv` becomes `run.<func>.csv`.
static std::string logPathFor(StringRef path, StringRef func, bool several) {
  if (!several)
    return path.str();
  StringRef extension = llvm::sys::path::extension(path);
  if (extension.empty() || path.ends_with("/"))
    return (path + "." + func).str();
  return (path.drop_back(extension.size()) + "." + func + extension).str();
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  cl::opt<int> &numThreads = getNumThreadsOption();
  cl::HideUnrelatedOptions(tuneCategory);
  mdh::registerVersionPrinter("mdh-tune");
  cl::ParseCommandLineOptions(
      argc, argv,
      "mdh-tune: auto-tune an MDH kernel for a target and write the best "
      "configuration as JSON\n");

  // Options first: every mistake is reported before any work.
  if (target.getValue() == "cuda" || StringRef(target).starts_with("cuda:") ||
      target.getValue() == "hip" || StringRef(target).starts_with("hip:"))
    return refuseGpuTarget(target);
  if (StringRef(target).split(',').first.split(':').first != "openmp")
    return fail("unknown target '" + target +
                "'; available targets: openmp:host, openmp, cuda, hip");
  if (!llvm::is_contained(tune::techniqueNames(), technique.getValue()))
    return fail("unknown technique '" + technique +
                "'; available: random, annealing, pattern, bandit");
  tune::AbortConditions abort;
  if (!budget.empty()) {
    std::string error = tune::parseBudget(budget, abort);
    if (!error.empty())
      return fail("--budget: " + error);
  }
  if (maxEvals.getNumOccurrences()) {
    if (maxEvals == 0)
      return fail("--max-evals must be at least 1");
    abort.maxEvaluations = maxEvals;
  }
  if (!maxTime.empty()) {
    std::optional<double> s = tune::parseDuration(maxTime);
    if (!s)
      return fail("--max-time: malformed duration '" + maxTime +
                  "'; expected 30s, 5m, 1h or seconds");
    abort.maxSeconds = *s;
  }
  if (stall.getNumOccurrences()) {
    if (stall == 0)
      return fail("--stall must be at least 1");
    abort.stall = stall;
  }
  if (!abort.any())
    abort.maxSeconds = 60;
  double timeoutSeconds = 0;
  if (!timeout.empty()) {
    std::optional<double> s = tune::parseDuration(timeout);
    if (!s)
      return fail("--timeout: malformed duration '" + timeout + "'");
    timeoutSeconds = *s;
  }
  if (numThreads.getNumOccurrences() &&
      (numThreads < 1 || numThreads > OpenMPRuntime::kMaxThreads))
    return fail(llvm::formatv("--threads must be between 1 and {0}, got {1}",
                              OpenMPRuntime::kMaxThreads, numThreads)
                    .str());
  if (reps < 1)
    return fail("--reps must be at least 1");
  if (samples < 1)
    return fail("--samples must be at least 1");
  if (allKernels && !funcNames.empty())
    return fail("--all-kernels and --func exclude each other");
  int threads = numThreads.getNumOccurrences()
                    ? numThreads.getValue()
                    : int(llvm::hardware_concurrency().compute_thread_count());

  // Opened now, so that an unwritable path fails before the search; the
  // file is removed again unless a configuration is written.
  std::error_code outputError;
  llvm::ToolOutputFile output(outputFilename, outputError,
                              llvm::sys::fs::OF_Text);
  if (outputError)
    return fail("cannot write '" + outputFilename +
                "': " + outputError.message());

  // Loading libomp starts no threads; kernels run only in children.
  std::string error;
  FailureOr<OpenMPRuntime> openmp = OpenMPRuntime::load(
      openmpLibrary.empty() ? OpenMPRuntime::getDefaultPath()
                            : StringRef(openmpLibrary),
      error);
  if (failed(openmp))
    return fail(error);

  DialectRegistry registry;
  registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext context(registry);
  // No thread pool in the parent: the children are forked from it.
  context.disableMultithreading();
  context.printOpOnDiagnostic(false);

  auto file = openInputFile(inputFilename, &error);
  if (!file)
    return fail(error);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  FailureOr<SmallVector<Kernel>> kernels = findKernels(*module);
  if (failed(kernels))
    return 1;
  bool several = kernels->size() > 1;
  FailureOr<Attribute> targetAttr = mdh_ll::parseTargetSpec(
      &context, target, [&] { return kernels->front().second.emitError(); });
  if (failed(targetAttr))
    return 1;

  // Every log is opened before any tuning, so that an unwritable path fails
  // first. Kept whatever happens: a log of failures explains a failed run.
  SmallVector<std::unique_ptr<llvm::ToolOutputFile>> logs;
  if (!logFile.empty())
    for (Kernel kernel : *kernels) {
      std::string path =
          logPathFor(logFile, kernel.first.getSymName(), several);
      std::error_code ec;
      logs.push_back(std::make_unique<llvm::ToolOutputFile>(
          path, ec, llvm::sys::fs::OF_Text));
      if (ec)
        return fail("cannot write '" + path + "': " + ec.message());
      logs.back()->keep();
    }

  std::string cachePath =
      cacheDir.empty() ? tune::TuningCache::defaultDirectory() : cacheDir;
  tune::TuningCache cache(noCache ? "" : cachePath);
  TuneSettings settings;
  settings.technique = technique;
  settings.seed = seed;
  settings.abort = abort;
  settings.objective.threads = threads;
  settings.objective.warmup = warmup;
  settings.objective.reps = reps;
  settings.objective.samples = samples;
  settings.objective.seed = seed;
  settings.objective.timeout = timeoutSeconds;
  settings.objective.interrupted = &interrupted;
  settings.objective.corruptElement = corruptElement;
  settings.remeasure = remeasure;
  settings.progress = progress;
  settings.cache = &cache;
  settings.cacheDirectory = noCache ? "" : cachePath;
  settings.machine = tune::TuningCache::machineKey();
  llvm::raw_ostream &report =
      outputFilename == "-" ? llvm::errs() : llvm::outs();

  // Each kernel in turn, each with the whole budget. A computation that
  // occurs in several kernels is tuned once: the file holds one
  // configuration per computation.
  std::signal(SIGINT, onInterrupt);
  std::vector<llvm::json::Value> configurations;
  llvm::StringMap<std::string> tunedIn;
  bool wasInterrupted = false, skipped = false;
  for (auto [i, kernel] : llvm::enumerate(*kernels)) {
    auto [func, op] = kernel;
    if (several)
      report << llvm::formatv("mdh-tune: kernel {0} of {1}: {2}\n", i + 1,
                              kernels->size(), func.getSymName());
    auto [previous, isNew] =
        tunedIn.try_emplace(mdh_ll::computationKey(op), func.getSymName());
    if (!isNew) {
      report << "mdh-tune: the same computation as " << previous->second
             << "; tuned once\n";
      continue;
    }
    if (interrupted) {
      // The file still serves every kernel it was asked for.
      report << "mdh-tune: interrupted; writing the default configuration "
                "of "
             << func.getSymName() << "\n";
      configurations.push_back(untunedConfiguration(op, *targetAttr));
      skipped = true;
      continue;
    }
    KernelTuning tuned =
        tuneKernel(*module, func, op, *targetAttr, *openmp, settings,
                   logs.empty() ? nullptr : &logs[i]->os(), report);
    if (tuned.status == KernelTuning::Status::Failed) {
      if (tuned.error.empty())
        return 1;
      return fail(several ? func.getSymName() + ": " + tuned.error
                          : tuned.error);
    }
    wasInterrupted |= tuned.status == KernelTuning::Status::Interrupted;
    configurations.push_back(std::move(tuned.configuration));
  }

  // One kernel keeps the format of one configuration.
  mdh_ll::printConfigJSON(
      configurations.size() == 1
          ? std::move(configurations.front())
          : mdh_ll::configSetToJSON(std::move(configurations)),
      output.os());
  output.keep();
  return wasInterrupted || skipped ? 130 : 0;
}
