//===- Combine.cpp - Code for the combine operators of MDH ----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/HL/Combine.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::mdh;

Value mlir::mdh::combineBuiltin(OpBuilder &b, Location loc, ReductionOp op,
                                Value lhs, Value rhs) {
  // Element-wise on vectors too.
  bool isFloat = isa<FloatType>(getElementTypeOrSelf(lhs.getType()));
  switch (op) {
  case ReductionOp::add:
    return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  case ReductionOp::mul:
    return isFloat ? arith::MulFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::MulIOp::create(b, loc, lhs, rhs).getResult();
  case ReductionOp::max:
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  case ReductionOp::min:
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  case ReductionOp::maxsi:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case ReductionOp::maxui:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case ReductionOp::minsi:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case ReductionOp::minui:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case ReductionOp::And:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case ReductionOp::Or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case ReductionOp::Xor:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("unknown reduction operator");
}

SmallVector<Value> mlir::mdh::combine(OpBuilder &b, Location loc,
                                      CombinerAttr combiner, CombinerOp custom,
                                      ValueRange lhs, ValueRange rhs) {
  SmallVector<Value> result;
  if (!custom) {
    for (auto [l, r] : llvm::zip_equal(lhs, rhs))
      result.push_back(combineBuiltin(b, loc, *combiner.getOp(), l, r));
    return result;
  }
  Block &body = custom.getBody().front();
  IRMapping mapping;
  mapping.map(body.getArguments().take_front(lhs.size()), lhs);
  mapping.map(body.getArguments().drop_front(lhs.size()), rhs);
  for (Operation &op : body.without_terminator())
    b.clone(op, mapping);
  for (Value v : cast<YieldOp>(body.getTerminator()).getValues())
    result.push_back(mapping.lookupOrDefault(v));
  return result;
}

CombinerOp mlir::mdh::lookupCustomCombiner(Operation *from,
                                           CombinerAttr combiner) {
  if (!combiner || !combiner.getCustom())
    return {};
  return SymbolTable::lookupNearestSymbolFrom<CombinerOp>(from,
                                                          combiner.getCustom());
}
