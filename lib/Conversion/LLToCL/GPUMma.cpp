//===- GPUMma.cpp - Tensor-core schedules to GPU CL-IR --------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The main phase of a schedule whose register tile is a warp-level matrix
// product (`mma`, mdh/Dialect/LL/MmaRules.h) of C[m][n] = sum_k A[m][k] *
// B[k][n]:
//
//   par_for blocks (the block tiles of m and n; k is not split)
//     shared A_s, B_s: the block's rows of A and columns of B over one
//       shared tile of k, in the inputs' own type (f16, bf16; f32 for
//       TF32), rows padded against bank conflicts (mmaPaddedInner)
//     par_for threads x: 32 lanes per warp (64 per AMD wavefront), one
//       warp per warp tile
//       register acc[Wm/16][Wn/8][4] (Wn/16 for MFMA), zero
//       for each shared tile of k (two versions: blocks whose tiles of m
//       and n are full, of 16-byte aligned inputs, and the rest):
//         barrier
//         copy A_s, B_s: cooperative (128-bit) in the whole tiles of k of
//           the first version; else element by element with zeros past
//           the ends of m, n and k (a 16xK product then adds nothing for
//           them)
//         barrier
//         for each K of k in the tile (16, or 8 for TF32):
//           mdh_cl.mma tiles [Wm/16, Wn/8] into the warp tile's
//           accumulators (NVIDIA; for MFMA one per 16 x 16 of the warp
//           tile)
//       with `stages` S > 1 (docs/tuning-parameters.md, "Stages"), the
//       whole tiles of k of the first version are multi-buffered instead:
//       A_s and B_s hold S tiles one after another along their first
//       dimension, the first is copied before the loop, and for each tile
//       t (S per iteration, so that t % S is a constant; GPUPipeline.cpp):
//         barrier
//         copy tile t + 1 into stage (t + 1) % S, if there is one
//         the products over stage t % S
//       store each lane's accumulators into C where they are inside it
//
// Every element of C has one owning lane: no partial results, no combine.
//
//===----------------------------------------------------------------------===//

#include "GPULoweringImpl.h"

#include "mdh/Dialect/CL/MmaFragments.h"
#include "mdh/Dialect/CL/ScheduleSummary.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;

void GPULowering::mmaCopy(unsigned i, ArrayRef<Value> lo, ArrayRef<Value> hi,
                          bool full) {
  SmallVector<Value> offsets, sizes;
  shared[i].offsets.clear();
  buildBox(b, loc, boxes[i], lo, hi, offsets, sizes);
  shared[i].offsets = offsets;
  if (full) {
    cooperativeCopy(s.getIns()[i], offsets, sizes, shared[i]);
    return;
  }
  // Every element of the tile, zero where the box ends early.
  Value src = s.getIns()[i];
  SmallVector<int64_t> shape = boxShape(boxes[i], c.tiles[1]);
  OpBuilder::InsertionGuard guard(b);
  Value e = beginFor(tid, cst(computeProduct(shape)), numThreads);
  SmallVector<Value> idx = delinearize(e, shape);
  Value inside = boolean(true);
  SmallVector<Value> from;
  for (auto [k, j] : llvm::enumerate(idx)) {
    inside = andI(inside, lt(j, sizes[k]));
    // Clamped into the box, so that the load stays in bounds.
    from.push_back(add(offsets[k], min(j, sub(sizes[k], cst(1)))));
  }
  Value x = memref::LoadOp::create(b, loc, src, from);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(x.getType()));
  x = arith::SelectOp::create(b, loc, inside, x, zero);
  memref::StoreOp::create(
      b, loc, x, shared[i].buffer,
      inStage(shared[i],
              mdh_cl::toTileOrder(shared[i].layout, ArrayRef<Value>(idx))));
}

void GPULowering::buildMmaMain(const mdh_ll::MmaContraction &mc) {
  mdh_cl::PhaseOp main = beginPhase("main");
  main->setAttr(mdh_cl::schedule_summary::kAttrName, summarizeSchedule(s));
  blockGrid = makeGrid(blocks, 0, {2147483647, 65535, 65535});
  emitLoops(blockGrid, mdh_cl::Layer::Blocks);

  // The shared tiles keep the inputs' elements: the fragments are (pairs of)
  // them.
  DenseMap<unsigned, int64_t> tileRows;
  for (unsigned i : {mc.lhs, mc.rhs}) {
    SmallVector<int64_t> shape = boxShape(boxes[i], c.tiles[1]);
    shared[i].layout =
        shape.size() >= 2 && c.inputLayouts[i][1] == mdh_ll::Layout::Transposed
            ? mdh_cl::Layout::Transposed
            : mdh_cl::Layout::Identity;
    shape = mdh_cl::toTileOrder(shared[i].layout, ArrayRef<int64_t>(shape));
    // Rows padded against bank conflicts, as the rules count them.
    shape.back() = mdh_ll::mmaPaddedInner(
        shape.back(), mc.element.getIntOrFloatBitWidth() / 8);
    assert(ArrayRef<int64_t>(shape) ==
               ArrayRef<int64_t>(mdh_ll::mmaSharedTileShape(mc, c, i)) &&
           "the shared tile the rules count");
    // Multi-buffered: the stages' tiles one after another along the first
    // dimension.
    tileRows[i] = shape.front();
    shape.front() *= c.stages;
    shared[i].buffer = mdh_cl::BufferOp::create(
        b, loc, MemRefType::get(shape, mc.element),
        mdh_cl::MemRegionAttr::get(b.getContext(), mdh_cl::MemRegion::Shared));
  }

  const mdh_ll::MmaDims dims = mdh_ll::mmaDims(*c.mma);
  const int64_t kMmaM = dims.m, kMmaN = dims.n, kMmaK = dims.k;
  const int64_t kMmaWarp = dims.lanes;
  // The CL-IR enumerators are the LL-IR ones.
  static_assert(static_cast<int>(mdh_cl::MmaShape::M16N8K16) ==
                    static_cast<int>(mdh_ll::MmaShape::M16N8K16) &&
                static_cast<int>(mdh_cl::MmaShape::M16N8K8) ==
                    static_cast<int>(mdh_ll::MmaShape::M16N8K8) &&
                static_cast<int>(mdh_cl::MmaShape::M16N16K16) ==
                    static_cast<int>(mdh_ll::MmaShape::M16N16K16));
  auto shape = static_cast<mdh_cl::MmaShape>(*c.mma);
  int64_t warpM = c.tiles[2][mc.m], warpN = c.tiles[2][mc.n];
  int64_t warpsN = c.tiles[1][mc.n] / warpN;
  int64_t warps = c.tiles[1][mc.m] / warpM * warpsN;
  tid = beginParFor(warps * kMmaWarp, mdh_cl::Layer::Threads, mdh_cl::HwDim::X);
  numThreads = cst(warps * kMmaWarp);
  int64_t tilesM = warpM / kMmaM, tilesN = warpN / kMmaN;
  Value acc = mdh_cl::BufferOp::create(
      b, loc, MemRefType::get({tilesM, tilesN, 4}, b.getF32Type()),
      mdh_cl::MemRegionAttr::get(b.getContext(), mdh_cl::MemRegion::Register));
  blk = decode(blockGrid, blocks, 0);
  Value warp = div(tid, cst(kMmaWarp)), lane = rem(tid, cst(kMmaWarp));
  // Warp (wm, wn) of the block's wm x wn warp tiles, n fastest.
  Value rowOff = mul(div(warp, cst(warpsN)), cst(warpM));
  Value colOff = mul(rem(warp, cst(warpsN)), cst(warpN));

  // The accumulators start at zero, the identity of pw(add).
  auto forEachFragment = [&](function_ref<void(Value, Value, Value)> body) {
    OpBuilder::InsertionGuard guard(b);
    Value mi = beginFor(cst(0), cst(tilesM), cst(1));
    Value ni = beginFor(cst(0), cst(tilesN), cst(1));
    Value e = beginFor(cst(0), cst(4), cst(1));
    body(mi, ni, e);
  };
  forEachFragment([&](Value mi, Value ni, Value e) {
    Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
    memref::StoreOp::create(b, loc, zero, acc, ValueRange{mi, ni, e});
  });

  SmallVector<Value> lo(numDims), hi(numDims);
  for (unsigned d : {mc.m, mc.n}) {
    lo[d] = mul(blk[d], cst(c.tiles[0][d]));
    hi[d] = min(add(lo[d], cst(c.tiles[0][d])), cst(sizes[d]));
  }
  int64_t tileK = c.tiles[1][mc.k], extentK = sizes[mc.k];
  // Tile-local indices in the shared buffers' order: A_s holds (m, k) or
  // (k, m), B_s (k, n) or (n, k), as the input's buffer and the copy's
  // layout say.
  bool aT =
      mc.lhsTransposed != (shared[mc.lhs].layout == mdh_cl::Layout::Transposed);
  bool bT =
      mc.rhsTransposed != (shared[mc.rhs].layout == mdh_cl::Layout::Transposed);
  // The copies of the shared tiles of k from `k1` into stage `stage`:
  // cooperative (`fast`), or with zeros past the ends.
  auto copyTiles = [&](Value k1, bool fast, int64_t stage) {
    SmallVector<Value> lo1(lo), hi1(hi);
    lo1[mc.k] = k1;
    hi1[mc.k] =
        fast ? add(k1, cst(tileK)) : min(add(k1, cst(tileK)), cst(extentK));
    if (fast)
      for (unsigned d : {mc.m, mc.n})
        hi1[d] = add(lo[d], cst(c.tiles[0][d]));
    vectorCopies = fast;
    for (unsigned i : {mc.lhs, mc.rhs}) {
      shared[i].stageOffset = cst(stage * tileRows[i]);
      mmaCopy(i, lo1, hi1, fast);
    }
    vectorCopies = false;
  };
  // The warp's products over the shared tiles in `stage`, K of k at a time.
  auto computeTile = [&](int64_t stage) {
    OpBuilder::InsertionGuard guard(b);
    Value kk = beginFor(cst(0), cst(tileK), cst(kMmaK));
    // The warp tile's products share their fragments: one op for all of
    // them (mma.sync shapes), one per product for MFMA.
    DenseI64ArrayAttr tiles;
    Value mi = cst(0), ni = cst(0);
    if (dims.lanes == 32) {
      tiles = b.getDenseI64ArrayAttr({tilesM, tilesN});
    } else {
      mi = beginFor(cst(0), cst(tilesM), cst(1));
      ni = beginFor(cst(0), cst(tilesN), cst(1));
    }
    Value row = add(rowOff, mul(mi, cst(kMmaM)));
    Value col = add(colOff, mul(ni, cst(kMmaN)));
    SmallVector<Value> aIdx =
        aT ? SmallVector<Value>{kk, row} : SmallVector<Value>{row, kk};
    SmallVector<Value> bIdx =
        bT ? SmallVector<Value>{col, kk} : SmallVector<Value>{kk, col};
    aIdx.front() = add(aIdx.front(), cst(stage * tileRows[mc.lhs]));
    bIdx.front() = add(bIdx.front(), cst(stage * tileRows[mc.rhs]));
    mdh_cl::MmaOp::create(b, loc, shape, tiles, shared[mc.lhs].buffer, aIdx, aT,
                          shared[mc.rhs].buffer, bIdx, bT, acc,
                          ValueRange{mi, ni, cst(0)});
  };
  // One shared tile of k from `k1` in the first stage: its copies between
  // barriers, then the products over it.
  auto kTile = [&](Value k1, bool fast) {
    OpBuilder::InsertionGuard guard(b);
    mdh_cl::BarrierOp::create(b, loc);
    copyTiles(k1, fast, 0);
    mdh_cl::BarrierOp::create(b, loc);
    computeTile(0);
  };
  // Blocks whose tiles of m and n are full, of 16-byte aligned inputs: the
  // whole shared tiles of k with 128-bit cooperative copies, then the rest
  // of k; other blocks: every tile of k with zeros past the ends. The test
  // is the same on every thread of the block.
  Value full = boolean(true);
  for (unsigned d : {mc.m, mc.n})
    full = andI(full, eq(hi[d], add(lo[d], cst(c.tiles[0][d]))));
  auto version = scf::IfOp::create(b, loc, full, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(version.thenBlock());
    vectorSources.clear();
    int64_t wholeK = extentK / tileK * tileK;
    if (c.stages > 1 && wholeK >= 2 * tileK) {
      // The whole tiles of k as a pipeline (GPUPipeline.cpp).
      pipelineTiles(
          wholeK / tileK, c.stages,
          [&](Value t, int64_t stage) {
            copyTiles(mul(t, cst(tileK)), /*fast=*/true, stage);
          },
          [&](Value, int64_t stage) { computeTile(stage); });
    } else if (wholeK > 0) {
      OpBuilder::InsertionGuard inner(b);
      kTile(beginFor(cst(0), cst(wholeK), cst(tileK)), /*fast=*/true);
    }
    if (wholeK != extentK)
      kTile(cst(wholeK), /*fast=*/false);
    b.setInsertionPointToStart(version.elseBlock());
    kTile(beginFor(cst(0), cst(extentK), cst(tileK)), /*fast=*/false);
  }
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(version);
    for (Value src : vectorSources)
      full = andI(full, mdh_cl::AlignedOp::create(b, loc, b.getI1Type(), src,
                                                  kGPUVectorBytes));
    version.getConditionMutable().assign(full);
  }

  // Each lane's accumulators where the shape's layout puts them.
  Value outBuffer = s.getOuts()[0];
  forEachFragment([&](Value mi, Value ni, Value e) {
    auto [r, cc] = mdh_cl::mmaAccumulatorPosition(b, loc, shape, lane, e);
    Value row = add(add(lo[mc.m], add(rowOff, mul(mi, cst(kMmaM)))), r);
    Value col = add(add(lo[mc.n], add(colOff, mul(ni, cst(kMmaN)))), cc);
    beginIf(andI(lt(row, cst(sizes[mc.m])), lt(col, cst(sizes[mc.n]))));
    Value v = memref::LoadOp::create(b, loc, acc, ValueRange{mi, ni, e});
    memref::StoreOp::create(b, loc, v, outBuffer, ValueRange{row, col});
  });
}
