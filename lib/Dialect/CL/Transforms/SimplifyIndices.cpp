//===- SimplifyIndices.cpp - Algebraic simplification of indices ----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"
#include "LoopBounds.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLSIMPLIFYINDICES
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

namespace {
/// An upper bound of index value `v`, from constants, `x mod c`, and loops
/// with constant bounds.
static std::optional<int64_t> upperBound(Value v, unsigned depth = 0) {
  if (depth > 8)
    return std::nullopt;
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return c.getSExtValue();
  if (isa<BlockArgument>(v)) {
    Value ub = upperBoundOfInductionVar(v);
    if (!ub)
      return std::nullopt;
    std::optional<int64_t> u = upperBound(ub, depth + 1);
    if (!u || *u == std::numeric_limits<int64_t>::min())
      return std::nullopt;
    return *u - 1;
  }
  Operation *op = v.getDefiningOp();
  if (!op)
    return std::nullopt;
  auto both = [&](Value a, Value b) {
    return std::pair(upperBound(a, depth + 1), upperBound(b, depth + 1));
  };
  if (auto rem = dyn_cast<arith::RemUIOp>(op)) {
    if (matchPattern(rem.getRhs(), m_ConstantInt(&c)) && c.getSExtValue() > 0)
      return c.getSExtValue() - 1;
    return std::nullopt;
  }
  // No bound where the arithmetic overflows (index values near 2^63, which
  // UBSan caught in the signed addition).
  int64_t r;
  if (auto add = dyn_cast<arith::AddIOp>(op)) {
    auto [a, b] = both(add.getLhs(), add.getRhs());
    if (a && b && !llvm::AddOverflow(*a, *b, r))
      return r;
    return std::nullopt;
  }
  if (auto mul = dyn_cast<arith::MulIOp>(op)) {
    auto [a, b] = both(mul.getLhs(), mul.getRhs());
    if (a && b && *a >= 0 && *b >= 0 && !llvm::MulOverflow(*a, *b, r))
      return r;
    return std::nullopt;
  }
  if (auto min = dyn_cast<arith::MinUIOp>(op)) {
    auto [a, b] = both(min.getLhs(), min.getRhs());
    if (a && b)
      return std::min(*a, *b);
    return a ? a : b;
  }
  return std::nullopt;
}

/// `min(a, min(a, b))` -> `min(a, b)`; `min(a, K)` -> `a` when `a <= K`.
struct SimplifyMin : OpRewritePattern<arith::MinUIOp> {
  SimplifyMin(MLIRContext *ctx, Counts &count)
      : OpRewritePattern(ctx), count(count) {}

  LogicalResult matchAndRewrite(arith::MinUIOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [a, b] : {std::pair(op.getLhs(), op.getRhs()),
                        std::pair(op.getRhs(), op.getLhs())}) {
      if (auto inner = b.getDefiningOp<arith::MinUIOp>())
        if (inner.getLhs() == a || inner.getRhs() == a) {
          count.add(op);
          rewriter.replaceOp(op, b);
          return success();
        }
      APInt k;
      std::optional<int64_t> ub = upperBound(a);
      if (matchPattern(b, m_ConstantInt(&k)) && ub && *ub >= 0 &&
          *ub <= k.getSExtValue()) {
        count.add(op);
        rewriter.replaceOp(op, a);
        return success();
      }
    }
    return failure();
  }
  Counts &count;
};

struct SimplifyIndicesPass
    : mdh_cl::impl::MDHCLSimplifyIndicesBase<SimplifyIndicesPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    Counts counts;
    patterns.add<SimplifyMin>(ctx, counts);
    for (StringRef name : {"arith.addi", "arith.subi", "arith.muli"})
      if (std::optional<RegisteredOperationName> op =
              RegisteredOperationName::lookup(name, ctx))
        op->getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
    counts.finish(numSimplified, report, getArgument(),
                  "index expressions simplified");
  }
};
} // namespace
