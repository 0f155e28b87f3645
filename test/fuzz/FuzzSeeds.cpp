//===- FuzzSeeds.cpp - Seed configurations of the fixed computations ------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Random bytes rarely make a configuration of the right computation key, so
// the configuration harnesses start from valid ones: the heuristic's and
// samples of the search space of each fixed computation (FuzzComputations.h)
// on a few targets, and a set of several.
//
//===----------------------------------------------------------------------===//

#include "FuzzComputations.h"

#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/TuningSpace/MDHSpace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <random>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::fuzz;

/// Targets of the seed configurations (any target spec in an input works).
static constexpr const char *kSeedTargets[] = {"openmp", "cuda:sm_90",
                                               "hip:gfx942"};
/// Search-space samples per computation and target among the seeds.
static constexpr unsigned kSeedSamples = 6;

/// Writes the seed configurations (see the file comment) to `dir`.
static void writeSeeds(MLIRContext &context, StringRef dir) {
  Computations computations;
  computations.load(context);
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&context)); };
  std::mt19937_64 rng(19);
  std::vector<llvm::json::Value> defaults;
  auto write = [&](const Twine &name, const llvm::json::Value &value) {
    SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    std::error_code error;
    llvm::raw_fd_ostream os(path, error);
    if (error)
      fail("cannot write a seed", path.str().str());
    mdh_ll::printConfigJSON(value, os);
    os << "\n";
  };
  for (const char *spec : kSeedTargets) {
    FailureOr<Attribute> target =
        mdh_ll::parseTargetSpec(&context, spec, emitError);
    if (failed(target))
      fail("a seed target does not parse", spec);
    std::string specName = StringRef(spec).split(':').first.str();
    for (ComputeOp op : computations.ops) {
      std::string base =
          (op->getParentOfType<func::FuncOp>().getSymName() + "." + specName)
              .str();
      mdh_ll::Config config = tuning::defaultConfig(op, *target);
      llvm::json::Value value = mdh_ll::configToJSON(config, op, *target);
      write(base + ".default.json", value);
      if (specName == "openmp")
        defaults.push_back(std::move(value));
      FailureOr<tuning::SearchSpace> space = tuning::buildSpace(
          op, cast<mdh_ll::TargetAttrInterface>(*target), {}, emitError);
      if (failed(space) || space->empty())
        continue;
      for (unsigned i = 0; i != kSeedSamples; ++i) {
        mdh_ll::Config sample = tuning::configFromPoint(
            space->sample(rng), op, cast<mdh_ll::TargetAttrInterface>(*target));
        write(base + "." + Twine(i) + ".json",
              mdh_ll::configToJSON(sample, op, *target));
      }
    }
  }
  write("all.openmp.default.json", mdh_ll::configSetToJSON(defaults));
}

void mlir::mdh::fuzz::writeSeedsIfAsked(MLIRContext &context) {
  if (const char *dir = std::getenv("MDH_FUZZ_WRITE_SEEDS")) {
    writeSeeds(context, dir);
    std::exit(0);
  }
}
