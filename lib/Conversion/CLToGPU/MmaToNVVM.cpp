//===- MmaToNVVM.cpp - mdh_cl.mma as nvvm.mma.sync ------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Each lane loads its fragments of A and B in the PTX ISA's layout for
// mma.m16n8k16 (A: rows g and g + 8, columns t, t + 1, t + 8, t + 9; B: rows
// t, t + 1, t + 8, t + 9 of column g; g = lane / 4, t = 2 * (lane % 4)),
// pairs them (f16: vector<2xf16>; bf16: their bits as i32, as the NVVM op
// takes them) and issues `nvvm.mma.sync` on its four accumulators. The
// same fragments as the CUDA emitter's (lib/Target/C/CMmaPrinter.cpp).
//
//===----------------------------------------------------------------------===//

#include "MmaToNVVM.h"

#include "mdh/Dialect/CL/MmaFragments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mdh_cl;

void mlir::mdh::lowerMmaToNVVM(MmaOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  MmaLane lane = buildMmaLane(b, op);
  Value g = lane.g, t = lane.t;
  Type element = cast<MemRefType>(op.getLhs().getType()).getElementType();
  bool bf16 = element.isBF16();
  auto pairType = VectorType::get({2}, element);
  auto indices = [&](ValueRange base, bool transposed, Value r, Value c) {
    return mmaElementIndices(b, loc, base, transposed, r, c);
  };
  // The fragment register of the elements (r, c) and (r, c) + `next` (one
  // along k), the first in the lower half: one 32-bit load where the pair
  // is an aligned word, else two 16-bit loads.
  auto fragment = [&](Value memref, ValueRange base, bool transposed,
                      bool words, Value r, Value c, Value r1,
                      Value c1) -> Value {
    Value v;
    if (words) {
      v = vector::LoadOp::create(b, loc, pairType, memref,
                                 indices(base, transposed, r, c),
                                 /*nontemporal=*/false, llvm::Align(4));
    } else {
      Value lo = memref::LoadOp::create(b, loc, memref,
                                        indices(base, transposed, r, c));
      Value hi = memref::LoadOp::create(b, loc, memref,
                                        indices(base, transposed, r1, c1));
      v = vector::FromElementsOp::create(b, loc, pairType, ValueRange{lo, hi});
    }
    if (!bf16)
      return v;
    Value word = vector::BitCastOp::create(
        b, loc, VectorType::get({1}, b.getI32Type()), v);
    return vector::ExtractOp::create(b, loc, word, ArrayRef<int64_t>{0});
  };
  bool aWords =
      mmaPairsAreWords(op.getLhs(), op.getLhsIndices(), !op.getLhsTransposed());
  bool bWords =
      mmaPairsAreWords(op.getRhs(), op.getRhsIndices(), op.getRhsTransposed());
  // A pairs run along its columns (k), B pairs along its rows (k).
  auto a = [&](Value r, Value c) {
    return fragment(op.getLhs(), op.getLhsIndices(), op.getLhsTransposed(),
                    aWords, r, c, r, add(c, cst(1)));
  };
  auto bPair = [&](Value r, Value c) {
    return fragment(op.getRhs(), op.getRhsIndices(), op.getRhsTransposed(),
                    bWords, r, c, add(r, cst(1)), c);
  };
  Value g8 = add(g, cst(8)), t8 = add(t, cst(8));
  SmallVector<Value> fa = {a(g, t), a(g8, t), a(g, t8), a(g8, t8)};
  SmallVector<Value> fb = {bPair(t, g), bPair(t8, g)};
  SmallVector<SmallVector<Value>> accIdx;
  SmallVector<Value> fc;
  for (int64_t e = 0; e < 4; ++e) {
    SmallVector<Value> idx(op.getAccIndices());
    idx.back() = add(idx.back(), cst(e));
    fc.push_back(memref::LoadOp::create(b, loc, op.getAcc(), idx));
    accIdx.push_back(idx);
  }
  Type f32 = b.getF32Type();
  auto result =
      LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  std::optional<std::array<NVVM::MMATypes, 2>> types;
  if (bf16)
    types = {NVVM::MMATypes::bf16, NVVM::MMATypes::bf16};
  auto mma = NVVM::MmaOp::create(
      b, loc, result, fa, fb, fc, ArrayRef<int64_t>{16, 8, 16},
      /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt, types,
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  for (int64_t e = 0; e < 4; ++e) {
    Value d = LLVM::ExtractValueOp::create(b, loc, mma, e);
    memref::StoreOp::create(b, loc, d, op.getAcc(), accIdx[e]);
  }
  op.erase();
}
