//===- TuneKernel.cpp - Tuning one kernel on the host ---------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Host/TuneKernel.h"

#include "mdh/Tuner/Host/Progress.h"

#include "mdh/Runner/HostBuffer.h"

#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Tuner/Log.h"
#include "mdh/Tuner/Search.h"
#include "mdh/TuningSpace/MDHSpace.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <unistd.h>

using namespace mlir;
using namespace mlir::mdh;

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

static KernelTuning failedWith(std::string error) {
  KernelTuning result;
  result.error = std::move(error);
  return result;
}

/// The cached configuration of `cacheKey`, if this version reads and
/// verifies it.
static std::optional<llvm::json::Object>
cachedConfiguration(const tune::TuningCache &cache, StringRef cacheKey,
                    ComputeOp op, Attribute target) {
  std::optional<llvm::json::Object> hit = cache.lookup(cacheKey);
  if (!hit)
    return std::nullopt;
  std::string text =
      llvm::formatv("{0}", llvm::json::Value(llvm::json::Object(*hit)));
  ScopedDiagnosticHandler quiet(op.getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<mdh_ll::Config> c =
      mdh_ll::configFromJSON(text, op, target, [&] { return op.emitError(); });
  if (failed(c) || failed(tuning::verifyConfig(op, target, *c,
                                               [&] { return op.emitError(); })))
    return std::nullopt;
  return hit;
}

FailureOr<ComputeOp> mlir::mdh::getTunableCompute(func::FuncOp func,
                                                  StringRef tool) {
  SmallVector<ComputeOp> computes;
  func.walk([&](ComputeOp op) { computes.push_back(op); });
  if (computes.size() != 1)
    return func.emitError()
           << tool << " tunes functions with exactly one mdh.compute, this "
           << "one has " << computes.size();
  for (Type t : func.getArgumentTypes()) {
    auto memref = dyn_cast<MemRefType>(t);
    if (!memref || !memref.hasStaticShape() ||
        !memref.getLayout().isIdentity() || memref.getMemorySpace())
      return func.emitError()
             << tool
             << " needs statically shaped memref arguments with the identity "
                "layout, got "
             << t;
  }
  // Every argument gets a host buffer (HostObjective), used or not.
  if (failed(checkHostBufferTypes(func, func.getArgumentTypes(), tool)))
    return failure();
  for (Value v : computes[0]->getOperands()) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &func.getBody().front())
      return computes[0].emitError("every operand must be an argument of "
                                   "the enclosing function");
  }
  return computes[0];
}

KernelTuning mlir::mdh::tuneKernel(ModuleOp module, func::FuncOp func,
                                   ComputeOp op, Attribute target,
                                   const OpenMPRuntime &openmp,
                                   const TuneSettings &settings,
                                   llvm::raw_ostream *log,
                                   llvm::raw_ostream &report) {
  // Two ways to stop: the caller's flag, set at any time (the evaluator
  // watches it while a child runs), and `onProgress` returning false, which
  // sets `stopRequested` between evaluations.
  const volatile std::sig_atomic_t *interrupted =
      settings.objective.interrupted;
  volatile std::sig_atomic_t stopRequested = 0;
  auto shouldStop = [&] {
    return stopRequested || (interrupted && *interrupted);
  };
  int threads = settings.objective.threads;
  const tune::AbortConditions &abort = settings.abort;
  // libomp aborts the process on a thread it cannot create.
  if (threads < 1 || threads > OpenMPRuntime::kMaxThreads)
    return failedWith(llvm::formatv("the thread count must be between 1 and "
                                    "{0}, got {1}",
                                    OpenMPRuntime::kMaxThreads, threads)
                          .str());

  std::string cacheKey = tune::TuningCache::makeKey(
      mdh_ll::computationKey(op), mdh_ll::targetSpecString(target),
      llvm::formatv("{0}, {1} OpenMP threads", settings.machine, threads)
          .str());
  if (settings.cache && !settings.cacheDirectory.empty())
    if (std::optional<llvm::json::Object> hit =
            cachedConfiguration(*settings.cache, cacheKey, op, target)) {
      report << "mdh-tune: cache hit: " << settings.cache->pathFor(cacheKey)
             << " (not tuning again; --no-cache tunes anyway)\n";
      KernelTuning result;
      result.status = KernelTuning::Status::Done;
      result.configuration = std::move(*hit);
      return result;
    }

  auto targetIface = cast<mdh_ll::TargetAttrInterface>(target);
  FailureOr<tuning::SearchSpace> space =
      tuning::buildSpace(op, targetIface, {}, [&] { return op.emitError(); });
  if (failed(space))
    return failedWith("");
  mdh_ll::Config defaultConfig = tuning::defaultConfig(op, target);

  HostObjective objective(module, func, op, target, openmp, settings.objective);
  // Once per kernel, sequential C++ (no OpenMP threads in the parent).
  auto referenceStart = std::chrono::steady_clock::now();
  if (failed(objective.computeReference()))
    return failedWith("");
  double referenceSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                    referenceStart)
          .count();

  std::optional<tune::CsvLog> csv;
  if (log)
    csv.emplace(*log, *space);

  tune::SearchOptions options;
  options.technique = settings.technique;
  options.seed = settings.seed;
  options.abort = abort;
  options.interrupted = &stopRequested;
  options.initial.push_back(
      tuning::pointFromConfig(*space, op, targetIface, defaultConfig));
  bool terminal = isatty(STDERR_FILENO);
  ProgressLine line(llvm::errs(),
                    settings.progress ||
                        (settings.progressOnTerminal && terminal),
                    terminal, abort);
  double defaultCost = tune::kFailedCost;
  options.onEvaluation = [&](const tune::Evaluation &e,
                             const tune::SearchState &state) {
    if (e.technique == "default" && e.result.ok())
      defaultCost = e.result.seconds;
    if (e.newBest)
      objective.setBestSeconds(e.result.seconds);
    if (csv)
      csv->append(e, state);
    line.update(state, defaultCost);
    if (settings.onProgress && !settings.onProgress(state, defaultCost))
      stopRequested = 1;
    if (interrupted && *interrupted)
      stopRequested = 1;
  };
  report << llvm::formatv(
      "mdh-tune: {0} ({1}) on {2}, {3} threads: {4:e2} configurations, "
      "technique {5}, seed {6}, budget {7}\n"
      "mdh-tune: reference: {8} ({9} values) in {10:f2} s\n",
      func.getSymName(), mdh_ll::computationKey(op),
      mdh_ll::targetSpecString(target), threads, space->sizeAsDouble(),
      settings.technique, settings.seed, abort.str(),
      objective.getReference().isFull() ? "every output point" : "sampled",
      objective.getReference().size(), referenceSeconds);
  report.flush();
  std::string error;
  std::optional<tune::SearchResult> result = tune::runSearch(
      *space,
      [&](const tuning::Config &point) {
        // Set while the last candidate compiled: nothing more to compile.
        if (shouldStop())
          return tune::EvalResult::failure(tune::EvalStatus::Interrupted,
                                           "interrupted");
        return objective.evaluate(
            tuning::configFromPoint(point, op, targetIface));
      },
      options, error);
  line.finish();
  if (!result)
    return failedWith(error);
  report << llvm::formatv("mdh-tune: {0} evaluations ({1} failed) in {2:f1} s "
                          "({3:f1} s compiling); stopped: {4}\n",
                          result->evaluations.size(), result->failures,
                          result->seconds, objective.compileSeconds(),
                          result->stopReason);
  if (!result->best && result->interrupted)
    return failedWith("interrupted before any candidate ran correctly");
  if (!result->best)
    return failedWith(
        "no candidate ran correctly; see the log for the reasons");
  mdh_ll::Config best = tuning::configFromPoint(*result->best, op, targetIface);

  // The reported speed-up comes from a fresh, interleaved measurement of
  // both configurations, not from the search's best sample (which is the
  // minimum of many noisy samples, biased low).
  llvm::json::Object tuningInfo{
      {"technique", settings.technique},
      {"seed", int64_t(settings.seed)},
      {"evaluations", int64_t(result->evaluations.size())},
      {"failures", int64_t(result->failures)},
      {"search_seconds", std::round(result->seconds * 10) / 10},
      {"search_best_ns", nanoseconds(result->bestCost)},
      {"machine", settings.machine},
      {"threads", threads}};
  unsigned remeasure = settings.remeasure;
  if (!result->interrupted && remeasure > 0) {
    std::string e1, e2;
    std::unique_ptr<HostKernels> defaultJit =
        objective.compile(defaultConfig, e1);
    std::unique_ptr<HostKernels> bestJit = objective.compile(best, e2);
    SmallVector<tune::EvalResult> defaultRuns, bestRuns;
    for (unsigned r = 0; r < remeasure && bestJit && !shouldStop(); ++r) {
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

  llvm::json::Value json = mdh_ll::configToJSON(best, op, target);
  KernelTuning tuned;
  tuned.status = result->interrupted ? KernelTuning::Status::Interrupted
                                     : KernelTuning::Status::Done;
  tuned.configuration = std::move(*json.getAsObject());
  tuned.configuration["tuning"] = std::move(tuningInfo);
  if (settings.cache && !settings.cacheDirectory.empty() &&
      !result->interrupted) {
    std::string cacheError =
        settings.cache->store(cacheKey, tuned.configuration);
    if (!cacheError.empty())
      report << "mdh-tune: warning: not cached: " << cacheError << "\n";
  }
  return tuned;
}

llvm::json::Object mlir::mdh::untunedConfiguration(ComputeOp op,
                                                   Attribute target) {
  llvm::json::Value json =
      mdh_ll::configToJSON(tuning::defaultConfig(op, target), op, target);
  llvm::json::Object object = std::move(*json.getAsObject());
  object["tuning"] = llvm::json::Object{
      {"not_tuned", "interrupted before this kernel; the default "
                    "configuration"}};
  return object;
}
