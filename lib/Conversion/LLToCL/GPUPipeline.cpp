//===- GPUPipeline.cpp - Multi-buffered shared tiles ----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// With `stages` S > 1 (docs/tuning-parameters.md, "Stages") the shared
// copies of a block keep S tiles, one after another along the buffer's
// first dimension, and a sequence of tiles runs as a pipeline:
//
//   barrier; copy tile 0 into stage 0
//   for each tile t:
//     barrier
//     copy tile t + 1 into stage (t + 1) % S, if there is one
//     compute on stage t % S
//
// One barrier per tile: past the barrier of tile t every thread has
// finished computing on tile t - 1, whose stage the copies of tile t + 1
// overwrite, and has copied its part of tile t. In CUDA the 128-bit copies
// are cp.async, waited for before the next barrier, so they overlap the
// computation on tile t. The loop runs S tiles per iteration: every stage
// is then a constant, and so are the shared addresses' offsets.
//
// The tensor-core schedules pipeline their whole tiles of k, S per
// iteration (pipelineTiles, GPUMma.cpp). The others pipeline the innermost
// dimension of level 1's order that their blocks walk in several shared
// tiles (pipelinedDim) in the loop they have with one stage, the stage of
// tile t being t % S (buildPipelinedTiles): AccumulateInRegisters keeps a
// contraction's partial results in registers across that loop of a
// reduction's tiles, and not across a loop that runs S tiles per trip.
//
//===----------------------------------------------------------------------===//

#include "GPULoweringImpl.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;

void GPULowering::pipelineTiles(int64_t count, int64_t stages,
                                function_ref<void(Value, int64_t)> copy,
                                function_ref<void(Value, int64_t)> compute) {
  assert(count >= 2 && stages >= 2 && "a pipeline of several tiles");
  OpBuilder::InsertionGuard guard(b);
  // Another tile of an enclosing loop may still be computed on.
  mdh_cl::BarrierOp::create(b, loc);
  {
    OpBuilder::InsertionGuard inner(b);
    copy(cst(0), 0);
  }
  // Tile `t` on stage `stage`; `next`: whether tile t + 1 exists (null:
  // it does).
  auto step = [&](Value t, int64_t stage, Value next) {
    mdh_cl::BarrierOp::create(b, loc);
    {
      OpBuilder::InsertionGuard inner(b);
      if (next)
        beginIf(next);
      copy(add(t, cst(1)), (stage + 1) % stages);
    }
    OpBuilder::InsertionGuard inner(b);
    compute(t, stage);
  };
  int64_t rounds = count / stages, rest = count % stages;
  {
    OpBuilder::InsertionGuard inner(b);
    Value t0 = mul(beginFor(cst(0), cst(rounds), cst(1)), cst(stages));
    for (int64_t st = 0; st < stages; ++st) {
      // Only the last tile of the last round may have no successor.
      Value next = st + 1 == stages && rest == 0
                       ? lt(add(t0, cst(stages)), cst(count))
                       : Value();
      step(add(t0, cst(st)), st, next);
    }
  }
  for (int64_t r = 0; r < rest; ++r) {
    int64_t t = rounds * stages + r;
    if (t + 1 < count) {
      step(cst(t), r, Value());
      continue;
    }
    mdh_cl::BarrierOp::create(b, loc);
    OpBuilder::InsertionGuard inner(b);
    compute(cst(t), r);
  }
}

std::optional<unsigned> GPULowering::pipelinedDim() {
  // The innermost dimension of the order with several tiles per block: the
  // loops inside it run once.
  for (unsigned d : llvm::reverse(c.orders[1]))
    if (c.tiles[1][d] < c.tiles[0][d])
      return d;
  return std::nullopt;
}

bool GPULowering::pipelines() {
  std::optional<unsigned> d = pipelinedDim();
  return sharedStages > 1 && d &&
         llvm::divideCeil(c.tiles[0][*d], c.tiles[1][*d]) >= 2;
}

SmallVector<Value> GPULowering::placeSharedTile(unsigned i, ArrayRef<Value> lo1,
                                                ArrayRef<Value> hi1,
                                                Value stage) {
  SmallVector<Value> boxSizes;
  // Each version of the block's code has its own offsets.
  shared[i].offsets.clear();
  buildBox(b, loc, boxes[i], lo1, hi1, shared[i].offsets, boxSizes);
  shared[i].stageOffset =
      stage ? mul(stage, cst(shared[i].stageRows)) : Value();
  return boxSizes;
}

void GPULowering::copySharedTiles(ArrayRef<Value> lo1, ArrayRef<Value> hi1,
                                  Value stage) {
  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    if (!shared[i].buffer)
      continue;
    // The box first: it sets the offsets.
    SmallVector<Value> boxSizes = placeSharedTile(i, lo1, hi1, stage);
    cooperativeCopy(in, shared[i].offsets, boxSizes, shared[i]);
  }
}

void GPULowering::buildPipelinedTiles(
    ArrayRef<Value> blockHi, SmallVector<Value> lo1, SmallVector<Value> hi1,
    ArrayRef<bool> exact1, ArrayRef<bool> exact2, ArrayRef<bool> exact3) {
  // One loop over the block's tiles along d, as with one stage (so that the
  // CL-IR optimizations see the same loop of a reduction's tiles and keep
  // the partial results in registers across it), the stage of tile t being
  // t % S; a partial last tile is one more trip.
  OpBuilder::InsertionGuard guard(b);
  unsigned d = *pipelinedDim();
  int64_t t1 = c.tiles[1][d];
  auto tile = [&](Value lo) {
    lo1[d] = lo;
    hi1[d] = exact1[d] ? add(lo, cst(t1)) : min(add(lo, cst(t1)), blockHi[d]);
  };
  // Another tile of an enclosing loop may still be computed on.
  mdh_cl::BarrierOp::create(b, loc);
  tile(lo0[d]);
  copySharedTiles(lo1, hi1, cst(0));
  Value k1 = beginFor(lo0[d], blockHi[d], cst(t1));
  Value stage = rem(div(sub(k1, lo0[d]), cst(t1)), cst(sharedStages));
  mdh_cl::BarrierOp::create(b, loc);
  {
    OpBuilder::InsertionGuard inner(b);
    Value next = add(k1, cst(t1));
    beginIf(lt(next, blockHi[d]));
    tile(next);
    copySharedTiles(lo1, hi1, rem(add(stage, cst(1)), cst(sharedStages)));
  }
  // The readers' offsets: the tile's box in its stage.
  tile(k1);
  for (unsigned i = 0, e = s.getIns().size(); i < e; ++i)
    if (shared[i].buffer)
      placeSharedTile(i, lo1, hi1, stage);
  buildThreadTiles(lo1, hi1, exact2, exact3);
}
