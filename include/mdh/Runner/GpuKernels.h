//===- GpuKernels.h - Kernels lowered for a GPU, run through mgpu* -*- C++ -*-//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_GPUKERNELS_H
#define MDH_RUNNER_GPUKERNELS_H

#include "mdh/Runner/HostJit.h"

#include "mdh/gpu_loader.h"

namespace mlir::mdh {

/// Kernel functions lowered by a GPU pipeline (host code calling the mgpu*
/// ABI, kernels in gpu.binary ops), JIT-compiled, called with device copies
/// of the host buffers. The buffers of a call are copied to the device when
/// a set of buffers is first used and stay there; `fetch` copies them back.
class GpuKernels : public HostKernels {
public:
  /// Lowers `module` with `buildPipeline` and JIT-compiles it (see
  /// `HostJit::create`). `runtime` must be open: the JIT resolves the
  /// mgpu* calls in it and the modules' constructors load the kernels.
  static FailureOr<std::unique_ptr<GpuKernels>>
  create(ModuleOp module, ArrayRef<StringRef> funcNames,
         const std::function<void(OpPassManager &)> &buildPipeline,
         unsigned optLevel, const MdhGpuRuntime &runtime);
  ~GpuKernels() override;

  /// Runs `funcName` on the device copies of `buffers` and waits for it.
  llvm::Error invoke(StringRef funcName,
                     ArrayRef<HostBuffer *> buffers) override;
  /// Copies the device copies of `buffers` (some of the last call's, e.g.
  /// its outputs) back to the host.
  llvm::Error fetch(ArrayRef<HostBuffer *> buffers) override;

private:
  struct DeviceBuffer {
    uint64_t hostId;
    void *pointer;
    /// The C-interface descriptor with the device pointer.
    std::vector<int64_t> descriptor;
  };
  /// Makes `resident` the device copies of `buffers` (freeing the previous
  /// set when it differs).
  llvm::Error upload(ArrayRef<HostBuffer *> buffers);
  void release();
  /// An error with the runtime's last message if its error count moved.
  llvm::Error check(uint64_t errorsBefore, StringRef what);

  std::unique_ptr<HostJit> jit;
  MdhGpuRuntime runtime;
  std::vector<DeviceBuffer> resident;
};

} // namespace mlir::mdh

#endif // MDH_RUNNER_GPUKERNELS_H
