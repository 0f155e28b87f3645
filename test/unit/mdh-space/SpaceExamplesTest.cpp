//===- SpaceExamplesTest.cpp - Spaces of the example kernels --------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// mdh-space-examples-test TARGET-SPEC [EXAMPLES-DIR]
//
// For every computation of examples/*.mlir and examples/small/*.mlir on
// the target:
//  - the space builds and is not empty;
//  - the heuristic's configuration passes verifyConfig, is canonical, and
//    is in the space (its point maps back to it);
//  - 1000 uniform draws and 200 points of the unit cube give
//    configurations that pass verifyConfig, and whose points map back to
//    them (in compact spaces: into the space);
//  - the index of a draw maps back to the draw.
//
//===----------------------------------------------------------------------===//

#include "SpaceTestSupport.h"
#include "TestUtil.h"

#include "mdh/TuningSpace/MDHSpace.h"

#include "mlir/IR/Diagnostics.h"

#include <random>

using namespace mlir;
using namespace mlir::mdh::tuning;

#ifndef MDH_EXAMPLES_DIR
#define MDH_EXAMPLES_DIR "examples"
#endif

namespace {
/// Checks one computation; reports the first failing check per kind.
void checkKernel(MLIRContext &context, mdh_test::Kernel &kernel,
                 mdh_ll::TargetAttrInterface target, std::mt19937_64 &rng) {
  auto emitError = [&] { return kernel.op.emitError(); };
  mdh_ll::Config heuristic = defaultConfig(kernel.op, target);
  MDH_CHECK(succeeded(verifyConfig(kernel.op, target, heuristic, emitError)));
  MDH_CHECK(canonicalConfig(kernel.op, target, heuristic) == heuristic);

  FailureOr<SearchSpace> space = buildSpace(kernel.op, target);
  MDH_CHECK(succeeded(space));
  if (failed(space))
    return;
  MDH_CHECK(!space->empty());
  // The space holds no tensor-core configurations yet (docs/tuning-
  // parameters.md, "Tensor cores"): the heuristic's is a point of it
  // unless it is one. Nor stages ("Stages"): its point is the heuristic's
  // configuration with one.
  Config home = pointFromConfig(*space, kernel.op, target, heuristic);
  if (!heuristic.mma) {
    mdh_ll::Config oneStage = heuristic;
    oneStage.stages = 1;
    MDH_CHECK(space->contains(home));
    MDH_CHECK(configFromPoint(home, kernel.op, target) == oneStage);
  }

  bool compact = kernel.op.getNumDims() > kCompactSpaceDims;
  int invalid = 0, lost = 0, unindexed = 0;
  auto check = [&](const Config &point) {
    mdh_ll::Config c = configFromPoint(point, kernel.op, target);
    if (failed(verifyConfig(kernel.op, target, c, emitError)) && ++invalid == 1)
      llvm::errs() << "invalid draw: " << point.str() << "\n";
    Config back = pointFromConfig(*space, kernel.op, target, c);
    if (!space->contains(back) || (!compact && back != point))
      ++lost;
  };
  for (int k = 0; k < 1000; ++k) {
    Config point = space->sample(rng);
    check(point);
    if (k % 100 == 0) {
      std::optional<APInt> index = space->toIndex(point);
      if (!index || space->fromIndex(*index) != point)
        ++unindexed;
    }
  }
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int k = 0; k < 200; ++k) {
    SmallVector<double> x;
    for (unsigned i = 0; i < space->dimension(); ++i)
      x.push_back(1.0 - unit(rng));
    check(space->fromUnitCube(x));
  }
  MDH_CHECK_EQ(invalid, 0);
  MDH_CHECK_EQ(lost, 0);
  MDH_CHECK_EQ(unindexed, 0);
  if (invalid || lost || unindexed)
    llvm::errs() << "  in " << kernel.name << "\n";
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs() << "usage: mdh-space-examples-test TARGET-SPEC [DIR]\n";
    return 2;
  }
  std::string dir = argc > 2 ? argv[2] : MDH_EXAMPLES_DIR;
  MLIRContext context;
  mdh_test::loadDialects(context);
  std::vector<OwningOpRef<ModuleOp>> modules;
  std::vector<std::string> files = mdh_test::exampleFiles(dir);
  std::vector<mdh_test::Kernel> kernels =
      mdh_test::loadKernels(context, dir, files, modules);
  // Every example file holds at least one computation.
  MDH_CHECK(files.size() >= 24);
  MDH_CHECK(kernels.size() >= files.size());
  mdh_ll::TargetAttrInterface target = mdh_test::target(context, argv[1]);
  MDH_CHECK(target);
  if (!target)
    return 1;
  std::mt19937_64 rng(20240611);
  for (mdh_test::Kernel &kernel : kernels) {
    int before = mdh_test::failures();
    checkKernel(context, kernel, target, rng);
    llvm::outs() << (mdh_test::failures() == before ? "PASS " : "FAIL ")
                 << kernel.name << " on " << argv[1] << "\n";
    llvm::outs().flush();
  }
  return mdh_test::failures() ? 1 : 0;
}
