//===- SpaceSample.cpp - Random configurations of a kernel file -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// mdh-space-sample FILE TARGET SEED OUT-PREFIX
//
// Writes one configuration per `mdh.compute` of FILE on TARGET, drawn
// uniformly from its search space with SEED, to OUT-PREFIX.<k>.json (k in
// file order). The JSON inputs of the HL-to-LL lit tests were made with it
// (test/lit/Conversion/HLToLL/Inputs/README.md), so that those tests run
// configurations other than the heuristic's.
//
//===----------------------------------------------------------------------===//

#include "SpaceTestSupport.h"

#include "Dialect/LL/ConfigJSON.h"
#include "Tuning/MDHSpace.h"

#include <random>

using namespace mlir;
using namespace mlir::mdh::tuning;
using namespace mdh_test;

int main(int argc, char **argv) {
  if (argc != 5) {
    llvm::errs() << "usage: mdh-space-sample FILE TARGET SEED OUT-PREFIX\n";
    return 2;
  }
  MLIRContext context;
  loadDialects(context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  mdh_ll::TargetAttrInterface spec = target(context, argv[2]);
  if (!spec)
    return 1;
  std::mt19937_64 rng(std::stoull(argv[3]));
  unsigned k = 0;
  bool ok = true;
  module->walk([&](mdh::ComputeOp op) {
    FailureOr<SearchSpace> space =
        buildSpace(op, spec, {}, [&] { return op.emitError(); });
    if (failed(space)) {
      ok = false;
      return;
    }
    mdh_ll::Config c = configFromPoint(space->sample(rng), op, spec);
    std::string path =
        std::string(argv[4]) + "." + std::to_string(k++) + ".json";
    if (failed(mdh_ll::writeConfigFile(path, c, op, spec,
                                       [&] { return op.emitError(); })))
      ok = false;
  });
  return ok ? 0 : 1;
}
