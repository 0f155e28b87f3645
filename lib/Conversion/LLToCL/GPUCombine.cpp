//===- GPUCombine.cpp - Re-composition in the GPU lowering ----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The re-composition of partial results of GPU schedules (docs/cl-ir.md,
// "GPU schedules", "Re-composition") that the host lowering does not share:
// the combine of the threads' parts at the end of the main kernel, and the
// scans of ps dimensions in parallel chunks. The cross-block combine and the
// final writes are ScheduleLowering::buildRecomposition.
//
//===----------------------------------------------------------------------===//

#include "GPULoweringImpl.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;

void GPULowering::buildThreadCombine() {
  // Every thread's partial results are written.
  mdh_cl::BarrierOp::create(b, loc);
  Value q = beginFor(tid, cst(computeProduct(localExtent)), numThreads);
  SmallVector<Value> l = delinearize(q, localExtent);
  SmallVector<Value> keep;
  Value inRange = boolean(true);
  for (auto [k, d] : llvm::enumerate(keepDims)) {
    Value g;
    if (!blocks.strided) {
      g = add(lo0[d], l[k]);
      inRange = andI(inRange, lt(g, hi0[d]));
    } else {
      Value t1 = cst(c.tiles[1][d]);
      g = add(add(mul(div(l[k], t1), cst(blocks.units[d] * c.tiles[1][d])),
                  mul(blk[d], t1)),
              rem(l[k], t1));
      inRange = andI(inRange, lt(g, cst(sizes[d])));
    }
    keep.push_back(g);
  }
  beginIf(inRange);
  auto partIndex = [&](Value part) {
    SmallVector<Value> indices;
    if (blockLinear)
      indices.push_back(blockLinear);
    indices.push_back(part);
    llvm::append_range(indices, l);
    return indices;
  };
  {
    OpBuilder::InsertionGuard guard(b);
    Value p = beginFor(cst(1), cst(threads.parts), cst(1));
    // Part p belongs to the threads with these pw coordinates; it holds a
    // value when they were not idle in the block's first shared tile.
    SmallVector<int64_t> extents = llvm::map_to_vector(
        threads.splitPW, [&](unsigned d) { return threads.units[d]; });
    SmallVector<Value> coords = delinearize(p, extents);
    Value valid = boolean(true);
    for (auto [k, d] : llvm::enumerate(threads.splitPW)) {
      Value step = cst(threads.strided ? c.tiles[3][d] : c.tiles[2][d]);
      valid = andI(valid, lt(add(f1[d], mul(coords[k], step)), h1[d]));
    }
    beginIf(valid);
    SmallVector<Value> from = partIndex(p);
    carry(blockPartials, from, partIndex(cst(0)));
  }
  if (viaDevice) {
    for (auto [from, to] : llvm::zip_equal(blockPartials, devicePartials)) {
      Value v = memref::LoadOp::create(b, loc, from, partIndex(cst(0)));
      memref::StoreOp::create(b, loc, v, to, deviceIndex(mainPart, keep));
    }
    return;
  }
  writeOutputs(blockPartials, partIndex(cst(0)), keep);
}

// The scan along ps dimension d of the device partials, in chunks of about
// sqrt(n) elements so that it runs on n / chunk threads rather than one:
//   scan_d:       each chunk scanned by its own thread;
//   scan_d_carry: the chunks' last elements scanned, one thread per
//                 position of the other dimensions;
//   scan_d_add:   every other element of chunk k > 0 combined with the
//                 (now final) last element of chunk k - 1.
// Each element is combined with its predecessors in order (earlier values
// are accumulated into later ones), as by a sequential scan.
void GPULowering::buildScanPhase(unsigned d) {
  SmallVector<int64_t> extents = keptSizesWithout(d);
  int64_t positions = computeProduct(extents);
  int64_t n = sizes[d];
  int64_t chunk = 1;
  while (chunk * chunk < n)
    ++chunk;
  int64_t chunks = llvm::divideCeilSigned(n, chunk);
  // Element `to` of the scan at `fixed` (+)= element `from`.
  auto carryAlong = [&](ArrayRef<Value> fixed, Value from, Value to) {
    SmallVector<Value> fromIndex = scanIndex(d, fixed, from);
    carry(devicePartials, fromIndex, scanIndex(d, fixed, to));
  };

  SmallVector<int64_t> chunkExtents(extents);
  chunkExtents.push_back(chunks);
  {
    Value q =
        beginPositionPhase(("scan_" + Twine(d)).str(), positions * chunks);
    SmallVector<Value> idx = delinearize(q, chunkExtents);
    Value first = mul(idx.back(), cst(chunk));
    Value last = min(add(first, cst(chunk)), cst(n));
    ArrayRef<Value> fixed = ArrayRef<Value>(idx).drop_back();
    Value j = beginFor(add(first, cst(1)), last, cst(1));
    carryAlong(fixed, sub(j, cst(1)), j);
  }
  if (chunks == 1)
    return;
  {
    Value q =
        beginPositionPhase(("scan_" + Twine(d) + "_carry").str(), positions);
    SmallVector<Value> fixed = delinearize(q, extents);
    Value k = beginFor(cst(1), cst(chunks), cst(1));
    Value end = sub(min(add(mul(k, cst(chunk)), cst(chunk)), cst(n)), cst(1));
    carryAlong(fixed, sub(mul(k, cst(chunk)), cst(1)), end);
  }
  {
    SmallVector<int64_t> restExtents(extents);
    restExtents.push_back(n - chunk);
    Value q = beginPositionPhase(("scan_" + Twine(d) + "_add").str(),
                                 positions * (n - chunk));
    SmallVector<Value> idx = delinearize(q, restExtents);
    Value j = add(idx.back(), cst(chunk));
    Value k = div(j, cst(chunk));
    // The last element of each chunk is final already.
    Value next = add(j, cst(1));
    beginIf(andI(lt(cst(0), rem(next, cst(chunk))), lt(next, cst(n))));
    ArrayRef<Value> fixed = ArrayRef<Value>(idx).drop_back();
    carryAlong(fixed, sub(mul(k, cst(chunk)), cst(1)), j);
  }
}
