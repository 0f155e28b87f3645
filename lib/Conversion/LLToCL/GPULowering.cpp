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
//                    (when a pw dimension is split over threads). The code
//                    inside the thread loops comes in two versions where
//                    that pays: for blocks whose tiles are full and whose
//                    inputs are 16-byte aligned (exact tile ends, 128-bit
//                    copies; a test uniform across the block), and the
//                    general one;
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
// A tensor-core schedule (`mma`) has a main phase of its own (GPUMma.cpp).
//
//===----------------------------------------------------------------------===//

#include "GPULowering.h"
#include "GPULoweringImpl.h"

#include "mdh/Dialect/CL/ScheduleSummary.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;
using mdh_ll::InputRegion;

GPULowering::GPULowering(mdh_ll::ScheduleOp s)
    : ScheduleLowering(s), blocks(levels[0]), threads(levels[2]) {
  for (unsigned d : keepDims) {
    int64_t tiles1 = llvm::divideCeilSigned(sizes[d], c.tiles[1][d]);
    localExtent.push_back(
        blocks.strided
            ? llvm::divideCeilSigned(tiles1, blocks.units[d]) * c.tiles[1][d]
            : c.tiles[0][d]);
  }
  useBlock = reduction && threads.parts > 1;
  shared.resize(s.getIns().size());
  regs.resize(s.getIns().size());
}

void GPULowering::beginIf(Value cond) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
}

Grid GPULowering::makeGrid(const LevelSplit &split, unsigned level,
                           std::array<int64_t, 3> limits) {
  Grid g;
  for (unsigned d = 0; d < numDims; ++d) {
    unsigned h = c.assignment[level].empty() ? 0 : c.assignment[level][d];
    g.hw.push_back(h);
    g.count[h] *= split.units[d];
  }
  // y and z have small hardware limits (65535 blocks, 64 threads in z):
  // what does not fit is flattened onto x.
  for (unsigned h = 0; h < 3; ++h)
    if (g.count[h] > limits[h]) {
      g.hw.assign(numDims, 0);
      g.count = {computeProduct(split.units), 1, 1};
      break;
    }
  return g;
}

void GPULowering::emitLoops(Grid &g, mdh_cl::Layer layer) {
  bool any = llvm::any_of(g.count, [](int64_t n) { return n > 1; });
  for (unsigned h = 3; h-- > 0;) {
    if (g.count[h] == 1 && (any || h != 0))
      continue;
    g.ivs[h] = beginParFor(g.count[h], layer, static_cast<mdh_cl::HwDim>(h));
  }
}

SmallVector<Value> GPULowering::decode(const Grid &g, const LevelSplit &split,
                                       unsigned level) {
  SmallVector<Value> unit(numDims);
  for (unsigned h = 0; h < 3; ++h) {
    Value rest = g.ivs[h];
    // The first dimension of the level's order varies slowest.
    for (unsigned k = numDims; k-- > 0;) {
      unsigned d = c.orders[level][k];
      if (g.hw[d] != h)
        continue;
      if (split.units[d] == 1 || !rest) {
        unit[d] = cst(0);
        continue;
      }
      unit[d] = rem(rest, cst(split.units[d]));
      rest = div(rest, cst(split.units[d]));
    }
  }
  return unit;
}

Value GPULowering::shuffle(mdh_cl::ShuffleMode mode, Value v, int64_t delta) {
  return mdh_cl::ShuffleOp::create(b, loc, v.getType(), mode, v, delta,
                                   kWarpLanes);
}

SmallVector<Value> GPULowering::loadAll(ArrayRef<Value> buffers,
                                        ValueRange indices) {
  return llvm::map_to_vector(buffers, [&](Value buffer) -> Value {
    return memref::LoadOp::create(b, loc, buffer, indices);
  });
}

Value GPULowering::linearHw(const Grid &g) {
  Value id = cst(0);
  for (unsigned h = 3; h-- > 0;)
    id = add(mul(id, cst(g.count[h])), g.ivs[h] ? g.ivs[h] : cst(0));
  return id;
}

Value GPULowering::beginPositionPhase(StringRef name, int64_t positions) {
  beginPhase(name);
  int64_t perBlock = std::min(positions, kPositionThreads);
  int64_t numBlocks = llvm::divideCeilSigned(positions, perBlock);
  Grid g;
  g.count = {numBlocks, 1, 1};
  emitLoops(g, mdh_cl::Layer::Blocks);
  Grid t;
  t.count = {perBlock, 1, 1};
  emitLoops(t, mdh_cl::Layer::Threads);
  Value q = add(mul(g.ivs[0], cst(perBlock)), t.ivs[0]);
  if (numBlocks * perBlock != positions)
    beginIf(lt(q, cst(positions)));
  return q;
}

Value GPULowering::local(unsigned d, Value g) {
  if (!blocks.strided)
    return sub(g, lo0[d]);
  // Block u holds the shared tiles u, u + P, ...: position k of them.
  Value t1 = cst(c.tiles[1][d]);
  return add(mul(div(div(g, t1), cst(blocks.units[d])), t1), rem(g, t1));
}

/// The extents that tiles of size `t` have when they tile ranges of the
/// extents `parent`: `t` for the full tiles, the remainder for the last.
static SmallVector<int64_t> tileExtents(ArrayRef<int64_t> parent, int64_t t) {
  SmallVector<int64_t> result;
  for (int64_t e : parent) {
    if (e >= t && !llvm::is_contained(result, t))
      result.push_back(t);
    if (e % t != 0 && !llvm::is_contained(result, e % t))
      result.push_back(e % t);
  }
  return result;
}

/// Whether every range of the extents `parent` splits into full tiles of
/// size `t`: then a tile that starts at `lo` ends at `lo + t` and its loops
/// have constant trip counts, with no `min` against the enclosing end.
static bool tilesExactly(ArrayRef<int64_t> parent, int64_t t) {
  return llvm::all_of(parent, [&](int64_t e) { return e % t == 0; });
}

void GPULowering::buildMain() {
  mdh_cl::PhaseOp main = beginPhase("main");
  main->setAttr(mdh_cl::schedule_summary::kAttrName, summarizeSchedule(s));
  blockGrid = makeGrid(blocks, 0, {2147483647, 65535, 65535});
  emitLoops(blockGrid, mdh_cl::Layer::Blocks);

  // Shared buffers: the inputs' shared-tile copies (multi-buffered where
  // the blocks walk their tiles in order, GPUPipeline.cpp), the block
  // partials.
  sharedStages = 1;
  if (c.stages > 1 && !blocks.strided &&
      llvm::all_of(llvm::seq<unsigned>(0, s.getIns().size()), [&](unsigned i) {
        return c.inputRegions[i][1] != InputRegion::Shared || !boxes[i].empty();
      }))
    sharedStages = c.stages;
  for (unsigned i = 0, e = s.getIns().size(); i < e; ++i)
    if (c.inputRegions[i][1] == InputRegion::Shared)
      shared[i] =
          createCopyBuffer(i, 1, mdh_cl::MemRegion::Shared, sharedStages);
  if (useBlock && blockInShared) {
    SmallVector<int64_t> shape = {threads.parts};
    llvm::append_range(shape, localExtent);
    blockPartials = createPartials(shape, mdh_cl::MemRegion::Shared);
  }

  threadGrid = makeGrid(threads, 2, {1024, 1024, 64});
  emitLoops(threadGrid, mdh_cl::Layer::Threads);
  Block *threadBody = b.getInsertionBlock();

  for (unsigned i = 0, e = s.getIns().size(); i < e; ++i)
    if (c.inputRegions[i][3] == InputRegion::Register)
      regs[i] = createCopyBuffer(i, 3, mdh_cl::MemRegion::Register);

  blk = decode(blockGrid, blocks, 0);
  thr = decode(threadGrid, threads, 2);
  tid = linearHw(threadGrid);
  numThreads = cst(computeProduct(threadGrid.count));
  mainPart = linearize(blocks.splitPW, blk, blocks.units);
  threadPart = linearize(threads.splitPW, thr, threads.units);
  if (useBlock && !blockInShared)
    blockLinear = linearHw(blockGrid);

  // The block's tile (blocked), its first shared tile [f1, h1), and the
  // first index of the thread in it.
  lo0.assign(numDims, {});
  hi0.assign(numDims, {});
  f1.assign(numDims, {});
  h1.assign(numDims, {});
  tFirst.assign(numDims, {});
  // Where the sizes divide the tiles, tile ends are known without a `min`:
  // the loops over the tiles' points and the copies into register tiles
  // then have constant trip counts and need no padding and no guards.
  // extents1[d]: the extents of the shared tiles; exact{0,1,2,3}[d]: the
  // tiles of that level are all full.
  SmallVector<SmallVector<int64_t>> extents1(numDims);
  SmallVector<bool> exact0(numDims), exact1(numDims), exact2(numDims),
      exact3(numDims);
  for (unsigned d = 0; d < numDims; ++d) {
    SmallVector<int64_t> e0 = {sizes[d]};
    if (!blocks.strided) {
      exact0[d] = tilesExactly(e0, c.tiles[0][d]);
      e0 = tileExtents(e0, c.tiles[0][d]);
    }
    exact1[d] = tilesExactly(e0, c.tiles[1][d]);
    extents1[d] = tileExtents(e0, c.tiles[1][d]);
    if (!threads.strided) {
      // Every thread's tile is full only when the threads cover every
      // shared tile exactly (no idle thread with an empty range).
      int64_t cover = threads.units[d] * c.tiles[2][d];
      exact2[d] =
          llvm::all_of(extents1[d], [&](int64_t e) { return e == cover; });
      exact3[d] = exact2[d] && tilesExactly({c.tiles[2][d]}, c.tiles[3][d]);
    } else {
      exact3[d] = tilesExactly(extents1[d], c.tiles[3][d]);
    }
  }
  // A block whose tile is full along every `cc`/`pw` dimension has only full
  // shared, thread and register tiles along those where the thread tiles
  // cover the shared tiles exactly: its code is built a second time with
  // those ends exact, under a test that is uniform across the block (the
  // barriers inside stay in uniform control flow). Partial blocks run the
  // general code. A pw dimension's block (Dot's) counts too: a full one
  // holds whole shared tiles. Scans (ps) are left out.
  SmallVector<bool> full1 = exact1, full2 = exact2, full3 = exact3;
  SmallVector<unsigned> versioned;
  for (unsigned d = 0; d < numDims && !blocks.strided && !threads.strided;
       ++d) {
    if (exact0[d] || isPS[d])
      continue;
    // The flags change only for the dimensions the test covers: the blocks
    // of the others may still be partial.
    SmallVector<int64_t> e1 = tileExtents({c.tiles[0][d]}, c.tiles[1][d]);
    int64_t cover = threads.units[d] * c.tiles[2][d];
    bool all2 = llvm::all_of(e1, [&](int64_t e) { return e == cover; });
    if (exact3[d] || !all2 || !tilesExactly({c.tiles[2][d]}, c.tiles[3][d]))
      continue;
    full1[d] = tilesExactly({c.tiles[0][d]}, c.tiles[1][d]);
    full2[d] = full3[d] = true;
    versioned.push_back(d);
  }

  auto tileEnd = [&](Value lo, int64_t t, Value hi, bool exact) {
    return exact ? add(lo, cst(t)) : min(add(lo, cst(t)), hi);
  };
  for (unsigned d = 0; d < numDims; ++d) {
    Value t1 = cst(c.tiles[1][d]);
    if (!blocks.strided) {
      lo0[d] = mul(blk[d], cst(c.tiles[0][d]));
      hi0[d] = tileEnd(lo0[d], c.tiles[0][d], cst(sizes[d]), exact0[d]);
      f1[d] = lo0[d];
      h1[d] = tileEnd(f1[d], c.tiles[1][d], hi0[d], exact1[d]);
    } else {
      f1[d] = mul(blk[d], t1);
      h1[d] = tileEnd(f1[d], c.tiles[1][d], cst(sizes[d]), exact1[d]);
    }
    tFirst[d] =
        add(f1[d],
            mul(thr[d], cst(threads.strided ? c.tiles[3][d] : c.tiles[2][d])));
  }
  // The fast version also copies into shared memory with 128-bit loads
  // where a copy allows them; the inputs it reads so must be 16-byte
  // aligned, which is tested with the rest (misaligned inputs take the
  // general version). Without either, it is dropped again.
  SmallVector<Value> fullHi0(hi0);
  for (unsigned d : versioned)
    fullHi0[d] = add(lo0[d], cst(c.tiles[0][d]));
  auto version =
      scf::IfOp::create(b, loc, boolean(true), /*withElseRegion=*/true);
  b.setInsertionPointToStart(version.thenBlock());
  vectorCopies = true;
  vectorSources.clear();
  buildBlockTile(fullHi0, full1, full2, full3);
  vectorCopies = false;
  // Inputs whose register tiles read whole 16-byte vectors of contiguous
  // elements (Dot's 4 floats per thread) are tested too, and in the fast
  // version the compilers are told that they are aligned: they then load
  // such a tile with one 128-bit load.
  SmallVector<Value> assumed;
  for (auto [i, in] : llvm::enumerate(s.getIns()))
    if (readsVectors(i) && !llvm::is_contained(vectorSources, in))
      assumed.push_back(in);
  if (versioned.empty() && vectorSources.empty() && assumed.empty()) {
    Block *block = version->getBlock();
    Block::iterator next = std::next(Block::iterator(version));
    version.erase();
    b.setInsertionPoint(block, next);
    buildBlockTile(hi0, exact1, exact2, exact3);
  } else {
    b.setInsertionPoint(version);
    Value fast = boolean(true);
    for (unsigned d : versioned)
      fast = andI(fast, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                              fullHi0[d], cst(sizes[d])));
    for (Value src : llvm::concat<Value>(vectorSources, assumed))
      fast = andI(fast, mdh_cl::AlignedOp::create(b, loc, b.getI1Type(), src,
                                                  kGPUVectorBytes));
    version.getConditionMutable().assign(fast);
    Region &then = version.getThenRegion();
    b.setInsertionPointToStart(version.thenBlock());
    for (Value in : assumed) {
      Value aligned = memref::AssumeAlignmentOp::create(
          b, loc, in, static_cast<uint32_t>(kGPUVectorBytes));
      in.replaceUsesWithIf(aligned, [&](OpOperand &use) {
        return use.getOwner() != aligned.getDefiningOp() &&
               then.isAncestor(use.getOwner()->getParentRegion());
      });
    }
    b.setInsertionPointToStart(version.elseBlock());
    buildBlockTile(hi0, exact1, exact2, exact3);
  }

  if (useBlock) {
    b.setInsertionPointToEnd(threadBody);
    buildThreadCombine();
  }
}

void GPULowering::buildBlockTile(ArrayRef<Value> blockHi, ArrayRef<bool> exact1,
                                 ArrayRef<bool> exact2, ArrayRef<bool> exact3) {
  auto tileEnd = [&](Value lo, int64_t t, Value hi, bool exact) {
    return exact ? add(lo, cst(t)) : min(add(lo, cst(t)), hi);
  };
  // Level 1: the shared tiles, uniform across the block. With several
  // stages the innermost dimension's tiles run as a pipeline
  // (GPUPipeline.cpp) inside the loops of the others.
  bool pipelined = pipelines();
  SmallVector<Value> lo1(numDims), hi1(numDims);
  for (unsigned d : c.orders[1]) {
    if (pipelined && d == *pipelinedDim())
      continue;
    Value t1 = cst(c.tiles[1][d]);
    if (!blocks.strided) {
      lo1[d] = beginFor(lo0[d], blockHi[d], t1);
      hi1[d] = tileEnd(lo1[d], c.tiles[1][d], blockHi[d], exact1[d]);
      continue;
    }
    Value t =
        beginFor(blk[d], cst(llvm::divideCeilSigned(sizes[d], c.tiles[1][d])),
                 cst(blocks.units[d]));
    lo1[d] = mul(t, t1);
    hi1[d] = tileEnd(lo1[d], c.tiles[1][d], cst(sizes[d]), exact1[d]);
  }
  if (pipelined) {
    buildPipelinedTiles(blockHi, lo1, hi1, exact1, exact2, exact3);
    return;
  }
  bool anyShared = llvm::any_of(shared, [](auto &t) { return !!t.buffer; });
  if (anyShared) {
    // The previous shared tile is read by every thread before it is
    // overwritten, and written completely before it is read.
    mdh_cl::BarrierOp::create(b, loc);
    copySharedTiles(lo1, hi1, sharedStages > 1 ? cst(0) : Value());
    mdh_cl::BarrierOp::create(b, loc);
  }
  buildThreadTiles(lo1, hi1, exact2, exact3);
}

void GPULowering::buildThreadTiles(ArrayRef<Value> lo1, ArrayRef<Value> hi1,
                                   ArrayRef<bool> exact2,
                                   ArrayRef<bool> exact3) {
  auto tileEnd = [&](Value lo, int64_t t, Value hi, bool exact) {
    return exact ? add(lo, cst(t)) : min(add(lo, cst(t)), hi);
  };
  // Levels 2 and 3: the thread's register tiles of the shared tile.
  SmallVector<Value> lo3(numDims), hi3(numDims);
  for (unsigned d : c.orders[3]) {
    Value t3 = cst(c.tiles[3][d]);
    if (!threads.strided) {
      Value lo2 = add(lo1[d], mul(thr[d], cst(c.tiles[2][d])));
      Value hi2 = tileEnd(lo2, c.tiles[2][d], hi1[d], exact2[d]);
      lo3[d] = beginFor(lo2, hi2, t3);
      hi3[d] = tileEnd(lo3[d], c.tiles[3][d], hi2, exact3[d]);
      continue;
    }
    Value n3 = div(add(sub(hi1[d], lo1[d]), cst(c.tiles[3][d] - 1)), t3);
    Value r = beginFor(thr[d], n3, cst(threads.units[d]));
    lo3[d] = add(lo1[d], mul(r, t3));
    hi3[d] = tileEnd(lo3[d], c.tiles[3][d], hi1[d], exact3[d]);
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
    // dst[swap(k)] = S[swap(o) + k] = A[o + swap(k)]. (`rotated` is not
    // legal on GPU levels: ConfigVerifier and mdh_ll.copy refuse it.)
    Value src = in;
    bool transposed = regs[i].layout == mdh_cl::Layout::Transposed;
    if (shared[i].buffer) {
      src = shared[i].buffer;
      for (auto [o, base] : llvm::zip_equal(offsets, shared[i].offsets))
        o = sub(o, base);
      if (shared[i].layout == mdh_cl::Layout::Transposed) {
        unsigned r = offsets.size();
        std::swap(offsets[r - 1], offsets[r - 2]);
        std::swap(boxSizes[r - 1], boxSizes[r - 2]);
        transposed = !transposed;
      }
      // In the stage's tile.
      offsets = inStage(shared[i], offsets);
    }
    copyBox(src, offsets, boxSizes, regs[i].buffer,
            transposed ? mdh_cl::Layout::Transposed : mdh_cl::Layout::Identity);
  }
  SmallVector<Value> point(numDims);
  for (unsigned d : c.orders[3])
    point[d] = beginFor(lo3[d], hi3[d], cst(1));
  buildScalarPhase(point, tFirst);
}

const TileCopy *GPULowering::innermostCopy(unsigned i) {
  if (regs[i].buffer)
    return &regs[i];
  return shared[i].buffer ? &shared[i] : nullptr;
}

bool GPULowering::accumulatePartials(ValueRange results, ArrayRef<Value> point,
                                     Value first) {
  if (!useBlock)
    return ScheduleLowering::accumulatePartials(results, point, first);
  SmallVector<Value> indices;
  if (blockLinear)
    indices.push_back(blockLinear);
  indices.push_back(threadPart);
  for (unsigned d : keepDims)
    indices.push_back(local(d, point[d]));
  accumulate(results, blockPartials, indices, first);
  return true;
}

bool GPULowering::blockPartialsFitShared() {
  int64_t bytes = 0;
  for (auto [i, in] : llvm::enumerate(s.getIns()))
    if (c.inputRegions[i][1] == InputRegion::Shared) {
      auto type = cast<MemRefType>(in.getType());
      bytes += c.stages * computeProduct(boxShape(boxes[i], c.tiles[1])) *
               ((type.getElementTypeBitWidth() + 7) / 8);
    }
  int64_t positions = threads.parts * computeProduct(localExtent);
  for (const Access &a : accesses)
    bytes += positions * ((a.type.getIntOrFloatBitWidth() + 7) / 8);
  return bytes <= kStaticSharedBytes;
}

void GPULowering::run() {
  b.setInsertionPoint(s);
  createDevicePartials();
  if (useBlock) {
    // In shared memory when it fits next to the shared input copies, else
    // one slice per block in device memory.
    blockInShared = blockPartialsFitShared();
    if (!blockInShared) {
      SmallVector<int64_t> shape = {computeProduct(blocks.units),
                                    threads.parts};
      llvm::append_range(shape, localExtent);
      blockPartials = createPartials(shape, mdh_cl::MemRegion::Device);
    }
  }
  if (c.mma) {
    // The verifier checked the rules, which include the match.
    FailureOr<mdh_ll::MmaContraction> mc = mdh_ll::matchMmaContraction(s);
    assert(succeeded(mc) && "a verified mma schedule is a contraction");
    buildMmaMain(*mc);
  } else {
    buildMain();
  }
  buildRecomposition(/*writeInCombine=*/true);
  s.erase();
}

LogicalResult mlir::mdh::lowerGPUSchedule(mdh_ll::ScheduleOp s) {
  GPULowering(s).run();
  return success();
}
