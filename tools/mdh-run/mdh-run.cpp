//===- mdh-run.cpp - Compile, run and self-check MDH kernels --------------===//
//
// Part of the MDH-MLIR project.
//
// mdh-run compiles every kernel (a func.func holding one mdh.compute) of a
// file for a target, fills its inputs with seeded random data (or NumPy
// files, --input) and its outputs with a sentinel, runs it in process,
// checks the outputs against the f64 reference of docs/semantics.md, can
// write them as NumPy files (--output-dir) and prints one line per kernel
// (name, sizes, median and min-max time, GFLOP/s and GB/s, how it was
// checked, OK/FAIL) or one JSON document (--json).
//
// Options.cpp holds the options and their checks, Kernels.cpp finds the
// kernels, Inputs.cpp reads --input files, Compile.cpp hands the kernels
// to the compile entry point of lib/Compiler for the target (oracle,
// openmp, c, cuda, hip), Run.cpp runs, checks, times and reports one
// kernel.
//
//===----------------------------------------------------------------------===//

#include "Compile.h"
#include "Inputs.h"
#include "Kernels.h"
#include "Options.h"
#include "Run.h"

#include "mdh/Compiler/Compile.h"
#include "mdh/InitMDH.h"
#include "mdh/Support/Version.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mdh_run;
using namespace mdh_run::flags;
namespace cl = llvm::cl;

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  getNumThreadsOption();
  cl::HideUnrelatedOptions(flags::category);
  mdh::registerVersionPrinter("mdh-run");
  cl::ParseCommandLineOptions(
      argc, argv,
      "mdh-run: compile MDH kernels, run them on the host and self-check "
      "them against the f64 reference\n");

  FailureOr<TargetKind> targetKind = checkOptions();
  if (failed(targetKind))
    return 1;
  // The --input files are read (and checked as .npy files) before anything
  // is compiled; whether they fit their arguments is checked once the
  // kernels are known.
  FailureOr<std::vector<InputSpec>> inputSpecs = loadInputs(inputs);
  if (failed(inputSpecs))
    return 1;
  if (!outputDir.empty() && failed(prepareOutputDir(outputDir)))
    return 1;

  DialectRegistry registry;
  registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext context(registry);
  // Diagnostics of the pipelines point at the kernel's source line; the op
  // dump MLIR would attach in generic form adds nothing for a user.
  context.printOpOnDiagnostic(false);

  TargetSetup setup;
  setup.target = *targetKind;
  // With --json, stdout holds the JSON document only.
  if (verbose)
    setup.commandLog = json ? &llvm::errs() : &llvm::outs();
  if (failed(setUpTarget(context, setup)))
    return 1;

  std::string errorMessage;
  auto file = openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << "mdh-run: error: " << errorMessage << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);

  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  // A tensor function runs as its bufferized form: inputs and outputs as
  // memref arguments (docs/composition.md).
  if (failed(bufferizeTensorComputations(*module)))
    return 1;
  FailureOr<SmallVector<Kernel>> kernels = collectKernels(*module, funcNames);
  if (failed(kernels))
    return 1;
  if (failed(assignInputs(*inputSpecs, *kernels)))
    return 1;

  FailureOr<CompiledKernels> compiled =
      compileKernels(*module, *kernels, setup);
  if (failed(compiled))
    return 1;

  RunInfo info;
  info.target = target;
  info.compileSeconds = compiled->seconds;
  // The oracle and the GPU emulation run on the calling thread.
  if (setup.openmp)
    info.threads = setup.openmp->getMaxThreads();
  else if (!setup.target.isGPU || emulate)
    info.threads = 1;

  bool allPassed = true;
  if (json) {
    // One document: the run, then the kernels as they finish.
    llvm::json::OStream out(llvm::outs(), 2);
    out.objectBegin();
    out.attribute("file", inputFilename);
    out.attribute("target", target);
    out.attribute("target_description", compiled->targetText);
    out.attribute("seed", static_cast<int64_t>(seed.getValue()));
    printJsonNumber(out, "compile_seconds", compiled->seconds);
    out.attributeBegin("kernels");
    out.arrayBegin();
    for (Kernel &k : *kernels) {
      KernelReport report = runKernel(k, *compiled->kernels);
      allPassed &= report.passed;
      printJsonKernel(out, report, info);
      llvm::outs().flush();
    }
    out.arrayEnd();
    out.attributeEnd();
    out.attribute("passed", allPassed);
    out.objectEnd();
    llvm::outs() << "\n";
    return allPassed ? 0 : 1;
  }

  llvm::outs() << llvm::formatv("# {0}: target {1}, compiled {2} kernel(s) "
                                "in {3:f2} s, seed {4}\n",
                                inputFilename, compiled->targetText,
                                kernels->size(), compiled->seconds,
                                seed.getValue());
  for (Kernel &k : *kernels) {
    KernelReport report = runKernel(k, *compiled->kernels);
    allPassed &= report.passed;
    for (const std::string &path : report.outputFiles)
      llvm::outs() << "# " << report.name << ": wrote " << path << "\n";
    if (report.timed)
      printTextLine(llvm::outs(), report);
    llvm::outs().flush();
  }
  return allPassed ? 0 : 1;
}
