//===- GPUWarpCombine.cpp - Combine trees within warps
//---------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The tree of a block's partial results (GPULowering::buildTree) as an
// expert writes it: each round loads one slot per thread into registers,
// combines the slots of a warp with `mdh_cl.shuffle down` (no shared memory,
// no barrier) and writes one result per warp group back in place; one
// barrier separates rounds. 256 parts of one position take two rounds and
// one barrier, where the shared-memory tree takes eight steps and seven
// barriers. docs/cl-ir.md, "Re-composition".
//
//===----------------------------------------------------------------------===//

#include "GPULoweringImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;

/// The fewest units of a position in a warp for which shuffles pay.
static constexpr int64_t kMinWarpUnits = 4;

bool GPULowering::buildWarpTree(ArrayRef<Value> buffers,
                                const CombineTree &tree, Value t,
                                int64_t numThreads) {
  // One split dimension (its slots in order), positions that tile a warp,
  // whole warps, and values a shuffle moves. A warp holds at least
  // kMinWarpUnits units of each position: with two, a round halves the
  // units as a step of the shared-memory tree does, with as many barriers.
  if (tree.units.size() != 1 || !llvm::isPowerOf2_64(tree.positions) ||
      tree.positions * kMinWarpUnits > kWarpLanes ||
      static_cast<int64_t>(llvm::PowerOf2Ceil(tree.units[0])) < kMinWarpUnits ||
      numThreads % kWarpLanes != 0)
    return false;
  for (Value buffer : buffers) {
    Type type = cast<MemRefType>(buffer.getType()).getElementType();
    if (!isa<IntegerType, FloatType>(type) || type.getIntOrFloatBitWidth() > 64)
      return false;
  }

  int64_t positions = tree.positions;
  SmallVector<Value> regs = createPartials({1}, mdh_cl::MemRegion::Register);
  Value zero = cst(0);
  // Round r combines `remaining` units; unit u stands for the slots
  // [u * stride, (u + 1) * stride) of the split dimension, whose result
  // slot u * stride holds. A prefix of the slots holds values (tree.valid),
  // so unit u holds one when slot u * stride does.
  int64_t remaining = tree.units[0], stride = 1;
  bool firstRound = true;
  while (remaining > 1) {
    if (!firstRound)
      mdh_cl::BarrierOp::create(b, loc);
    firstRound = false;
    // Units per warp group: the lanes of a group are consecutive items.
    int64_t span =
        std::min<int64_t>(kWarpLanes / positions,
                          static_cast<int64_t>(llvm::PowerOf2Ceil(remaining)));
    int64_t work = remaining * positions;
    int64_t rounds = llvm::divideCeil(work, numThreads);
    {
      OpBuilder::InsertionGuard guard(b);
      // Item w = (unit, position), the position fastest; every thread runs
      // every shuffle, so the loop bounds are the same on every thread.
      Value w = t;
      if (rounds > 1)
        w = add(mul(beginFor(zero, cst(rounds), cst(1)), cst(numThreads)), t);
      Value u = positions == 1 ? w : div(w, cst(positions));
      Value p = positions == 1 ? zero : rem(w, cst(positions));
      std::pair<SmallVector<Value>, Value> at = tree.locate(p);
      Value slot = mul(u, cst(stride));
      SmallVector<Value> index(tree.lead);
      index.push_back(slot);
      llvm::append_range(index, at.first);

      // Whether unit `v` of position p holds a value. The units that do
      // are a prefix (tree.valid), so a unit that holds none receives none
      // either, and a unit whose source holds a value holds one itself: no
      // flag travels with the values, and the first operand always holds
      // one.
      auto holds = [&](Value v) {
        Value ok = boolean(true);
        if (work != rounds * numThreads)
          ok = lt(v, cst(remaining));
        if (at.second)
          ok = andI(ok, at.second);
        if (tree.valid)
          ok = andI(ok, tree.valid(0, mul(v, cst(stride))));
        return ok;
      };
      Value ok = holds(u);
      {
        OpBuilder::InsertionGuard inner(b);
        beginGuard(ok);
        for (auto [buffer, reg] : llvm::zip_equal(buffers, regs))
          memref::StoreOp::create(
              b, loc, memref::LoadOp::create(b, loc, buffer, index), reg, zero);
      }
      for (int64_t off = 1; off < span; off *= 2) {
        // Unit u (a multiple of 2 * off) combines unit u + off of its
        // group, the lower unit the left operand.
        SmallVector<Value> got =
            llvm::map_to_vector(loadAll(regs, zero), [&](Value v) {
              return shuffle(mdh_cl::ShuffleMode::Down, v, off * positions);
            });
        Value take =
            andI(eq(rem(u, cst(2 * off)), zero), holds(add(u, cst(off))));
        OpBuilder::InsertionGuard inner(b);
        beginGuard(take);
        accumulate(got, regs, {zero}, boolean(false));
      }
      // The first unit of each group holds the group's result.
      beginGuard(andI(ok, eq(rem(u, cst(span)), zero)));
      for (auto [buffer, reg] : llvm::zip_equal(buffers, regs))
        memref::StoreOp::create(
            b, loc, memref::LoadOp::create(b, loc, reg, zero), buffer, index);
    }
    stride *= span;
    remaining = llvm::divideCeil(remaining, span);
  }
  return true;
}
