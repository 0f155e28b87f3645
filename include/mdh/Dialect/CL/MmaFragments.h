//===- MmaFragments.h - Loading the fragments of mdh_cl.mma -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// What the two printers of `mdh_cl.mma` (the CUDA emitter and the NVVM
// lowering) share: each fragment register of A and B is a pair of 16-bit
// elements adjacent along k, which is one aligned 32-bit word of memory
// when k is the operand's innermost dimension, the pair starts at an even
// index and the buffer is one of CL-IR's own (aligned to 16 bytes, unlike
// a function argument, whose 16-bit elements are only 2-byte aligned).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_MMAFRAGMENTS_H
#define MDH_DIALECT_CL_MMAFRAGMENTS_H

#include "mdh/Dialect/CL/MDHCLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::mdh_cl {

/// Whether `v` is even: an even constant, the induction variable of a loop
/// that starts at an even value in even steps, or sums, differences and
/// products of such values.
inline bool isProvablyEven(Value v) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return *c % 2 == 0;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast_or_null<ForOp>(owner))
      return isProvablyEven(loop.getLowerBound()) &&
             isProvablyEven(loop.getStep());
    return false;
  }
  Operation *def = v.getDefiningOp();
  if (isa_and_nonnull<arith::MulIOp>(def))
    return isProvablyEven(def->getOperand(0)) ||
           isProvablyEven(def->getOperand(1));
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
    return isProvablyEven(def->getOperand(0)) &&
           isProvablyEven(def->getOperand(1));
  return false;
}

/// Whether the fragment pairs of an operand (`memref` at `indices`, k
/// innermost when `kInnermost`) are aligned 32-bit words.
inline bool mmaPairsAreWords(Value memref, ValueRange indices,
                             bool kInnermost) {
  auto type = cast<MemRefType>(memref.getType());
  return kInnermost && memref.getDefiningOp<BufferOp>() &&
         type.getLayout().isIdentity() && type.getShape().back() % 2 == 0 &&
         isProvablyEven(indices.back());
}

} // namespace mlir::mdh_cl

#endif // MDH_DIALECT_CL_MMAFRAGMENTS_H
