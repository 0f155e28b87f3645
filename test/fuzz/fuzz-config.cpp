//===- fuzz-config.cpp - libFuzzer: a configuration, HL-IR to LLVM --------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The input is a JSON configuration (docs/config-json.md), one or a set,
// handed over in memory as tools and the C API do (`mdh_ll::ConfigSet`).
// It schedules one of the fixed computations below, the one whose
// computation key the first matching entry names (the first computation
// when none matches), on the entry's target. The module then goes through
// `--mdh-lower-to-clir` (HL-IR -> LL-IR -> CL-IR) and on to the LLVM dialect:
// the host pipeline for `openmp` targets, the GPU CL-IR optimizations and
// the emulation on the host for `cuda` and `hip` (no JIT, no GPU).
//
// Findings: a crash anywhere, and a failure after `--mdh-hl-to-ll`
// accepted the configuration: the configuration verifier admits exactly
// what the lowerings compile, so a later pass that fails (or leaves IR the
// verifier refuses) is a bug.
//
// With MDH_FUZZ_WRITE_SEEDS=<dir> the harness writes seed configurations
// to <dir> instead and exits (FuzzSeeds.cpp; scripts/fuzz.sh).
//
//===----------------------------------------------------------------------===//

#include "FuzzComputations.h"
#include "FuzzSupport.h"

#include "mdh/Conversion/CLToGPU/GPUEmulation.h"
#include "mdh/Conversion/CLToGPU/GPUPipelines.h"
#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/InitMDH.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::mdh;

namespace {
/// The first pass that failed (or whose output did not verify).
struct FailedPass : PassInstrumentation {
  std::string &name;
  explicit FailedPass(std::string &name) : name(name) {}
  void runAfterPassFailed(Pass *pass, Operation *) override {
    if (name.empty())
      name = pass->getArgument().str();
  }
};
} // namespace

static fuzz::ContextPool &pool() {
  static fuzz::ContextPool contexts(
      [](DialectRegistry &registry) { registerAllDialects(registry); });
  return contexts;
}

/// A copy of the fixed module without the kernels but the one of `keep`.
static OwningOpRef<ModuleOp> moduleWith(const fuzz::Computations &computations,
                                        ComputeOp keep) {
  auto keepFunc = keep->getParentOfType<func::FuncOp>();
  OwningOpRef<ModuleOp> module = computations.module.get().clone();
  SmallVector<func::FuncOp> others;
  for (auto func : module->getOps<func::FuncOp>())
    if (func.getSymName() != keepFunc.getSymName())
      others.push_back(func);
  for (func::FuncOp func : others)
    func.erase();
  return module;
}

static void buildPipeline(OpPassManager &pm, const mdh_ll::ConfigEntry &entry,
                          std::shared_ptr<const mdh_ll::ConfigSet> set) {
  if (isa<mdh_ll::OpenMPTargetAttr>(entry.target)) {
    LowerToCLIROptions clir;
    clir.target = entry.targetSpec;
    buildLowerToCLIRPipeline(pm, clir, std::move(set));
    buildHostToLLVMPipeline(pm, HostToLLVMOptions());
    return;
  }
  buildHLToGPUCLPipeline(pm, entry.targetSpec, /*config=*/{}, /*disabled=*/{},
                         "error", std::move(set));
  buildGPUEmulationToLLVMPipeline(pm, GPUEmulationOptions());
}

/// Runs `input` (JSON text) through the pipeline; returns the first failed
/// pass, "" when none failed or the configuration was not read.
static std::string runInput(StringRef input, MLIRContext &context,
                            const fuzz::Computations &computations) {
  auto set = std::make_shared<mdh_ll::ConfigSet>(&context);
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&context)); };
  if (failed(set->addJSON(input, "configuration", "", emitError)) ||
      set->size() == 0)
    return "";

  const mdh_ll::ConfigEntry *entry = &set->entries().front();
  ComputeOp op = computations.ops.front();
  for (const mdh_ll::ConfigEntry &candidate : set->entries()) {
    auto *it = llvm::find(computations.keys, candidate.key);
    if (it != computations.keys.end()) {
      entry = &candidate;
      op = computations.ops[it - computations.keys.begin()];
      break;
    }
  }

  OwningOpRef<ModuleOp> module = moduleWith(computations, op);
  PassManager pm(&context);
  std::string failedPass;
  pm.addInstrumentation(std::make_unique<FailedPass>(failedPass));
  buildPipeline(pm, *entry, set);
  if (succeeded(pm.run(*module)))
    return "";
  return failedPass.empty() ? "<unknown>" : failedPass;
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
  std::string failedPass = runInput(input, context, computations);
  if (failedPass.empty() || failedPass == "mdh-hl-to-ll")
    return 0;
  // Again with the diagnostics shown.
  pool().setVerbose(true);
  (void)runInput(input, context, computations);
  fuzz::fail("a configuration that --mdh-hl-to-ll accepted fails in " +
                 failedPass,
             input.str());
}
