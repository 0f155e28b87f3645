//===- NvidiaLaunchBounds.cpp - At least one block per multiprocessor -----===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-gpu-nvidia-launch-bounds`: the NVVM path's counterpart of the
// `__launch_bounds__(threads, 1)` that the CUDA emitter prints. ptxas reads
// `.maxntid` without `.minnctapersm` as a hint to keep several blocks
// resident and caps the registers for that, spilling past the cap.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHGPUNVIDIALAUNCHBOUNDS
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;

namespace {
struct NvidiaLaunchBoundsPass
    : mdh::impl::MDHGPUNvidiaLaunchBoundsBase<NvidiaLaunchBoundsPass> {
  void runOnOperation() override {
    Builder b(&getContext());
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      // Without a known block size there is no .maxntid to go with it.
      if (!func.isKernel() || !func.getKnownBlockSizeAttr())
        continue;
      func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                    b.getI32IntegerAttr(1));
      ++numKernels;
    }
  }
};
} // namespace
