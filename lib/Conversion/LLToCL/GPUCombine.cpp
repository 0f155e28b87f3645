//===- GPUCombine.cpp - Re-composition in the GPU lowering ----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The re-composition of partial results of GPU schedules (docs/cl-ir.md,
// "GPU schedules", "Re-composition") that the host lowering does not share:
// the combine of the threads' parts at the end of the main kernel and the
// combine phase of the blocks' parts, both as block-wide trees (in shared
// memory, or within warps: GPUWarpCombine.cpp) where there are fewer
// positions than threads. The scans of ps dimensions: GPUScan.cpp. The
// order of the phases and the final writes are
// ScheduleLowering::buildRecomposition.
//
//===----------------------------------------------------------------------===//

#include "GPULoweringImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;

void GPULowering::beginGuard(Value cond) {
  if (cond && !matchPattern(cond, m_One()))
    beginIf(cond);
}

SmallVector<Value> GPULowering::unflatten(Value w, ArrayRef<int64_t> extents) {
  SmallVector<Value> idx(extents.size());
  auto outer = llvm::find_if(extents, [](int64_t n) { return n > 1; });
  for (unsigned k = extents.size(); k-- > 0;) {
    if (extents[k] == 1) {
      idx[k] = cst(0);
    } else if (k == outer - extents.begin()) {
      idx[k] = w;
    } else {
      idx[k] = rem(w, cst(extents[k]));
      w = div(w, cst(extents[k]));
    }
  }
  return idx;
}

void GPULowering::buildTree(ArrayRef<Value> buffers, const CombineTree &tree,
                            Value t, int64_t numThreads) {
  assert(tree.positions <= numThreads && "final slots owned by threads");
  if (buildWarpTree(buffers, tree, t, numThreads))
    return;
  // A step combines slot `m * spacing + offset` into slot `m * spacing`
  // for m < pairs. A builtin operator is commutative: halving offsets, so
  // that the active slots are consecutive (no bank conflicts, whole warps
  // idle). A custom one gets doubling offsets instead, whose pairs combine
  // neighbouring ranges in slot order: only associativity is assumed.
  struct Step {
    int64_t pairs, spacing, offset;
  };
  auto stepsOf = [&](int64_t units) {
    SmallVector<Step> steps;
    if (reduction.getCustom()) {
      for (int64_t s = 1; s < units; s *= 2)
        steps.push_back(
            {static_cast<int64_t>(llvm::divideCeil(units - s, 2 * s)), 2 * s,
             s});
      return steps;
    }
    for (int64_t n = units; n > 1;) {
      int64_t h = static_cast<int64_t>(llvm::PowerOf2Ceil(n)) / 2;
      steps.push_back({n - h, 1, h});
      n = h;
    }
    return steps;
  };
  unsigned rank = tree.units.size();
  SmallVector<unsigned> dims = llvm::to_vector(llvm::seq(rank));
  bool firstStep = true;
  for (unsigned k = rank; k-- > 0;) {
    for (Step step : stepsOf(tree.units[k])) {
      // Every slot read in this step was written by the previous one.
      if (!firstStep)
        mdh_cl::BarrierOp::create(b, loc);
      firstStep = false;
      OpBuilder::InsertionGuard guard(b);
      // Work items (outer coordinates, pair, position), the position
      // fastest, dealt to the threads. Outer dimensions are not reduced
      // yet, inner ones are (into coordinate 0).
      SmallVector<int64_t> extents(tree.units.begin(), tree.units.begin() + k);
      extents.push_back(step.pairs);
      extents.push_back(tree.positions);
      int64_t work = computeProduct(extents);
      Value w = t;
      if (work < numThreads)
        beginIf(lt(t, cst(work)));
      else if (work > numThreads)
        w = beginFor(t, cst(work), cst(numThreads));
      SmallVector<Value> idx = unflatten(w, extents);
      std::pair<SmallVector<Value>, Value> at = tree.locate(idx.back());
      Value cond = at.second ? at.second : boolean(true);
      SmallVector<Value> to(idx.begin(), idx.begin() + k);
      to.push_back(mul(idx[k], cst(step.spacing)));
      to.append(rank - k - 1, cst(0));
      SmallVector<Value> from(to);
      from[k] = add(to[k], cst(step.offset));
      // (from[k] < units[k] by the number of pairs; `to` holds a value
      // where `from` does.)
      if (tree.valid) {
        for (unsigned j = 0; j < k; ++j)
          cond = andI(cond, tree.valid(j, to[j]));
        cond = andI(cond, tree.valid(k, from[k]));
      }
      beginGuard(cond);
      auto index = [&](ArrayRef<Value> coords) {
        SmallVector<Value> indices(tree.lead);
        indices.push_back(linearize(dims, coords, tree.units));
        llvm::append_range(indices, at.first);
        return indices;
      };
      carry(buffers, index(from), index(to));
    }
  }
}

GPULowering::BlockPosition GPULowering::blockPosition(Value q) {
  BlockPosition pos;
  pos.local = unflatten(q, localExtent);
  pos.inRange = boolean(true);
  for (auto [k, d] : llvm::enumerate(keepDims)) {
    Value g;
    if (!blocks.strided) {
      g = add(lo0[d], pos.local[k]);
      pos.inRange = andI(pos.inRange, lt(g, hi0[d]));
    } else {
      Value t1 = cst(c.tiles[1][d]);
      g = add(
          add(mul(div(pos.local[k], t1), cst(blocks.units[d] * c.tiles[1][d])),
              mul(blk[d], t1)),
          rem(pos.local[k], t1));
      pos.inRange = andI(pos.inRange, lt(g, cst(sizes[d])));
    }
    pos.keep.push_back(g);
  }
  return pos;
}

void GPULowering::buildThreadCombine() {
  // Every thread's partial results are written.
  mdh_cl::BarrierOp::create(b, loc);
  SmallVector<Value> lead;
  if (blockLinear)
    lead.push_back(blockLinear);
  auto partIndex = [&](Value part, ArrayRef<Value> local) {
    SmallVector<Value> indices(lead);
    indices.push_back(part);
    llvm::append_range(indices, local);
    return indices;
  };
  // The parts of threads idle in the block's first shared tile carry no
  // value: coordinate `coord` of split dimension k is valid when its
  // threads' first index lies in that tile.
  auto valid = [&](unsigned k, Value coord) {
    unsigned d = threads.splitPW[k];
    Value step = cst(threads.strided ? c.tiles[3][d] : c.tiles[2][d]);
    return lt(add(f1[d], mul(coord, step)), h1[d]);
  };
  // Stores the result of position `pos` (in range) from part 0.
  auto finish = [&](const BlockPosition &pos) {
    SmallVector<Value> from = partIndex(cst(0), pos.local);
    if (!viaDevice) {
      writeOutputs(blockPartials, from, pos.keep);
      return;
    }
    for (auto [part, to] : llvm::zip_equal(blockPartials, devicePartials)) {
      Value v = memref::LoadOp::create(b, loc, part, from);
      memref::StoreOp::create(b, loc, v, to, deviceIndex(mainPart, pos.keep));
    }
  };
  SmallVector<int64_t> extents = llvm::map_to_vector(
      threads.splitPW, [&](unsigned d) { return threads.units[d]; });
  int64_t positions = computeProduct(localExtent);
  int64_t blockThreads = computeProduct(threadGrid.count);

  if (positions >= blockThreads) {
    // Enough positions for every thread: each combines the parts of its
    // positions in order.
    Value q = beginFor(tid, cst(positions), numThreads);
    BlockPosition pos = blockPosition(q);
    beginGuard(pos.inRange);
    {
      OpBuilder::InsertionGuard guard(b);
      Value p = beginFor(cst(1), cst(threads.parts), cst(1));
      SmallVector<Value> coords = delinearize(p, extents);
      Value ok = boolean(true);
      for (auto [k, coord] : llvm::enumerate(coords))
        ok = andI(ok, valid(k, coord));
      beginIf(ok);
      carry(blockPartials, partIndex(p, pos.local),
            partIndex(cst(0), pos.local));
    }
    finish(pos);
    return;
  }

  // Fewer positions than threads: a tree, several threads per position.
  CombineTree tree;
  tree.units = extents;
  tree.positions = positions;
  tree.lead = lead;
  auto locate = [&](Value q) -> std::pair<SmallVector<Value>, Value> {
    BlockPosition pos = blockPosition(q);
    return {pos.local, pos.inRange};
  };
  tree.locate = locate;
  tree.valid = valid;
  buildTree(blockPartials, tree, tid, blockThreads);
  beginIf(lt(tid, cst(positions)));
  BlockPosition pos = blockPosition(tid);
  beginGuard(pos.inRange);
  finish(pos);
}

void GPULowering::buildPartsCombine(bool write) {
  int64_t parts = blocks.parts, positions = keptPositions;
  int64_t perPosition = std::min<int64_t>(
      {kPositionThreads, static_cast<int64_t>(llvm::PowerOf2Ceil(parts)),
       static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(
           std::max<int64_t>(1, kCombineTreeThreads / positions))))});
  if (perPosition == 1) {
    ScheduleLowering::buildPartsCombine(write);
    return;
  }
  // Each block holds perBlock positions; thread t works on slot
  // t / perBlock of position t % perBlock: consecutive threads read
  // consecutive positions.
  int64_t perBlock = std::min(kPositionThreads / perPosition, positions);
  int64_t blockThreads = perPosition * perBlock;
  int64_t numBlocks = llvm::divideCeil(positions, perBlock);
  beginPhase("combine");
  Grid g;
  g.count = {numBlocks, 1, 1};
  emitLoops(g, mdh_cl::Layer::Blocks);
  SmallVector<Value> slots =
      createPartials({perPosition, perBlock}, mdh_cl::MemRegion::Shared);
  Grid t;
  t.count = {blockThreads, 1, 1};
  emitLoops(t, mdh_cl::Layer::Threads);
  Value tx = t.ivs[0];
  Value first = mul(g.ivs[0], cst(perBlock));
  auto locate = [&](Value l) -> std::pair<SmallVector<Value>, Value> {
    Value inRange;
    if (numBlocks * perBlock != positions)
      inRange = lt(add(first, l), cst(positions));
    return {{l}, inRange};
  };

  // Each thread combines its share of the parts into its slot: a builtin
  // operator is commutative, so the share is strided (consecutive slots
  // read consecutive parts); a custom one gets a contiguous range of parts
  // in order, so that only associativity is assumed.
  SmallVector<Value> slotAndPosition = unflatten(tx, {perPosition, perBlock});
  Value slot = slotAndPosition[0], l = slotAndPosition[1];
  Value inRange = locate(l).second;
  SmallVector<Value> keep = delinearize(add(first, l), keptSizes);
  int64_t chunk = llvm::divideCeil(parts, perPosition);
  bool strided = !reduction.getCustom();
  int64_t filled =
      strided ? std::min(parts, perPosition) : llvm::divideCeil(parts, chunk);
  {
    OpBuilder::InsertionGuard guard(b);
    Value cond = inRange ? inRange : boolean(true);
    if (filled < perPosition)
      cond = andI(cond, lt(slot, cst(filled)));
    beginGuard(cond);
    SmallVector<Value> to = {slot, l};
    if (chunk == 1) {
      for (auto [from, into] : llvm::zip_equal(devicePartials, slots)) {
        Value v = memref::LoadOp::create(b, loc, from, deviceIndex(slot, keep));
        memref::StoreOp::create(b, loc, v, into, to);
      }
    } else {
      Value lb = strided ? slot : mul(slot, cst(chunk));
      Value ub = strided ? cst(parts) : min(add(lb, cst(chunk)), cst(parts));
      Value j = beginFor(lb, ub, cst(strided ? perPosition : 1));
      SmallVector<Value> values =
          llvm::map_to_vector(devicePartials, [&](Value from) -> Value {
            return memref::LoadOp::create(b, loc, from, deviceIndex(j, keep));
          });
      accumulate(values, slots, to, eq(j, lb));
    }
  }
  mdh_cl::BarrierOp::create(b, loc);

  CombineTree tree;
  tree.units = {filled};
  tree.positions = perBlock;
  tree.locate = locate;
  buildTree(slots, tree, tx, blockThreads);
  beginIf(lt(tx, cst(perBlock)));
  beginGuard(inRange);
  SmallVector<Value> result = {cst(0), l};
  if (write) {
    writeOutputs(slots, result, keep);
    return;
  }
  for (auto [from, to] : llvm::zip_equal(slots, devicePartials)) {
    Value v = memref::LoadOp::create(b, loc, from, result);
    memref::StoreOp::create(b, loc, v, to, deviceIndex(cst(0), keep));
  }
}
