//===- EliminatePartitionIndices.cpp - Remove single-trip loops -----------===//
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

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLELIMINATEPARTITIONINDICES
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

/// Whether the loop (lb, ub, step) runs exactly once: `ub - lb` is at most
/// the step and positive.
static bool runsOnce(Value lb, Value ub, Value step) {
  std::optional<int64_t> s = getConstantIntValue(step);
  std::optional<int64_t> span = spanBound(lb, ub);
  return s && span && *span <= *s && provablyNonEmpty(lb, ub);
}

namespace {
struct EliminatePartitionIndicesPass
    : mdh_cl::impl::MDHCLEliminatePartitionIndicesBase<
          EliminatePartitionIndicesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    Counts counts;
    // In rounds: the decisions of a round are taken before anything is
    // rewritten (inlining a loop replaces its induction variable by its
    // lower bound, which keeps the facts the other decisions used but not
    // their syntactic form); the next round sees the inlined bounds, which
    // can prove more (a thread's loop inside its block's single-trip loop).
    while (true) {
      SmallVector<ForOp> loops;
      getOperation()->walk([&](ForOp loop) {
        if (runsOnce(loop.getLowerBound(), loop.getUpperBound(),
                     loop.getStep()))
          loops.push_back(loop);
      });
      if (loops.empty())
        break;
      for (ForOp loop : loops) {
        counts.add(loop);
        Block &body = loop.getBody().front();
        rewriter.inlineBlockBefore(&body, loop, {loop.getLowerBound()});
        rewriter.eraseOp(loop);
      }
    }
    counts.finish(numLoops, report, getArgument(), "single-trip loops removed");
  }
};
} // namespace
