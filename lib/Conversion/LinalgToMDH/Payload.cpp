//===- Payload.cpp - The linalg payloads that are MDH computations --------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Payload.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::linalg_to_mdh;

std::optional<ReductionOp>
mlir::mdh::linalg_to_mdh::getReductionOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<ReductionOp>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return ReductionOp::add; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return ReductionOp::mul; })
      // MDH's float max/min are the NaN-propagating arith.maximumf/minimumf;
      // maxnumf/minnumf (NaN-ignoring) are deliberately absent.
      .Case<arith::MaximumFOp>([](auto) { return ReductionOp::max; })
      .Case<arith::MinimumFOp>([](auto) { return ReductionOp::min; })
      .Case<arith::MaxSIOp>([](auto) { return ReductionOp::maxsi; })
      .Case<arith::MaxUIOp>([](auto) { return ReductionOp::maxui; })
      .Case<arith::MinSIOp>([](auto) { return ReductionOp::minsi; })
      .Case<arith::MinUIOp>([](auto) { return ReductionOp::minui; })
      .Case<arith::AndIOp>([](auto) { return ReductionOp::And; })
      .Case<arith::OrIOp>([](auto) { return ReductionOp::Or; })
      .Case<arith::XOrIOp>([](auto) { return ReductionOp::Xor; })
      .Default([](Operation *) { return std::nullopt; });
}

bool mlir::mdh::linalg_to_mdh::isIdentity(ReductionOp op, Attribute value) {
  if (auto f = dyn_cast<FloatAttr>(value)) {
    const APFloat &v = f.getValue();
    switch (op) {
    case ReductionOp::add:
      return v.isZero();
    case ReductionOp::mul:
      return v.isExactlyValue(1.0);
    case ReductionOp::max:
      return v.isInfinity() && v.isNegative();
    case ReductionOp::min:
      return v.isInfinity() && !v.isNegative();
    default:
      return false;
    }
  }
  auto i = dyn_cast<IntegerAttr>(value);
  if (!i || !isa<IntegerType>(i.getType()))
    return false;
  const APInt &v = i.getValue();
  switch (op) {
  case ReductionOp::add:
  case ReductionOp::maxui:
  case ReductionOp::Or:
  case ReductionOp::Xor:
    return v.isZero();
  case ReductionOp::mul:
    return v.isOne();
  case ReductionOp::maxsi:
    return v.isMinSignedValue();
  case ReductionOp::minsi:
    return v.isMaxSignedValue();
  case ReductionOp::minui:
  case ReductionOp::And:
    return v.isAllOnes();
  default:
    return false;
  }
}

/// Names the operators MDH has, for the remarks.
static constexpr const char *kOperatorList =
    "arith.addf/addi, mulf/muli, maximumf/minimumf, maxsi/maxui/minsi/minui, "
    "andi/ori/xori";

FailureOr<PayloadMatch>
mlir::mdh::linalg_to_mdh::matchPayload(linalg::LinalgOp op,
                                       std::string &reason) {
  Block *body = op.getBlock();
  llvm::raw_string_ostream os(reason);
  PayloadMatch match;
  // The scalar function of mdh.compute holds side-effect-free scalar ops
  // without regions (docs/semantics.md, rule 4).
  for (Operation &inner : body->without_terminator()) {
    if (inner.getNumRegions() != 0 || !isMemoryEffectFree(&inner)) {
      os << "its payload holds '" << inner.getName()
         << "', which has regions or side effects; the scalar function of "
            "mdh.compute holds side-effect-free scalar ops only";
      return failure();
    }
  }
  // The scalar function is isolated: values from above must be constants,
  // which are cloned into it.
  SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegion(0), above);
  for (Value v : above) {
    Operation *def = v.getDefiningOp();
    if (!def || !def->hasTrait<OpTrait::ConstantLike>() ||
        def->getNumOperands() != 0) {
      os << "its payload uses a value defined outside it that is not a "
            "constant";
      return failure();
    }
    match.capturedConstants.push_back(def);
  }

  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Block::BlockArgListType outArgs = op.getRegionOutputArgs();
  if (op.getNumReductionLoops() == 0) {
    for (auto [j, old] : llvm::enumerate(outArgs)) {
      match.combines.push_back(nullptr);
      match.terms.push_back(yield.getOperand(j));
      match.readsOld.push_back(!old.use_empty());
    }
    return match;
  }

  for (auto [j, old] : llvm::enumerate(outArgs)) {
    Value yielded = yield.getOperand(j);
    Operation *combine = yielded.getDefiningOp();
    if (!combine || combine->getBlock() != body ||
        combine->getNumOperands() != 2 ||
        !llvm::is_contained(combine->getOperands(), old)) {
      os << "the value it yields for output #" << j
         << " is not a combination of the output's old value with a new "
            "term, so the reduction is no pw(op) of MDH";
      return failure();
    }
    Value term = combine->getOperand(0) == old ? combine->getOperand(1)
                                               : combine->getOperand(0);
    if (!old.hasOneUse() || !yielded.hasOneUse()) {
      os << "it uses the old value of output #" << j
         << " other than to combine it with a new term";
      return failure();
    }
    std::optional<ReductionOp> kind = getReductionOp(combine);
    if (!kind) {
      os << "it combines output #" << j << " with '" << combine->getName()
         << "', which is no MDH combine operator (" << kOperatorList << ")";
      if (isa<arith::MaxNumFOp, arith::MinNumFOp>(combine))
        os << "; MDH's max/min are the NaN-propagating "
              "arith.maximumf/minimumf, not the NaN-ignoring maxnumf/minnumf";
      return failure();
    }
    if (match.reduction && *match.reduction != *kind) {
      os << "its outputs are combined with different operators ('"
         << stringifyReductionOp(*match.reduction) << "' and '"
         << stringifyReductionOp(*kind)
         << "'); MDH has one reduction operator per computation";
      return failure();
    }
    match.reduction = kind;
    match.combines.push_back(combine);
    match.terms.push_back(term);
    match.readsOld.push_back(true);
  }
  return match;
}

/// Whether `fill` sets every element to the identity of `op`, of the
/// element type of `out`.
static bool fillsIdentity(linalg::FillOp fill, Value out, ReductionOp op) {
  Attribute value;
  Value scalar = fill.getInputs()[0];
  return scalar.getType() == getElementTypeOrSelf(out) &&
         matchPattern(scalar, m_Constant(&value)) && isIdentity(op, value);
}

linalg::FillOp mlir::mdh::linalg_to_mdh::findIdentityFill(
    Operation *user, Value out, ReductionOp op, AliasAnalysis &aliasAnalysis,
    bool &readBetween) {
  readBetween = false;
  // A tensor is a value: what defines it is all there is to know.
  if (isa<TensorType>(out.getType())) {
    auto fill = out.getDefiningOp<linalg::FillOp>();
    return fill && fillsIdentity(fill, out, op) ? fill : nullptr;
  }
  for (Operation *prev = user->getPrevNode(); prev;
       prev = prev->getPrevNode()) {
    auto fill = dyn_cast<linalg::FillOp>(prev);
    if (fill && fill.hasPureBufferSemantics() && fill.getDpsInits()[0] == out)
      return fillsIdentity(fill, out, op) ? fill : nullptr;
    if (isMemoryEffectFree(prev))
      continue;
    auto effects = dyn_cast<MemoryEffectOpInterface>(prev);
    if (!effects)
      return nullptr;
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (MemoryEffects::EffectInstance &effect : instances) {
      Value v = effect.getValue();
      if (v && isa<MemRefType>(v.getType()) &&
          aliasAnalysis.alias(v, out).isNo())
        continue;
      if (!isa<MemoryEffects::Read>(effect.getEffect()))
        return nullptr;
      readBetween = true;
    }
  }
  return nullptr;
}
