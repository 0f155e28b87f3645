//===- EliminatePartitionIndices.cpp - Remove single-trip loops -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Dialect/CL/MDHCLOps.h"
#include "Dialect/CL/Passes.h"

#include "Counts.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLELIMINATEPARTITIONINDICES
#include "Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

static std::optional<int64_t> constantOf(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

/// The upper bound of the loop whose induction variable `v` is, if any.
static Value upperBoundOfInductionVar(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return {};
  Operation *owner = arg.getOwner()->getParentOp();
  if (auto loop = dyn_cast<ForOp>(owner))
    return loop.getUpperBound();
  if (auto loop = dyn_cast<ParForOp>(owner))
    return loop.getUpperBound();
  return {};
}

/// Whether `lb < x` holds for every execution.
static bool provablyBelow(Value lb, Value x) {
  if (upperBoundOfInductionVar(lb) == x)
    return true;
  std::optional<int64_t> xc = constantOf(x);
  if (!xc)
    return false;
  if (std::optional<int64_t> lc = constantOf(lb))
    return *lc < *xc;
  // lb = (u mod P) * t: at most (P - 1) * t.
  auto mul = lb.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return false;
  for (auto [factor, other] : {std::pair(mul.getLhs(), mul.getRhs()),
                               std::pair(mul.getRhs(), mul.getLhs())}) {
    std::optional<int64_t> t = constantOf(other);
    auto rem = factor.getDefiningOp<arith::RemUIOp>();
    if (!t || !rem)
      continue;
    std::optional<int64_t> p = constantOf(rem.getRhs());
    if (p && *p >= 1 && *t >= 0 && (*p - 1) * *t < *xc)
      return true;
  }
  return false;
}

/// Whether the loop (lb, ub, step) runs exactly once.
static bool runsOnce(Value lb, Value ub, Value step) {
  std::optional<int64_t> s = constantOf(step);
  if (!s || *s < 1)
    return false;
  std::optional<int64_t> lc = constantOf(lb), uc = constantOf(ub);
  if (lc && uc)
    return *lc < *uc && *uc - *lc <= *s;
  // ub = lb + c with 1 <= c <= step.
  auto plusC = [&](Value v) {
    auto add = v.getDefiningOp<arith::AddIOp>();
    if (!add)
      return false;
    for (auto [base, off] : {std::pair(add.getLhs(), add.getRhs()),
                             std::pair(add.getRhs(), add.getLhs())}) {
      std::optional<int64_t> c = constantOf(off);
      if (base == lb && c && *c >= 1 && *c <= *s)
        return true;
    }
    return false;
  };
  if (plusC(ub))
    return true;
  // ub = min(lb + c, x) with lb < x.
  auto min = ub.getDefiningOp<arith::MinUIOp>();
  if (!min)
    return false;
  return (plusC(min.getLhs()) && provablyBelow(lb, min.getRhs())) ||
         (plusC(min.getRhs()) && provablyBelow(lb, min.getLhs()));
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
