//===- EmitSource.cpp - mdh-opt --emit-c/--emit-cuda/--emit-hip -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `mdh-opt k.mlir --mdh-lower-to-clir --emit-cuda` is the command users type:
// the emitter names the target, so a module that names none is scheduled
// for it (an `mdh_ll.target` on the module, which `--mdh-hl-to-ll` reads
// when its `target=` is not given), and what is printed is the target's
// optimized CL-IR (the optimizations run after the user's pipeline, unless
// `--emit-unoptimized`). The pipeline runs on the parsed module and the
// emitter prints that module: nothing is printed and parsed again.
//
//===----------------------------------------------------------------------===//

#include "EmitSource.h"

#include "mdh/Dialect/CL/Passes.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"
#include "mdh/Dialect/LL/MDHLLOps.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/Target/C/CLTarget.h"
#include "mdh/Target/C/TranslateToC.h"
#include "mdh/Target/CUDA/TranslateToCUDA.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mdh_opt;

static StringRef flagOf(Emit language) {
  switch (language) {
  case Emit::C:
    return "--emit-c";
  case Emit::CUDA:
    return "--emit-cuda";
  case Emit::HIP:
    return "--emit-hip";
  case Emit::None:
    break;
  }
  llvm_unreachable("no emitter");
}

/// The target spec and target name of an emitter.
static StringRef targetOf(Emit language) {
  return language == Emit::C      ? "openmp"
         : language == Emit::CUDA ? "cuda"
                                  : "hip";
}

/// Schedules on the emitter's target where nothing else names one: sets
/// `mdh_ll.target` on the module unless it has one (an enclosing op's
/// attribute and `--mdh-hl-to-ll=target=` still take precedence).
static LogicalResult setDefaultTarget(ModuleOp module, Emit language) {
  MLIRContext *ctx = module.getContext();
  auto helper =
      ctx->getOrLoadDialect<mdh_ll::MDHLLDialect>()->getTargetAttrHelper();
  if (module->hasAttr(helper.getName()))
    return success();
  FailureOr<Attribute> target = mdh_ll::parseTargetSpec(
      ctx, targetOf(language), [&] { return module.emitError(); });
  if (failed(target))
    return failure();
  module->setAttr(helper.getName(), *target);
  return success();
}

/// The emitters print CL-IR; HL-IR or LL-IR left by the pipeline is
/// reported at the first such op with the pipeline that lowers it.
static LogicalResult checkLowered(ModuleOp module, Emit language) {
  Operation *unlowered = nullptr;
  module.walk([&](Operation *op) {
    if (isa<mdh::ComputeOp, mdh_ll::ScheduleOp>(op)) {
      unlowered = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!unlowered)
    return success();
  return unlowered->emitError()
         << flagOf(language) << " prints CL-IR, but the pass pipeline left "
         << (isa<mdh::ComputeOp>(unlowered) ? "HL-IR" : "LL-IR")
         << ": add --mdh-lower-to-clir (HL-IR) or --mdh-ll-to-cl (LL-IR)";
}

/// Whether the user's pipeline already runs every CL-IR optimization that
/// the emitter of `language` would run (e.g. `--mdh-cl-optimize-gpu`); then
/// they are not run a second time (they are correct on any CL-IR, but not
/// idempotent, so twice would print different code). The pass arguments
/// are the words of the pipeline's textual form.
static bool runsCLOptimizations(OpPassManager &pm, Emit language) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  for (char &c : text)
    if (StringRef(",(){}").contains(c))
      c = ' ';
  SmallVector<StringRef> words;
  StringRef(text).split(words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  llvm::StringSet<> ran;
  for (StringRef word : words)
    ran.insert(word);
  ArrayRef<StringRef> names = language == Emit::C
                                  ? mdh_cl::getCLOptimizationNames()
                                  : mdh_cl::getGPUCLOptimizationNames();
  ArrayRef<StringRef> optional = mdh_cl::getOptionalCLOptimizationNames();
  return llvm::all_of(names, [&](StringRef name) {
    // The C emitter prints scalar CL-IR; optional passes are not run either.
    bool emitterRuns = language == Emit::C
                           ? name != "mdh-cl-vectorize-register-tiles" &&
                                 !llvm::is_contained(optional, name)
                           : true;
    return !emitterRuns || ran.contains(name);
  });
}

LogicalResult mdh_opt::emitSource(const EmitOptions &options,
                                  const MlirOptMainConfig &config,
                                  DialectRegistry &registry,
                                  StringRef inputFilename,
                                  StringRef outputFilename) {
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return failure();
  }
  MLIRContext context(registry);
  context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);

  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope rootTiming = timing.getRootScope();

  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module || failed(setDefaultTarget(*module, options.language)))
    return failure();

  PassManager pm(&context, ModuleOp::getOperationName(),
                 OpPassManager::Nesting::Implicit);
  pm.enableVerifier(config.shouldVerifyPasses());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  pm.enableTiming(rootTiming);
  if (failed(config.setupPassPipeline(pm)))
    return failure();
  if (failed(pm.run(*module)) ||
      failed(checkLowered(*module, options.language)) ||
      failed(mlir::mdh::checkCLTarget(*module, targetOf(options.language),
                                      flagOf(options.language))))
    return failure();

  if (options.optimize && !runsCLOptimizations(pm, options.language)) {
    // The C emitter prints scalar CL-IR (the C compiler vectorizes); the
    // GPU emitters print what --mdh-cl-optimize-gpu makes.
    PassManager optimize(&context);
    optimize.enableVerifier(config.shouldVerifyPasses());
    if (failed(applyPassManagerCLOptions(optimize)))
      return failure();
    optimize.enableTiming(rootTiming);
    if (options.language == Emit::C)
      mdh_cl::buildCLOptimizationPipeline(optimize,
                                          {"mdh-cl-vectorize-register-tiles"});
    else
      mdh_cl::buildGPUCLOptimizationPipeline(optimize);
    if (failed(optimize.run(*module)))
      return failure();
  }

  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return failure();
  }
  LogicalResult result =
      options.language == Emit::C
          ? mlir::mdh::translateCLToC(*module, output->os())
          : mlir::mdh::translateCLToGPUSource(
                *module, output->os(),
                options.language == Emit::CUDA ? mlir::mdh::GPULanguage::CUDA
                                               : mlir::mdh::GPULanguage::HIP);
  if (succeeded(result))
    output->keep();
  return result;
}
