//===- mdh-opt.cpp - The MDH-MLIR optimizer driver ------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// MlirOptMain with the project's dialects and passes. `--emit-cuda`,
// `--emit-hip` and `--emit-c` print source instead of IR (EmitSource.cpp).
// Diagnostics do not carry a dump of the op they are about unless
// `--mlir-print-op-on-diagnostic` asks for it: a pass that fails on a
// module would otherwise print the whole module after its message.
//
//===----------------------------------------------------------------------===//

#include "EmitSource.h"
#include "mdh/InitMDH.h"
#include "mdh/Support/Version.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

using namespace mlir;
using mdh_opt::Emit;

static llvm::cl::opt<Emit> emitLanguage(
    "emit", llvm::cl::desc("Print source code instead of IR:"),
    llvm::cl::values(clEnumValN(Emit::C, "c", "C with OpenMP (from CL-IR)"),
                     clEnumValN(Emit::CUDA, "cuda", "CUDA (from GPU CL-IR)"),
                     clEnumValN(Emit::HIP, "hip", "HIP (from GPU CL-IR)")),
    llvm::cl::init(Emit::None));

static llvm::cl::opt<bool> emitUnoptimized(
    "emit-unoptimized",
    llvm::cl::desc("With --emit-c/--emit-cuda/--emit-hip: print the CL-IR as "
                   "the pass pipeline left it, without the target's CL-IR "
                   "optimizations (for debugging)"),
    llvm::cl::init(false));

int main(int argc, char **argv) {
  DialectRegistry registry;
  mdh::registerAllDialects(registry);
  // The input of --mdh-convert-linalg-to-mdh; mlir-opt has it already, so
  // the plugin does not register it.
  registry.insert<linalg::LinalgDialect>();
  mdh::registerAllPasses();

  // `--emit-cuda` and friends are spelled like the translations; they set
  // `--emit=`. Without an explicit `--mlir-print-op-on-diagnostic`,
  // diagnostics print no op.
  std::vector<std::string> storage;
  bool printOpGiven = false;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    for (StringRef kind : {"c", "cuda", "hip"})
      if (arg == ("--emit-" + kind).str() || arg == ("-emit-" + kind).str())
        arg = ("--emit=" + kind).str();
    printOpGiven |=
        StringRef(arg).ltrim('-').starts_with("mlir-print-op-on-diagnostic");
    storage.push_back(std::move(arg));
  }
  if (!printOpGiven)
    storage.push_back("--mlir-print-op-on-diagnostic=false");
  std::vector<char *> args;
  for (std::string &arg : storage)
    args.push_back(arg.data());

  mdh::registerVersionPrinter("mdh-opt");
  auto [inputFilename, outputFilename] =
      registerAndParseCLIOptions(static_cast<int>(args.size()), args.data(),
                                 "MDH-MLIR optimizer driver\n", registry);
  if (emitLanguage == Emit::None) {
    if (emitUnoptimized) {
      llvm::errs() << "error: --emit-unoptimized applies to --emit-c, "
                      "--emit-cuda and --emit-hip only\n";
      return 1;
    }
    return asMainReturnCode(MlirOptMain(static_cast<int>(args.size()),
                                        args.data(), inputFilename,
                                        outputFilename, registry));
  }

  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (!config.inputSplitMarker().empty() || config.shouldVerifyDiagnostics()) {
    llvm::errs() << "error: --emit-c/--emit-cuda/--emit-hip do not combine "
                    "with -split-input-file or -verify-diagnostics\n";
    return 1;
  }
  mdh_opt::EmitOptions options;
  options.language = emitLanguage;
  options.optimize = !emitUnoptimized;
  return asMainReturnCode(mdh_opt::emitSource(options, config, registry,
                                              inputFilename, outputFilename));
}
