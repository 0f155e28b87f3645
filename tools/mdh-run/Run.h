//===- Run.h - Running, checking and timing one kernel ----------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TOOLS_MDH_RUN_RUN_H
#define MDH_TOOLS_MDH_RUN_RUN_H

#include "Kernels.h"
#include "mdh/Runner/HostKernels.h"

#include "llvm/Support/JSON.h"

#include <optional>

namespace mdh_run {

/// What one kernel did.
struct KernelReport {
  std::string name;
  std::string sizes;
  /// The timed runs happened (the times and throughput are set).
  bool timed = false;
  unsigned repetitions = 0;
  double minSeconds = 0, medianSeconds = 0, maxSeconds = 0;
  double gflops = 0, gbytes = 0;
  /// "full", "sampled" or "none".
  std::string checkMode = "none";
  int64_t checkedPoints = 0;
  bool passed = false;
  /// Why the kernel did not get to the timed runs (also reported on
  /// stderr); empty when it did.
  std::string error;
  /// (argument name, file) of each --input.
  llvm::SmallVector<std::pair<std::string, std::string>> inputs;
  /// The files written for --output-dir.
  llvm::SmallVector<std::string> outputFiles;
};

/// Fills the arguments (--input files, seeded random data, the sentinel
/// for outputs), runs the kernel once and checks it against the f64
/// reference, writes the outputs for --output-dir, then times it.
KernelReport runKernel(Kernel &kernel, mlir::mdh::HostKernels &compiled);

/// The text line of a kernel: name, sizes, median (min-max) time, GFLOP/s,
/// GB/s, how it was checked, OK or FAIL.
void printTextLine(llvm::raw_ostream &os, const KernelReport &report);

/// What every kernel of a run shares, for the JSON report.
struct RunInfo {
  std::string target;
  /// Host threads the kernels run on; none for a GPU device.
  std::optional<int> threads;
  double compileSeconds = 0;
};

/// Writes `key: value` with 9 significant digits; null when not finite or
/// not `known`.
void printJsonNumber(llvm::json::OStream &json, llvm::StringRef key,
                     double value, bool known = true);

/// The JSON object of a kernel (docs: README.md, section mdh-run).
void printJsonKernel(llvm::json::OStream &json, const KernelReport &report,
                     const RunInfo &info);

} // namespace mdh_run

#endif // MDH_TOOLS_MDH_RUN_RUN_H
