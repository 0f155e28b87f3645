//===- HostObjective.cpp - Measuring configurations on the host -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Host/HostObjective.h"

#include "mdh/Compiler/Compile.h"
#include "mdh/Dialect/LL/ConfigJSON.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <unistd.h>

using namespace mlir;
using namespace mlir::mdh;
using tune::ChildOutcome;
using tune::EvalResult;
using tune::EvalStatus;

HostObjective::HostObjective(ModuleOp module, func::FuncOp func, ComputeOp op,
                             Attribute target, const OpenMPRuntime &openmp,
                             HostObjectiveOptions options)
    : module(module), func(func), op(op), target(target), openmp(openmp),
      options(options) {
  std::mt19937_64 rng(options.seed);
  for (Type t : func.getArgumentTypes()) {
    storage.push_back(std::make_unique<HostBuffer>(cast<MemRefType>(t)));
    args.push_back(storage.back().get());
  }
  auto argIndex = [](Value v) { return cast<BlockArgument>(v).getArgNumber(); };
  for (Value v : op.getIns())
    ins.push_back(args[argIndex(v)]);
  for (Value v : op.getOuts())
    outs.push_back(args[argIndex(v)]);
  // The same data as mdh-run with the same seed.
  for (HostBuffer *buffer : args) {
    if (llvm::is_contained(outs, buffer))
      buffer->fillSentinel();
    else
      buffer->fillRandom(rng);
  }
}

std::unique_ptr<HostKernels>
HostObjective::compile(const mdh_ll::Config &config, std::string &error) {
  auto start = std::chrono::steady_clock::now();
  llvm::scope_exit addTime([&] {
    compileTime +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  });
  MLIRContext *ctx = module.getContext();
  llvm::raw_string_ostream errorStream(error);
  // Diagnostics of a candidate go to its log row, not to the terminal.
  ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      if (!error.empty())
        errorStream << "; ";
      errorStream << diag.str();
    }
    return success();
  });
  auto configs = std::make_shared<mdh_ll::ConfigSet>(ctx);
  if (failed(configs->addConfig(config, op, target,
                                [&] { return op.emitError(); })))
    return nullptr;

  // The kernel alone, as `mdh-run --target=openmp --func=` compiles it.
  CompileOptions options;
  // "openmp" for mdh-tune's target; with the facts of `openmp:host` or of
  // overrides for the C API's.
  options.target = mdh_ll::targetSpecString(target);
  options.configs.set = std::move(configs);
  options.funcNames = {func.getSymName().str()};
  options.dropOtherKernels = true;
  options.openmp = &openmp;
  std::string setupError;
  FailureOr<CompileResult> compiled = mdh::compile(module, options, setupError);
  if (failed(compiled)) {
    if (error.empty())
      error = setupError.empty() ? "compilation failed" : setupError;
    return nullptr;
  }
  // ORC compiles the whole LLVM module on the first lookup of any of its
  // symbols: this compiles the kernel without running it (running it would
  // start libomp's threads in the parent, which fork does not survive).
  if (auto packed = compiled->jit->lookupPacked(func.getSymName()); !packed) {
    error = "JIT compilation failed: " + llvm::toString(packed.takeError());
    return nullptr;
  }
  return std::move(compiled->kernels);
}

LogicalResult HostObjective::computeReference() {
  CheckOptions checkOptions;
  checkOptions.seed = options.seed;
  checkOptions.samples = options.samples;
  FailureOr<ReferenceSample> sample =
      ReferenceSample::compute(op, ins, outs, checkOptions);
  if (failed(sample))
    return failure();
  reference = std::move(*sample);
  return success();
}

double HostObjective::timeoutSeconds() const {
  if (options.timeout > 0)
    return options.timeout;
  if (slowestChild == 0)
    return 60;
  return std::clamp(20 * slowestChild, 2.0, 60.0);
}

EvalResult HostObjective::measure(HostKernels &kernels, bool check) {
  tune::ChildOptions childOptions;
  childOptions.timeoutSeconds = timeoutSeconds();
  childOptions.interrupted = options.interrupted;
  StringRef name = func.getSymName();
  auto start = std::chrono::steady_clock::now();
  EvalResult result = tune::runInChild(
      [&]() -> ChildOutcome {
        // libomp starts its threads here, in the child, on the first call.
        openmp.setNumThreads(options.threads);
        auto call = [&] {
          if (llvm::Error e = kernels.invoke(name, args)) {
            llvm::errs() << "mdh-tune: running the kernel failed: "
                         << llvm::toString(std::move(e)) << "\n";
            _exit(2);
          }
          return true;
        };
        // The first run is the checked one: outputs still hold the
        // sentinel.
        call();
        if (options.corruptElement >= 0 &&
            options.corruptElement < outs[0]->getNumElements()) {
          HostBuffer &out = *outs[0];
          int64_t e = options.corruptElement;
          if (out.isFloat())
            out.setFloat(e, std::isnan(out.getFloat(e))
                                ? 0.0
                                : out.getFloat(e) + 1.0 +
                                      std::fabs(out.getFloat(e)));
          else
            out.setInt(e, out.getInt(e) + 1);
        }
        if (check) {
          CheckResult r = reference->check(outs);
          if (!r.passed)
            return {false, 0,
                    llvm::formatv("{0} of {1} checked elements differ from "
                                  "the reference; first: {2}",
                                  r.mismatches, r.checkedElements,
                                  r.firstMismatch)
                        .str()};
        }
        // The first warm-up run is timed. Far slower than the best, it tells
        // enough: repeating it would spend the budget on a candidate that
        // cannot win. (The checked run is no measure: it pays for starting
        // the threads and for the first touch of every page.)
        unsigned warmupLeft = options.warmup;
        if (check && bestSeconds > 0 && warmupLeft > 0) {
          std::optional<double> probe = tune::timeMedian(call, 0, 1);
          --warmupLeft;
          if (*probe > options.cutoff * bestSeconds)
            return {true, *probe,
                    llvm::formatv("one run: slower than {0}x the best",
                                  options.cutoff)
                        .str()};
        }
        std::optional<double> t =
            tune::timeMedian(call, warmupLeft, options.reps);
        return {true, t.value_or(0), ""};
      },
      childOptions);
  double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (result.ok())
    slowestChild = std::max(slowestChild, took);
  return result;
}

EvalResult HostObjective::evaluate(const mdh_ll::Config &config) {
  std::string error;
  std::unique_ptr<HostKernels> kernels = compile(config, error);
  if (!kernels)
    return EvalResult::failure(EvalStatus::CompileError, error);
  return measure(*kernels);
}
