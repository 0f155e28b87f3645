//===- SpaceSample.cpp - Random configurations of a kernel file -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// mdh-space-sample FILE TARGET SEED OUT-PREFIX [COUNT]
//
// Writes one configuration per `mdh.compute` of FILE on TARGET, drawn
// uniformly from its search space with SEED, to OUT-PREFIX.<k>.json (k in
// file order). With COUNT, draws COUNT configurations per computation
// (from one generator seeded with SEED) into OUT-PREFIX.<n>.<k>.json for n
// in [0, COUNT). The JSON inputs of the HL-to-LL lit tests were made with it
// (test/lit/Conversion/HLToLL/Inputs/README.md), so that those tests run
// configurations other than the heuristic's.
//
//===----------------------------------------------------------------------===//

#include "SpaceTestSupport.h"

#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/TuningSpace/MDHSpace.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/SourceMgr.h"

#include <random>

using namespace mlir;
using namespace mlir::mdh::tuning;
using namespace mdh_test;

int main(int argc, char **argv) {
  if (argc != 5 && argc != 6) {
    llvm::errs()
        << "usage: mdh-space-sample FILE TARGET SEED OUT-PREFIX [COUNT]\n";
    return 2;
  }
  bool counted = argc == 6;
  unsigned count = counted ? std::stoul(argv[5]) : 1;
  MLIRContext context;
  loadDialects(context);
  // Remarks too (a coarse space says so), with their source lines.
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  context.printOpOnDiagnostic(false);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(argv[1], sourceMgr, ParserConfig(&context));
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
    if (space->empty()) {
      op.emitError("cannot sample a configuration: the search space is "
                   "empty (no configuration satisfies the rules of '")
          << argv[2] << "')";
      ok = false;
      return;
    }
    for (unsigned n = 0; n < count; ++n) {
      mdh_ll::Config c = configFromPoint(space->sample(rng), op, spec);
      std::string path = std::string(argv[4]) + "." +
                         (counted ? std::to_string(n) + "." : "") +
                         std::to_string(k) + ".json";
      if (failed(mdh_ll::writeConfigFile(path, c, op, spec,
                                         [&] { return op.emitError(); })))
        ok = false;
    }
    ++k;
  });
  return ok ? 0 : 1;
}
