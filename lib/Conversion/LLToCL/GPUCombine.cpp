//===- GPUCombine.cpp - Re-composition in the GPU lowering ----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The re-composition of partial results of GPU schedules (docs/cl-ir.md,
// "GPU schedules", "Re-composition"): the combine of the threads' parts at
// the end of the main kernel, and the phases after it: the cross-block
// combine, the scans of ps dimensions and the final writes.
//
//===----------------------------------------------------------------------===//

#include "GPULoweringImpl.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;

void GPULowering::accumulate(ValueRange values, ArrayRef<Value> buffers,
                             ArrayRef<Value> indices, Value first) {
  if (reduction.getCustom()) {
    mdh_cl::AccumulateOp::create(b, loc, values, buffers, indices, first,
                                 reduction);
    return;
  }
  for (auto [value, buffer] : llvm::zip_equal(values, buffers))
    mdh_cl::AccumulateOp::create(b, loc, ValueRange{value}, ValueRange{buffer},
                                 indices, first, reduction);
}

void GPULowering::storeOutputs(ArrayRef<Value> buffers, ArrayRef<Value> from,
                               ArrayRef<Value> point) {
  for (auto [a, buffer] : llvm::zip_equal(accesses, buffers)) {
    Value value = memref::LoadOp::create(b, loc, buffer, from);
    SmallVector<Value> indices = *affine::expandAffineMap(b, loc, a.map, point);
    memref::StoreOp::create(b, loc, value, s.getOuts()[a.output], indices);
  }
}

SmallVector<Value> GPULowering::deviceIndex(Value part, ArrayRef<Value> keep) {
  SmallVector<Value> indices;
  if (blockParts > 1)
    indices.push_back(part);
  llvm::append_range(indices, keep);
  return indices;
}

void GPULowering::buildThreadCombine() {
  // Every thread's partial results are written.
  mdh_cl::BarrierOp::create(b, loc);
  int64_t positions = 1;
  for (int64_t e : localExtent)
    positions *= e;
  Value q = beginFor(tid, cst(positions), numThreads);
  SmallVector<Value> l = delinearize(q, localExtent);
  SmallVector<Value> point(numDims, cst(0)), keep;
  Value inRange = trueV();
  for (auto [k, d] : llvm::enumerate(keepDims)) {
    Value g;
    if (!strided0) {
      g = add(lo0[d], l[k]);
      inRange = andI(inRange, lt(g, hi0[d]));
    } else {
      Value t1 = cst(c.tiles[1][d]);
      g = add(add(mul(div(l[k], t1), cst(units0[d] * c.tiles[1][d])),
                  mul(blk[d], t1)),
              rem(l[k], t1));
      inRange = andI(inRange, lt(g, cst(sizes[d])));
    }
    point[d] = g;
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
    Value p = beginFor(cst(1), cst(threadParts), cst(1));
    // Part p belongs to the threads with these pw coordinates; it holds a
    // value when they were not idle in the block's first shared tile.
    SmallVector<int64_t> extents;
    for (unsigned d : splitThr)
      extents.push_back(units2[d]);
    SmallVector<Value> coords = delinearize(p, extents);
    Value valid = trueV();
    for (auto [k, d] : llvm::enumerate(splitThr)) {
      Value step = cst(strided2 ? c.tiles[3][d] : c.tiles[2][d]);
      valid = andI(valid, lt(add(f1[d], mul(coords[k], step)), h1[d]));
    }
    beginIf(valid);
    SmallVector<Value> values;
    for (Value buffer : blockPartials)
      values.push_back(memref::LoadOp::create(b, loc, buffer, partIndex(p)));
    accumulate(values, blockPartials, partIndex(cst(0)),
               arith::ConstantIntOp::create(b, loc, 0, 1));
  }
  if (useDevice) {
    for (auto [from, to] : llvm::zip_equal(blockPartials, devicePartials)) {
      Value v = memref::LoadOp::create(b, loc, from, partIndex(cst(0)));
      memref::StoreOp::create(b, loc, v, to, deviceIndex(blockPart, keep));
    }
    return;
  }
  storeOutputs(blockPartials, partIndex(cst(0)), point);
}

void GPULowering::buildCombinePhase() {
  SmallVector<int64_t> extents;
  int64_t positions = 1;
  for (unsigned d : keepDims) {
    extents.push_back(sizes[d]);
    positions *= sizes[d];
  }
  Value q = beginPositionPhase("combine", positions);
  SmallVector<Value> keep = delinearize(q, extents);
  {
    OpBuilder::InsertionGuard guard(b);
    Value p = beginFor(cst(1), cst(blockParts), cst(1));
    SmallVector<Value> values;
    for (Value buffer : devicePartials)
      values.push_back(
          memref::LoadOp::create(b, loc, buffer, deviceIndex(p, keep)));
    accumulate(values, devicePartials, deviceIndex(cst(0), keep),
               arith::ConstantIntOp::create(b, loc, 0, 1));
  }
  if (hasPS)
    return;
  SmallVector<Value> point(numDims, cst(0));
  for (auto [k, d] : llvm::enumerate(keepDims))
    point[d] = keep[k];
  storeOutputs(devicePartials, deviceIndex(cst(0), keep), point);
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
  SmallVector<int64_t> extents;
  int64_t positions = 1;
  for (unsigned k : keepDims)
    if (k != d) {
      extents.push_back(sizes[k]);
      positions *= sizes[k];
    }
  int64_t n = sizes[d];
  int64_t chunk = 1;
  while (chunk * chunk < n)
    ++chunk;
  int64_t chunks = (n + chunk - 1) / chunk;
  // The device index of element `along` of the scan at `fixed`.
  auto at = [&](ArrayRef<Value> fixed, Value along) {
    SmallVector<Value> keep;
    unsigned next = 0;
    for (unsigned k : keepDims)
      keep.push_back(k == d ? along : fixed[next++]);
    return deviceIndex(cst(0), keep);
  };
  // buffers[to] = buffers[to] (+) buffers[from].
  auto carry = [&](ArrayRef<Value> fixed, Value from, Value to) {
    SmallVector<Value> values;
    for (Value buffer : devicePartials)
      values.push_back(memref::LoadOp::create(b, loc, buffer, at(fixed, from)));
    accumulate(values, devicePartials, at(fixed, to),
               arith::ConstantIntOp::create(b, loc, 0, 1));
  };
  auto minU = [&](Value x, Value y) {
    return arith::MinUIOp::create(b, loc, x, y).getResult();
  };

  SmallVector<int64_t> chunkExtents(extents);
  chunkExtents.push_back(chunks);
  {
    Value q =
        beginPositionPhase(("scan_" + Twine(d)).str(), positions * chunks);
    SmallVector<Value> idx = delinearize(q, chunkExtents);
    Value first = mul(idx.back(), cst(chunk));
    Value last = minU(add(first, cst(chunk)), cst(n));
    ArrayRef<Value> fixed = ArrayRef<Value>(idx).drop_back();
    Value j = beginFor(add(first, cst(1)), last, cst(1));
    carry(fixed, sub(j, cst(1)), j);
  }
  if (chunks == 1)
    return;
  {
    Value q =
        beginPositionPhase(("scan_" + Twine(d) + "_carry").str(), positions);
    SmallVector<Value> fixed = delinearize(q, extents);
    Value k = beginFor(cst(1), cst(chunks), cst(1));
    Value end = sub(minU(add(mul(k, cst(chunk)), cst(chunk)), cst(n)), cst(1));
    carry(fixed, sub(mul(k, cst(chunk)), cst(1)), end);
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
    carry(fixed, sub(mul(k, cst(chunk)), cst(1)), j);
  }
}

void GPULowering::buildWritePhase() {
  SmallVector<int64_t> extents;
  int64_t positions = 1;
  for (unsigned d : keepDims) {
    extents.push_back(sizes[d]);
    positions *= sizes[d];
  }
  Value q = beginPositionPhase("write", positions);
  SmallVector<Value> keep = delinearize(q, extents);
  SmallVector<Value> point(numDims, cst(0));
  for (auto [k, d] : llvm::enumerate(keepDims))
    point[d] = keep[k];
  storeOutputs(devicePartials, deviceIndex(cst(0), keep), point);
}
