//===- EliminatePartitionIndices.cpp - Remove single-trip loops -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Dialect/CL/MDHCLOps.h"
#include "Dialect/CL/Passes.h"

#include "Counts.h"
#include "LoopBounds.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLELIMINATEPARTITIONINDICES
#include "Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

/// Whether `lb < x` holds for every execution.
static bool provablyBelow(Value lb, Value x) {
  if (upperBoundOfInductionVar(lb) == x)
    return true;
  std::optional<int64_t> xc = getConstantIntValue(x);
  if (!xc)
    return false;
  if (std::optional<int64_t> lc = getConstantIntValue(lb))
    return *lc < *xc;
  // lb = (u mod P) * t: at most (P - 1) * t.
  auto mul = lb.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return false;
  for (auto [factor, other] : {std::pair(mul.getLhs(), mul.getRhs()),
                               std::pair(mul.getRhs(), mul.getLhs())}) {
    std::optional<int64_t> t = getConstantIntValue(other);
    auto rem = factor.getDefiningOp<arith::RemUIOp>();
    if (!t || !rem)
      continue;
    std::optional<int64_t> p = getConstantIntValue(rem.getRhs());
    if (p && *p >= 1 && *t >= 0 && (*p - 1) * *t < *xc)
      return true;
  }
  return false;
}

/// Whether the loop (lb, ub, step) runs exactly once: `ub - lb` is at most
/// the step and positive.
static bool runsOnce(Value lb, Value ub, Value step) {
  std::optional<int64_t> s = getConstantIntValue(step);
  std::optional<int64_t> span = spanBound(lb, ub);
  if (!s || !span || *span > *s)
    return false;
  std::optional<int64_t> lc = getConstantIntValue(lb);
  std::optional<int64_t> uc = getConstantIntValue(ub);
  if (lc && uc)
    return *lc < *uc;
  // ub = lb + c with c >= 1, or min(lb + c, x) with lb < x.
  if (std::optional<int64_t> c = offsetFrom(ub, lb))
    return *c >= 1;
  auto min = ub.getDefiningOp<arith::MinUIOp>();
  return *span >= 1 && min &&
         ((offsetFrom(min.getLhs(), lb) && provablyBelow(lb, min.getRhs())) ||
          (offsetFrom(min.getRhs(), lb) && provablyBelow(lb, min.getLhs())));
}

namespace {
struct EliminatePartitionIndicesPass
    : mdh_cl::impl::MDHCLEliminatePartitionIndicesBase<
          EliminatePartitionIndicesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<ForOp> loops;
    getOperation()->walk([&](ForOp loop) {
      if (runsOnce(loop.getLowerBound(), loop.getUpperBound(), loop.getStep()))
        loops.push_back(loop);
    });
    // The decisions are taken before anything is rewritten: inlining a
    // loop replaces its induction variable by its lower bound, which keeps
    // the facts the other decisions used but not their syntactic form.
    IRRewriter rewriter(&getContext());
    Counts counts;
    for (ForOp loop : loops) {
      counts.add(loop);
      Block &body = loop.getBody().front();
      rewriter.inlineBlockBefore(&body, loop, {loop.getLowerBound()});
      rewriter.eraseOp(loop);
    }
    counts.finish(numLoops, report, getArgument(), "single-trip loops removed");
  }
};
} // namespace
