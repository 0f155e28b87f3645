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
    if (!load) {
      // Any other use (an argmax's index): the lanes' indices as a vector.
      for (Val &o : operands)
        if (o.kind == Val::Lanes)
          o = Val{Val::Vector, laneVector(o.value)};
    }
  }
  if (auto load = dyn_cast<memref::LoadOp>(def); load && kindOf(Val::Lanes)) {
    if (operands[0].kind != Val::Scalar)
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
  if (!def->hasTrait<OpTrait::Elementwise>() ||
      !resultType.isIntOrIndexOrFloat())
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

SmallVector<Value> Vectorizer::initialAccs() {
  SmallVector<Value> accs;
  for (Value buffer : op.getBuffers()) {
    Type element = cast<MemRefType>(buffer.getType()).getElementType();
    auto type = VectorType::get({lanes}, element);
    TypedAttr value =
        custom ? b.getZeroAttr(element) : identityOf(combiner, element);
    accs.append(instances, arith::ConstantOp::create(
                               b, loc, DenseElementsAttr::get(type, value)));
  }
  if (custom)
    accs.append(instances,
                arith::ConstantOp::create(
                    b, loc,
                    DenseElementsAttr::get(
                        VectorType::get({lanes}, b.getI1Type()), false)));
  return accs;
}

Value Vectorizer::laneVector(Value base) {
  auto type = VectorType::get({lanes}, b.getIndexType());
  return arith::AddIOp::create(b, loc,
                               vector::BroadcastOp::create(b, loc, type, base),
                               vector::StepOp::create(b, loc, type));
}

SmallVector<Value> Vectorizer::combineVectors(ValueRange lhs, ValueRange rhs) {
  Block &body = custom.getBody().front();
  IRMapping mapping;
  SmallVector<Value> args(lhs);
  llvm::append_range(args, rhs);
  mapping.map(body.getArguments(), args);
  for (Operation &nested : body.without_terminator()) {
    Type type = VectorType::get({lanes}, nested.getResult(0).getType());
    if (auto constant = dyn_cast<arith::ConstantOp>(nested)) {
      mapping.map(constant.getResult(),
                  arith::ConstantOp::create(
                      b, loc,
                      DenseElementsAttr::get(cast<ShapedType>(type),
                                             constant.getValue())));
      continue;
    }
    OperationState state(loc, nested.getName());
    for (Value operand : nested.getOperands())
      state.addOperands(mapping.lookup(operand));
    state.addTypes(type);
    state.addAttributes(nested.getAttrs());
    mapping.map(nested.getResult(0), b.create(state)->getResult(0));
  }
  return llvm::map_to_vector(body.getTerminator()->getOperands(),
                             [&](Value v) { return mapping.lookup(v); });
}

SmallVector<Value> Vectorizer::combineSets(ArrayRef<Value> lhs,
                                           ArrayRef<Value> rhs) {
  SmallVector<Value> result;
  if (!custom) {
    for (auto [l, r] : llvm::zip_equal(lhs, rhs))
      result.push_back(mdh::combineBuiltin(b, loc, combiner, l, r));
    return result;
  }
  // Lanes with a partial result on one side only take that one.
  result.assign(lhs.begin(), lhs.end());
  int64_t buffers = op.getBuffers().size();
  for (int instance = 0; instance < instances; ++instance) {
    SmallVector<Value> l, r;
    for (int64_t i = 0; i < buffers; ++i) {
      l.push_back(lhs[i * instances + instance]);
      r.push_back(rhs[i * instances + instance]);
    }
    Value lValid = lhs[buffers * instances + instance];
    Value rValid = rhs[buffers * instances + instance];
    SmallVector<Value> both = combineVectors(l, r);
    for (int64_t i = 0; i < buffers; ++i) {
      Value right = arith::SelectOp::create(b, loc, lValid, both[i], r[i]);
      result[i * instances + instance] =
          arith::SelectOp::create(b, loc, rValid, right, l[i]);
    }
    result[buffers * instances + instance] =
        arith::OrIOp::create(b, loc, lValid, rValid);
  }
  return result;
}

SmallVector<Value> Vectorizer::foldLanes(ArrayRef<Value> accs, int instance) {
  int64_t buffers = op.getBuffers().size();
  Value valid = accs[buffers * instances + instance];
  SmallVector<Value> total;
  Value any;
  for (int64_t lane = 0; lane < lanes; ++lane) {
    SmallVector<Value> x;
    for (int64_t i = 0; i < buffers; ++i)
      x.push_back(vector::ExtractOp::create(
          b, loc, accs[i * instances + instance], ArrayRef<int64_t>{lane}));
    Value has =
        vector::ExtractOp::create(b, loc, valid, ArrayRef<int64_t>{lane});
    if (lane == 0) {
      total = x;
      any = has;
      continue;
    }
    SmallVector<Value> both =
        mdh::combine(b, loc, op.getCombiner(), custom, total, x);
    for (int64_t i = 0; i < buffers; ++i) {
      Value next = arith::SelectOp::create(b, loc, any, both[i], x[i]);
      total[i] = arith::SelectOp::create(b, loc, has, next, total[i]);
    }
    any = arith::OrIOp::create(b, loc, any, has);
  }
  return total;
}

LogicalResult Vectorizer::emitAccumulate(SmallVectorImpl<Value> &accs) {
  if (custom) {
    int64_t buffers = op.getBuffers().size();
    Value all = mask;
    if (!all)
      all = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(VectorType::get({lanes}, b.getI1Type()),
                                 true));
    for (int instance = 0; instance < instances; ++instance) {
      SmallVector<Value> acc, values;
      for (auto [i, value] : llvm::enumerate(op.getValues())) {
        acc.push_back(accs[i * instances + instance]);
        FailureOr<Val> v = get(value, instance);
        if (failed(v))
          return failure();
        values.push_back(broadcast(*v));
      }
      Value &valid = accs[buffers * instances + instance];
      SmallVector<Value> both = combineVectors(acc, values);
      for (int64_t i = 0; i < buffers; ++i) {
        Value next = arith::SelectOp::create(b, loc, valid, both[i], values[i]);
        // Lanes past the end of a partial vector keep their value.
        accs[i * instances + instance] =
            arith::SelectOp::create(b, loc, all, next, acc[i]);
      }
      valid = arith::OrIOp::create(b, loc, valid, all);
    }
    return success();
  }
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

/// Fewest independent chains of partial results a lane loop keeps: a
/// vector FMA's or maximum's latency times the vector pipes (4 x 2 on Zen
/// 5); a single chain left a max reduction at a third of the bandwidth.
static constexpr int64_t kMinLaneChains = 8;
/// Most copies of the lane loop's body per trip of its unrolled loop.
static constexpr int64_t kMaxLaneUnroll = 4;

LogicalResult Vectorizer::emitLaneGroups(ForOp loop, Value lb, Value span,
                                         SmallVectorImpl<Value> &accs,
                                         Value &end) {
  int64_t count = accs.size();
  int64_t unroll =
      std::clamp<int64_t>(kMinLaneChains / count, 1, kMaxLaneUnroll);
  unroll = std::min(unroll, std::max<int64_t>(1, maxVectors / count));
  if (unroll == 1)
    return success();
  // Groups of `unroll` vectors, copy u of the body into partial results
  // of its own (from the identity; the combiner is associative and
  // commutative, as the lanes already assume), ...
  Value step = arith::ConstantIndexOp::create(b, loc, unroll * lanes);
  end = arith::AddIOp::create(
      b, loc, lb,
      arith::MulIOp::create(b, loc, arith::DivUIOp::create(b, loc, span, step),
                            step));
  SmallVector<Value> init(accs.begin(), accs.end());
  for (int64_t u = 1; u < unroll; ++u)
    init.append(initialAccs());
  auto groups = scf::ForOp::create(b, loc, lb, end, step, init);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(groups.getBody());
    SmallVector<Value> results;
    for (int64_t u = 0; u < unroll; ++u) {
      laneBase = arith::AddIOp::create(
          b, loc, groups.getInductionVar(),
          arith::ConstantIndexOp::create(b, loc, u * lanes));
      scopes.emplace_back();
      SmallVector<Value> set(
          groups.getRegionIterArgs().slice(u * count, count));
      LogicalResult result = emitBlock(loop.getBody().front(), set);
      scopes.pop_back();
      if (failed(result))
        return failure();
      results.append(set);
    }
    scf::YieldOp::create(b, loc, results);
  }
  // ... then the copies' partial results combined into the first ones,
  // whose chain goes on: set 0 (+) (set 1 (+) (set 2 (+) ...)).
  auto set = [&](int64_t u) {
    return SmallVector<Value>(groups.getResults().slice(u * count, count));
  };
  SmallVector<Value> rest = set(unroll - 1);
  for (int64_t u = unroll - 1; u-- > 1;)
    rest = combineSets(set(u), rest);
  llvm::copy(combineSets(set(0), rest), accs.begin());
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
  Value start = bounds[0];
  if (failed(emitLaneGroups(loop, bounds[0], span, accs, start)))
    return failure();
  auto full = scf::ForOp::create(b, loc, start, end, step, accs);
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
