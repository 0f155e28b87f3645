//===- mdh-opt.cpp - The MDH-MLIR optimizer driver ------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// MlirOptMain with the project's dialects and passes. `--emit-cuda`,
// `--emit-hip` and `--emit-c` print source instead of IR: the pipeline runs
// as usual, its result (printed with locations, so diagnostics point into the
// input file) is parsed again and handed to the emitter.
//
//===----------------------------------------------------------------------===//

#include "InitMDH.h"
#include "Target/C/TranslateToC.h"
#include "Target/CUDA/TranslateToCUDA.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <string>
#include <vector>

using namespace mlir;

namespace {
enum class Emit { None, C, CUDA, HIP };
} // namespace

static llvm::cl::opt<Emit> emitSource(
    "emit", llvm::cl::desc("Print source code instead of IR:"),
    llvm::cl::values(clEnumValN(Emit::C, "c", "C with OpenMP (from CL-IR)"),
                     clEnumValN(Emit::CUDA, "cuda", "CUDA (from GPU CL-IR)"),
                     clEnumValN(Emit::HIP, "hip", "HIP (from GPU CL-IR)")),
    llvm::cl::init(Emit::None));

/// Parses the pipeline's output `ir` and prints it as source.
static LogicalResult emit(StringRef ir, DialectRegistry &registry,
                          StringRef outputFilename) {
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);
  auto buffer = llvm::MemoryBuffer::getMemBuffer(ir, "<pipeline output>");
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return failure();
  std::string errorMessage;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return failure();
  }
  LogicalResult result =
      emitSource == Emit::C
          ? mdh::translateCLToC(*module, output->os())
          : mdh::translateCLToGPUSource(*module, output->os(),
                                        emitSource == Emit::CUDA
                                            ? mdh::GPULanguage::CUDA
                                            : mdh::GPULanguage::HIP);
  if (succeeded(result))
    output->keep();
  return result;
}

int main(int argc, char **argv) {
  DialectRegistry registry;
  mdh::registerAllDialects(registry);
  mdh::registerAllPasses();

  // `--emit-cuda` and friends are spelled like the translations; they set
  // `--emit=` and make the intermediate IR carry its locations.
  std::vector<char *> args(argv, argv + argc);
  std::string debugInfo = "--mlir-print-debuginfo";
  std::vector<std::string> rewritten;
  rewritten.reserve(argc);
  bool emitting = false;
  for (char *&arg : args) {
    StringRef a(arg);
    for (StringRef kind : {"c", "cuda", "hip"})
      if (a == ("--emit-" + kind).str() || a == ("-emit-" + kind).str()) {
        rewritten.push_back(("--emit=" + kind).str());
        arg = rewritten.back().data();
        emitting = true;
      }
  }
  if (emitting)
    args.push_back(debugInfo.data());

  auto [inputFilename, outputFilename] =
      registerAndParseCLIOptions(static_cast<int>(args.size()), args.data(),
                                 "MDH-MLIR optimizer driver\n", registry);
  if (emitSource == Emit::None)
    return asMainReturnCode(MlirOptMain(static_cast<int>(args.size()),
                                        args.data(), inputFilename,
                                        outputFilename, registry));

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (!config.inputSplitMarker().empty() || config.shouldVerifyDiagnostics()) {
    StringRef flag = emitSource == Emit::C      ? "c"
                     : emitSource == Emit::CUDA ? "cuda"
                                                : "hip";
    llvm::errs() << "error: --emit-" << flag
                 << " does not combine with -split-input-file or "
                    "-verify-diagnostics\n";
    return 1;
  }
  std::string ir;
  llvm::raw_string_ostream irStream(ir);
  if (failed(MlirOptMain(irStream, std::move(input), registry, config)))
    return 1;
  return asMainReturnCode(emit(ir, registry, outputFilename));
}
