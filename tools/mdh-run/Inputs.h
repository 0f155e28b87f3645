//===- Inputs.h - Kernel data from and to NumPy files -----------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `--input=[FUNC.]NAME=@FILE` fills one kernel argument from a .npy file;
// `--output-dir=DIR` writes the outputs as DIR/<func>.outK.npy.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TOOLS_MDH_RUN_INPUTS_H
#define MDH_TOOLS_MDH_RUN_INPUTS_H

#include "Kernels.h"
#include "mdh/Runner/Npy.h"

#include <memory>
#include <vector>

namespace mdh_run {

/// One --input option, its file read and checked.
struct InputSpec {
  /// The option as given, for messages: "--input=in0=@a.npy".
  std::string option;
  /// The kernel it names; empty when it names none (then one kernel runs).
  std::string func;
  /// argK, inK or outK.
  std::string name;
  std::string path;
  std::unique_ptr<mlir::mdh::NpyArray> array;
};

/// Parses every --input and reads its file; prints "mdh-run: error: ..."
/// and fails on a malformed option or a file that is no valid .npy file.
mlir::FailureOr<std::vector<InputSpec>>
loadInputs(llvm::ArrayRef<std::string> options);

/// Gives each input to its kernel argument (KernelArg::input). Fails with a
/// located error at the kernel on an unknown argument, an output, an
/// argument given twice, or a file whose dtype or shape does not fit.
mlir::LogicalResult assignInputs(llvm::ArrayRef<InputSpec> inputs,
                                 llvm::MutableArrayRef<Kernel> kernels);

/// Creates `dir` if missing; fails (with a message) when it cannot.
mlir::LogicalResult prepareOutputDir(llvm::StringRef dir);

/// The file an output of `kernel` is written to: DIR/<func>.outK.npy.
std::string getOutputPath(llvm::StringRef dir, Kernel &kernel,
                          const KernelArg &arg);

} // namespace mdh_run

#endif // MDH_TOOLS_MDH_RUN_INPUTS_H
