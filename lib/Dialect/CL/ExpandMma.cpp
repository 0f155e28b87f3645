//===- ExpandMma.cpp - mdh_cl.mma as each lane's own arithmetic -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The reference semantics of `mdh_cl.mma`: lane l of the warp adds to its
// four accumulators (l / 4 + 8 * (e / 2), 2 * (l % 4) + e % 2) the 16
// products along k, read from A and B where they are. Nothing is
// exchanged between lanes, so the result is plain per-thread code that
// every GPU path and the CPU emulation run (without tensor cores).
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::mdh_cl;

Value mdh_cl::linearThreadId(OpBuilder &b, Location loc, Operation *op) {
  SmallVector<ParForOp, 3> loops;
  for (auto p = op->getParentOfType<ParForOp>();
       p && p.getLayer() == Layer::Threads; p = p->getParentOfType<ParForOp>())
    loops.push_back(p);
  std::array<Value, 3> ivs;
  std::array<Value, 3> counts;
  for (ParForOp p : loops) {
    unsigned h = static_cast<unsigned>(p.getDim());
    ivs[h] = p.getInductionVar();
    counts[h] = p.getUpperBound();
  }
  Value id = arith::ConstantIndexOp::create(b, loc, 0);
  for (unsigned h = 3; h-- > 0;) {
    if (!ivs[h])
      continue;
    id = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, id, counts[h]), ivs[h]);
  }
  return id;
}

void mdh_cl::expandMma(MmaOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  Value lane =
      arith::RemUIOp::create(b, loc, linearThreadId(b, loc, op), cst(32));
  Value g = arith::DivUIOp::create(b, loc, lane, cst(4));
  Value t = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, lane, cst(4)), cst(2));
  // Element (r, c) of A or B at the op's indices, with its transposition.
  auto at = [&](Value memref, ValueRange base, bool transposed, Value r,
                Value c) -> SmallVector<Value> {
    SmallVector<Value> idx(base);
    unsigned ri = idx.size() - 2, ci = idx.size() - 1;
    if (transposed)
      std::swap(ri, ci);
    idx[ri] = add(idx[ri], r);
    idx[ci] = add(idx[ci], c);
    return idx;
  };
  for (int64_t e = 0; e < 4; ++e) {
    Value row = add(g, cst(8 * (e / 2)));
    Value col = add(t, cst(e % 2));
    SmallVector<Value> accIdx(op.getAccIndices());
    accIdx.back() = add(accIdx.back(), cst(e));
    Value init = memref::LoadOp::create(b, loc, op.getAcc(), accIdx);
    auto loop = scf::ForOp::create(b, loc, cst(0), cst(16), cst(1), init);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value x = memref::LoadOp::create(
        b, loc, op.getLhs(),
        at(op.getLhs(), op.getLhsIndices(), op.getLhsTransposed(), row, k));
    Value y = memref::LoadOp::create(
        b, loc, op.getRhs(),
        at(op.getRhs(), op.getRhsIndices(), op.getRhsTransposed(), k, col));
    Type f32 = b.getF32Type();
    Value p =
        arith::MulFOp::create(b, loc, arith::ExtFOp::create(b, loc, f32, x),
                              arith::ExtFOp::create(b, loc, f32, y));
    Value sum = arith::AddFOp::create(b, loc, loop.getRegionIterArgs()[0], p);
    scf::YieldOp::create(b, loc, sum);
    b.setInsertionPointAfter(loop);
    memref::StoreOp::create(b, loc, loop.getResult(0), op.getAcc(), accIdx);
  }
  op.erase();
}
