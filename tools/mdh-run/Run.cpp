//===- Run.cpp - Running, checking and timing one kernel ------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Run.h"

#include "Inputs.h"
#include "Options.h"
#include "mdh/Runner/Npy.h"
#include "mdh/Runner/Reference.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

using namespace mlir;
using namespace mlir::mdh;
using namespace mdh_run;
using namespace mdh_run::flags;

/// The testing hook --corrupt-output-element: makes element `e` of `out`
/// wrong (or written, where it held the sentinel).
static void corrupt(HostBuffer &out, int64_t e) {
  if (out.isSentinel(e))
    out.setInt(e, 0);
  else if (out.isFloat())
    out.setFloat(e,
                 out.getFloat(e) +
                     corruptScale * std::max(1.0, std::fabs(out.getFloat(e))));
  else
    out.setInt(e, out.getInt(e) + 1);
}

KernelReport mdh_run::runKernel(Kernel &kernel, HostKernels &compiled) {
  func::FuncOp func = kernel.func;
  ComputeOp op = kernel.compute;
  KernelReport report;
  report.name = kernel.getName().str();
  report.sizes = kernel.sizes;
  std::mt19937_64 rng(seed);

  // Function arguments in order; inputs get random data or their file,
  // outputs the sentinel (which also catches elements written by no
  // iteration point).
  std::vector<std::unique_ptr<HostBuffer>> storage;
  SmallVector<HostBuffer *> args, ins, outs;
  for (const KernelArg &arg : kernel.args) {
    storage.push_back(std::make_unique<HostBuffer>(arg.type));
    HostBuffer *buffer = storage.back().get();
    args.push_back(buffer);
    if (arg.isOutput) {
      buffer->fillSentinel();
      continue;
    }
    // Random data first even for a file, so that the other inputs get the
    // data they get without --input.
    buffer->fillRandom(rng);
    if (arg.input) {
      arg.input->array->copyTo(*buffer);
      report.inputs.push_back({arg.name, arg.input->path});
    }
  }
  auto argIndex = [&](Value v) {
    return cast<BlockArgument>(v).getArgNumber();
  };
  for (Value v : op.getIns())
    ins.push_back(args[argIndex(v)]);
  for (Value v : op.getOuts())
    outs.push_back(args[argIndex(v)]);

  using Clock = std::chrono::steady_clock;
  auto call = [&]() -> std::optional<double> {
    auto start = Clock::now();
    if (llvm::Error error = compiled.invoke(func.getSymName(), args)) {
      report.error =
          "running the kernel failed: " + llvm::toString(std::move(error));
      func.emitError(report.error);
      return std::nullopt;
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
  };

  CheckOptions options;
  options.seed = seed;
  options.samples = samples;
  options.mode = checkMode == CheckMode::Full      ? CheckOptions::Mode::Full
                 : checkMode == CheckMode::Sampled ? CheckOptions::Mode::Sampled
                                                   : CheckOptions::Mode::Auto;
  // A check beyond the reference's limit is refused before the kernel runs
  // (it may be as long).
  if (checkMode != CheckMode::None && failed(verifyCheckCost(op, options))) {
    report.error = "the f64 reference check of this kernel is too costly";
    return report;
  }

  // The first run is the checked one: outputs still hold the sentinel.
  std::optional<double> first = call();
  if (!first)
    return report;
  if (llvm::Error error = compiled.fetch(outs)) {
    report.error =
        "reading the results back failed: " + llvm::toString(std::move(error));
    func.emitError(report.error);
    return report;
  }
  if (corruptElement >= 0 && corruptElement < outs[0]->getNumElements())
    corrupt(*outs[0], corruptElement);
  report.passed = true;
  if (checkMode != CheckMode::None) {
    FailureOr<CheckResult> result =
        checkAgainstReference(op, ins, outs, options);
    if (failed(result)) {
      report.passed = false;
      report.error = "the f64 reference cannot evaluate this kernel";
      return report;
    }
    report.passed = result->passed;
    report.checkMode = result->full ? "full" : "sampled";
    report.checkedPoints = result->checkedPoints;
    if (!report.passed)
      llvm::errs() << func.getSymName() << ": " << result->mismatches
                   << " mismatches; first: " << result->firstMismatch << "\n";
  }

  // The checked outputs, before the timed runs (which, on a device, are
  // not copied back).
  if (!outputDir.empty()) {
    for (auto [arg, buffer] : llvm::zip_equal(kernel.args, args)) {
      if (!arg.isOutput)
        continue;
      std::string path = getOutputPath(outputDir, kernel, arg);
      std::string error;
      if (failed(writeNpyFile(path, *buffer, error))) {
        report.error = "cannot write '" + path + "': " + error;
        llvm::errs() << "mdh-run: error: " << report.error << "\n";
        report.passed = false;
        return report;
      }
      report.outputFiles.push_back(path);
    }
  }

  SmallVector<double> times;
  double total = 0;
  unsigned wanted = reps;
  while (true) {
    std::optional<double> t = call();
    if (!t) {
      report.passed = false;
      return report;
    }
    times.push_back(*t);
    total += *t;
    if (wanted ? times.size() >= wanted
               : (times.size() >= 3 && total >= minTime) || times.size() >= 100)
      break;
  }
  std::sort(times.begin(), times.end());
  report.timed = true;
  report.repetitions = times.size();
  report.minSeconds = times.front();
  report.medianSeconds = times[times.size() / 2];
  report.maxSeconds = times.back();

  double bytes = 0;
  for (HostBuffer *b : args)
    bytes += b->getSizeInBytes();
  report.gflops = countFlops(op) / report.medianSeconds * 1e-9;
  report.gbytes = bytes / report.medianSeconds * 1e-9;
  return report;
}

void mdh_run::printTextLine(llvm::raw_ostream &os, const KernelReport &report) {
  std::string spread = llvm::formatv("({0:f3}-{1:f3})", report.minSeconds * 1e3,
                                     report.maxSeconds * 1e3);
  std::string check =
      report.checkMode == "none"
          ? std::string("unchecked")
          : llvm::formatv("{0} {1} pts",
                          report.checkMode == "full" ? "all" : "sampled",
                          report.checkedPoints)
                .str();
  os << llvm::formatv("{0,-26} {1,-22} {2,10:f3} ms {3,-17} {4,9:f2} GFLOP/s "
                      "{5,8:f2} GB/s  {6,-18} {7}\n",
                      report.name, report.sizes, report.medianSeconds * 1e3,
                      spread, report.gflops, report.gbytes, check,
                      report.passed ? "OK" : "FAIL");
}

// llvm::json prints 17 digits, which show the binary rounding of every time.
void mdh_run::printJsonNumber(llvm::json::OStream &json, StringRef key,
                              double value, bool known) {
  json.attributeBegin(key);
  if (known && std::isfinite(value))
    json.rawValue(llvm::formatv("{0}", llvm::format("%.9g", value)).str());
  else
    json.value(nullptr);
  json.attributeEnd();
}

void mdh_run::printJsonKernel(llvm::json::OStream &json,
                              const KernelReport &report, const RunInfo &info) {
  json.object([&] {
    json.attribute("name", report.name);
    json.attributeArray("sizes", [&] {
      for (StringRef size : llvm::split(report.sizes, 'x')) {
        int64_t n;
        if (!size.getAsInteger(10, n))
          json.value(n);
      }
    });
    json.attribute("target", info.target);
    if (info.threads)
      json.attribute("threads", *info.threads);
    else
      json.attribute("threads", nullptr);
    printJsonNumber(json, "compile_seconds", info.compileSeconds);
    json.attribute("repetitions", report.repetitions);
    printJsonNumber(json, "min_ms", report.minSeconds * 1e3, report.timed);
    printJsonNumber(json, "median_ms", report.medianSeconds * 1e3,
                    report.timed);
    printJsonNumber(json, "max_ms", report.maxSeconds * 1e3, report.timed);
    printJsonNumber(json, "gflop_per_s", report.gflops, report.timed);
    printJsonNumber(json, "gb_per_s", report.gbytes, report.timed);
    json.attribute("check", report.checkMode);
    json.attribute("checked_points", report.checkedPoints);
    json.attribute("passed", report.passed);
    json.attributeObject("inputs", [&] {
      for (auto &[name, path] : report.inputs)
        json.attribute(name, path);
    });
    json.attributeArray("output_files", [&] {
      for (const std::string &path : report.outputFiles)
        json.value(path);
    });
    if (!report.error.empty())
      json.attribute("error", report.error);
  });
}
