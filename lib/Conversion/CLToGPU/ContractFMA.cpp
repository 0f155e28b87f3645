//===- ContractFMA.cpp - Multiply-adds as llvm.intr.fma in GPU code -------===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-gpu-contract-fma`: the contraction that nvcc and hipcc apply to the
// emitted CUDA and HIP by default, for the NVVM and ROCDL path, where the
// LLVM backends fuse a multiply and an add only under fast-math flags. An
// MDH contraction's body is `acc + a * b` after mdh-cl-accumulate-in-
// registers; fused, the SASS hot loop is FFMAs instead of FMUL and FADD.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHGPUCONTRACTFMA
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;

namespace {
/// addf(mulf(a, b), c) or addf(c, mulf(a, b)) -> llvm.intr.fma(a, b, c),
/// when the product feeds nothing else (else the multiply stays and nothing
/// is won). Not math.fma: the NVVM and ROCDL lowerings turn it into a call
/// of libdevice's __nv_fmaf or OCML's __ocml_fma_f32, which only links when
/// the device libraries are found; the intrinsic is one fma.rn / v_fma.
struct FuseMultiplyAdd : OpRewritePattern<arith::AddFOp> {
  FuseMultiplyAdd(MLIRContext *context, llvm::Statistic &fused)
      : OpRewritePattern(context), fused(fused) {}

  LogicalResult matchAndRewrite(arith::AddFOp add,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto mul = add->getOperand(i).getDefiningOp<arith::MulFOp>();
      if (!mul || !mul->hasOneUse())
        continue;
      Value other = add->getOperand(1 - i);
      rewriter.replaceOpWithNewOp<LLVM::FMAOp>(add, mul.getLhs(), mul.getRhs(),
                                               other);
      rewriter.eraseOp(mul);
      ++fused;
      return success();
    }
    return failure();
  }

  llvm::Statistic &fused;
};

struct GPUContractFMAPass
    : mdh::impl::MDHGPUContractFMABase<GPUContractFMAPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseMultiplyAdd>(&getContext(), numFused);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
