//===- Unroll.cpp - Full register tiles, unrolled -------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Tile loops end their tiles at `min(lo + t, b)`, which makes the trip count
// of every point loop inside unknown. Splitting the loop into its full
// tiles (where the end is `lo + t`) and the partial last tile gives the
// point loops of the full tiles a constant trip count, and those loops are
// then unrolled.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"
#include "LoopBounds.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLUNROLL
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

/// The tile end `min(iv + step, ub)` computed in the body of `loop`, if it
/// bounds a point loop inside that unrolls once the tile is full (at most
/// `maxTrips` trips and `maxOps` operations unrolled).
static arith::MinUIOp findTileEnd(ForOp loop, int64_t maxTrips,
                                  int64_t maxOps) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step <= 1)
    return {};
  Value iv = loop.getInductionVar();
  for (auto min : loop.getBody().front().getOps<arith::MinUIOp>()) {
    for (auto [end, bound] : {std::pair(min.getLhs(), min.getRhs()),
                              std::pair(min.getRhs(), min.getLhs())}) {
      if (bound != loop.getUpperBound() || offsetFrom(end, iv) != step)
        continue;
      bool boundsPoints = llvm::any_of(min->getUsers(), [&](Operation *user) {
        auto inner = dyn_cast<ForOp>(user);
        if (!inner || inner.getUpperBound() != min.getResult() ||
            getConstantIntValue(inner.getStep()) != 1 || *step > maxTrips)
          return false;
        int64_t ops = 0;
        inner.getBody().walk([&](Operation *) { ++ops; });
        return *step * ops <= maxOps;
      });
      if (boundsPoints)
        return min;
    }
  }
  return {};
}

/// Splits `loop` into its full tiles and its partial last tile; returns the
/// loop over the full tiles (`loop` keeps the partial one).
static ForOp splitFullTiles(ForOp loop, arith::MinUIOp end,
                            IRRewriter &rewriter) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  // The span is 0 when the loop runs zero times with `ub < lb` (an idle
  // GPU thread's range past the end of a partial tile): `ub - lb` would
  // wrap, and the partial loop from `lb + (ub - lb) / t * t` to `ub` would
  // then run once over another thread's points.
  Value top = arith::MaxUIOp::create(rewriter, loc, loop.getUpperBound(),
                                     loop.getLowerBound());
  Value span = arith::SubIOp::create(rewriter, loc, top, loop.getLowerBound());
  Value tiles = arith::DivUIOp::create(rewriter, loc, span, loop.getStep());
  Value full = arith::MulIOp::create(rewriter, loc, tiles, loop.getStep());
  Value mid = arith::AddIOp::create(rewriter, loc, loop.getLowerBound(), full);

  IRMapping mapping;
  auto fullLoop = cast<ForOp>(rewriter.clone(*loop, mapping));
  fullLoop.getUpperBoundMutable().assign(mid);
  auto fullEnd = cast<arith::MinUIOp>(mapping.lookup(end.getOperation()));
  Value sum = fullEnd.getLhs().getDefiningOp<arith::AddIOp>()
                  ? fullEnd.getLhs()
                  : fullEnd.getRhs();
  // In a full tile the end is the sum itself.
  if (!offsetFrom(sum, fullLoop.getInductionVar()))
    sum = sum == fullEnd.getLhs() ? fullEnd.getRhs() : fullEnd.getLhs();
  rewriter.replaceOp(fullEnd, sum);
  loop.getLowerBoundMutable().assign(mid);
  return fullLoop;
}

static void unroll(ForOp loop, int64_t trips, IRRewriter &rewriter) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Block &body = loop.getBody().front();
  for (int64_t k = 0; k < trips; ++k) {
    Value offset =
        arith::MulIOp::create(rewriter, loc, loop.getStep(),
                              arith::ConstantIndexOp::create(rewriter, loc, k));
    Value iv =
        arith::AddIOp::create(rewriter, loc, loop.getLowerBound(), offset);
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), iv);
    for (Operation &op : body)
      rewriter.clone(op, mapping);
  }
  rewriter.eraseOp(loop);
}

namespace {
struct UnrollPass : mdh_cl::impl::MDHCLUnrollBase<UnrollPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    Counts split, unrolled;

    // One loop at a time: splitting clones the loops nested in it, and
    // the clones in the full tiles are split in turn. Loops in a partial
    // tile are not split, which keeps the code linear in the nest depth.
    DenseSet<Operation *> done;
    while (true) {
      ForOp next;
      arith::MinUIOp end;
      getOperation()->walk([&](ForOp loop) {
        if (next || done.contains(loop))
          return;
        if ((end = findTileEnd(loop, maxTrips, maxOps)))
          next = loop;
      });
      if (!next)
        break;
      split.add(next);
      done.insert(splitFullTiles(next, end, rewriter));
      next.walk([&](ForOp inner) { done.insert(inner); });
    }

    // Innermost first, so that the size test of an outer loop sees its
    // unrolled body. Invariant code leaves the loops first: the size test
    // counts what unrolling copies, and the passes before this one create
    // code inside point loops that depends on enclosing indices only (the
    // first-contribution tests of AccumulateInRegisters).
    hoistLoopInvariants(getOperation());
    SmallVector<ForOp> loops;
    getOperation()->walk([&](ForOp loop) { loops.push_back(loop); });
    for (ForOp loop : loops) {
      std::optional<int64_t> trips = loop.getConstantTripCount();
      if (!trips || *trips > maxTrips)
        continue;
      int64_t ops = 0;
      loop.getBody().walk([&](Operation *) { ++ops; });
      if (*trips * ops > maxOps)
        continue;
      unrolled.add(loop);
      unroll(loop, *trips, rewriter);
    }
    split.finish(numSplit, report, getArgument(),
                 "tile loops split into full and partial tiles");
    unrolled.finish(numUnrolled, report, getArgument(), "loops fully unrolled");
  }
};
} // namespace
