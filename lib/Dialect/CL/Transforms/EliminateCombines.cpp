//===- EliminateCombines.cpp - Remove combines with a known outcome -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLELIMINATECOMBINES
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

namespace {
/// `accumulate v into b[i] first true` is `b[i] = v`.
struct FirstIsTrue : OpRewritePattern<AccumulateOp> {
  FirstIsTrue(MLIRContext *ctx, Counts &count)
      : OpRewritePattern(ctx), count(count) {}

  LogicalResult matchAndRewrite(AccumulateOp op,
                                PatternRewriter &rewriter) const override {
    if (!matchPattern(op.getFirst(), m_One()))
      return failure();
    for (auto [value, buffer] :
         llvm::zip_equal(op.getValues(), op.getBuffers()))
      memref::StoreOp::create(rewriter, op.getLoc(), value, buffer,
                              op.getIndices());
    count.add(op);
    rewriter.eraseOp(op);
    return success();
  }
  Counts &count;
};

struct EliminateCombinesPass
    : mdh_cl::impl::MDHCLEliminateCombinesBase<EliminateCombinesPass> {
  using Base::Base;

  void runOnOperation() override {
    Counts counts;
    RewritePatternSet patterns(&getContext());
    patterns.add<FirstIsTrue>(&getContext(), counts);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
    counts.finish(numStores, report, getArgument(),
                  "accumulations became stores");
  }
};
} // namespace
