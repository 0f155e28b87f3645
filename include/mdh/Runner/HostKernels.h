//===- HostKernels.h - Compiled kernels callable with host buffers -*- C++
//-*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_HOSTKERNELS_H
#define MDH_RUNNER_HOSTKERNELS_H

#include "mdh/Runner/HostBuffer.h"

#include "llvm/Support/Error.h"

namespace mlir::mdh {

/// Kernel functions compiled for the host and loaded into this process, each
/// called with one host buffer per memref argument, in order: JIT-compiled
/// LLVM (`HostJit`) or a C shared library (`HostCLibrary`).
class HostKernels {
public:
  virtual ~HostKernels() = default;

  /// Calls `funcName` with one memref argument per buffer.
  virtual llvm::Error invoke(StringRef funcName,
                             ArrayRef<HostBuffer *> buffers) = 0;

  /// Makes `buffers` (some of the last `invoke`'s) hold what it computed.
  /// Kernels that run in host memory have nothing to do; device kernels copy
  /// their buffers back (they stay on the device between calls, so timed
  /// calls do not copy).
  virtual llvm::Error fetch(ArrayRef<HostBuffer *> buffers) {
    return llvm::Error::success();
  }
};

} // namespace mlir::mdh

#endif // MDH_RUNNER_HOSTKERNELS_H
