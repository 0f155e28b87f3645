//===- PadRegisterTiles.cpp - Constant trip counts over register tiles ----===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A loop over a register tile whose trip count is at most a constant runs
// that constant number of times, the body guarded by the original bound;
// copies into register buffers run over the buffer's shape, guarded by the
// copy's sizes. After unrolling, every index into a register buffer is a
// constant, which GPU compilers need to keep the buffer in registers.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"
#include "LoopBounds.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLPADREGISTERTILES
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

/// The constant trip count `loop` is padded to, if it is padded: step 1,
/// at most 2 to `maxTrips` trips but not a known number, a register buffer
/// used inside, no barrier.
static std::optional<int64_t> paddedTrips(ForOp loop, int64_t maxTrips) {
  if (getConstantIntValue(loop.getStep()) != 1 || loop.getConstantTripCount())
    return std::nullopt;
  std::optional<int64_t> span =
      spanBound(loop.getLowerBound(), loop.getUpperBound());
  if (!span || *span < 2 || *span > maxTrips)
    return std::nullopt;
  if (!loop.isOverRegisterTile())
    return std::nullopt;
  return span;
}

/// `for j = 0 to trips { i = lb + j; if (i < ub) body(i) }`.
static void padLoop(ForOp loop, int64_t trips, IRRewriter &rewriter) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value end = arith::ConstantIndexOp::create(rewriter, loc, trips);
  auto padded = ForOp::create(rewriter, loc, zero, end, loop.getStep());
  Block *body = rewriter.createBlock(&padded.getBody(), {},
                                     {rewriter.getIndexType()}, {loc});
  rewriter.setInsertionPointToStart(body);
  Value index = arith::AddIOp::create(rewriter, loc, loop.getLowerBound(),
                                      body->getArgument(0));
  Value inside = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                       index, loop.getUpperBound());
  auto guard = scf::IfOp::create(rewriter, loc, inside,
                                 /*withElseRegion=*/false);
  rewriter.inlineBlockBefore(&loop.getBody().front(),
                             guard.thenBlock()->getTerminator(), {index});
  rewriter.eraseOp(loop);
}

/// The copy as loops over the destination's shape, each guarded by the
/// copy's size in its dimension.
static void padCopy(CopyOp copy, IRRewriter &rewriter) {
  Location loc = copy.getLoc();
  auto destType = cast<MemRefType>(copy.getDest().getType());
  int64_t rank = destType.getRank();
  // Source dimension d is destination dimension `destDim(d)`.
  auto destDim = [&](int64_t d) { return tileDim(copy.getLayout(), d, rank); };
  rewriter.setInsertionPoint(copy);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> extents, counters;
  for (int64_t d = 0; d < rank; ++d)
    extents.push_back(arith::ConstantIndexOp::create(
        rewriter, loc, destType.getDimSize(destDim(d))));
  for (int64_t d = 0; d < rank; ++d) {
    auto loop = ForOp::create(rewriter, loc, zero, extents[d], one);
    Block *body = rewriter.createBlock(&loop.getBody(), {},
                                       {rewriter.getIndexType()}, {loc});
    rewriter.setInsertionPointToStart(body);
    Value counter = body->getArgument(0);
    Value inside = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, counter, copy.getSizes()[d]);
    auto guard = scf::IfOp::create(rewriter, loc, inside,
                                   /*withElseRegion=*/false);
    rewriter.setInsertionPoint(guard.thenBlock()->getTerminator());
    counters.push_back(counter);
  }
  SmallVector<Value> source, dest(rank);
  for (int64_t d = 0; d < rank; ++d) {
    source.push_back(arith::AddIOp::create(rewriter, loc, copy.getOffsets()[d],
                                           counters[d]));
    dest[destDim(d)] = counters[d];
  }
  Value value = memref::LoadOp::create(rewriter, loc, copy.getSource(), source);
  if (value.getType() != destType.getElementType())
    value =
        arith::ExtFOp::create(rewriter, loc, destType.getElementType(), value);
  memref::StoreOp::create(rewriter, loc, value, copy.getDest(), dest);
  rewriter.eraseOp(copy);
}

namespace {
struct PadRegisterTilesPass
    : mdh_cl::impl::MDHCLPadRegisterTilesBase<PadRegisterTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    Counts copies, loops;
    SmallVector<CopyOp> registerCopies;
    getOperation()->walk([&](CopyOp copy) {
      // Panels serve the CPU's packed tiles (no register copies there).
      if (isRegisterBuffer(copy.getDest()) &&
          copy.getLayout() != Layout::Panels)
        registerCopies.push_back(copy);
    });
    for (CopyOp copy : registerCopies) {
      copies.add(copy);
      padCopy(copy, rewriter);
    }
    // The decisions first: padding moves bodies, not the loops inside.
    SmallVector<std::pair<ForOp, int64_t>> padded;
    getOperation()->walk([&](ForOp loop) {
      if (std::optional<int64_t> trips = paddedTrips(loop, maxTrips))
        padded.push_back({loop, *trips});
    });
    for (auto [loop, trips] : padded) {
      loops.add(loop);
      padLoop(loop, trips, rewriter);
    }
    loops.finish(numLoops, report, getArgument(), "register-tile loops padded");
    copies.finish(numCopies, report, getArgument(),
                  "copies into register buffers padded");
  }
};
} // namespace
