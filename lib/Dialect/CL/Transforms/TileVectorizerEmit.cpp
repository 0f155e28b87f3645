//===- TileVectorizerEmit.cpp - Vector versions of register tiles ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Builds the vector version of a register tile's loop nest N: values of N
// are rebuilt on demand per unrolled instance, as uniform scalars, vectors
// of lanes, or lane indices (`base + lane`, which only contiguous loads may
// use); reduction loops become `scf.for`s that carry the accumulators.
//
//===----------------------------------------------------------------------===//

#include "TileVectorizer.h"

#include "mdh/Dialect/HL/Combine.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::mdh_cl;
using namespace mlir::mdh_cl::vectorize;

Value Vectorizer::broadcast(Val v) {
  if (v.kind == Val::Vector)
    return v.value;
  auto type = VectorType::get({lanes}, v.value.getType());
  return vector::BroadcastOp::create(b, loc, type, v.value);
}

bool Vectorizer::dependsOnPoints(Value v) {
  if (!inNest(v))
    return false;
  auto it = pointDependence.find(v);
  if (it != pointDependence.end())
    return it->second;
  bool result = false;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto loop = dyn_cast<ForOp>(arg.getOwner()->getParentOp());
    result = loop && (llvm::is_contained(points, loop) || loop == laneLoop);
  } else {
    result = llvm::any_of(v.getDefiningOp()->getOperands(), [&](Value operand) {
      return dependsOnPoints(operand);
    });
  }
  pointDependence[v] = result;
  return result;
}

FailureOr<Val> Vectorizer::get(Value v, int instance) {
  // Values that do not depend on the point loops are built once.
  if (instance >= 0 && !dependsOnPoints(v))
    instance = -1;
  for (auto &scope : llvm::reverse(scopes)) {
    auto it = scope.find({v, instance});
    if (it != scope.end())
      return it->second;
  }
  FailureOr<Val> result = compute(v, instance);
  if (succeeded(result))
    scopes.back()[{v, instance}] = *result;
  return result;
}

FailureOr<Val> Vectorizer::compute(Value v, int instance) {
  if (!inNest(v))
    return Val{Val::Scalar, v};
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto loop = dyn_cast<ForOp>(arg.getOwner()->getParentOp());
    if (!loop)
      return failure();
    if (loop == laneLoop)
      return Val{instance < 0 ? Val::Scalar : Val::Lanes, laneBase};
    if (Value iv = newInductionVars.lookup(v))
      return Val{Val::Scalar, iv};
    auto *it = llvm::find(points, loop);
    if (it == points.end() || instance < 0)
      return failure();
    unsigned d = it - points.begin();
    int64_t offset = position(instance, d);
    bool isLanes = isLaneDim(d);
    if (isLanes)
      offset *= lanes;
    Value at = loop.getLowerBound();
    if (offset == 0)
      return Val{isLanes ? Val::Lanes : Val::Scalar, at};
    Value step = arith::ConstantIndexOp::create(b, loc, offset);
    // A partial tile: rows past its end read its last row.
    if (partial && !isLanes)
      step = arith::MinUIOp::create(
          b, loc, step,
          arith::SubIOp::create(b, loc, spans[d],
                                arith::ConstantIndexOp::create(b, loc, 1)));
    at = arith::AddIOp::create(b, loc, at, step);
    return Val{isLanes ? Val::Lanes : Val::Scalar, at};
  }

  Operation *def = v.getDefiningOp();
  SmallVector<Val> operands;
  for (Value operand : def->getOperands()) {
    FailureOr<Val> o = get(operand, instance);
    if (failed(o))
      return failure();
    operands.push_back(*o);
  }
  auto kindOf = [&](Val::Kind kind) {
    return llvm::count_if(operands, [&](Val o) { return o.kind == kind; });
  };

  // Lane indices: `lanes + uniform` and `lanes - uniform` stay contiguous.
  if (kindOf(Val::Lanes)) {
    if (isa<arith::AddIOp>(def) && kindOf(Val::Lanes) == 1 &&
        !kindOf(Val::Vector))
      return Val{Val::Lanes, arith::AddIOp::create(b, loc, operands[0].value,
                                                   operands[1].value)};
    if (isa<arith::SubIOp>(def) && operands[0].kind == Val::Lanes &&
        operands[1].kind == Val::Scalar)
      return Val{Val::Lanes, arith::SubIOp::create(b, loc, operands[0].value,
                                                   operands[1].value)};
    auto load = dyn_cast<memref::LoadOp>(def);
    if (!load || operands[0].kind != Val::Scalar)
      return failure();
    // A contiguous load: lanes along the last index only.
    auto type = load.getMemRefType();
    ArrayRef<Val> indices = ArrayRef(operands).drop_front();
    if (!type.getLayout().isIdentity() || indices.back().kind != Val::Lanes ||
        llvm::count_if(indices, [](Val o) { return o.kind != Val::Scalar; }) !=
            1)
      return failure();
    SmallVector<Value> at;
    for (Val index : indices)
      at.push_back(index.value);
    auto vecType = VectorType::get({lanes}, type.getElementType());
    Value laneMask = mask;
    if (!laneMask && partial && !laneLoop)
      laneMask = chunkMask(instance);
    if (laneMask) {
      // The partial last vector: lanes past the end read nothing.
      Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(vecType));
      return Val{Val::Vector,
                 vector::MaskedLoadOp::create(b, loc, vecType, load.getMemRef(),
                                              at, laneMask, zero)};
    }
    return Val{Val::Vector,
               vector::LoadOp::create(b, loc, vecType, load.getMemRef(), at)};
  }

  if (def->getNumRegions() != 0 || def->getNumResults() != 1)
    return failure();
  if (!isMemoryEffectFree(def) && !isa<memref::LoadOp>(def))
    return failure();
  if (!kindOf(Val::Vector)) {
    IRMapping mapping;
    for (auto [operand, o] : llvm::zip(def->getOperands(), operands))
      mapping.map(operand, o.value);
    return Val{Val::Scalar, b.clone(*def, mapping)->getResult(0)};
  }
  // Element-wise ops on vectors.
  Type resultType = def->getResult(0).getType();
  if (!def->hasTrait<OpTrait::Elementwise>() || !resultType.isIntOrFloat())
    return failure();
  OperationState state(loc, def->getName());
  for (Val o : operands)
    state.addOperands(broadcast(o));
  state.addTypes(VectorType::get({lanes}, resultType));
  state.addAttributes(def->getAttrs());
  return Val{Val::Vector, b.create(state)->getResult(0)};
}

Value Vectorizer::chunkMask(int instance) {
  unsigned d = shape.size() - 1;
  int64_t chunk = position(instance, d);
  Value &result = chunkMasks[chunk];
  if (result)
    return result;
  // Built once, at the start of the partial version.
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(maskBlock);
  Value rest = spans[d];
  if (chunk != 0)
    rest = arith::SubIOp::create(
        b, loc, rest, arith::ConstantIndexOp::create(b, loc, chunk * lanes));
  rest = arith::MaxSIOp::create(b, loc, rest,
                                arith::ConstantIndexOp::create(b, loc, 0));
  result = vector::CreateMaskOp::create(
      b, loc, VectorType::get({lanes}, b.getI1Type()), ValueRange{rest});
  return result;
}

Value Vectorizer::combine(Value acc, Value oldValue, int instance) {
  // Multiply-add fuses into one FMA.
  auto mul = oldValue.getDefiningOp<arith::MulFOp>();
  if (combiner == ReductionOp::add && mul && mul->hasOneUse() &&
      inNest(oldValue)) {
    FailureOr<Val> lhs = get(mul.getLhs(), instance);
    FailureOr<Val> rhs = get(mul.getRhs(), instance);
    if (succeeded(lhs) && succeeded(rhs))
      return vector::FMAOp::create(b, loc, broadcast(*lhs), broadcast(*rhs),
                                   acc);
  }
  FailureOr<Val> value = get(oldValue, instance);
  if (failed(value))
    return {};
  return mdh::combineBuiltin(b, loc, combiner, acc, broadcast(*value));
}

LogicalResult Vectorizer::emitAccumulate(SmallVectorImpl<Value> &accs) {
  for (int instance = 0; instance < instances; ++instance)
    for (auto [i, value] : llvm::enumerate(op.getValues())) {
      Value &acc = accs[i * instances + instance];
      Value combined = combine(acc, value, instance);
      if (!combined)
        return failure();
      // Lanes past the end of a partial vector keep their value.
      acc = mask ? arith::SelectOp::create(b, loc, mask, combined, acc)
                 : combined;
    }
  return success();
}

LogicalResult Vectorizer::emitLaneLoop(ForOp loop,
                                       SmallVectorImpl<Value> &accs) {
  SmallVector<Value> bounds;
  for (Value bound : {loop.getLowerBound(), loop.getUpperBound()}) {
    FailureOr<Val> v = get(bound, -1);
    if (failed(v) || v->kind != Val::Scalar)
      return failure();
    bounds.push_back(v->value);
  }
  // Whole vectors, lb to lb + (ub - lb) / lanes * lanes ...
  Value step = arith::ConstantIndexOp::create(b, loc, lanes);
  Value span = arith::SubIOp::create(b, loc, bounds[1], bounds[0]);
  Value whole = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, span, step), step);
  Value end = arith::AddIOp::create(b, loc, bounds[0], whole);
  auto full = scf::ForOp::create(b, loc, bounds[0], end, step, accs);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(full.getBody());
    laneBase = full.getInductionVar();
    scopes.emplace_back();
    SmallVector<Value> inner(full.getRegionIterArgs());
    LogicalResult result = emitBlock(loop.getBody().front(), inner);
    scopes.pop_back();
    if (failed(result))
      return failure();
    scf::YieldOp::create(b, loc, inner);
  }
  // ... then one masked vector for the rest.
  Value rest =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, end, bounds[1]);
  auto tail = scf::IfOp::create(b, loc, full.getResultTypes(), rest,
                                /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(tail.elseBlock());
    scf::YieldOp::create(b, loc, full.getResults());
    b.setInsertionPointToStart(tail.thenBlock());
    laneBase = end;
    Value count = arith::SubIOp::create(b, loc, bounds[1], end);
    mask = vector::CreateMaskOp::create(
        b, loc, VectorType::get({lanes}, b.getI1Type()), ValueRange{count});
    scopes.emplace_back();
    SmallVector<Value> inner(full.getResults());
    LogicalResult result = emitBlock(loop.getBody().front(), inner);
    scopes.pop_back();
    mask = {};
    if (failed(result))
      return failure();
    scf::YieldOp::create(b, loc, inner);
  }
  llvm::copy(tail.getResults(), accs.begin());
  return success();
}

LogicalResult Vectorizer::emitBlock(Block &body, SmallVectorImpl<Value> &accs) {
  for (Operation &nested : body)
    if (failed(emitOp(nested, accs)))
      return failure();
  return success();
}

LogicalResult Vectorizer::emitOp(Operation &nested,
                                 SmallVectorImpl<Value> &accs) {
  {
    if (&nested == op.getOperation())
      return emitAccumulate(accs);
    if (auto loop = dyn_cast<ForOp>(nested)) {
      if (loop == laneLoop)
        return emitLaneLoop(loop, accs);
      if (llvm::is_contained(points, loop)) {
        // Point loops are unrolled into the instances.
        return emitBlock(loop.getBody().front(), accs);
      }
      if (!reductions.contains(loop))
        return failure();
      SmallVector<Value> bounds;
      for (Value bound :
           {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()}) {
        FailureOr<Val> v = get(bound, -1);
        if (failed(v) || v->kind != Val::Scalar)
          return failure();
        bounds.push_back(v->value);
      }
      auto newLoop =
          scf::ForOp::create(b, loc, bounds[0], bounds[1], bounds[2], accs);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(newLoop.getBody());
      newInductionVars[loop.getInductionVar()] = newLoop.getInductionVar();
      scopes.emplace_back();
      SmallVector<Value> inner(newLoop.getRegionIterArgs());
      LogicalResult result = emitBlock(loop.getBody().front(), inner);
      scopes.pop_back();
      if (failed(result))
        return failure();
      scf::YieldOp::create(b, loc, inner);
      llvm::copy(newLoop.getResults(), accs.begin());
      return success();
    }
    if (auto store = dyn_cast<memref::StoreOp>(nested)) {
      // The flag of accumulate-in-registers: uniform over the instances.
      auto flag = store.getMemRef().getDefiningOp<BufferOp>();
      if (!flag || flag.getRegion() != MemRegion::Register ||
          flag->getBlock() != bufferBlock)
        return failure();
      IRMapping mapping;
      for (Value operand : store->getOperands()) {
        FailureOr<Val> v = get(operand, -1);
        if (failed(v) || v->kind != Val::Scalar)
          return failure();
        mapping.map(operand, v->value);
      }
      b.clone(*store, mapping);
      return success();
    }
    // Pure ops and loads are emitted where they are used.
    if (nested.getNumRegions() != 0 ||
        (!isMemoryEffectFree(&nested) && !isa<memref::LoadOp>(nested)))
      return failure();
  }
  return success();
}

/// The vector.reduction kind of builtin operator `op`.
