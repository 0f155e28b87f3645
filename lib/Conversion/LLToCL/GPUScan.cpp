//===- GPUScan.cpp - Scans of ps dimensions on GPUs
//------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The scan along a ps dimension d (n elements) of the device partials, in
// tiles, in three phases:
//
//   scan_d:       every tile scanned on its own;
//   scan_d_carry: the tiles' last elements scanned, one thread per position
//                 of the other dimensions;
//   scan_d_add:   every other element of tile k > 0 combined with the (now
//                 final) last element of tile k - 1.
//
// A dimension of at least kMinBlockScan elements is scanned in tiles of
// T x E elements, one block of T threads per tile (buildTileScan): each
// thread scans E consecutive elements, the threads' totals are scanned
// within each warp by shuffles and across the block's warps through shared
// memory, and each thread combines the total of the elements before its
// own into them. E ~ sqrt(n / T) balances the thread's E sequential steps
// against the carry's n / (T E): about 2 sqrt(n / T) steps on the critical
// path (512 for n = 2^24, T = 256). Shorter dimensions take chunks of about
// sqrt(n) elements, one thread each (a block would mostly idle). Every
// element is combined with its predecessors in order, as by a sequential
// scan. docs/cl-ir.md, "Re-composition".
//
//===----------------------------------------------------------------------===//

#include "GPULoweringImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;

/// The shortest dimension scanned in blocks.
static constexpr int64_t kMinBlockScan = 128;

void GPULowering::buildTileScan(unsigned d, int64_t numThreads,
                                int64_t perThread) {
  SmallVector<int64_t> extents = keptSizesWithout(d);
  int64_t positions = computeProduct(extents);
  int64_t n = sizes[d];
  int64_t tile = numThreads * perThread;
  int64_t tiles = llvm::divideCeil(n, tile);
  int64_t warps = numThreads / kWarpLanes;

  beginPhase(("scan_" + Twine(d)).str());
  Grid g;
  g.count = {positions * tiles, 1, 1};
  emitLoops(g, mdh_cl::Layer::Blocks);
  SmallVector<Value> totals =
      createPartials({warps}, mdh_cl::MemRegion::Shared);
  Grid t;
  t.count = {numThreads, 1, 1};
  emitLoops(t, mdh_cl::Layer::Threads);
  Value tx = t.ivs[0], bq = g.ivs[0];
  Value zero = cst(0);
  SmallVector<Value> fixed =
      delinearize(tiles == 1 ? bq : div(bq, cst(tiles)), extents);
  auto at = [&](Value j) { return scanIndex(d, fixed, j); };
  // The thread's elements [first, last) of the tile starting at j0; the
  // threads that have any are a prefix of the block.
  Value j0 = tiles == 1 ? zero : mul(rem(bq, cst(tiles)), cst(tile));
  Value first = add(j0, mul(tx, cst(perThread)));
  Value has = lt(first, cst(n));
  Value last = min(add(first, cst(perThread)), cst(n));
  {
    OpBuilder::InsertionGuard guard(b);
    Value j = beginFor(add(first, cst(1)), last, cst(1));
    carry(devicePartials, at(sub(j, cst(1))), at(j));
  }

  // The warp's inclusive scan of the threads' totals. Before the step of
  // `off`, lane l holds the lanes [l - off + 1, l] of its warp (from lane 0
  // on) and thus a value when the first of them has elements (those that do
  // are a prefix): no flag travels with the values.
  SmallVector<Value> regs = createPartials({1}, mdh_cl::MemRegion::Register);
  {
    OpBuilder::InsertionGuard guard(b);
    beginIf(has);
    for (auto [value, reg] :
         llvm::zip_equal(loadAll(devicePartials, at(sub(last, cst(1)))), regs))
      memref::StoreOp::create(b, loc, value, reg, zero);
  }
  Value lane = rem(tx, cst(kWarpLanes));
  Value warp = div(tx, cst(kWarpLanes));
  // Whether the lanes [max(0, lane - back), lane] have elements.
  auto holds = [&](int64_t back) {
    // (warp * 32 + max(lane, back) - back: no negative intermediate, so
    // that the index arithmetic stays provably 32-bit.)
    Value low = sub(max(lane, cst(back)), cst(back));
    Value from = add(mul(warp, cst(kWarpLanes)), low);
    return lt(add(j0, mul(from, cst(perThread))), cst(n));
  };
  for (int64_t off = 1; off < kWarpLanes; off *= 2) {
    SmallVector<Value> got =
        llvm::map_to_vector(loadAll(regs, zero), [&](Value v) {
          return shuffle(mdh_cl::ShuffleMode::Up, v, off);
        });
    // Lane l - off holds the lanes [l - 2 off + 1, l - off]. (The lanes
    // that matter only ever read lanes that hold a value; the test also
    // keeps the others from combining uninitialised registers, which a
    // custom combiner's integer division could trap on in the emulation.)
    Value take = andI(lt(cst(off - 1), lane), holds(2 * off - 1));
    OpBuilder::InsertionGuard guard(b);
    beginIf(take);
    accumulate(got, regs, {zero},
               arith::XOrIOp::create(b, loc, holds(off - 1), boolean(true)));
  }
  {
    OpBuilder::InsertionGuard guard(b);
    beginIf(andI(eq(lane, cst(kWarpLanes - 1)), holds(kWarpLanes - 1)));
    for (auto [value, total] : llvm::zip_equal(loadAll(regs, zero), totals))
      memref::StoreOp::create(b, loc, value, total, warp);
  }
  mdh_cl::BarrierOp::create(b, loc);

  // The total of the elements before the thread's: the earlier warps'
  // totals, then the earlier lanes' (lane - 1's inclusive value).
  SmallVector<Value> before =
      llvm::map_to_vector(loadAll(regs, zero), [&](Value v) {
        return shuffle(mdh_cl::ShuffleMode::Up, v, 1);
      });
  SmallVector<Value> prefix = createPartials({1}, mdh_cl::MemRegion::Register);
  beginIf(andI(has, lt(zero, tx)));
  {
    OpBuilder::InsertionGuard guard(b);
    Value k = beginFor(zero, warp, cst(1));
    accumulate(loadAll(totals, k), prefix, {zero}, eq(k, zero));
  }
  {
    OpBuilder::InsertionGuard guard(b);
    beginIf(lt(zero, lane));
    accumulate(before, prefix, {zero}, eq(warp, zero));
  }
  Value j = beginFor(first, last, cst(1));
  accumulate(loadAll(prefix, zero), devicePartials, at(j), boolean(false));
}

void GPULowering::buildScanPhase(unsigned d) {
  SmallVector<int64_t> extents = keptSizesWithout(d);
  int64_t positions = computeProduct(extents);
  int64_t n = sizes[d];
  // Element `to` of the scan at `fixed` (+)= element `from`.
  auto carryAlong = [&](ArrayRef<Value> fixed, Value from, Value to) {
    SmallVector<Value> fromIndex = scanIndex(d, fixed, from);
    carry(devicePartials, fromIndex, scanIndex(d, fixed, to));
  };

  // Blocks of T threads (a power of two, 32 to 256) with E elements each;
  // values a shuffle moves; a grid that fits.
  int64_t numThreads = std::clamp<int64_t>(
      static_cast<int64_t>(llvm::PowerOf2Ceil(
          static_cast<uint64_t>(std::ceil(std::sqrt(static_cast<double>(n)))))),
      kWarpLanes, kPositionThreads);
  int64_t perThread = std::max<int64_t>(
      1, static_cast<int64_t>(
             std::ceil(std::sqrt(static_cast<double>(n) / numThreads))));
  bool shuffled = llvm::all_of(devicePartials, [](Value buffer) {
    Type type = cast<MemRefType>(buffer.getType()).getElementType();
    return isa<IntegerType, FloatType>(type) &&
           type.getIntOrFloatBitWidth() <= 64;
  });
  int64_t tile;
  int64_t blockTiles = llvm::divideCeilSigned(n, numThreads * perThread);
  if (n >= kMinBlockScan && shuffled &&
      positions <= kMaxGridBlocks / blockTiles) {
    tile = numThreads * perThread;
    buildTileScan(d, numThreads, perThread);
  } else {
    // Chunks of about sqrt(n) elements, each scanned by its own thread.
    tile = 1;
    while (tile * tile < n)
      ++tile;
    SmallVector<int64_t> chunkExtents(extents);
    chunkExtents.push_back(llvm::divideCeil(n, tile));
    Value q = beginPositionPhase(("scan_" + Twine(d)).str(),
                                 positions * chunkExtents.back());
    SmallVector<Value> idx = delinearize(q, chunkExtents);
    Value first = mul(idx.back(), cst(tile));
    Value last = min(add(first, cst(tile)), cst(n));
    ArrayRef<Value> fixed = ArrayRef<Value>(idx).drop_back();
    Value j = beginFor(add(first, cst(1)), last, cst(1));
    carryAlong(fixed, sub(j, cst(1)), j);
  }
  int64_t tiles = llvm::divideCeil(n, tile);
  if (tiles == 1)
    return;
  {
    Value q =
        beginPositionPhase(("scan_" + Twine(d) + "_carry").str(), positions);
    SmallVector<Value> fixed = delinearize(q, extents);
    Value k = beginFor(cst(1), cst(tiles), cst(1));
    Value end = sub(min(add(mul(k, cst(tile)), cst(tile)), cst(n)), cst(1));
    carryAlong(fixed, sub(mul(k, cst(tile)), cst(1)), end);
  }
  {
    SmallVector<int64_t> restExtents(extents);
    restExtents.push_back(n - tile);
    Value q = beginPositionPhase(("scan_" + Twine(d) + "_add").str(),
                                 positions * (n - tile));
    SmallVector<Value> idx = delinearize(q, restExtents);
    Value j = add(idx.back(), cst(tile));
    Value k = div(j, cst(tile));
    // The last element of each tile is final already.
    Value next = add(j, cst(1));
    beginIf(andI(lt(cst(0), rem(next, cst(tile))), lt(next, cst(n))));
    ArrayRef<Value> fixed = ArrayRef<Value>(idx).drop_back();
    carryAlong(fixed, sub(mul(k, cst(tile)), cst(1)), j);
  }
}
