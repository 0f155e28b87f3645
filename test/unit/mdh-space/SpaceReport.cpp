//===- SpaceReport.cpp - Sizes and build costs of the tuning spaces -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// mdh-space-report [--examples DIR] [--kernel NAME] [--target SPEC] [--print]
//                  [--heuristic]
//
// Builds the tuning space of every example kernel (or the one whose name
// contains NAME, e.g. `matmul.mlir @matmul_1024`) on every reference target
// (or SPEC) and prints one row each: dimensions, configurations, trees,
// tunable parameters, stored nodes and edges, memory of the trees and build
// time. Then the peak resident set size (VmHWM) of the process, against the
// baseline measured at the start of main (libMLIR.so loaded, nothing
// parsed). `--print` adds the trees of each space, `--heuristic` the
// default configuration. bench/space-sizes.sh runs it.
//
//===----------------------------------------------------------------------===//

#include "SpaceTestSupport.h"

#include "mdh/TuningSpace/MDHSpace.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <chrono>

using namespace mlir;
using namespace mlir::mdh::tuning;

/// One line per field of `c`.
static void printConfig(const mdh_ll::Config &c, llvm::raw_ostream &os) {
  auto list = [&](auto values) {
    os << "[";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  os << "  heuristic: tiles";
  for (const auto &level : c.tiles)
    list(level);
  os << "\n             orders";
  for (const auto &level : c.orders)
    list(level);
  os << " assignment";
  for (const auto &level : c.assignment)
    list(level);
  os << " kinds";
  for (mdh_ll::AssignmentKind kind : c.assignmentKind)
    os << " " << mdh_ll::stringify(kind);
  os << "\n            ";
  for (auto [i, regions] : llvm::enumerate(c.inputRegions)) {
    os << " in" << i << ":";
    for (mdh_ll::InputRegion r : regions)
      os << " " << mdh_ll::stringify(r);
  }
  for (auto [o, regions] : llvm::enumerate(c.outputRegions)) {
    os << " out" << o << ":";
    for (mdh_ll::CombineRegion r : regions)
      os << " " << mdh_ll::stringify(r);
  }
  os << "\n";
}

#ifndef MDH_EXAMPLES_DIR
#define MDH_EXAMPLES_DIR "examples"
#endif

int main(int argc, char **argv) {
  long baseline = mdh_test::peakRssKiB();
  std::string dir = MDH_EXAMPLES_DIR, kernelFilter, targetFilter;
  bool print = false, heuristic = false;
  for (int k = 1; k < argc; ++k) {
    llvm::StringRef arg = argv[k];
    if (arg == "--examples" && k + 1 < argc)
      dir = argv[++k];
    else if (arg == "--kernel" && k + 1 < argc)
      kernelFilter = argv[++k];
    else if (arg == "--target" && k + 1 < argc)
      targetFilter = argv[++k];
    else if (arg == "--print")
      print = true;
    else if (arg == "--heuristic")
      heuristic = true;
    else {
      llvm::errs() << "usage: mdh-space-report [--examples DIR] [--kernel "
                      "NAME] [--target SPEC] [--print] [--heuristic]\n";
      return 2;
    }
  }

  MLIRContext context;
  mdh_test::loadDialects(context);
  std::vector<OwningOpRef<ModuleOp>> modules;
  std::vector<mdh_test::Kernel> kernels =
      mdh_test::loadKernels(context, dir, mdh_test::exampleFiles(dir), modules);
  SmallVector<std::string> specs;
  if (!targetFilter.empty())
    specs.push_back(targetFilter);
  else
    for (const char *spec : mdh_test::kTargetSpecs)
      specs.push_back(spec);
  long parsed = mdh_test::peakRssKiB();

  llvm::outs() << llvm::format(
      "%-40s %2s %-10s %12s %5s %6s %9s %10s %7s %8s\n", "kernel", "D",
      "target", "configs", "trees", "params", "nodes", "edges", "MiB",
      "build s");
  int failures = 0;
  for (mdh_test::Kernel &kernel : kernels) {
    if (!kernelFilter.empty() &&
        !llvm::StringRef(kernel.name).contains(kernelFilter))
      continue;
    for (const std::string &spec : specs) {
      mdh_ll::TargetAttrInterface target = mdh_test::target(context, spec);
      if (!target) {
        ++failures;
        continue;
      }
      auto start = std::chrono::steady_clock::now();
      FailureOr<SearchSpace> space = buildSpace(kernel.op, target);
      double seconds = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - start)
                           .count();
      if (failed(space)) {
        ++failures;
        llvm::outs() << kernel.name << " on " << spec << ": FAILED\n";
        continue;
      }
      llvm::outs() << llvm::format(
          "%-40s %2u %-10s %12.3e %5u %6u %9zu %10zu %7.1f %8.3f\n",
          kernel.name.c_str(), kernel.op.getNumDims(), spec.c_str(),
          space->sizeAsDouble(), space->numTrees(), space->dimension(),
          space->numNodes(), space->numEdges(),
          space->memoryBytes() / 1048576.0, seconds);
      if (print)
        space->print(llvm::outs());
      if (heuristic)
        printConfig(defaultConfig(kernel.op, target), llvm::outs());
      llvm::outs().flush();
    }
  }
  long peak = mdh_test::peakRssKiB();
  llvm::outs() << llvm::format(
      "peak RSS (VmHWM): %.1f MiB; baseline at start %.1f MiB, after "
      "parsing %.1f MiB; building the spaces added at most %.1f MiB\n",
      peak / 1024.0, baseline / 1024.0, parsed / 1024.0,
      (peak - parsed) / 1024.0);
  return failures ? 1 : 0;
}
