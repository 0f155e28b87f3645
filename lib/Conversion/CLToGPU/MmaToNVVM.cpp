//===- MmaToNVVM.cpp - mdh_cl.mma as nvvm.mma.sync ------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Each lane loads its fragments of A and B in the PTX ISA's layout and
// issues `nvvm.mma.sync` on its four accumulators:
// - mma.m16n8k16 (A: rows g and g + 8, columns t, t + 1, t + 8, t + 9; B:
//   rows t, t + 1, t + 8, t + 9 of column g; g = lane / 4, t = 2 * (lane %
//   4)): pairs (f16: vector<2xf16>; bf16: their bits as i32, as the NVVM op
//   takes them);
// - mma.m16n8k8 .tf32 (A: rows g and g + 8, columns t and t + 4; B: rows t
//   and t + 4 of column g; t = lane % 4): one f32 each, rounded by
//   `nvvm.convert.float.to.tf32` (rna) into an i32.
// The same fragments as the CUDA emitter's (lib/Target/C/CMmaPrinter.cpp).
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

/// Issues `nvvm.mma.sync` on the accumulators of `op` and erases it.
static void issueMma(OpBuilder &b, MmaOp op, ArrayRef<Value> fa,
                     ArrayRef<Value> fb, ArrayRef<int64_t> shape,
                     std::optional<std::array<NVVM::MMATypes, 2>> types) {
  Location loc = op.getLoc();
  SmallVector<SmallVector<Value>> accIdx;
  SmallVector<Value> fc;
  for (int64_t e = 0; e < 4; ++e) {
    accIdx.push_back(mmaAccumulatorIndices(b, op, e));
    fc.push_back(memref::LoadOp::create(b, loc, op.getAcc(), accIdx.back()));
  }
  Type f32 = b.getF32Type();
  auto result =
      LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  auto mma = NVVM::MmaOp::create(
      b, loc, result, fa, fb, fc, shape,
      /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt, types,
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  for (int64_t e = 0; e < 4; ++e) {
    Value d = LLVM::ExtractValueOp::create(b, loc, mma, e);
    memref::StoreOp::create(b, loc, d, op.getAcc(), accIdx[e]);
  }
  op.erase();
}

/// m16n8k8 of f32 elements read as TF32: one element per fragment register.
static void lowerTF32(OpBuilder &b, MmaOp op, Value g) {
  Location loc = op.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  Value t = arith::RemUIOp::create(
      b, loc,
      arith::RemUIOp::create(b, loc, linearThreadId(b, loc, op), cst(32)),
      cst(4));
  auto fragment = [&](Value memref, ValueRange base, bool transposed, Value r,
                      Value c) -> Value {
    Value x = memref::LoadOp::create(
        b, loc, memref, mmaElementIndices(b, loc, base, transposed, r, c));
    return NVVM::ConvertFloatToTF32Op::create(b, loc, b.getI32Type(), x,
                                              NVVM::FPRoundingMode::RNA);
  };
  auto a = [&](Value r, Value c) {
    return fragment(op.getLhs(), op.getLhsIndices(), op.getLhsTransposed(), r,
                    c);
  };
  auto bElt = [&](Value r, Value c) {
    return fragment(op.getRhs(), op.getRhsIndices(), op.getRhsTransposed(), r,
                    c);
  };
  Value g8 = add(g, cst(8)), t4 = add(t, cst(4));
  SmallVector<Value> fa = {a(g, t), a(g8, t), a(g, t4), a(g8, t4)};
  SmallVector<Value> fb = {bElt(t, g), bElt(t4, g)};
  issueMma(b, op, fa, fb, {16, 8, 8},
           std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::tf32,
                                         NVVM::MMATypes::tf32});
}

/// One product (no `tiles`).
static void lowerOne(MmaOp op) {
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
  if (op.getShape() == MmaShape::M16N8K8)
    return lowerTF32(b, op, g);
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
  std::optional<std::array<NVVM::MMATypes, 2>> types;
  if (bf16)
    types = {NVVM::MMATypes::bf16, NVVM::MMATypes::bf16};
  issueMma(b, op, fa, fb, {16, 8, 16}, types);
}

void mlir::mdh::lowerMmaToNVVM(MmaOp op) {
  // Each product loads its own fragments; LLVM merges the loads that the
  // products of a row or column of the warp tile repeat.
  for (MmaOp one : splitMmaTiles(op))
    lowerOne(one);
}
