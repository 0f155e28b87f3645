//===- fuzz-specs.cpp - libFuzzer: configuration and spec parsers ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The input is read both as a target spec (`cuda:sm_90,warp_size=32`,
// `openmp:host`; TargetSpec.h) and as JSON configurations
// (docs/config-json.md): `ConfigSet::addJSON`, then every entry read in full
// for the fixed computation with its key (the first computation when none
// has it), as `--mdh-hl-to-ll` reads it. Besides crashes, two round trips
// are findings when they break:
//
//  - a target attribute built from a spec: `targetSpecString` of it must
//    parse again into the same attribute (TargetSpec.h promises it);
//  - a configuration read from an entry: `configToJSON` of it must read
//    back into an equal configuration.
//
// With MDH_FUZZ_WRITE_SEEDS=<dir> the harness writes seed configurations
// to <dir> instead and exits (FuzzSeeds.cpp; scripts/fuzz.sh).
//
//===----------------------------------------------------------------------===//

#include "FuzzComputations.h"
#include "FuzzSupport.h"

#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"
#include "mdh/Dialect/LL/TargetSpec.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mdh;

static fuzz::ContextPool &pool() {
  // What the fixed computations are made of, and the targets.
  static fuzz::ContextPool contexts([](DialectRegistry &registry) {
    registry.insert<MDHDialect, mdh_ll::MDHLLDialect, arith::ArithDialect,
                    func::FuncDialect>();
  });
  return contexts;
}

static void checkTargetSpec(StringRef spec, MLIRContext &context) {
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&context)); };
  FailureOr<Attribute> target =
      mdh_ll::parseTargetSpec(&context, spec, emitError);
  if (failed(target))
    return;
  std::string printed = mdh_ll::targetSpecString(*target);
  FailureOr<Attribute> again =
      mdh_ll::parseTargetSpec(&context, printed, emitError);
  if (succeeded(again) && *again == *target)
    return;
  std::string detail;
  llvm::raw_string_ostream os(detail);
  os << "spec: " << spec << "\nattribute: " << *target
     << "\nprinted: " << printed << "\nparsed again: ";
  if (succeeded(again))
    os << *again;
  else
    os << "<failure>";
  fuzz::fail("targetSpecString does not parse back into the same target",
             detail);
}

static void checkConfigurations(StringRef text, MLIRContext &context,
                                const fuzz::Computations &computations) {
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&context)); };
  mdh_ll::ConfigSet set(&context);
  if (failed(set.addJSON(text, "configuration", "", emitError)))
    return;
  for (const mdh_ll::ConfigEntry &entry : set.entries()) {
    // The spec as the entry writes it takes the round trip as well.
    checkTargetSpec(entry.targetSpec, context);

    ComputeOp op = computations.ops.front();
    auto *it = llvm::find(computations.keys, entry.key);
    if (it != computations.keys.end())
      op = computations.ops[it - computations.keys.begin()];
    FailureOr<mdh_ll::Config> config =
        set.read(entry, op, entry.target, emitError);
    if (failed(config))
      continue;

    std::string printed;
    llvm::raw_string_ostream os(printed);
    mdh_ll::printConfigJSON(mdh_ll::configToJSON(*config, op, entry.target),
                            os);
    FailureOr<mdh_ll::Config> again =
        mdh_ll::configFromJSON(printed, op, entry.target, emitError);
    if (succeeded(again) && *again == *config)
      continue;
    if (failed(again)) {
      pool().setVerbose(true);
      (void)mdh_ll::configFromJSON(printed, op, entry.target, emitError);
    }
    fuzz::fail(failed(again)
                   ? "a configuration read from JSON, written again, is "
                     "refused"
                   : "a configuration read from JSON, written again, reads "
                     "back different",
               "input:\n" + text.str() + "\nwritten:\n" + printed);
  }
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  fuzz::writeSeedsIfAsked(pool().next());
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static fuzz::Computations computations;
  MLIRContext &context = pool().next([] { computations.reset(); });
  if (!computations.module)
    computations.load(context);

  StringRef input(reinterpret_cast<const char *>(data), size);
  checkTargetSpec(input, context);
  checkConfigurations(input, context, computations);
  return 0;
}
