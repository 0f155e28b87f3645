//===- mdh-tune.cpp - Auto-tuning of MDH kernels --------------------------===//
//
// Part of the MDH-MLIR project.
//
// mdh-tune explores the tuning space of one kernel (a func.func holding one
// mdh.compute) on a target, ATF-style (DESIGN §7, docs/tuning.md): the
// chain-of-trees space of Tuning/MDHSpace.h, a search technique over its
// unit cube (Tune/Technique.h), abort conditions, candidates compiled in
// process and measured in forked children (HostObjective.h). It writes the
// best configuration as JSON (read by --mdh-hl-to-ll config= and mdh-run
// --config=), a CSV log of every evaluation, and keeps tuned
// configurations in a cache keyed by computation, target and machine.
//
//===----------------------------------------------------------------------===//

#include "HostObjective.h"
#include "Progress.h"

#include "Dialect/HL/MDHOps.h"
#include "Dialect/LL/ConfigJSON.h"
#include "Dialect/LL/TargetSpec.h"
#include "InitMDH.h"
#include "Tune/Cache.h"
#include "Tune/Log.h"
#include "Tune/Search.h"
#include "Tuning/MDHSpace.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <unistd.h>

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
           cl::desc("Target to tune for: openmp (measured on this host); "
                    "cuda and hip are refused without a GPU"),
           cl::init("openmp"), cl::cat(tuneCategory));
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
static cl::opt<std::string>
    funcName("func", cl::desc("The kernel to tune (when the file has several)"),
             cl::init(""), cl::cat(tuneCategory));
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
      "--target={0}: measuring candidates on the GPU is not implemented: "
      "the project has no GPU runner yet (mdh-run runs openmp and c)",
      name));
}

/// The kernel: the only func.func holding one mdh.compute, or --func.
static FailureOr<std::pair<func::FuncOp, ComputeOp>>
findKernel(ModuleOp module) {
  Location loc = module.getBody()->empty() ? module.getLoc()
                                           : module.getBody()->front().getLoc();
  SmallVector<std::pair<func::FuncOp, ComputeOp>> kernels;
  for (auto func : module.getOps<func::FuncOp>()) {
    SmallVector<ComputeOp> computes;
    func.walk([&](ComputeOp op) { computes.push_back(op); });
    if (computes.empty() ||
        (!funcName.empty() && func.getSymName() != funcName))
      continue;
    if (computes.size() != 1)
      return func.emitError("mdh-tune tunes functions with exactly one "
                            "mdh.compute, this one has ")
             << computes.size();
    for (Type t : func.getArgumentTypes()) {
      auto memref = dyn_cast<MemRefType>(t);
      if (!memref || !memref.hasStaticShape() ||
          !memref.getLayout().isIdentity() || memref.getMemorySpace())
        return func.emitError("mdh-tune needs statically shaped memref "
                              "arguments with the identity layout, got ")
               << t;
    }
    for (Value v : computes[0]->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(v);
      if (!arg || arg.getOwner() != &func.getBody().front())
        return computes[0].emitError("every operand must be an argument of "
                                     "the enclosing function");
    }
    kernels.push_back({func, computes[0]});
  }
  if (kernels.empty())
    return emitError(loc, funcName.empty()
                              ? "no kernel in this file: expected a "
                                "func.func holding an mdh.compute"
                              : "no kernel function named '" + funcName + "'");
  // One configuration file holds one computation's configuration: of
  // several kernels, the first is tuned unless --func names another.
  if (kernels.size() > 1)
    llvm::errs() << "mdh-tune: note: " << kernels.size()
                 << " kernels in this file; tuning the first, "
                 << kernels.front().first.getSymName()
                 << " (--func=<name> picks another)\n";
  return kernels.front();
}

/// Writes `object` (a configuration) to the `-o` file opened at the start.
static void writeOutput(llvm::ToolOutputFile &output,
                        const llvm::json::Object &object) {
  mdh_ll::printConfigJSON(llvm::json::Value(llvm::json::Object(object)),
                          output.os());
  output.keep();
}

/// Times in the JSON file: whole nanoseconds (a double would print with 17
/// digits).
static int64_t nanoseconds(double seconds) {
  return static_cast<int64_t>(std::llround(seconds * 1e9));
}

/// The median of the successful results, or std::nullopt.
static std::optional<double> medianOf(ArrayRef<tune::EvalResult> results) {
  std::vector<double> t;
  for (const tune::EvalResult &r : results)
    if (r.ok())
      t.push_back(r.seconds);
  if (t.empty())
    return std::nullopt;
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  cl::opt<int> &numThreads = getNumThreadsOption();
  cl::HideUnrelatedOptions(tuneCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mdh-tune: auto-tune an MDH kernel for a target and write the best "
      "configuration as JSON\n");

  // Options first: every mistake is reported before any work.
  if (target.getValue() == "cuda" || StringRef(target).starts_with("cuda:") ||
      target.getValue() == "hip" || StringRef(target).starts_with("hip:"))
    return refuseGpuTarget(target);
  if (target != "openmp")
    return fail("unknown target '" + target +
                "'; available targets: openmp, cuda, hip");
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
  if (numThreads.getNumOccurrences() && numThreads < 1)
    return fail("--threads must be at least 1");
  if (reps < 1)
    return fail("--reps must be at least 1");
  if (samples < 1)
    return fail("--samples must be at least 1");
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
  FailureOr<std::pair<func::FuncOp, ComputeOp>> kernel = findKernel(*module);
  if (failed(kernel))
    return 1;
  func::FuncOp func = kernel->first;
  ComputeOp op = kernel->second;
  FailureOr<Attribute> targetAttr = mdh_ll::parseTargetSpec(
      &context, "openmp", [&] { return op.emitError(); });
  if (failed(targetAttr))
    return 1;

  // The cache.
  std::string cachePath =
      cacheDir.empty() ? tune::TuningCache::defaultDirectory() : cacheDir;
  tune::TuningCache cache(noCache ? "" : cachePath);
  std::string machine = tune::TuningCache::machineKey();
  std::string cacheKey = tune::TuningCache::makeKey(
      mdh_ll::computationKey(op), mdh_ll::targetSpecString(*targetAttr),
      llvm::formatv("{0}, {1} OpenMP threads", machine, threads).str());
  llvm::raw_ostream &report =
      outputFilename == "-" ? llvm::errs() : llvm::outs();
  if (std::optional<llvm::json::Object> hit = cache.lookup(cacheKey)) {
    // Only a configuration this version reads and verifies is reused.
    std::string text =
        llvm::formatv("{0}", llvm::json::Value(llvm::json::Object(*hit)));
    bool valid = false;
    {
      ScopedDiagnosticHandler quiet(&context,
                                    [](Diagnostic &) { return success(); });
      FailureOr<mdh_ll::Config> c = mdh_ll::configFromJSON(
          text, op, *targetAttr, [&] { return op.emitError(); });
      valid = succeeded(c) &&
              succeeded(tuning::verifyConfig(op, *targetAttr, *c,
                                             [&] { return op.emitError(); }));
    }
    if (valid) {
      writeOutput(output, *hit);
      report << "mdh-tune: cache hit: " << cache.pathFor(cacheKey)
             << " (not tuning again; --no-cache tunes anyway)\n";
      return 0;
    }
  }

  FailureOr<tuning::SearchSpace> space =
      tuning::buildSpace(op, cast<mdh_ll::TargetAttrInterface>(*targetAttr), {},
                         [&] { return op.emitError(); });
  if (failed(space))
    return 1;
  auto targetIface = cast<mdh_ll::TargetAttrInterface>(*targetAttr);
  mdh_ll::Config defaultConfig = tuning::defaultConfig(op, *targetAttr);

  HostObjectiveOptions objectiveOptions;
  objectiveOptions.threads = threads;
  objectiveOptions.warmup = warmup;
  objectiveOptions.reps = reps;
  objectiveOptions.samples = samples;
  objectiveOptions.seed = seed;
  objectiveOptions.timeout = timeoutSeconds;
  objectiveOptions.interrupted = &interrupted;
  objectiveOptions.corruptElement = corruptElement;
  HostObjective objective(*module, func, op, *targetAttr, *openmp,
                          objectiveOptions);
  // Once per run, sequential C++ (no OpenMP threads in the parent).
  auto referenceStart = std::chrono::steady_clock::now();
  if (failed(objective.computeReference()))
    return 1;
  double referenceSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                    referenceStart)
          .count();

  std::optional<llvm::ToolOutputFile> logOutput;
  std::optional<tune::CsvLog> log;
  if (!logFile.empty()) {
    std::error_code ec;
    logOutput.emplace(logFile, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return fail("cannot write '" + logFile + "': " + ec.message());
    // Kept whatever happens: a log of failures explains a failed run.
    logOutput->keep();
    log.emplace(logOutput->os(), *space);
  }

  tune::SearchOptions options;
  options.technique = technique;
  options.seed = seed;
  options.abort = abort;
  options.interrupted = &interrupted;
  options.initial.push_back(
      tuning::pointFromConfig(*space, op, targetIface, defaultConfig));
  ProgressLine line(llvm::errs(), progress || isatty(STDERR_FILENO),
                    isatty(STDERR_FILENO), abort);
  double defaultCost = tune::kFailedCost;
  options.onEvaluation = [&](const tune::Evaluation &e,
                             const tune::SearchState &state) {
    if (e.technique == "default" && e.result.ok())
      defaultCost = e.result.seconds;
    if (e.newBest)
      objective.setBestSeconds(e.result.seconds);
    if (log)
      log->append(e, state);
    line.update(state, defaultCost);
  };
  std::signal(SIGINT, onInterrupt);
  report << llvm::formatv(
      "mdh-tune: {0} ({1}) on {2}, {3} threads: {4:e2} configurations, "
      "technique {5}, seed {6}, budget {7}\n"
      "mdh-tune: reference: {8} ({9} values) in {10:f2} s\n",
      func.getSymName(), mdh_ll::computationKey(op),
      mdh_ll::targetSpecString(*targetAttr), threads, space->sizeAsDouble(),
      technique, seed, abort.str(),
      objective.getReference().isFull() ? "every output point" : "sampled",
      objective.getReference().size(), referenceSeconds);
  report.flush();
  std::optional<tune::SearchResult> result = tune::runSearch(
      *space,
      [&](const tuning::Config &point) {
        return objective.evaluate(
            tuning::configFromPoint(point, op, targetIface));
      },
      options, error);
  line.finish();
  if (!result)
    return fail(error);
  report << llvm::formatv("mdh-tune: {0} evaluations ({1} failed) in {2:f1} s "
                          "({3:f1} s compiling); stopped: {4}\n",
                          result->evaluations.size(), result->failures,
                          result->seconds, objective.compileSeconds(),
                          result->stopReason);
  if (!result->best)
    return fail("no candidate ran correctly; see the log for the reasons");
  mdh_ll::Config best = tuning::configFromPoint(*result->best, op, targetIface);

  // The reported speed-up comes from a fresh, interleaved measurement of
  // both configurations, not from the search's best sample (which is the
  // minimum of many noisy samples, biased low).
  llvm::json::Object tuningInfo{
      {"technique", technique.getValue()},
      {"seed", int64_t(seed)},
      {"evaluations", int64_t(result->evaluations.size())},
      {"failures", int64_t(result->failures)},
      {"search_seconds", std::round(result->seconds * 10) / 10},
      {"search_best_ns", nanoseconds(result->bestCost)},
      {"machine", machine},
      {"threads", threads}};
  if (!result->interrupted && remeasure > 0) {
    std::string e1, e2;
    std::unique_ptr<HostJit> defaultJit = objective.compile(defaultConfig, e1);
    std::unique_ptr<HostJit> bestJit = objective.compile(best, e2);
    SmallVector<tune::EvalResult> defaultRuns, bestRuns;
    for (unsigned r = 0; r < remeasure && bestJit && !interrupted; ++r) {
      if (defaultJit)
        defaultRuns.push_back(objective.measure(*defaultJit, false));
      bestRuns.push_back(objective.measure(*bestJit, false));
    }
    std::optional<double> d = medianOf(defaultRuns), b = medianOf(bestRuns);
    if (b) {
      tuningInfo["best_ns"] = nanoseconds(*b);
      if (d) {
        tuningInfo["default_ns"] = nanoseconds(*d);
        tuningInfo["speedup"] = std::round(*d / *b * 1000) / 1000;
      }
      report << llvm::formatv(
          "mdh-tune: re-measured {0} rounds interleaved: default {1} ms, "
          "best {2:f3} ms, speed-up {3}\n",
          remeasure, d ? llvm::formatv("{0:f3}", *d * 1e3).str() : "failed",
          *b * 1e3, d ? llvm::formatv("{0:f2}x", *d / *b).str() : "n/a");
    } else {
      report << "mdh-tune: warning: the re-measurement of the best "
                "configuration failed: "
             << (bestRuns.empty() ? e2 : bestRuns.front().reason) << "\n";
    }
    // The search's best may have won on a lucky sample; the interleaved
    // re-measurement decides.
    if (d && (!b || *d <= *b) && best != defaultConfig) {
      report << "mdh-tune: the default configuration is not slower in the "
                "re-measurement; writing it instead\n";
      best = defaultConfig;
      tuningInfo["kept_default"] = true;
      tuningInfo["best_ns"] = nanoseconds(*d);
      tuningInfo["speedup"] = 1.0;
    }
  } else if (result->interrupted) {
    report << "mdh-tune: interrupted; writing the best configuration so far\n";
  }

  llvm::json::Value json = mdh_ll::configToJSON(best, op, *targetAttr);
  llvm::json::Object object = std::move(*json.getAsObject());
  object["tuning"] = std::move(tuningInfo);
  writeOutput(output, object);
  if (!noCache && !result->interrupted && !cachePath.empty()) {
    std::string cacheError = cache.store(cacheKey, object);
    if (!cacheError.empty())
      report << "mdh-tune: warning: not cached: " << cacheError << "\n";
  }
  return result->interrupted ? 130 : 0;
}
