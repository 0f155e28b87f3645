//===- Tune.cpp - C API for tuning MDH-MLIR kernels on the host -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Tune.h"

#include "Pipelines.h"

#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/Tuner/Host/TuneKernel.h"
#include "mdh/Tuner/Technique.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/CAPI/Wrap.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Threading.h"

#include <cmath>
#include <csignal>
#include <optional>
#include <string>
#include <type_traits>

using namespace mlir;

// The cancel flag is handed to the evaluator as the flag a SIGINT handler
// sets.
static_assert(std::is_same_v<std::sig_atomic_t, int>,
              "mdhTuneOptionsSetCancelFlag takes a volatile int *");

namespace {
/// What an MdhTuneOptions points to.
struct TuneOptions {
  double budgetSeconds = 0;
  uint64_t maxEvaluations = 0;
  std::string technique = "bandit";
  uint64_t seed = 1;
  int numThreads = 0;
  unsigned remeasure = 5;
  MdhTuneProgressCallback progress = nullptr;
  void *progressUserData = nullptr;
  volatile int *cancel = nullptr;
  MlirStringCallback log = nullptr;
  void *logUserData = nullptr;
};
} // namespace

DEFINE_C_API_PTR_METHODS(MdhTuneOptions, TuneOptions)

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

MdhTuneOptions mdhTuneOptionsCreate(void) { return wrap(new TuneOptions()); }

void mdhTuneOptionsDestroy(MdhTuneOptions options) { delete unwrap(options); }

void mdhTuneOptionsSetBudgetSeconds(MdhTuneOptions options, double seconds) {
  unwrap(options)->budgetSeconds = seconds;
}

void mdhTuneOptionsSetMaxEvaluations(MdhTuneOptions options,
                                     uint64_t maxEvaluations) {
  unwrap(options)->maxEvaluations = maxEvaluations;
}

void mdhTuneOptionsSetTechnique(MdhTuneOptions options,
                                MlirStringRef technique) {
  unwrap(options)->technique = unwrap(technique).str();
}

void mdhTuneOptionsSetSeed(MdhTuneOptions options, uint64_t seed) {
  unwrap(options)->seed = seed;
}

void mdhTuneOptionsSetNumThreads(MdhTuneOptions options, int numThreads) {
  unwrap(options)->numThreads = numThreads;
}

void mdhTuneOptionsSetRemeasureRounds(MdhTuneOptions options, unsigned rounds) {
  unwrap(options)->remeasure = rounds;
}

void mdhTuneOptionsSetProgressCallback(MdhTuneOptions options,
                                       MdhTuneProgressCallback callback,
                                       void *userData) {
  unwrap(options)->progress = callback;
  unwrap(options)->progressUserData = userData;
}

void mdhTuneOptionsSetCancelFlag(MdhTuneOptions options, volatile int *cancel) {
  unwrap(options)->cancel = cancel;
}

void mdhTuneOptionsSetLogCallback(MdhTuneOptions options,
                                  MlirStringCallback callback, void *userData) {
  unwrap(options)->log = callback;
  unwrap(options)->logUserData = userData;
}

//===----------------------------------------------------------------------===//
// Tuning
//===----------------------------------------------------------------------===//

/// The kernel `name` of `module` (empty: the first function holding an
/// `mdh.compute`) and its computation; reports why not and fails.
static FailureOr<std::pair<func::FuncOp, mdh::ComputeOp>>
findKernel(ModuleOp module, StringRef name) {
  auto holdsCompute = [](func::FuncOp func) {
    return func.walk([](mdh::ComputeOp) { return WalkResult::interrupt(); })
        .wasInterrupted();
  };
  func::FuncOp found;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (name.empty() ? holdsCompute(func) : func.getSymName() == name) {
      found = func;
      break;
    }
  }
  if (!found) {
    if (name.empty())
      return emitError(module.getLoc())
             << "mdhTune: no kernel in the module: expected a func.func "
                "holding an mdh.compute";
    return emitError(module.getLoc())
           << "mdhTune: no function named '" << name << "'";
  }
  FailureOr<mdh::ComputeOp> op = mdh::getTunableCompute(found, "mdhTune");
  if (failed(op))
    return failure();
  return std::make_pair(found, *op);
}

/// The host target attribute `spec` builds; refuses the GPU targets.
static FailureOr<Attribute> parseHostTarget(ModuleOp module, StringRef spec) {
  FailureOr<Attribute> target =
      mdh_ll::parseTargetSpec(module.getContext(), spec, [&] {
        return emitError(module.getLoc()) << "mdhTune: ";
      });
  if (failed(target))
    return failure();
  if (!isa<mdh_ll::OpenMPTargetAttr>(*target))
    return emitError(module.getLoc())
           << "mdhTune: target '" << spec
           << "' cannot be tuned: this build measures candidates on the "
              "host only, so it tunes the host target 'openmp' (or "
              "'openmp:host', with optional ',fact=value' overrides); a GPU "
              "configuration can be compiled, not tuned";
  return target;
}

/// The abort conditions of `options`; reports a bad budget and fails.
static FailureOr<mdh::tune::AbortConditions>
getAbortConditions(ModuleOp module, const TuneOptions &options) {
  mdh::tune::AbortConditions abort;
  double seconds = options.budgetSeconds;
  if (!std::isfinite(seconds) || seconds < 0)
    return emitError(module.getLoc())
           << "mdhTune: the budget in seconds must be a finite number, "
              "positive, or 0 for none; got "
           << llvm::formatv("{0}", seconds).str();
  if (seconds > 0)
    abort.maxSeconds = seconds;
  if (options.maxEvaluations > 0)
    abort.maxEvaluations = options.maxEvaluations;
  // As mdh-tune: a minute when no budget is given.
  if (!abort.any())
    abort.maxSeconds = 60;
  return abort;
}

MlirLogicalResult mdhTune(MlirModule module, MlirStringRef funcName,
                          MlirStringRef target, MdhTuneOptions options,
                          MlirStringCallback callback, void *userData,
                          MdhTuneProgress *summary) {
  ModuleOp original = unwrap(module);
  MLIRContext *ctx = original.getContext();
  TuneOptions defaults;
  const TuneOptions &opts = options.ptr ? *unwrap(options) : defaults;

  // Options first: every mistake is reported before any work.
  StringRef spec = unwrap(target);
  if (spec.empty())
    spec = "openmp:host";
  FailureOr<Attribute> targetAttr = parseHostTarget(original, spec);
  if (failed(targetAttr))
    return wrap(failure());
  if (!llvm::is_contained(mdh::tune::techniqueNames(), opts.technique)) {
    InFlightDiagnostic diag = emitError(original.getLoc())
                              << "mdhTune: unknown technique '"
                              << opts.technique << "'; available: ";
    llvm::interleaveComma(mdh::tune::techniqueNames(), diag);
    return wrap(failure());
  }
  FailureOr<mdh::tune::AbortConditions> abort =
      getAbortConditions(original, opts);
  if (failed(abort))
    return wrap(failure());
  if (opts.numThreads < 0) {
    emitError(original.getLoc())
        << "mdhTune: the thread count must be positive, or 0 for one per "
           "hardware thread, got "
        << opts.numThreads;
    return wrap(failure());
  }
  if (failed(verify(original)))
    return wrap(failure());
  auto kernel = findKernel(original, unwrap(funcName));
  if (failed(kernel))
    return wrap(failure());
  auto [func, op] = *kernel;
  std::string error;
  const mdh::OpenMPRuntime *openmp = mdh::capi::getOpenMPRuntime(error);
  if (!openmp) {
    emitError(original.getLoc()) << "mdhTune: " << error;
    return wrap(failure());
  }
  registerBuiltinDialectTranslation(*ctx);
  registerLLVMDialectTranslation(*ctx);
  registerOpenMPDialectTranslation(*ctx);

  // The candidates are forked from this process: no thread pool of the
  // context while they are (as in mdh-tune), its own again afterwards.
  bool multithreaded = ctx->isMultithreadingEnabled();
  if (multithreaded)
    ctx->disableMultithreading();
  llvm::scope_exit restore([&] {
    if (multithreaded)
      ctx->enableMultithreading();
  });

  mdh::TuneSettings settings;
  settings.technique = opts.technique;
  settings.seed = opts.seed;
  settings.abort = *abort;
  settings.objective.threads =
      opts.numThreads
          ? opts.numThreads
          : int(llvm::hardware_concurrency().compute_thread_count());
  settings.objective.seed = opts.seed;
  settings.objective.interrupted = opts.cancel;
  settings.remeasure = opts.remeasure;
  settings.progressOnTerminal = false;
  settings.machine = mdh::tune::TuningCache::machineKey();

  MdhTuneProgress progress{};
  progress.budgetSeconds = abort->maxSeconds.value_or(0);
  progress.maxEvaluations = abort->maxEvaluations.value_or(0);
  progress.bestSeconds = HUGE_VAL;
  progress.defaultSeconds = HUGE_VAL;
  auto record = [&](const mdh::tune::SearchState &state, double defaultCost) {
    progress.evaluations = state.evaluations;
    progress.failures = state.failures;
    progress.elapsedSeconds = state.elapsed;
    progress.bestSeconds = state.bestCost;
    progress.defaultSeconds = defaultCost;
  };
  bool stoppedByCallback = false;
  settings.onProgress = [&](const mdh::tune::SearchState &state,
                            double defaultCost) {
    record(state, defaultCost);
    if (!opts.progress || opts.progress(&progress, opts.progressUserData))
      return true;
    stoppedByCallback = true;
    return false;
  };

  std::optional<detail::CallbackOstream> log;
  if (opts.log)
    log.emplace(opts.log, opts.logUserData);
  // The driver's report lines are mdh-tune's terminal output; what a client
  // needs of them is in the configuration's "tuning" object.
  mdh::KernelTuning tuned =
      mdh::tuneKernel(original, func, op, *targetAttr, *openmp, settings,
                      log ? &*log : nullptr, llvm::nulls());
  if (log)
    log->flush();
  if (tuned.status == mdh::KernelTuning::Status::Failed) {
    if (!tuned.error.empty())
      emitError(func.getLoc()) << "mdhTune: " << tuned.error;
    return wrap(failure());
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  mdh_ll::printConfigJSON(llvm::json::Value(std::move(tuned.configuration)),
                          os);
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
  if (summary) {
    progress.cancelled =
        tuned.status == mdh::KernelTuning::Status::Interrupted ||
        stoppedByCallback || (opts.cancel && *opts.cancel);
    *summary = progress;
  }
  return wrap(success());
}
