//===- GPUCopies.cpp - Cooperative copies into shared memory --------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The threads of a block copy a shared tile of an input together, element
// by element or, in the fast version of the block's code (buildMain), in
// 16-byte vectors where the rows, the box's innermost offset and its size
// are whole vectors; which inputs the fast version reads in vectors and so
// needs 16-byte aligned.
//
//===----------------------------------------------------------------------===//

#include "GPULoweringImpl.h"

#include "mdh/Dialect/CL/IndexOffsets.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::gpu_lowering;
using mdh_ll::InputRegion;

/// Whether `v` is a multiple of `m`: built from constants, products with a
/// multiple, sums, differences and minimums of multiples, and induction
/// variables of loops that start at a multiple in steps of one.
static bool isMultipleOf(Value v, int64_t m) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return *c % m == 0;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<mdh_cl::ForOp>(owner))
      return isMultipleOf(loop.getLowerBound(), m) &&
             isMultipleOf(loop.getStep(), m);
    if (auto loop = dyn_cast<mdh_cl::ParForOp>(owner))
      return isMultipleOf(loop.getLowerBound(), m) &&
             isMultipleOf(loop.getStep(), m);
    return false;
  }
  Operation *def = v.getDefiningOp();
  if (isa<arith::MulIOp>(def))
    return isMultipleOf(def->getOperand(0), m) ||
           isMultipleOf(def->getOperand(1), m);
  if (isa<arith::AddIOp, arith::SubIOp, arith::MinUIOp>(def))
    return isMultipleOf(def->getOperand(0), m) &&
           isMultipleOf(def->getOperand(1), m);
  return false;
}

/// Elements of a 128-bit load of `type`'s rows: 8 for 16-bit, 4 for
/// 32-bit, 2 for 64-bit integers and floats; 0 when the buffer's rows are
/// no whole number of such vectors or have no static dense layout.
static int64_t rowVectorLanes(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape() || !memref.getLayout().isIdentity() ||
      memref.getRank() == 0 || !memref.getElementType().isIntOrFloat())
    return 0;
  unsigned bits = memref.getElementTypeBitWidth();
  if (bits != 16 && bits != 32 && bits != 64)
    return 0;
  int64_t lanes = kGPUVectorBytes * 8 / bits;
  return memref.getShape().back() % lanes == 0 ? lanes : 0;
}

/// Elements per 128-bit load when a copy of the box `offsets`, `sizes` of
/// `src` into `dst` can read whole 16-byte vectors of the innermost
/// dimension (given a 16-byte aligned first element of `src`): the box's
/// innermost offset and size are multiples of the vector; 0 otherwise.
static int64_t vectorElements(Value src, ArrayRef<Value> offsets,
                              ArrayRef<Value> sizes, const TileCopy &dst) {
  // A rank-0 source has no rows and an empty box: no vectors.
  int64_t v = rowVectorLanes(src.getType());
  if (!v || dst.layout != mdh_cl::Layout::Identity)
    return 0;
  std::optional<int64_t> inner = mdh_cl::linearConstant(sizes.back());
  if (!inner || *inner % v != 0 || !isMultipleOf(offsets.back(), v))
    return 0;
  return v;
}

bool GPULowering::readsVectors(unsigned i) {
  // A rank-0 input has no rows (and no box dimensions): rowVectorLanes is
  // 0 for it, so test that before looking at the innermost box dimension.
  int64_t v = rowVectorLanes(s.getIns()[i].getType());
  if (!v || c.inputRegions[i][1] == InputRegion::Shared || threads.strided)
    return false;
  const BoxDim &inner = boxes[i].back();
  if (!inner.linear)
    return false;
  // A point loop with unit stride along the rows, a whole number of
  // vectors long.
  for (unsigned d = 0; d < numDims; ++d)
    if (inner.coeffs[d] == 1 && c.tiles[3][d] % v == 0)
      return true;
  return false;
}

Value GPULowering::beginThreadStrided(Value total) {
  std::optional<int64_t> count = mdh_cl::linearConstant(total);
  std::optional<int64_t> threads = mdh_cl::linearConstant(numThreads);
  if (!count || !threads || *threads <= 0 || *count % *threads != 0 ||
      *count == 0)
    return beginFor(tid, total, numThreads);
  Value k = beginFor(cst(0), cst(*count / *threads), cst(1));
  return add(tid, mul(k, numThreads));
}

void GPULowering::cooperativeCopy(Value src, ArrayRef<Value> offsets,
                                  ArrayRef<Value> boxSizes,
                                  const TileCopy &dst) {
  // Consecutive threads copy consecutive elements (or 16-byte vectors) of
  // the innermost buffer dimension: coalesced reads of the source.
  auto copy = [&](int64_t v) {
    SmallVector<Value> sizes(boxSizes);
    if (v > 1)
      sizes.back() = cst(*mdh_cl::linearConstant(sizes.back()) / v);
    Value total = cst(1);
    for (Value n : sizes)
      total = mul(total, n);
    OpBuilder::InsertionGuard guard(b);
    Value e = beginThreadStrided(total);
    SmallVector<Value> idx(sizes.size());
    for (unsigned k = sizes.size(); k-- > 0;) {
      idx[k] = rem(e, sizes[k]);
      e = div(e, sizes[k]);
    }
    if (v > 1)
      idx.back() = mul(idx.back(), cst(v));
    SmallVector<Value> from;
    for (auto [o, i] : llvm::zip_equal(offsets, idx))
      from.push_back(add(o, i));
    Type elt = cast<MemRefType>(src.getType()).getElementType();
    // Widened on the way where the tile holds a wider float (Staging.h).
    Type tileElt = cast<MemRefType>(dst.buffer.getType()).getElementType();
    auto convert = [&](Value x) -> Value {
      return tileElt == elt ? x : arith::ExtFOp::create(b, loc, tileElt, x);
    };
    // The destination's indices come first: a store right after its load
    // is one asynchronous copy in CUDA (cp.async).
    if (v == 1) {
      SmallVector<Value> to =
          inStage(dst, mdh_cl::toTileOrder(dst.layout, ArrayRef<Value>(idx)));
      Value x = convert(memref::LoadOp::create(b, loc, src, from));
      memref::StoreOp::create(b, loc, x, dst.buffer, to);
      return;
    }
    // One 128-bit load, then one 128-bit store or its elements one by one.
    // Stored whole where the tile's rows hold whole vectors (its buffers
    // start at 16-byte boundaries): element by element, lanes 16 bytes
    // apart hit every 8th bank, 4 to a bank.
    auto tile = cast<MemRefType>(dst.buffer.getType());
    if (tileElt == elt && tile.getShape().back() % v == 0) {
      SmallVector<Value> to = inStage(dst, idx);
      Value vec = vector::LoadOp::create(b, loc, VectorType::get({v}, elt), src,
                                         from, /*nontemporal=*/false,
                                         llvm::Align(kGPUVectorBytes));
      vector::StoreOp::create(b, loc, vec, dst.buffer, to,
                              /*nontemporal=*/false,
                              llvm::Align(kGPUVectorBytes));
      return;
    }
    Value vec = vector::LoadOp::create(b, loc, VectorType::get({v}, elt), src,
                                       from, /*nontemporal=*/false,
                                       llvm::Align(kGPUVectorBytes));
    for (int64_t k = 0; k < v; ++k) {
      SmallVector<Value> to(idx);
      to.back() = add(to.back(), cst(k));
      Value x = convert(vector::ExtractOp::create(b, loc, vec, k));
      memref::StoreOp::create(b, loc, x, dst.buffer, inStage(dst, to));
    }
  };
  int64_t v = vectorCopies ? vectorElements(src, offsets, boxSizes, dst) : 0;
  if (v <= 1) {
    copy(1);
    return;
  }
  // The version of the block's code that this copy is in runs only when
  // `src` is 16-byte aligned (buildMain).
  if (!llvm::is_contained(vectorSources, src))
    vectorSources.push_back(src);
  copy(v);
}
