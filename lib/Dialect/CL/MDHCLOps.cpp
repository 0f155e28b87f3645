//===- MDHCLOps.cpp - Operations of CL-IR ---------------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/IndexOffsets.h"
#include "mdh/Dialect/CL/MmaFragments.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::mdh_cl;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `pw(add)`, `ps(@f)`: the short form of a combine operator.
static ParseResult parseCombiner(OpAsmParser &parser,
                                 mdh::CombinerAttr &combiner) {
  FailureOr<mdh::CombinerAttr> parsed = mdh::CombinerAttr::parseShort(parser);
  if (failed(parsed))
    return failure();
  combiner = *parsed;
  return success();
}

static void printCombiner(OpAsmPrinter &p, Operation *,
                          mdh::CombinerAttr combiner) {
  combiner.printShort(p);
}

#define GET_OP_CLASSES
#include "mdh/Dialect/CL/MDHCLOps.cpp.inc"

//===----------------------------------------------------------------------===//
// BufferOp
//===----------------------------------------------------------------------===//

LogicalResult BufferOp::verify() {
  bool topLevel = !(*this)->getParentOfType<ParForOp>();
  if (getRegion() == MemRegion::Device && !topLevel)
    return emitOpError("a device buffer lives for the whole function; "
                       "allocate it outside parallel loops");
  if (getRegion() != MemRegion::Device && topLevel)
    return emitOpError("a '")
           << stringifyMemRegion(getRegion())
           << "' buffer belongs to a parallel unit; allocate it inside a "
              "mdh_cl.par_for";
  return success();
}

//===----------------------------------------------------------------------===//
// ForOp and ParForOp
//===----------------------------------------------------------------------===//

/// `%iv = %lb to %ub step %step`.
static ParseResult parseLoopHeader(OpAsmParser &parser, OperationState &result,
                                   OpAsmParser::Argument &iv) {
  OpAsmParser::UnresolvedOperand lb, ub, step;
  Type index = parser.getBuilder().getIndexType();
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parser.parseOperand(lb) || parser.parseKeyword("to") ||
      parser.parseOperand(ub) || parser.parseKeyword("step") ||
      parser.parseOperand(step) ||
      parser.resolveOperands({lb, ub, step}, index, result.operands))
    return failure();
  iv.type = index;
  return success();
}

static ParseResult parseLoopBody(OpAsmParser &parser, OperationState &result,
                                 OpAsmParser::Argument &iv) {
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, {iv}) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

static void printLoopHeader(OpAsmPrinter &p, BlockArgument iv, Value lb,
                            Value ub, Value step) {
  p << " " << iv << " = " << lb << " to " << ub << " step " << step;
}

static LogicalResult verifyLoopBody(Operation *op, Region &body) {
  Block &block = body.front();
  if (block.getNumArguments() != 1 || !block.getArgument(0).getType().isIndex())
    return op->emitOpError("body must take one index argument (the "
                           "induction variable)");
  return success();
}

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::Argument iv;
  if (parseLoopHeader(parser, result, iv))
    return failure();
  return parseLoopBody(parser, result, iv);
}

void ForOp::print(OpAsmPrinter &p) {
  printLoopHeader(p, getInductionVar(), getLowerBound(), getUpperBound(),
                  getStep());
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  p.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult ForOp::verifyRegions() {
  return verifyLoopBody(*this, getBody());
}

bool mlir::mdh_cl::isRegisterBuffer(Value v) {
  auto buffer = v.getDefiningOp<BufferOp>();
  return buffer && buffer.getRegion() == MemRegion::Register;
}

std::optional<int64_t> ForOp::getConstantTripCount() {
  std::optional<int64_t> step = getConstantIntValue(getStep());
  if (!step || *step < 1)
    return std::nullopt;
  Value lb = getLowerBound(), ub = getUpperBound();
  std::optional<int64_t> span = offsetFrom(ub, lb);
  std::optional<int64_t> lc = getConstantIntValue(lb);
  std::optional<int64_t> uc = getConstantIntValue(ub);
  if (!span && lc && uc)
    span = std::max<int64_t>(*uc - *lc, 0);
  if (!span || *span < 0)
    return std::nullopt;
  return *span / *step + (*span % *step != 0);
}

bool ForOp::isOverRegisterTile() {
  bool usesRegister = false;
  WalkResult result = getBody().walk([&](Operation *op) {
    // Barriers and shuffles are executed by every thread together: the
    // loop is no register tile to unroll, pad or vectorize.
    if (isa<BarrierOp, ShuffleOp>(op))
      return WalkResult::interrupt();
    usesRegister |= llvm::any_of(op->getOperands(), isRegisterBuffer);
    return WalkResult::advance();
  });
  return !result.wasInterrupted() && usesRegister;
}

bool ForOp::isUnrolledRegisterTileLoop() {
  std::optional<int64_t> step = getConstantIntValue(getStep());
  std::optional<int64_t> trips = getConstantTripCount();
  return step == 1 && trips && *trips >= 2 && isOverRegisterTile();
}

ParseResult ParForOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::Argument iv;
  if (parseLoopHeader(parser, result, iv) || parser.parseKeyword("on"))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  StringRef layerName, dimName;
  if (parser.parseKeyword(&layerName))
    return failure();
  std::optional<Layer> layer = symbolizeLayer(layerName);
  if (!layer)
    return parser.emitError(loc, "expected 'blocks' or 'threads', got '")
           << layerName << "'";
  loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&dimName))
    return failure();
  std::optional<HwDim> dim = symbolizeHwDim(dimName);
  if (!dim)
    return parser.emitError(loc, "expected a hardware dimension (x, y or z), "
                                 "got '")
           << dimName << "'";
  MLIRContext *ctx = parser.getContext();
  result.addAttribute(getLayerAttrName(result.name),
                      LayerAttr::get(ctx, *layer));
  result.addAttribute(getDimAttrName(result.name), HwDimAttr::get(ctx, *dim));
  return parseLoopBody(parser, result, iv);
}

void ParForOp::print(OpAsmPrinter &p) {
  printLoopHeader(p, getInductionVar(), getLowerBound(), getUpperBound(),
                  getStep());
  p << " on " << stringifyLayer(getLayer()) << " " << stringifyHwDim(getDim())
    << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getLayerAttrName(), getDimAttrName()});
}

LogicalResult ParForOp::verifyRegions() {
  return verifyLoopBody(*this, getBody());
}

//===----------------------------------------------------------------------===//
// BarrierOp
//===----------------------------------------------------------------------===//

/// Whether `value` is computed inside `loop` (so may depend on its
/// iterations).
static bool isDefinedInside(Value value, Operation *loop) {
  mlir::Region *region = value.getParentRegion();
  return region && (region->getParentOp() == loop ||
                    loop->isProperAncestor(region->getParentOp()));
}

/// Whether `value` is the same on every thread of `threads` (the outermost
/// thread loop around a barrier): defined outside it, the induction variable
/// of a sequential loop (whose own bounds the barrier's verifier checks, as
/// the loop encloses the barrier), or a pure, region-free function of such
/// values (a constant, index arithmetic).
static bool isUniform(Value value, Operation *threads) {
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second || !isDefinedInside(v, threads))
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (!isa<ForOp>(arg.getOwner()->getParentOp()))
        return false;
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getNumRegions() != 0 || !isPure(def))
      return false;
    llvm::append_range(worklist, def->getOperands());
  }
  return true;
}

/// The checks of an op that all threads of a block (a barrier) or of a warp
/// (a shuffle) execute together: inside the thread loops, in uniform
/// control flow. `count` is set to the block's thread count when the
/// thread loops have constant bounds.
static LogicalResult verifyUniformPlacement(Operation *op,
                                            std::optional<int64_t> &count) {
  auto parFor = op->getParentOfType<ParForOp>();
  if (!parFor)
    return op->emitOpError("must be inside a mdh_cl.par_for over threads");
  if (parFor.getLayer() != Layer::Threads)
    return op->emitOpError("synchronises the threads of a block, but its "
                           "nearest parallel loop runs blocks");
  // It synchronises the threads of all thread loops around it (x, y, z), up
  // to the enclosing block loop or phase.
  Operation *threads = parFor;
  count = 1;
  auto countOf = [&](ParForOp loop) {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (count && lb && ub && step && *step > 0)
      *count *= llvm::divideCeil(std::max<int64_t>(*ub - *lb, 0), *step);
    else
      count = std::nullopt;
  };
  countOf(parFor);
  for (Operation *p = parFor->getParentOp();
       p && !isa<PhaseOp>(p) && !p->hasTrait<OpTrait::IsIsolatedFromAbove>();
       p = p->getParentOp()) {
    auto outer = dyn_cast<ParForOp>(p);
    if (outer && outer.getLayer() == Layer::Blocks)
      break;
    if (outer) {
      threads = outer;
      countOf(outer);
    }
  }
  // Between it and the outermost thread loop, only sequential loops and
  // thread loops whose bounds are the same on every thread, and branches
  // (without results) whose condition is.
  for (Operation *q = op->getParentOp(); q != threads; q = q->getParentOp()) {
    if (auto branch = dyn_cast<scf::IfOp>(q);
        branch && branch.getNumResults() == 0) {
      if (!isUniform(branch.getCondition(), threads))
        return op->emitOpError("must sit in uniform control flow: the "
                               "condition of an enclosing scf.if depends on "
                               "the thread")
                   .attachNote(q->getLoc())
               << "this scf.if";
      continue;
    }
    if (!isa<ForOp, ParForOp>(q))
      return op->emitOpError("must sit in uniform control flow: only "
                             "mdh_cl.for loops and scf.if branches may "
                             "enclose it inside its thread loop, not '")
             << q->getName() << "'";
    for (Value bound : q->getOperands())
      if (!isUniform(bound, threads))
        return op->emitOpError("must sit in uniform control flow: the "
                               "bounds of an enclosing loop depend on the "
                               "thread")
                   .attachNote(q->getLoc())
               << "this loop";
  }
  return success();
}

LogicalResult BarrierOp::verify() {
  std::optional<int64_t> count;
  return verifyUniformPlacement(*this, count);
}

//===----------------------------------------------------------------------===//
// ShuffleOp
//===----------------------------------------------------------------------===//

LogicalResult ShuffleOp::verify() {
  if (getDelta() >= getWidth())
    return emitOpError("reads ")
           << getDelta() << " lanes " << stringifyShuffleMode(getMode())
           << " in groups of " << getWidth() << ": no lane would read another";
  std::optional<int64_t> count;
  if (failed(verifyUniformPlacement(*this, count)))
    return failure();
  if (count && *count % static_cast<int64_t>(getWidth()) != 0)
    return emitOpError("shuffles in groups of ")
           << getWidth() << " threads, but the block has " << *count
           << ", not a multiple: the last group would read missing threads";
  return success();
}

//===----------------------------------------------------------------------===//
// MmaOp
//===----------------------------------------------------------------------===//

LogicalResult MmaOp::verify() {
  auto lhs = cast<MemRefType>(getLhs().getType());
  auto rhs = cast<MemRefType>(getRhs().getType());
  auto acc = cast<MemRefType>(getAcc().getType());
  Type element = lhs.getElementType();
  MmaShapeDims dims = getMmaShapeDims(getShape());
  bool tf32 = getShape() == MmaShape::M16N8K8;
  if (tf32 && !element.isF32())
    return emitOpError("m16n8k8 multiplies f32 matrices (as TF32), not ")
           << element;
  if (!tf32 && !element.isF16() && !element.isBF16())
    return emitOpError() << stringifyMmaShape(getShape())
                         << " multiplies f16 or bf16 matrices, not " << element;
  if (rhs.getElementType() != element)
    return emitOpError("multiplies ")
           << element << " by " << rhs.getElementType()
           << "; both operands have one type";
  if (!acc.getElementType().isF32())
    return emitOpError("accumulates in f32, not ") << acc.getElementType();
  auto checkIndices = [&](StringRef what, MemRefType type, size_t count,
                          int64_t minRank) -> LogicalResult {
    if (type.getRank() < minRank)
      return emitOpError() << what << " needs rank " << minRank
                           << " or more, got " << type.getRank();
    if (static_cast<int64_t>(count) != type.getRank())
      return emitOpError("expects one index per dimension of ")
             << what << " (" << type.getRank() << "), got " << count;
    return success();
  };
  int64_t tm = getTilesM(), tn = getTilesN();
  if (getTiles() && dims.mfma)
    return emitOpError("is one MFMA: tiles are for the mma.sync shapes");
  if (failed(checkIndices("A", lhs, getLhsIndices().size(), 2)) ||
      failed(checkIndices("B", rhs, getRhsIndices().size(), 2)) ||
      failed(checkIndices("the accumulators", acc, getAccIndices().size(),
                          getTiles() ? 3 : 1)))
    return failure();
  // Extents too small for one 16xK / KxN / 4-element block can only be
  // read out of bounds.
  int64_t k = dims.k, n = dims.n, lanes = dims.lanes;
  auto fits = [&](StringRef what, MemRefType type, int64_t rows, int64_t cols,
                  bool transposed) -> LogicalResult {
    if (transposed)
      std::swap(rows, cols);
    ArrayRef<int64_t> shape = type.getShape();
    if (shape[shape.size() - 2] >= rows && shape.back() >= cols)
      return success();
    return emitOpError("reads a ")
           << rows << "x" << cols << " block of " << what << ", which " << type
           << " cannot hold";
  };
  if (failed(fits("A", lhs, 16 * tm, k, getLhsTransposed())) ||
      failed(fits("B", rhs, k, n * tn, getRhsTransposed())))
    return failure();
  ArrayRef<int64_t> accShape = acc.getShape();
  if (accShape.back() < 4)
    return emitOpError("keeps 4 accumulators per lane along the last "
                       "dimension, which ")
           << acc << " cannot hold";
  if (getTiles() && (accShape[accShape.size() - 3] < tm ||
                     accShape[accShape.size() - 2] < tn))
    return emitOpError("keeps the accumulators of ")
           << tm << "x" << tn << " products, which " << acc << " cannot hold";
  std::optional<int64_t> count;
  if (failed(verifyUniformPlacement(*this, count)))
    return failure();
  if (count && *count % lanes != 0)
    return emitOpError("runs on whole ")
           << (dims.mfma ? "wavefronts of " : "warps of ") << lanes
           << " threads, but the block has " << *count << ", not a multiple";
  return success();
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

LogicalResult CopyOp::verify() {
  auto src = cast<MemRefType>(getSource().getType());
  auto dst = cast<MemRefType>(getDest().getType());
  // Floats may be widened on the way (arith.extf; Staging.h).
  Type from = src.getElementType(), to = dst.getElementType();
  bool widens = isa<FloatType>(from) && isa<FloatType>(to) &&
                to.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth();
  if (from != to && !widens)
    return emitOpError("copies ")
           << from << " elements into a buffer of " << to
           << "; a copy keeps the element type or widens a float";
  bool panels = getLayout() == Layout::Panels;
  if (src.getRank() + (panels ? 1 : 0) != dst.getRank())
    return emitOpError("source has rank ")
           << src.getRank() << " but the tile buffer has rank " << dst.getRank()
           << (panels ? ", expected one more for the panel index" : "");
  if (static_cast<int64_t>(getOffsets().size()) != src.getRank() ||
      static_cast<int64_t>(getSizes().size()) != src.getRank())
    return emitOpError("expects one offset and one size per dimension (")
           << src.getRank() << "), got " << getOffsets().size() << " and "
           << getSizes().size();
  if (getLayout() != Layout::Identity && src.getRank() < 2)
    return emitOpError("a '")
           << stringifyLayout(getLayout()) << "' layout needs two dimensions";
  if (panels && dst.getShape().back() == 0)
    return emitOpError("panels of width 0: the tile buffer's innermost "
                       "extent is the panel width");
  return success();
}

unsigned mlir::mdh_cl::tileDim(Layout layout, unsigned d, unsigned rank) {
  assert(layout != Layout::Panels && "panels add a dimension: panelIndices");
  switch (layout) {
  case Layout::Identity:
    return d;
  case Layout::Transposed:
    return d + 2 == rank ? d + 1 : d + 1 == rank ? d - 1 : d;
  case Layout::Rotated:
    return d == 0 ? rank - 1 : d - 1;
  case Layout::Panels:
    break;
  }
  llvm_unreachable("unknown layout");
}

//===----------------------------------------------------------------------===//
// ScalarOp
//===----------------------------------------------------------------------===//

LogicalResult ScalarOp::verifyRegions() {
  Block &body = getBody().front();
  if (TypeRange(body.getArgumentTypes()) != TypeRange(getArgs().getTypes()))
    return emitOpError("block arguments (")
           << body.getArgumentTypes() << ") must match the operands ("
           << getArgs().getTypes() << ")";
  if (failed(mdh::verifyScalarBody(body, "mdh_cl.scalar")))
    return failure();
  auto yield = cast<YieldOp>(body.getTerminator());
  if (TypeRange(yield.getValues().getTypes()) != getResultTypes())
    return yield.emitOpError("yields (")
           << yield.getValues().getTypes() << ") but the op returns ("
           << getResultTypes() << ")";
  return success();
}

void ScalarOp::inlineBody(RewriterBase &rewriter) {
  Block &body = getBody().front();
  auto yield = cast<YieldOp>(body.getTerminator());
  // A yielded block argument is the operand it stands for; map it now, the
  // argument is gone once the block is inlined.
  SmallVector<Value> results;
  for (Value v : yield.getValues()) {
    auto arg = dyn_cast<BlockArgument>(v);
    results.push_back(
        arg && arg.getOwner() == &body ? getArgs()[arg.getArgNumber()] : v);
  }
  rewriter.eraseOp(yield);
  rewriter.inlineBlockBefore(&body, *this, getArgs());
  rewriter.replaceOp(*this, results);
}

//===----------------------------------------------------------------------===//
// AccumulateOp
//===----------------------------------------------------------------------===//

LogicalResult AccumulateOp::verify() {
  if (getValues().size() != getBuffers().size())
    return emitOpError("expects one buffer per value, got ")
           << getValues().size() << " values and " << getBuffers().size()
           << " buffers";
  if (getValues().empty())
    return emitOpError("accumulates no value");
  if (!getCombiner().isReduction())
    return emitOpError("needs a pw or ps combine operator, got cc");
  if (!getCombiner().getCustom() && getValues().size() != 1)
    return emitOpError("a builtin operator combines one value at a time, "
                       "got ")
           << getValues().size();
  for (auto [k, value, buffer] : llvm::enumerate(getValues(), getBuffers())) {
    auto type = cast<MemRefType>(buffer.getType());
    if (type.getElementType() != value.getType())
      return emitOpError("value #")
             << k << " has type " << value.getType() << " but buffer #" << k
             << " holds " << type.getElementType();
    if (type.getRank() != static_cast<int64_t>(getIndices().size()))
      return emitOpError("buffer #")
             << k << " has rank " << type.getRank() << " but "
             << getIndices().size() << " indices are given";
  }
  if (std::optional<mdh::ReductionOp> op = getCombiner().getOp()) {
    Type type = getValues().front().getType();
    if (!mdh::reductionAppliesTo(*op, type))
      return emitOpError("builtin operator '")
             << mdh::stringifyReductionOp(*op) << "' needs "
             << (isa<FloatType>(type) ? "integer" : "floating-point")
             << " values, got " << type;
  }
  return success();
}

LogicalResult
AccumulateOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr custom = getCombiner().getCustom();
  if (!custom)
    return success();
  auto combiner =
      symbolTable.lookupNearestSymbolFrom<mdh::CombinerOp>(*this, custom);
  if (!combiner)
    return emitOpError("'") << custom << "' does not reference an mdh.combiner";
  SmallVector<Type> types = combiner.getTupleTypes();
  if (TypeRange(types) != getValues().getTypes()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "combiner " << custom << " combines (";
    llvm::interleaveComma(types, os);
    os << ") but the values are (";
    llvm::interleaveComma(getValues().getTypes(), os);
    os << ")";
    return emitOpError(text);
  }
  return success();
}
