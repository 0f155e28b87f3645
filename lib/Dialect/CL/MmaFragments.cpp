//===- MmaFragments.cpp - The lanes' parts of mdh_cl.mma -----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The lane's part of `mdh_cl.mma` (include/mdh/Dialect/CL/MmaFragments.h),
// and its reference semantics (expandMma): lane l of the warp adds to its
// four accumulators (l / 4 + 8 * (e / 2), 2 * (l % 4) + e % 2) (mma.sync;
// MFMA: (4 * (l / 16) + e, l % 16) of 64 lanes) the K products along k (16;
// 8 of f32 elements rounded to TF32 for m16n8k8),
// read from A and B where they are. Nothing is exchanged between lanes, so
// the result is plain per-thread code that every GPU path and the CPU
// emulation run (without tensor cores).
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MmaFragments.h"

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

MmaShapeDims mdh_cl::getMmaShapeDims(MmaShape shape) {
  switch (shape) {
  case MmaShape::M16N8K16:
    return {8, 16, 32, false};
  case MmaShape::M16N8K8:
    return {8, 8, 32, false};
  case MmaShape::M16N16K16:
    return {16, 16, 64, true};
  }
  llvm_unreachable("unknown mma shape");
}

std::pair<Value, Value> mdh_cl::mmaAccumulatorPosition(OpBuilder &b,
                                                       Location loc,
                                                       MmaShape shape,
                                                       Value lane, Value e) {
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  auto mul = [&](Value x, int64_t y) -> Value {
    return arith::MulIOp::create(b, loc, x, cst(y));
  };
  auto div = [&](Value x, int64_t y) -> Value {
    return arith::DivUIOp::create(b, loc, x, cst(y));
  };
  auto rem = [&](Value x, int64_t y) -> Value {
    return arith::RemUIOp::create(b, loc, x, cst(y));
  };
  if (getMmaShapeDims(shape).mfma)
    return {add(mul(div(lane, 16), 4), e), rem(lane, 16)};
  return {add(div(lane, 4), mul(div(e, 2), 8)),
          add(mul(rem(lane, 4), 2), rem(e, 2))};
}

SmallVector<Value> mdh_cl::mmaAccumulatorIndices(OpBuilder &b, MmaOp op,
                                                 int64_t e) {
  SmallVector<Value> idx(op.getAccIndices());
  idx.back() =
      arith::AddIOp::create(b, op.getLoc(), idx.back(),
                            arith::ConstantIndexOp::create(b, op.getLoc(), e));
  return idx;
}

SmallVector<MmaOp> mdh_cl::splitMmaTiles(MmaOp op) {
  if (!op.getTiles())
    return {op};
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto plus = [&](Value v, int64_t c) -> Value {
    if (c == 0)
      return v;
    return arith::AddIOp::create(b, loc, v,
                                 arith::ConstantIndexOp::create(b, loc, c));
  };
  // Adds `offset` to the row (`rowDim`) or column index of an operand.
  auto shifted = [&](ValueRange base, bool transposed, bool rowDim,
                     int64_t offset) {
    SmallVector<Value> idx(base);
    size_t pos = idx.size() - ((rowDim != transposed) ? 2 : 1);
    idx[pos] = plus(idx[pos], offset);
    return idx;
  };
  int64_t n = getMmaShapeDims(op.getShape()).n;
  SmallVector<MmaOp> ops;
  for (int64_t i = 0; i < op.getTilesM(); ++i) {
    for (int64_t j = 0; j < op.getTilesN(); ++j) {
      SmallVector<Value> acc(op.getAccIndices());
      acc[acc.size() - 3] = plus(acc[acc.size() - 3], i);
      acc[acc.size() - 2] = plus(acc[acc.size() - 2], j);
      ops.push_back(MmaOp::create(
          b, loc, op.getShape(), /*tiles=*/nullptr, op.getLhs(),
          shifted(op.getLhsIndices(), op.getLhsTransposed(), true, 16 * i),
          op.getLhsTransposed(), op.getRhs(),
          shifted(op.getRhsIndices(), op.getRhsTransposed(), false, n * j),
          op.getRhsTransposed(), op.getAcc(), acc));
    }
  }
  op.erase();
  return ops;
}

Value mdh_cl::buildLaneId(OpBuilder &b, MmaOp op) {
  Location loc = op.getLoc();
  int64_t width = getMmaShapeDims(op.getShape()).lanes;
  return arith::RemUIOp::create(b, loc, linearThreadId(b, loc, op),
                                arith::ConstantIndexOp::create(b, loc, width));
}

MmaLane mdh_cl::buildMmaLane(OpBuilder &b, MmaOp op) {
  Location loc = op.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value lane = buildLaneId(b, op);
  return {arith::DivUIOp::create(b, loc, lane, cst(4)),
          arith::MulIOp::create(
              b, loc, arith::RemUIOp::create(b, loc, lane, cst(4)), cst(2))};
}

SmallVector<Value> mdh_cl::mmaElementIndices(OpBuilder &b, Location loc,
                                             ValueRange base, bool transposed,
                                             Value row, Value col) {
  SmallVector<Value> idx(base);
  unsigned r = idx.size() - 2, c = idx.size() - 1;
  if (transposed)
    std::swap(r, c);
  idx[r] = arith::AddIOp::create(b, loc, idx[r], row);
  idx[c] = arith::AddIOp::create(b, loc, idx[c], col);
  return idx;
}

bool mdh_cl::isProvablyMultipleOf(Value v, int64_t n) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return *c % n == 0;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto loop = dyn_cast_or_null<ForOp>(arg.getOwner()->getParentOp());
    return loop && isProvablyMultipleOf(loop.getLowerBound(), n) &&
           isProvablyMultipleOf(loop.getStep(), n);
  }
  Operation *def = v.getDefiningOp();
  if (isa_and_nonnull<arith::MulIOp>(def))
    return isProvablyMultipleOf(def->getOperand(0), n) ||
           isProvablyMultipleOf(def->getOperand(1), n);
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
    return isProvablyMultipleOf(def->getOperand(0), n) &&
           isProvablyMultipleOf(def->getOperand(1), n);
  return false;
}

bool mdh_cl::mmaRunsAreAligned(Value memref, ValueRange indices,
                               bool kInnermost, int64_t n) {
  auto type = cast<MemRefType>(memref.getType());
  auto buffer = memref.getDefiningOp<BufferOp>();
  return kInnermost && buffer && buffer.getRegion() == MemRegion::Shared &&
         type.getLayout().isIdentity() && type.getShape().back() % n == 0 &&
         isProvablyMultipleOf(indices.back(), n);
}

Value mdh_cl::roundToTF32(OpBuilder &b, Location loc, Value x) {
  // To nearest, ties away from zero: add half a TF32 unit in the last place
  // to the magnitude bits and clear the 13 dropped ones. Infinities stay;
  // NaNs, whose payload the rounding could clear, are kept as they are.
  Type i32 = b.getI32Type();
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  Value bits = arith::BitcastOp::create(b, loc, i32, x);
  Value rounded = arith::AndIOp::create(
      b, loc, arith::AddIOp::create(b, loc, bits, c(0x1000)),
      c(static_cast<int32_t>(0xFFFFE000u)));
  Value y = arith::BitcastOp::create(b, loc, x.getType(), rounded);
  Value nan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(b, loc, nan, x, y);
}

/// The reference semantics of one product (no `tiles`).
static void expandOne(MmaOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  bool tf32 = op.getShape() == MmaShape::M16N8K8;
  Value lane = buildLaneId(b, op);
  for (int64_t e = 0; e < 4; ++e) {
    auto [row, col] =
        mmaAccumulatorPosition(b, loc, op.getShape(), lane, cst(e));
    SmallVector<Value> accIdx = mmaAccumulatorIndices(b, op, e);
    Value init = memref::LoadOp::create(b, loc, op.getAcc(), accIdx);
    auto loop = scf::ForOp::create(
        b, loc, cst(0), cst(getMmaShapeDims(op.getShape()).k), cst(1), init);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value x = memref::LoadOp::create(
        b, loc, op.getLhs(),
        mmaElementIndices(b, loc, op.getLhsIndices(), op.getLhsTransposed(),
                          row, k));
    Value y = memref::LoadOp::create(
        b, loc, op.getRhs(),
        mmaElementIndices(b, loc, op.getRhsIndices(), op.getRhsTransposed(), k,
                          col));
    Type f32 = b.getF32Type();
    Value p = tf32 ? arith::MulFOp::create(b, loc, roundToTF32(b, loc, x),
                                           roundToTF32(b, loc, y))
                   : arith::MulFOp::create(
                         b, loc, arith::ExtFOp::create(b, loc, f32, x),
                         arith::ExtFOp::create(b, loc, f32, y));
    Value sum = arith::AddFOp::create(b, loc, loop.getRegionIterArgs()[0], p);
    scf::YieldOp::create(b, loc, sum);
    b.setInsertionPointAfter(loop);
    memref::StoreOp::create(b, loc, loop.getResult(0), op.getAcc(), accIdx);
  }
  op.erase();
}

void mdh_cl::expandMma(MmaOp tiled) {
  for (MmaOp op : splitMmaTiles(tiled))
    expandOne(op);
}
