//===- MmaToROCDL.cpp - mdh_cl.mma as AMD MFMA ----------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `mdh_cl.mma m16n16k16` as `rocdl.mfma.f32.16x16x16f16` (f16) or
// `rocdl.mfma.f32.16x16x16bf16.1k` (bf16, their bits as i16): lane l of the
// wavefront (r = l % 16, q = 4 * (l / 16)) passes A[r][q .. q + 3] and
// B[q .. q + 3][r] as vectors of four and receives D[q .. q + 3][r], its
// four accumulators. The same fragments as the HIP emitter's
// (lib/Target/C/CMfmaPrinter.cpp).
//
//===----------------------------------------------------------------------===//

#include "MmaToNVVM.h"

#include "mdh/Dialect/CL/MmaFragments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mdh_cl;

void mlir::mdh::lowerMmaToROCDL(MmaOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  Value lane = buildLaneId(b, op);
  Value r = arith::RemUIOp::create(b, loc, lane, cst(16));
  Value q = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, lane, cst(16)), cst(4));
  Type element = cast<MemRefType>(op.getLhs().getType()).getElementType();
  bool bf16 = element.isBF16();
  Type i16 = b.getI16Type();
  // Four elements along k: (row, q + j) of A, (q + j, col) of B; one
  // 64-bit load where they are an aligned run (k innermost in a shared
  // tile at a multiple of 4).
  auto fragment = [&](Value memref, ValueRange base, bool transposed,
                      bool alongCols, Value fixed) -> Value {
    auto at = [&](Value k) {
      return mmaElementIndices(b, loc, base, transposed, alongCols ? fixed : k,
                               alongCols ? k : fixed);
    };
    bool kInnermost = alongCols != transposed;
    if (mmaRunsAreAligned(memref, base, kInnermost, 4)) {
      Value v =
          vector::LoadOp::create(b, loc, VectorType::get({4}, element), memref,
                                 at(q), /*nontemporal=*/false, llvm::Align(8));
      return bf16 ? vector::BitCastOp::create(b, loc, VectorType::get({4}, i16),
                                              v)
                        .getResult()
                  : v;
    }
    SmallVector<Value> elements;
    for (int64_t j = 0; j < 4; ++j) {
      Value x = memref::LoadOp::create(b, loc, memref, at(add(q, cst(j))));
      elements.push_back(bf16 ? arith::BitcastOp::create(b, loc, i16, x) : x);
    }
    return vector::FromElementsOp::create(
        b, loc, VectorType::get({4}, bf16 ? i16 : element), elements);
  };
  Value fa = fragment(op.getLhs(), op.getLhsIndices(), op.getLhsTransposed(),
                      /*alongCols=*/true, r);
  Value fb = fragment(op.getRhs(), op.getRhsIndices(), op.getRhsTransposed(),
                      /*alongCols=*/false, r);
  SmallVector<SmallVector<Value>> accIdx;
  SmallVector<Value> acc;
  for (int64_t e = 0; e < 4; ++e) {
    accIdx.push_back(mmaAccumulatorIndices(b, op, e));
    acc.push_back(memref::LoadOp::create(b, loc, op.getAcc(), accIdx.back()));
  }
  auto f32x4 = VectorType::get({4}, b.getF32Type());
  Value fc = vector::FromElementsOp::create(b, loc, f32x4, acc);
  // cbsz, abid, blgp: no broadcast between blocks or lanes.
  Value zero = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0));
  SmallVector<Value> args = {fa, fb, fc, zero, zero, zero};
  Value d = bf16 ? ROCDL::mfma_f32_16x16x16bf16_1k::create(b, loc, f32x4, args)
                       .getResult()
                 : ROCDL::mfma_f32_16x16x16f16::create(b, loc, f32x4, args)
                       .getResult();
  for (int64_t e = 0; e < 4; ++e) {
    Value v = vector::ExtractOp::create(b, loc, d, ArrayRef<int64_t>{e});
    memref::StoreOp::create(b, loc, v, op.getAcc(), accIdx[e]);
  }
  op.erase();
}
