//===- GPUEmulation.h - GPU CL-IR run on the CPU ----------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_CONVERSION_CLTOGPU_GPUEMULATION_H
#define MDH_CONVERSION_CLTOGPU_GPUEMULATION_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace mdh {

/// Options of `--mdh-gpu-emulate-to-llvm`.
struct GPUEmulationOptions : PassPipelineOptions<GPUEmulationOptions> {
  PassOptions::Option<uint64_t> seed{
      *this, "seed", llvm::cl::desc("Seed of the shuffled thread orders"),
      llvm::cl::init(1)};
};

/// GPU CL-IR (cuda or hip) -> gpu.launch (`--mdh-cl-to-gpu`, the lowering
/// the device pipelines use) -> host loops (`--mdh-gpu-emulate-on-host`)
/// -> LLVM dialect for the ExecutionEngine or mlir-runner. The blocks run
/// one after the other.
void buildGPUEmulationToLLVMPipeline(OpPassManager &pm,
                                     const GPUEmulationOptions &options);

/// Registers `--mdh-gpu-emulate-to-llvm`.
void registerGPUEmulationPipeline();

} // namespace mdh
} // namespace mlir

#endif // MDH_CONVERSION_CLTOGPU_GPUEMULATION_H
