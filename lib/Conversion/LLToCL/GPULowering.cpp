//===- GPULowering.cpp - LL-IR schedules for GPUs to CL-IR ----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A `cuda`/`hip` schedule becomes GPU CL-IR in SPMD form (docs/cl-ir.md):
//
//   phase "main":    block loops (z, y, x as assigned), the shared buffers,
//                    thread loops (z, y, x), the register buffers; inside,
//                    the shared-tile loops (uniform across the block) with a
//                    barrier, a cooperative copy into shared memory and a
//                    barrier at their top; the thread's tiles of the
//                    register-tile level with their register copies, the
//                    points, the scalar function and the accumulation; at
//                    the end the combine of the threads' partial results
//                    (when a pw dimension is split over threads);
//   phase "combine": (a pw dimension split over blocks) a second kernel that
//                    combines the blocks' partial results;
//   phase "scan_d":  (ps dimension d) the inclusive scan along d;
//   phase "write":   (partial results in device memory not written yet)
//                    the results stored through the output views.
//
// Where partial results go:
//   * no pw dimension split over threads or blocks, no ps dimension: straight
//     into the outputs (every element has exactly one owning thread);
//   * split over threads: a block buffer [thread part][block-local cc/ps
//     position] in shared memory (device memory when it does not fit), then
//     after a barrier the block's threads combine the parts position by
//     position, skipping the parts of idle threads;
//   * split over blocks, ps dimensions, or a custom combiner whose output
//     maps disagree: a device buffer [block part][cc/ps position].
// Every partial result is initialised by its first contribution.
//
//===----------------------------------------------------------------------===//

#include "GPULowering.h"
#include "GPULoweringImpl.h"

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "ScalarBody.h"
#include "TileBoxes.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;
using mdh_ll::AssignmentKind;
using mdh_ll::Config;
using mdh_ll::InputRegion;

Value GPULowering::beginFor(Value lb, Value ub, Value step) {
  auto loop = mdh_cl::ForOp::create(b, loc, lb, ub, step);
  Block *body = b.createBlock(&loop.getBody(), {}, {b.getIndexType()}, {loc});
  b.setInsertionPointToStart(body);
  return body->getArgument(0);
}

void GPULowering::beginIf(Value cond) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
}

void GPULowering::beginPhase(StringRef name) {
  b.setInsertionPoint(s);
  auto phase = mdh_cl::PhaseOp::create(b, loc, b.getStringAttr(name));
  b.setInsertionPointToStart(&phase.getBody().emplaceBlock());
}

Grid GPULowering::makeGrid(ArrayRef<int64_t> units, unsigned level,
                           std::array<int64_t, 3> limits) {
  Grid g;
  int64_t total = 1;
  for (unsigned d = 0; d < numDims; ++d) {
    unsigned h = c.assignment[level].empty() ? 0 : c.assignment[level][d];
    g.hw.push_back(h);
    g.count[h] *= units[d];
    total *= units[d];
  }
  // y and z have small hardware limits (65535 blocks, 64 threads in z):
  // what does not fit is flattened onto x.
  for (unsigned h = 0; h < 3; ++h)
    if (g.count[h] > limits[h]) {
      g.hw.assign(numDims, 0);
      g.count = {total, 1, 1};
      break;
    }
  return g;
}

void GPULowering::emitLoops(Grid &g, mdh_cl::Layer layer) {
  bool any = llvm::any_of(g.count, [](int64_t n) { return n > 1; });
  for (unsigned h = 3; h-- > 0;) {
    if (g.count[h] == 1 && (any || h != 0))
      continue;
    auto parFor = mdh_cl::ParForOp::create(
        b, loc, cst(0), cst(g.count[h]), cst(1),
        mdh_cl::LayerAttr::get(b.getContext(), layer),
        mdh_cl::HwDimAttr::get(b.getContext(), static_cast<mdh_cl::HwDim>(h)));
    Block *body =
        b.createBlock(&parFor.getBody(), {}, {b.getIndexType()}, {loc});
    b.setInsertionPointToStart(body);
    g.ivs[h] = body->getArgument(0);
  }
}

SmallVector<Value> GPULowering::decode(const Grid &g, ArrayRef<int64_t> units,
                                       unsigned level) {
  SmallVector<Value> unit(numDims);
  for (unsigned h = 0; h < 3; ++h) {
    Value rest = g.ivs[h];
    // The first dimension of the level's order varies slowest.
    for (unsigned k = numDims; k-- > 0;) {
      unsigned d = c.orders[level][k];
      if (g.hw[d] != h)
        continue;
      if (units[d] == 1 || !rest) {
        unit[d] = cst(0);
        continue;
      }
      unit[d] = rem(rest, cst(units[d]));
      rest = div(rest, cst(units[d]));
    }
  }
  return unit;
}

Value GPULowering::linearHw(const Grid &g) {
  Value id = cst(0);
  for (unsigned h = 3; h-- > 0;)
    id = add(mul(id, cst(g.count[h])), g.ivs[h] ? g.ivs[h] : cst(0));
  return id;
}

Value GPULowering::linearize(ArrayRef<unsigned> dims, ArrayRef<Value> idx,
                             ArrayRef<int64_t> extents) {
  Value r = cst(0);
  for (unsigned d : dims)
    r = add(mul(r, cst(extents[d])), idx[d]);
  return r;
}

SmallVector<Value> GPULowering::delinearize(Value q,
                                            ArrayRef<int64_t> extents) {
  SmallVector<Value> idx(extents.size());
  for (unsigned k = extents.size(); k-- > 0;) {
    idx[k] = rem(q, cst(extents[k]));
    q = div(q, cst(extents[k]));
  }
  return idx;
}

Value GPULowering::beginPositionPhase(StringRef name, int64_t positions) {
  beginPhase(name);
  int64_t threads = std::min(positions, kPositionThreads);
  int64_t blocks = (positions + threads - 1) / threads;
  Grid g;
  g.count = {blocks, 1, 1};
  emitLoops(g, mdh_cl::Layer::Blocks);
  Grid t;
  t.count = {threads, 1, 1};
  emitLoops(t, mdh_cl::Layer::Threads);
  Value q = add(mul(g.ivs[0], cst(threads)), t.ivs[0]);
  if (blocks * threads != positions)
    beginIf(lt(q, cst(positions)));
  return q;
}

void GPULowering::analyze() {
  numDims = s.getNumDims();
  sizes.assign(s.getSizes().begin(), s.getSizes().end());
  strided0 = c.assignmentKind[0] == AssignmentKind::Strided;
  strided2 = c.assignmentKind[2] == AssignmentKind::Strided;
  for (unsigned d = 0; d < numDims; ++d) {
    mdh::CombinerAttr comb = s.getCombiner(d);
    isPW.push_back(comb.isPW());
    isPS.push_back(comb.getKind() == mdh::CombineKind::ps);
    hasPS |= isPS.back();
    if (comb.isReduction() && !reduction)
      reduction = comb;
    units0.push_back((sizes[d] + c.tiles[0][d] - 1) / c.tiles[0][d]);
    units2.push_back((c.tiles[1][d] + c.tiles[2][d] - 1) / c.tiles[2][d]);
    if (!comb.isPW()) {
      keepDims.push_back(d);
      int64_t tiles1 = (sizes[d] + c.tiles[1][d] - 1) / c.tiles[1][d];
      localExtent.push_back(strided0 ? (tiles1 + units0[d] - 1) / units0[d] *
                                           c.tiles[1][d]
                                     : c.tiles[0][d]);
    }
    if (comb.isPW() && units0[d] > 1) {
      splitBlk.push_back(d);
      blockParts *= units0[d];
    }
    if (comb.isPW() && units2[d] > 1) {
      splitThr.push_back(d);
      threadParts *= units2[d];
    }
  }
  for (auto [o, out] : llvm::enumerate(s.getOuts())) {
    Type elt = cast<MemRefType>(out.getType()).getElementType();
    for (AffineMap map : s.getOutputMaps(o))
      accesses.push_back({static_cast<unsigned>(o), map, elt});
  }
  bool mapsAgree = llvm::all_of(
      accesses, [&](const Access &a) { return a.map == accesses.front().map; });
  useDevice = reduction && (hasPS || blockParts > 1 ||
                            (reduction.getCustom() && !mapsAgree));
  useBlock = reduction && threadParts > 1;

  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    auto type = cast<MemRefType>(in.getType());
    boxes.push_back(analyzeBox(s.getInputMaps(i), type.getShape()));
    shared.emplace_back();
    regs.emplace_back();
  }
}

Value GPULowering::local(unsigned d, Value g) {
  if (!strided0)
    return sub(g, lo0[d]);
  // Block u holds the shared tiles u, u + P, ...: position k of them.
  Value t1 = cst(c.tiles[1][d]);
  return add(mul(div(div(g, t1), cst(units0[d])), t1), rem(g, t1));
}

void GPULowering::cooperativeCopy(Value src, ArrayRef<Value> offsets,
                                  ArrayRef<Value> boxSizes,
                                  const TileCopy &dst) {
  // Consecutive threads copy consecutive elements of the innermost buffer
  // dimension: coalesced reads of the source.
  Value total = cst(1);
  for (Value n : boxSizes)
    total = mul(total, n);
  OpBuilder::InsertionGuard guard(b);
  Value e = beginFor(tid, total, numThreads);
  SmallVector<Value> idx(boxSizes.size());
  for (unsigned k = boxSizes.size(); k-- > 0;) {
    idx[k] = rem(e, boxSizes[k]);
    e = div(e, boxSizes[k]);
  }
  SmallVector<Value> from;
  for (auto [o, i] : llvm::zip_equal(offsets, idx))
    from.push_back(add(o, i));
  Value v = memref::LoadOp::create(b, loc, src, from);
  if (dst.transposed)
    std::swap(idx[idx.size() - 1], idx[idx.size() - 2]);
  memref::StoreOp::create(b, loc, v, dst.buffer, idx);
}

void GPULowering::buildMain() {
  beginPhase("main");
  blockGrid = makeGrid(units0, 0, {2147483647, 65535, 65535});
  emitLoops(blockGrid, mdh_cl::Layer::Blocks);

  // Shared buffers: the inputs' shared-tile copies, the block partials.
  auto region = [&](mdh_cl::MemRegion r) {
    return mdh_cl::MemRegionAttr::get(b.getContext(), r);
  };
  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    if (c.inputRegions[i][1] != InputRegion::Shared)
      continue;
    auto type = cast<MemRefType>(in.getType());
    SmallVector<int64_t> shape = boxShape(boxes[i], c.tiles[1]);
    shared[i].transposed =
        c.inputLayouts[i][1] == mdh_ll::Layout::Transposed && shape.size() >= 2;
    if (shared[i].transposed)
      std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
    shared[i].buffer = mdh_cl::BufferOp::create(
        b, loc, MemRefType::get(shape, type.getElementType()),
        region(mdh_cl::MemRegion::Shared));
  }
  if (useBlock && blockInShared) {
    SmallVector<int64_t> shape = {threadParts};
    llvm::append_range(shape, localExtent);
    for (const Access &a : accesses)
      blockPartials.push_back(
          mdh_cl::BufferOp::create(b, loc, MemRefType::get(shape, a.type),
                                   region(mdh_cl::MemRegion::Shared)));
  }

  threadGrid = makeGrid(units2, 2, {1024, 1024, 64});
  emitLoops(threadGrid, mdh_cl::Layer::Threads);
  Block *threadBody = b.getInsertionBlock();

  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    if (c.inputRegions[i][3] != InputRegion::Register)
      continue;
    auto type = cast<MemRefType>(in.getType());
    SmallVector<int64_t> shape = boxShape(boxes[i], c.tiles[3]);
    regs[i].transposed =
        c.inputLayouts[i][3] == mdh_ll::Layout::Transposed && shape.size() >= 2;
    if (regs[i].transposed)
      std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
    regs[i].buffer = mdh_cl::BufferOp::create(
        b, loc, MemRefType::get(shape, type.getElementType()),
        region(mdh_cl::MemRegion::Register));
  }

  blk = decode(blockGrid, units0, 0);
  thr = decode(threadGrid, units2, 2);
  tid = linearHw(threadGrid);
  numThreads =
      cst(threadGrid.count[0] * threadGrid.count[1] * threadGrid.count[2]);
  blockPart = linearize(splitBlk, blk, units0);
  threadPart = linearize(splitThr, thr, units2);
  if (useBlock && !blockInShared)
    blockLinear = linearHw(blockGrid);

  // The block's tile (blocked), its first shared tile [f1, h1), and the
  // first index of the thread in it.
  lo0.assign(numDims, {});
  hi0.assign(numDims, {});
  f1.assign(numDims, {});
  h1.assign(numDims, {});
  tFirst.assign(numDims, {});
  for (unsigned d = 0; d < numDims; ++d) {
    Value t1 = cst(c.tiles[1][d]);
    if (!strided0) {
      lo0[d] = mul(blk[d], cst(c.tiles[0][d]));
      hi0[d] = min(add(lo0[d], cst(c.tiles[0][d])), cst(sizes[d]));
      f1[d] = lo0[d];
      h1[d] = min(add(f1[d], t1), hi0[d]);
    } else {
      f1[d] = mul(blk[d], t1);
      h1[d] = min(add(f1[d], t1), cst(sizes[d]));
    }
    tFirst[d] =
        add(f1[d], mul(thr[d], cst(strided2 ? c.tiles[3][d] : c.tiles[2][d])));
  }

  // Level 1: the shared tiles, uniform across the block.
  SmallVector<Value> lo1(numDims), hi1(numDims);
  for (unsigned d : c.orders[1]) {
    Value t1 = cst(c.tiles[1][d]);
    if (!strided0) {
      lo1[d] = beginFor(lo0[d], hi0[d], t1);
      hi1[d] = min(add(lo1[d], t1), hi0[d]);
      continue;
    }
    int64_t tiles1 = (sizes[d] + c.tiles[1][d] - 1) / c.tiles[1][d];
    Value t = beginFor(blk[d], cst(tiles1), cst(units0[d]));
    lo1[d] = mul(t, t1);
    hi1[d] = min(add(lo1[d], t1), cst(sizes[d]));
  }
  bool anyShared = llvm::any_of(shared, [](auto &t) { return !!t.buffer; });
  if (anyShared) {
    // The previous shared tile is read by every thread before it is
    // overwritten, and written completely before it is read.
    mdh_cl::BarrierOp::create(b, loc);
    for (auto [i, in] : llvm::enumerate(s.getIns())) {
      if (!shared[i].buffer)
        continue;
      SmallVector<Value> boxSizes;
      buildBox(b, loc, boxes[i], lo1, hi1, shared[i].offsets, boxSizes);
      cooperativeCopy(in, shared[i].offsets, boxSizes, shared[i]);
    }
    mdh_cl::BarrierOp::create(b, loc);
  }

  // Levels 2 and 3: the thread's register tiles of the shared tile.
  SmallVector<Value> lo3(numDims), hi3(numDims);
  for (unsigned d : c.orders[3]) {
    Value t3 = cst(c.tiles[3][d]);
    if (!strided2) {
      Value lo2 = add(lo1[d], mul(thr[d], cst(c.tiles[2][d])));
      Value hi2 = min(add(lo2, cst(c.tiles[2][d])), hi1[d]);
      lo3[d] = beginFor(lo2, hi2, t3);
      hi3[d] = min(add(lo3[d], t3), hi2);
      continue;
    }
    Value n3 = div(add(sub(hi1[d], lo1[d]), cst(c.tiles[3][d] - 1)), t3);
    Value r = beginFor(thr[d], n3, cst(units2[d]));
    lo3[d] = add(lo1[d], mul(r, t3));
    hi3[d] = min(add(lo3[d], t3), hi1[d]);
  }
  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    if (!regs[i].buffer)
      continue;
    SmallVector<Value> offsets, boxSizes;
    buildBox(b, loc, boxes[i], lo3, hi3, offsets, boxSizes);
    regs[i].offsets = offsets;
    // From the shared copy, which holds the register tile. A transposed
    // shared copy is read in its own index order: its last two offsets and
    // sizes swap places and the copy's layout flips, since
    // dst[swap(k)] = S[swap(o) + k] = A[o + swap(k)].
    Value src = in;
    bool transposed = regs[i].transposed;
    if (shared[i].buffer) {
      src = shared[i].buffer;
      for (auto [o, base] : llvm::zip_equal(offsets, shared[i].offsets))
        o = sub(o, base);
      if (shared[i].transposed) {
        unsigned r = offsets.size();
        std::swap(offsets[r - 1], offsets[r - 2]);
        std::swap(boxSizes[r - 1], boxSizes[r - 2]);
        transposed = !transposed;
      }
    }
    mdh_cl::CopyOp::create(
        b, loc, src, offsets, boxSizes, regs[i].buffer,
        mdh_cl::LayoutAttr::get(b.getContext(),
                                transposed ? mdh_cl::Layout::Transposed
                                           : mdh_cl::Layout::Identity));
  }
  SmallVector<Value> point(numDims);
  for (unsigned d : c.orders[3])
    point[d] = beginFor(lo3[d], hi3[d], cst(1));
  buildBody(point);

  if (useBlock) {
    b.setInsertionPointToEnd(threadBody);
    buildThreadCombine();
  }
}

void GPULowering::buildBody(ArrayRef<Value> point) {
  SmallVector<Value> args(point.begin(), point.end());
  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    const TileCopy *copy = regs[i].buffer     ? &regs[i]
                           : shared[i].buffer ? &shared[i]
                                              : nullptr;
    for (AffineMap map : s.getInputMaps(i)) {
      SmallVector<Value> indices = *affine::expandAffineMap(b, loc, map, point);
      Value source = in;
      if (copy) {
        for (auto [r, offset] : llvm::enumerate(copy->offsets))
          indices[r] = sub(indices[r], offset);
        if (copy->transposed)
          std::swap(indices[indices.size() - 1], indices[indices.size() - 2]);
        source = copy->buffer;
      }
      args.push_back(memref::LoadOp::create(b, loc, source, indices));
    }
  }

  SmallVector<Type> resultTypes;
  for (const Access &a : accesses)
    resultTypes.push_back(a.type);
  auto scalar = createScalarFromSchedule(b, loc, s, resultTypes, args);

  if (!reduction) {
    for (auto [a, value] : llvm::zip_equal(accesses, scalar.getResults())) {
      SmallVector<Value> indices =
          *affine::expandAffineMap(b, loc, a.map, point);
      memref::StoreOp::create(b, loc, value, s.getOuts()[a.output], indices);
    }
    return;
  }

  // The thread's first contribution: every pw index at its first.
  Value first = trueV();
  for (unsigned d = 0; d < numDims; ++d)
    if (isPW[d])
      first =
          andI(first, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            point[d], tFirst[d]));
  SmallVector<Value> keep;
  for (unsigned d : keepDims)
    keep.push_back(point[d]);

  if (useBlock) {
    SmallVector<Value> indices;
    if (blockLinear)
      indices.push_back(blockLinear);
    indices.push_back(threadPart);
    for (unsigned d : keepDims)
      indices.push_back(local(d, point[d]));
    accumulate(scalar.getResults(), blockPartials, indices, first);
    return;
  }
  if (useDevice) {
    accumulate(scalar.getResults(), devicePartials,
               deviceIndex(blockPart, keep), first);
    return;
  }
  if (reduction.getCustom()) {
    SmallVector<Value> outs;
    for (const Access &a : accesses)
      outs.push_back(s.getOuts()[a.output]);
    accumulate(scalar.getResults(), outs,
               *affine::expandAffineMap(b, loc, accesses.front().map, point),
               first);
    return;
  }
  for (auto [a, value] : llvm::zip_equal(accesses, scalar.getResults()))
    accumulate(ValueRange{value}, {s.getOuts()[a.output]},
               *affine::expandAffineMap(b, loc, a.map, point), first);
}

void GPULowering::run() {
  analyze();
  b.setInsertionPoint(s);
  auto device =
      mdh_cl::MemRegionAttr::get(b.getContext(), mdh_cl::MemRegion::Device);
  if (useDevice) {
    SmallVector<int64_t> shape;
    if (blockParts > 1)
      shape.push_back(blockParts);
    for (unsigned d : keepDims)
      shape.push_back(sizes[d]);
    for (const Access &a : accesses)
      devicePartials.push_back(mdh_cl::BufferOp::create(
          b, loc, MemRefType::get(shape, a.type), device));
  }
  if (useBlock) {
    // In shared memory when it fits next to the shared input copies.
    int64_t bytes = 0;
    for (auto [i, in] : llvm::enumerate(s.getIns()))
      if (c.inputRegions[i][1] == InputRegion::Shared) {
        int64_t n = 1;
        for (int64_t e : boxShape(boxes[i], c.tiles[1]))
          n *= e;
        auto type = cast<MemRefType>(in.getType());
        bytes += n * ((type.getElementTypeBitWidth() + 7) / 8);
      }
    int64_t positions = threadParts;
    for (int64_t e : localExtent)
      positions *= e;
    for (const Access &a : accesses)
      bytes += positions * ((a.type.getIntOrFloatBitWidth() + 7) / 8);
    blockInShared = bytes <= kStaticSharedBytes;
    if (!blockInShared) {
      // One slice per block.
      int64_t blocks = 1;
      for (int64_t u : units0)
        blocks *= u;
      SmallVector<int64_t> shape = {blocks, threadParts};
      llvm::append_range(shape, localExtent);
      for (const Access &a : accesses)
        blockPartials.push_back(mdh_cl::BufferOp::create(
            b, loc, MemRefType::get(shape, a.type), device));
    }
  }
  buildMain();
  if (useDevice && blockParts > 1)
    buildCombinePhase();
  for (unsigned d = 0; d < numDims; ++d)
    if (isPS[d])
      buildScanPhase(d);
  if (useDevice && (hasPS || blockParts == 1))
    buildWritePhase();
  s.erase();
}

/// The schedule as text without its scalar function: the configuration the
/// source emitters print in a comment.
static std::string scheduleSummary(mdh_ll::ScheduleOp s) {
  std::string text;
  llvm::raw_string_ostream os(text);
  s->print(os, OpPrintingFlags().useLocalScope().enableDebugInfo(false));
  std::string summary;
  int skipDepth = 0;
  for (StringRef line : llvm::split(text, '\n')) {
    if (skipDepth == 0 && line.trim().starts_with("mdh_ll.scalar")) {
      skipDepth = 1;
      continue;
    }
    if (skipDepth > 0) {
      skipDepth += line.count('{') - line.count('}');
      continue;
    }
    summary += line.rtrim().str() + "\n";
  }
  return summary;
}

LogicalResult mlir::mdh::lowerGPUSchedule(mdh_ll::ScheduleOp s) {
  if (Operation *parent = s->getParentOp()) {
    // One summary per schedule; a function with several keeps them all.
    std::string summary = scheduleSummary(s);
    if (auto prev = parent->getAttrOfType<StringAttr>("mdh_cl.schedule"))
      summary = prev.getValue().str() + summary;
    parent->setAttr("mdh_cl.schedule",
                    StringAttr::get(s.getContext(), summary));
  }
  GPULowering(s).run();
  return success();
}
