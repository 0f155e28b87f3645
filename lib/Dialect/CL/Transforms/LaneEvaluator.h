//===- LaneEvaluator.h - Index values of one GPU lane -----------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to the bank-conflict model (BankConflicts.cpp): evaluates the
// index arithmetic of CL-IR for one lane of a warp.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_DIALECT_CL_TRANSFORMS_LANEEVALUATOR_H
#define MDH_LIB_DIALECT_CL_TRANSFORMS_LANEEVALUATOR_H

#include "mdh/Dialect/CL/MDHCLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <optional>

namespace mlir::mdh_cl {

/// The index values one lane computes: thread ids fixed to the lane's,
/// block ids to 0 and every loop at its first iteration (for the lane).
class LaneEvaluator {
public:
  explicit LaneEvaluator(DenseMap<Value, int64_t> fixed)
      : values(std::move(fixed)) {}

  std::optional<int64_t> eval(Value v) {
    if (auto it = values.find(v); it != values.end())
      return it->second;
    std::optional<int64_t> r = compute(v);
    if (r)
      values[v] = *r;
    return r;
  }

private:
  std::optional<int64_t> compute(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (auto loop = dyn_cast<ForOp>(owner))
        return eval(loop.getLowerBound());
      if (auto loop = dyn_cast<ParForOp>(owner))
        if (loop.getLayer() == Layer::Blocks)
          return eval(loop.getLowerBound());
      return std::nullopt;
    }
    Operation *op = v.getDefiningOp();
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
        return i.getValue().getSExtValue();
      return std::nullopt;
    }
    // Inputs are taken to be aligned: the kernels' fast versions run.
    if (isa<AlignedOp>(op))
      return 1;
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtUIOp,
            arith::ExtSIOp, arith::TruncIOp>(op))
      return eval(op->getOperand(0));
    if (auto sel = dyn_cast<arith::SelectOp>(op)) {
      std::optional<int64_t> cond = eval(sel.getCondition());
      if (!cond)
        return std::nullopt;
      return eval(*cond ? sel.getTrueValue() : sel.getFalseValue());
    }
    if (op->getNumOperands() != 2)
      return std::nullopt;
    std::optional<int64_t> a = eval(op->getOperand(0));
    std::optional<int64_t> b = eval(op->getOperand(1));
    if (!a || !b)
      return std::nullopt;
    if (auto cmp = dyn_cast<arith::CmpIOp>(op))
      return compare(cmp.getPredicate(), *a, *b);
    return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
        .Case([&](arith::AddIOp) { return *a + *b; })
        .Case([&](arith::SubIOp) { return *a - *b; })
        .Case([&](arith::MulIOp) { return *a * *b; })
        .Case<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp>(
            [&](Operation *) -> std::optional<int64_t> {
              if (*b <= 0 || *a < 0)
                return std::nullopt;
              return *a / *b;
            })
        .Case([&](arith::CeilDivUIOp) -> std::optional<int64_t> {
          if (*b <= 0 || *a < 0)
            return std::nullopt;
          return (*a + *b - 1) / *b;
        })
        .Case<arith::RemUIOp, arith::RemSIOp>(
            [&](Operation *) -> std::optional<int64_t> {
              if (*b <= 0 || *a < 0)
                return std::nullopt;
              return *a % *b;
            })
        .Case<arith::MinUIOp, arith::MinSIOp>(
            [&](Operation *) { return std::min(*a, *b); })
        .Case<arith::MaxUIOp, arith::MaxSIOp>(
            [&](Operation *) { return std::max(*a, *b); })
        .Case([&](arith::AndIOp) { return *a & *b; })
        .Case([&](arith::OrIOp) { return *a | *b; })
        .Case([&](arith::XOrIOp) { return *a ^ *b; })
        .Case([&](arith::ShLIOp) -> std::optional<int64_t> {
          if (*b < 0 || *b > 62)
            return std::nullopt;
          return *a << *b;
        })
        .Case([&](arith::ShRUIOp) -> std::optional<int64_t> {
          if (*b < 0 || *b > 62 || *a < 0)
            return std::nullopt;
          return *a >> *b;
        })
        .Default([](Operation *) { return std::nullopt; });
  }

  static int64_t compare(arith::CmpIPredicate p, int64_t a, int64_t b) {
    switch (p) {
    case arith::CmpIPredicate::eq:
      return a == b;
    case arith::CmpIPredicate::ne:
      return a != b;
    case arith::CmpIPredicate::slt:
    case arith::CmpIPredicate::ult:
      return a < b;
    case arith::CmpIPredicate::sle:
    case arith::CmpIPredicate::ule:
      return a <= b;
    case arith::CmpIPredicate::sgt:
    case arith::CmpIPredicate::ugt:
      return a > b;
    case arith::CmpIPredicate::sge:
    case arith::CmpIPredicate::uge:
      return a >= b;
    }
    llvm_unreachable("unknown predicate");
  }

  DenseMap<Value, int64_t> values;
};

} // namespace mlir::mdh_cl

#endif // MDH_LIB_DIALECT_CL_TRANSFORMS_LANEEVALUATOR_H
