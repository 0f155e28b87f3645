//===- OpenMPRuntime.h - The OpenMP runtime of host code --------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_OPENMPRUNTIME_H
#define MDH_RUNNER_OPENMPRUNTIME_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::mdh {

/// The OpenMP runtime (LLVM's libomp) that host code lowered by
/// `--mdh-host-to-llvm` calls (`__kmpc_fork_call`, ...). It is loaded into
/// the process for good, so the JIT resolves those calls to it, and its
/// thread count can be set before a kernel runs.
class OpenMPRuntime {
public:
  /// The most threads a kernel may ask for. libomp aborts the process
  /// (`OMP: Error #34`) when it cannot create a thread, so thread counts
  /// are checked against this bound first; it is far above the hardware
  /// threads of any host, and far below the per-user thread limits.
  static constexpr int kMaxThreads = 4096;

  /// The libomp this project was configured with (under LLVM's library
  /// directory).
  static StringRef getDefaultPath();

  /// Loads the runtime at `path`; on failure returns an error that names
  /// the path.
  static FailureOr<OpenMPRuntime> load(StringRef path, std::string &error);

  StringRef getPath() const { return path; }

  /// The threads the next parallel region uses (`omp_set_num_threads`).
  void setNumThreads(int numThreads) const;

  /// The threads a parallel region uses now (`omp_get_max_threads`).
  int getMaxThreads() const;

  /// The address of `name` in this runtime, or null.
  void *getAddressOfSymbol(StringRef name) const;

private:
  std::string path;
  void *handle = nullptr;
  void (*setNumThreadsFn)(int) = nullptr;
  int (*getMaxThreadsFn)() = nullptr;
};

} // namespace mlir::mdh

#endif // MDH_RUNNER_OPENMPRUNTIME_H
