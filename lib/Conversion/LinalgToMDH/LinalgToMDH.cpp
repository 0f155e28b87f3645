//===- LinalgToMDH.cpp - linalg ops that are MDH computations to HL-IR ----===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// --mdh-convert-linalg-to-mdh: every linalg op on static memrefs or static
// tensors whose payload is an MDH computation becomes an mdh.compute (its
// memref or its tensor form); every other linalg op stays as it is, with a
// remark that says why. Named ops are matched
// through the LinalgOp interface (their maps, iterators and payload are
// those of the linalg.generic that linalg::generalizeNamedOp would give), so
// an op that is then rejected has not been rewritten.
//
// linalg reductions accumulate into the initial content of their outputs
// (C += A * B); an mdh.compute overwrites them. The conversion keeps linalg's
// meaning in one of two ways per output: the initial content is provably the
// identity of the operator (a linalg.fill with it right before, or the
// tensor a linalg.fill with it returns; the fill is erased when nothing can
// observe it any more), or it is read as an extra input (a memref from a
// copy, a tensor as it is) and combined into the term at the first point of
// the reduction loops. A tensor output whose old content is read becomes a
// new tensor.empty, so that the input and the output do not alias.
//
//===----------------------------------------------------------------------===//

#include "Payload.h"

#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHCONVERTLINALGTOMDH
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::linalg_to_mdh;

/// Whether `v` is a memref or tensor operand of mdh.compute (else a scalar).
static bool isView(Value v) {
  return isa<MemRefType, RankedTensorType>(v.getType());
}

/// The buffer a memref value views (through subviews, casts, ...).
static Value getRootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Checks what mdh.compute asks of the operands; says why not in `os`.
static LogicalResult checkOperands(linalg::LinalgOp op, raw_ostream &os) {
  if (!op.hasPureBufferSemantics() && !op.hasPureTensorSemantics()) {
    os << "it mixes tensor and memref operands; mdh.compute's outputs are "
          "all memrefs or all tensors";
    return failure();
  }
  if (op.getNumLoops() == 0) {
    os << "it has no loops; an mdh.compute has at least one dimension";
    return failure();
  }
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = operand.get().getType();
    if (!isView(operand.get())) {
      // A scalar input is cloned into the isolated scalar function.
      if (op.isDpsInput(&operand) && matchPattern(operand.get(), m_Constant()))
        continue;
      os << "operand #" << operand.getOperandNumber()
         << " is a scalar that is not a constant";
      return failure();
    }
    auto shaped = cast<ShapedType>(type);
    if (!shaped.hasStaticShape()) {
      os << "operand #" << operand.getOperandNumber() << " has the dynamic "
         << "shape " << type << "; MDH computes over static iteration boxes";
      return failure();
    }
    if (!isMDHElementType(shaped.getElementType())) {
      os << "operand #" << operand.getOperandNumber() << " has the element "
         << "type " << shaped.getElementType()
         << ", which is no MDH element type (f16, bf16, f32, f64, i8, i16, "
            "i32, i64)";
      return failure();
    }
  }
  if (llvm::is_contained(op.getStaticLoopRanges(), 0)) {
    os << "its iteration domain is empty";
    return failure();
  }
  for (OpOperand *in : op.getDpsInputOperands()) {
    if (!isa<MemRefType>(in->get().getType()))
      continue;
    for (OpOperand &out : op.getDpsInitsMutable()) {
      if (getRootBuffer(in->get()) != getRootBuffer(out.get()))
        continue;
      os << "input operand #" << in->getOperandNumber()
         << " and output operand #" << out.getOperandNumber()
         << " view the same buffer; mdh.compute reads and writes buffers "
            "that do not alias";
      return failure();
    }
  }
  return success();
}

/// Whether `map` writes every element of an output of `shape` when the loops
/// run over `ranges`.
static bool writesAll(AffineMap map, ArrayRef<int64_t> ranges,
                      ArrayRef<int64_t> shape) {
  if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
    return false;
  for (auto [expr, n] : llvm::zip_equal(map.getResults(), shape))
    if (ranges[cast<AffineDimExpr>(expr).getPosition()] != n)
      return false;
  return true;
}

namespace {
/// How one linalg op becomes an mdh.compute.
struct Plan {
  PayloadMatch payload;
  /// Per output: its old content is read as an extra input (memrefs from a
  /// copy, tensors as they are).
  SmallVector<bool> readsInit;
  /// Per output: the mdh.compute output. Null for a tensor output that
  /// becomes a new tensor.empty.
  SmallVector<Value> outs;
  /// Identity fills that nothing observes once the computation overwrites
  /// their buffer (tensors: once nothing else uses their result).
  SmallVector<linalg::FillOp> deadFills;
};
} // namespace

/// Decides how the old content of every output is honoured.
static FailureOr<Plan> planConversion(linalg::LinalgOp op, bool initCopy,
                                      AliasAnalysis &aliasAnalysis,
                                      raw_ostream &os, std::string &reason) {
  FailureOr<PayloadMatch> payload = matchPayload(op, reason);
  if (failed(payload))
    return failure();
  Plan plan{std::move(*payload), {}, {}, {}};
  bool onTensors = op.hasPureTensorSemantics();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [j, init] : llvm::enumerate(op.getDpsInitsMutable())) {
    bool writesWhole =
        writesAll(op.getMatchingIndexingMap(&init), ranges,
                  cast<ShapedType>(init.get().getType()).getShape());
    bool readsInit = false;
    Value out = init.get();
    if (plan.payload.readsOld[j] && plan.payload.reduction) {
      bool readBetween = false;
      if (linalg::FillOp fill =
              findIdentityFill(op, init.get(), *plan.payload.reduction,
                               aliasAnalysis, readBetween)) {
        // A whole tensor output needs none of the fill's values: write the
        // fill's destination instead.
        if (!readBetween && writesWhole)
          plan.deadFills.push_back(fill);
        if (onTensors && writesWhole)
          out = fill.getDpsInits()[0];
      } else if (initCopy || onTensors) {
        readsInit = true;
      } else {
        os << "the initial content of output #" << j
           << " is not provably the identity of '"
           << stringifyReductionOp(*plan.payload.reduction)
           << "' (a linalg.fill right before), and init-copy=false";
        return failure();
      }
    } else if (plan.payload.readsOld[j]) {
      if (!initCopy && !onTensors) {
        os << "it reads the old content of output #" << j
           << ", and init-copy=false";
        return failure();
      }
      readsInit = true;
    }
    // A tensor both read and written would make One-Shot Bufferize copy it.
    if (readsInit && onTensors && writesWhole)
      out = nullptr;
    plan.readsInit.push_back(readsInit);
    plan.outs.push_back(out);
  }
  return plan;
}

/// `i1` true at the first point of every reduction loop of `op`.
static Value buildAtFirstReductionPoint(RewriterBase &rewriter, Location loc,
                                        linalg::LinalgOp op) {
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value first;
  SmallVector<unsigned> dims;
  op.getReductionDims(dims);
  for (unsigned d : dims) {
    Value index =
        mdh::IndexOp::create(rewriter, loc, rewriter.getIndexType(), d);
    Value isZero = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::eq, index, zero);
    first =
        first ? arith::AndIOp::create(rewriter, loc, first, isZero) : isZero;
  }
  return first;
}

/// Replaces `op` by an mdh.compute per `plan`. If the verifier of
/// mdh.compute rejects the result, nothing is changed and `reason` holds
/// its message.
static LogicalResult convert(RewriterBase &rewriter, linalg::LinalgOp op,
                             const Plan &plan, std::string &reason) {
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);

  SmallVector<Attribute> combiners;
  for (utils::IteratorType it : op.getIteratorTypesArray())
    combiners.push_back(
        it == utils::IteratorType::parallel
            ? CombinerAttr::get(ctx, CombineKind::cc, std::nullopt, nullptr)
            : CombinerAttr::get(ctx, CombineKind::pw, plan.payload.reduction,
                                nullptr));
  auto mapList = [&](AffineMap map) {
    return rewriter.getArrayAttr({AffineMapAttr::get(map)});
  };

  // Inputs, then the old contents of outputs, each with one map. `created`
  // holds the ops built for them, to be erased if the verifier objects.
  SmallVector<Value> ins, outs, copies;
  SmallVector<Operation *> created;
  SmallVector<Attribute> inMaps, outMaps;
  SmallVector<Type> argTypes;
  for (OpOperand *in : op.getDpsInputOperands()) {
    if (!isView(in->get()))
      continue;
    ins.push_back(in->get());
    inMaps.push_back(mapList(op.getMatchingIndexingMap(in)));
    argTypes.push_back(getElementTypeOrSelf(in->get()));
  }
  for (auto [j, init] : llvm::enumerate(op.getDpsInitsMutable())) {
    auto type = cast<ShapedType>(init.get().getType());
    Value out = plan.outs[j];
    if (!out) {
      out = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                    type.getElementType());
      created.push_back(out.getDefiningOp());
    }
    outs.push_back(out);
    outMaps.push_back(mapList(op.getMatchingIndexingMap(&init)));
    if (!plan.readsInit[j])
      continue;
    // mdh.compute never reads its outputs, and a buffer may not be both an
    // input and an output: the old content of a memref comes from a copy.
    // A tensor is a value; its output is a new tensor (planConversion).
    Value old = init.get();
    if (isa<MemRefType>(type)) {
      old = memref::AllocOp::create(
          rewriter, loc,
          MemRefType::get(type.getShape(), type.getElementType()));
      created.push_back(old.getDefiningOp());
      created.push_back(memref::CopyOp::create(rewriter, loc, init.get(), old));
      copies.push_back(old);
    }
    ins.push_back(old);
    inMaps.push_back(outMaps.back());
    argTypes.push_back(type.getElementType());
  }
  auto compute = ComputeOp::create(
      rewriter, loc, ins, outs,
      rewriter.getStringAttr(op->getName().stripDialect()),
      op.getStaticLoopRanges(), rewriter.getArrayAttr(combiners),
      rewriter.getArrayAttr(inMaps), rewriter.getArrayAttr(outMaps));
  Block *block =
      rewriter.createBlock(&compute.getBody(), {}, argTypes,
                           SmallVector<Location>(argTypes.size(), loc));

  // The scalar function: the payload with its block arguments, constants
  // and linalg.index ops replaced, less the ops that combine old outputs.
  IRMapping mapping;
  unsigned next = 0;
  for (OpOperand *in : op.getDpsInputOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(in);
    if (isView(in->get()))
      mapping.map(arg, block->getArgument(next++));
    else
      mapping.map(arg,
                  rewriter.clone(*in->get().getDefiningOp())->getResult(0));
  }
  Block::BlockArgListType outArgs = op.getRegionOutputArgs();
  SmallVector<Value> oldValues(outArgs.size());
  for (auto [j, old] : llvm::enumerate(outArgs)) {
    if (!plan.readsInit[j])
      continue;
    oldValues[j] = block->getArgument(next++);
    mapping.map(old, oldValues[j]);
  }
  for (Operation *constant : plan.payload.capturedConstants)
    rewriter.clone(*constant, mapping);
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (llvm::is_contained(plan.payload.combines, &inner))
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
      mapping.map(index.getResult(),
                  mdh::IndexOp::create(rewriter, index.getLoc(),
                                       rewriter.getIndexType(),
                                       index.getDim()));
      continue;
    }
    rewriter.clone(inner, mapping);
  }
  SmallVector<Value> results;
  Value first;
  for (auto [j, term] : llvm::enumerate(plan.payload.terms)) {
    Value value = mapping.lookup(term);
    Operation *combine = plan.payload.combines[j];
    if (combine && plan.readsInit[j]) {
      // old (+) term at the first point of the reduction loops, the term
      // alone elsewhere: the pw combination then adds the old value once.
      if (!first)
        first = buildAtFirstReductionPoint(rewriter, loc, op);
      IRMapping operands;
      operands.map(outArgs[j], oldValues[j]);
      operands.map(term, value);
      Value withOld = rewriter.clone(*combine, operands)->getResult(0);
      value = arith::SelectOp::create(rewriter, loc, first, withOld, value);
    }
    results.push_back(value);
  }
  mdh::YieldOp::create(rewriter, loc, results);

  // The verifier of mdh.compute has the last word (bounds, injectivity of
  // the output maps, types); its message becomes the reason.
  std::string message;
  {
    ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
      if (message.empty())
        message = diag.str();
      return success();
    });
    if (failed(mlir::verify(compute))) {
      rewriter.eraseOp(compute);
      for (Operation *helper : llvm::reverse(created))
        rewriter.eraseOp(helper);
      reason = "mdh.compute rejects it: " + message;
      return failure();
    }
  }
  rewriter.setInsertionPointAfter(compute);
  for (Value copy : copies)
    memref::DeallocOp::create(rewriter, loc, copy);
  rewriter.replaceOp(op, compute.getResults());
  return success();
}

namespace {
struct MDHConvertLinalgToMDH
    : mdh::impl::MDHConvertLinalgToMDHBase<MDHConvertLinalgToMDH> {
  using Base::Base;

  void runOnOperation() override {
    AliasAnalysis &aliasAnalysis = getAnalysis<AliasAnalysis>();
    // Fills last: a fill with the identity before a reduction is folded
    // into it (and maybe erased) rather than converted on its own.
    SmallVector<linalg::LinalgOp> ops, fills;
    getOperation()->walk([&](linalg::LinalgOp op) {
      (isa<linalg::FillOp>(op) ? fills : ops).push_back(op);
    });
    IRRewriter rewriter(&getContext());
    DenseSet<Operation *> erased;
    for (linalg::LinalgOp op : llvm::concat<linalg::LinalgOp>(ops, fills)) {
      if (erased.contains(op))
        continue;
      std::string reason;
      llvm::raw_string_ostream os(reason);
      FailureOr<Plan> plan = failure();
      if (succeeded(checkOperands(op, os)))
        plan = planConversion(op, initCopy, aliasAnalysis, os, reason);
      if (failed(plan) || failed(convert(rewriter, op, *plan, reason))) {
        op.emitRemark("not converted to mdh.compute: ") << reason;
        continue;
      }
      for (linalg::FillOp fill : plan->deadFills) {
        if (!fill->use_empty())
          continue;
        // The fill's value (a constant, usually) goes too when nothing else
        // reads it, so that the output needs no canonicalization.
        Operation *value = fill.getInputs()[0].getDefiningOp();
        erased.insert(fill);
        rewriter.eraseOp(fill);
        if (value && value->use_empty() && isMemoryEffectFree(value))
          rewriter.eraseOp(value);
      }
    }
  }
};
} // namespace
