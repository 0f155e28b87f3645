//===- Options.h - The command-line options of mdh-run ----------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TOOLS_MDH_RUN_OPTIONS_H
#define MDH_TOOLS_MDH_RUN_OPTIONS_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/CommandLine.h"

#include <string>

namespace mdh_run {

enum class CheckMode { Auto, Full, Sampled, None };
enum class ConfigFallback { Error, Heuristic };

/// The options, defined in Options.cpp. Only `--threads` is made late (see
/// getNumThreadsOption).
namespace flags {
extern llvm::cl::OptionCategory category;
extern llvm::cl::opt<std::string> inputFilename;
extern llvm::cl::opt<std::string> target;
extern llvm::cl::list<std::string> configFiles;
extern llvm::cl::opt<ConfigFallback> configFallback;
extern llvm::cl::opt<std::string> openmpLibrary;
extern llvm::cl::list<std::string> funcNames;
extern llvm::cl::opt<uint64_t> seed;
extern llvm::cl::list<std::string> inputs;
extern llvm::cl::opt<std::string> outputDir;
extern llvm::cl::opt<bool> json;
extern llvm::cl::opt<unsigned> reps;
extern llvm::cl::opt<double> minTime;
extern llvm::cl::opt<CheckMode> checkMode;
extern llvm::cl::opt<int64_t> samples;
extern llvm::cl::opt<int64_t> corruptElement;
extern llvm::cl::opt<double> corruptScale;
extern llvm::cl::list<std::string> disabledPasses;
extern llvm::cl::list<std::string> enabledPasses;
extern llvm::cl::opt<unsigned> optLevel;
extern llvm::cl::opt<std::string> cCompiler;
extern llvm::cl::opt<std::string> saveC;
extern llvm::cl::opt<std::string> saveLLVM;
extern llvm::cl::opt<bool> emulate;
extern llvm::cl::opt<std::string> gpuRuntimePath;
extern llvm::cl::opt<bool> verbose;
} // namespace flags

/// `--threads`. libLLVM registers an undocumented `-threads` option of its
/// own, which mdh-run does not use; this one takes over the name, so it is
/// made in `main` rather than at static initialisation.
llvm::cl::opt<int> &getNumThreadsOption();

/// What the target option names.
struct TargetKind {
  /// "oracle", "openmp", "c", "cuda" or "hip".
  llvm::StringRef kind;
  bool isGPU = false;
  /// An `openmp` target spec (`openmp`, `openmp:host`, with overrides).
  bool isHost = false;
};

/// Checks the options against each other and the target; prints
/// "mdh-run: error: ..." and fails on the first problem.
mlir::FailureOr<TargetKind> checkOptions();

} // namespace mdh_run

#endif // MDH_TOOLS_MDH_RUN_OPTIONS_H
