//===- MDHOps.cpp - Operations of HL-IR -----------------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/HL/AssemblyFormat.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `sizes(1024, 512)`: the parentheses belong to the format.
ParseResult mlir::mdh::parseSizes(OpAsmParser &parser,
                                  DenseI64ArrayAttr &sizes) {
  SmallVector<int64_t> values;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        values.push_back(v);
        return success();
      }))
    return failure();
  sizes = parser.getBuilder().getDenseI64ArrayAttr(values);
  return success();
}

void mlir::mdh::printSizes(OpAsmPrinter &p, Operation *,
                           DenseI64ArrayAttr sizes) {
  llvm::interleaveComma(sizes.asArrayRef(), p);
}

/// `combine(cc, pw(add))`.
ParseResult mlir::mdh::parseCombiners(OpAsmParser &parser,
                                      ArrayAttr &combiners) {
  SmallVector<Attribute> attrs;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        FailureOr<CombinerAttr> attr = CombinerAttr::parseShort(parser);
        if (failed(attr))
          return failure();
        attrs.push_back(*attr);
        return success();
      }))
    return failure();
  combiners = parser.getBuilder().getArrayAttr(attrs);
  return success();
}

void mlir::mdh::printCombiners(OpAsmPrinter &p, Operation *,
                               ArrayAttr combiners) {
  llvm::interleaveComma(
      combiners, p, [&](Attribute a) { cast<CombinerAttr>(a).printShort(p); });
}

/// `ins(%buf : memref<...> [map, map], %buf2 : memref<...> [map])` on a line
/// of its own. Maps print in their bare form `(d0, d1) -> (d1)`, so a view
/// reads in place instead of through `#map` aliases; `affine_map<...>` and
/// aliases are accepted too. `ins(...)` is optional, `outs(...)` is not.
ParseResult
mlir::mdh::parseViews(OpAsmParser &parser, StringRef keyword,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
                      SmallVectorImpl<Type> &types, ArrayAttr &maps) {
  SmallVector<Attribute> lists;
  auto parseMap = [&](AffineMapAttr &result) -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    // A bare map starts with '(', which would otherwise parse as the start
    // of a function type; everything else is an attribute.
    if (*loc.getPointer() == '(') {
      AffineMap map;
      if (parser.parseAffineMap(map))
        return failure();
      result = AffineMapAttr::get(map);
      return success();
    }
    Attribute attr;
    if (parser.parseAttribute(attr))
      return failure();
    result = dyn_cast<AffineMapAttr>(attr);
    if (!result)
      return parser.emitError(loc, "expected an affine map, got ") << attr;
    return success();
  };
  auto parseOne = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    Type type;
    if (parser.parseOperand(operand) || parser.parseColonType(type))
      return failure();
    operands.push_back(operand);
    types.push_back(type);
    SmallVector<Attribute> bufferMaps;
    if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                       [&]() -> ParseResult {
                                         AffineMapAttr map;
                                         if (parseMap(map))
                                           return failure();
                                         bufferMaps.push_back(map);
                                         return success();
                                       }))
      return failure();
    lists.push_back(parser.getBuilder().getArrayAttr(bufferMaps));
    return success();
  };
  bool optional = keyword == "ins";
  if (optional) {
    if (failed(parser.parseOptionalKeyword(keyword))) {
      maps = parser.getBuilder().getArrayAttr({});
      return success();
    }
  } else if (parser.parseKeyword(keyword)) {
    return failure();
  }
  if (parser.parseLParen() || parser.parseCommaSeparatedList(parseOne) ||
      parser.parseRParen())
    return failure();
  maps = parser.getBuilder().getArrayAttr(lists);
  return success();
}

void mlir::mdh::printViews(OpAsmPrinter &p, Operation *, StringRef keyword,
                           OperandRange operands, TypeRange types,
                           ArrayAttr maps) {
  if (operands.empty() && keyword == "ins")
    return;
  p.increaseIndent();
  p.increaseIndent();
  p.printNewline();
  p << keyword << "(";
  for (auto [i, operand] : llvm::enumerate(operands)) {
    if (i)
      p << ", ";
    p << operand << " : " << types[i] << " [";
    if (i < maps.size())
      llvm::interleaveComma(cast<ArrayAttr>(maps[i]), p, [&](Attribute a) {
        cast<AffineMapAttr>(a).getValue().print(p.getStream());
      });
    p << "]";
  }
  p << ")";
  p.decreaseIndent();
  p.decreaseIndent();
}

/// `(f32, i32)`.
static ParseResult parseTypeTuple(OpAsmParser &parser, ArrayAttr &types) {
  SmallVector<Type> parsed;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseTypeList(parsed) || parser.parseRParen())
      return failure();
  }
  SmallVector<Attribute> attrs;
  for (Type t : parsed)
    attrs.push_back(TypeAttr::get(t));
  types = parser.getBuilder().getArrayAttr(attrs);
  return success();
}

static void printTypeTuple(OpAsmPrinter &p, Operation *, ArrayAttr types) {
  p << "(";
  llvm::interleaveComma(
      types, p, [&](Attribute a) { p << cast<TypeAttr>(a).getValue(); });
  p << ")";
}

#include "mdh/Dialect/HL/MDHInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "mdh/Dialect/HL/MDHOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool mlir::mdh::isMDHElementType(Type t) {
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(t))
    return true;
  auto i = dyn_cast<IntegerType>(t);
  return i && i.isSignless() &&
         llvm::is_contained({8u, 16u, 32u, 64u}, i.getWidth());
}

/// Whether builtin `op` applies to values of type `t`.
bool mlir::mdh::reductionAppliesTo(ReductionOp op, Type t) {
  switch (op) {
  case ReductionOp::add:
  case ReductionOp::mul:
    return true;
  case ReductionOp::max:
  case ReductionOp::min:
    return isa<FloatType>(t);
  default:
    return isa<IntegerType>(t);
  }
}

//===----------------------------------------------------------------------===//
// ComputeOp
//===----------------------------------------------------------------------===//

LogicalResult mlir::mdh::verifyScalarBody(Block &body, StringRef where) {
  for (Operation &op : body.without_terminator()) {
    if (op.getNumRegions() != 0 || !isMemoryEffectFree(&op))
      return op.emitOpError("is not allowed in ")
             << where
             << ": only side-effect-free scalar operations without regions "
                "are";
    for (Type t : op.getResultTypes())
      if (!t.isIntOrIndexOrFloat())
        return op.emitOpError("produces a value of non-scalar type ")
               << t << " in " << where;
  }
  return success();
}

SmallVector<AffineMap> mlir::mdh::mapsOf(ArrayAttr lists, unsigned i) {
  SmallVector<AffineMap> maps;
  for (Attribute a : cast<ArrayAttr>(lists[i]))
    maps.push_back(cast<AffineMapAttr>(a).getValue());
  return maps;
}

SmallVector<AffineMap> ComputeOp::getInputMaps(unsigned i) {
  return mapsOf(getInMaps(), i);
}

SmallVector<AffineMap> ComputeOp::getOutputMaps(unsigned i) {
  return mapsOf(getOutMaps(), i);
}

static unsigned countAccesses(ArrayAttr lists) {
  unsigned n = 0;
  for (Attribute a : lists)
    n += cast<ArrayAttr>(a).size();
  return n;
}

unsigned ComputeOp::getNumInputAccesses() { return countAccesses(getInMaps()); }

unsigned ComputeOp::getNumOutputAccesses() {
  return countAccesses(getOutMaps());
}

SmallVector<Type> ComputeOp::getYieldedTypes() {
  SmallVector<Type> types;
  for (auto [i, out] : llvm::enumerate(getOuts())) {
    Type elt = cast<ShapedType>(out.getType()).getElementType();
    types.append(cast<ArrayAttr>(getOutMaps()[i]).size(), elt);
  }
  return types;
}

YieldOp ComputeOp::getYield() {
  return cast<YieldOp>(getBody().front().getTerminator());
}

CombinerAttr ComputeOp::getReductionCombiner() {
  for (unsigned d = 0, e = getNumDims(); d < e; ++d)
    if (getCombiner(d).isReduction())
      return getCombiner(d);
  return {};
}

/// Checks one list of index-map lists against its buffers.
static LogicalResult verifyMapLists(ComputationOpInterface op, StringRef role,
                                    ValueRange buffers, ArrayAttr lists) {
  if (lists.size() != buffers.size())
    return op->emitOpError("expects one list of index maps per ")
           << role << " buffer: " << buffers.size() << " " << role << "s but "
           << lists.size() << " lists";
  unsigned numDims = op.getNumDims();
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    auto list = cast<ArrayAttr>(lists[i]);
    if (list.empty())
      return op.emitOpError() << role << " #" << i << " has no index map";
    int64_t rank = cast<ShapedType>(buffer.getType()).getRank();
    for (auto [j, attr] : llvm::enumerate(list)) {
      AffineMap map = cast<AffineMapAttr>(attr).getValue();
      if (map.getNumDims() != numDims)
        return op.emitOpError("index map #")
               << j << " of " << role << " #" << i << " has "
               << map.getNumDims() << " dimensions, expected " << numDims
               << " (one per iteration dimension)";
      if (map.getNumSymbols() != 0)
        return op.emitOpError("index map #")
               << j << " of " << role << " #" << i << " must not have symbols";
      if (map.getNumResults() != rank)
        return op.emitOpError("index map #")
               << j << " of " << role << " #" << i << " has "
               << map.getNumResults() << " results, but the buffer has rank "
               << rank;
    }
  }
  return success();
}

LogicalResult mlir::mdh::verifyComputation(ComputationOpInterface op) {
  ArrayRef<int64_t> sizes = op.getSizes();
  if (sizes.empty())
    return op->emitOpError("expects at least one iteration dimension");
  for (auto [d, n] : llvm::enumerate(sizes))
    if (n < 1)
      return op->emitOpError("iteration size of dimension ")
             << d << " must be at least 1, got " << n;
  if (op.getCombiners().size() != sizes.size())
    return op->emitOpError("expects one combine operator per dimension: ")
           << sizes.size() << " dimensions but " << op.getCombiners().size()
           << " combine operators";
  if (op.getOuts().empty())
    return op->emitOpError("expects at least one output buffer");
  if (op.allowsTF32() && llvm::none_of(op.getIns(), [](Value in) {
        return cast<ShapedType>(in.getType()).getElementType().isF32();
      }))
    return op->emitOpError("precision(tf32) applies to f32 inputs, but none "
                           "of the inputs holds f32 elements");

  // MDH Lemma 1: the result of mixed reduction operators depends on the
  // nesting order, so all pw and ps dimensions share one operator.
  std::optional<unsigned> firstReduction;
  for (unsigned d = 0, e = sizes.size(); d < e; ++d) {
    CombinerAttr c = op.getCombiner(d);
    if (!c.isReduction())
      continue;
    if (!firstReduction) {
      firstReduction = d;
      continue;
    }
    CombinerAttr first = op.getCombiner(*firstReduction);
    if (first.getOp() != c.getOp() || first.getCustom() != c.getCustom())
      return op->emitOpError("all pw and ps dimensions must use the same "
                             "operator (MDH Lemma 1): dimension ")
             << *firstReduction << " uses " << first.getOperatorName()
             << ", dimension " << d << " uses " << c.getOperatorName();
  }

  if (failed(verifyMapLists(op, "input", op.getIns(), op.getInMaps())) ||
      failed(verifyMapLists(op, "output", op.getOuts(), op.getOutMaps())))
    return failure();

  // Builtin operators must apply to every output element type.
  if (firstReduction) {
    CombinerAttr c = op.getCombiner(*firstReduction);
    if (std::optional<ReductionOp> rop = c.getOp()) {
      for (auto [i, out] : llvm::enumerate(op.getOuts())) {
        Type elt = cast<ShapedType>(out.getType()).getElementType();
        if (!reductionAppliesTo(*rop, elt))
          return op->emitOpError("combine operator '")
                 << stringifyReductionOp(*rop) << "' of dimension "
                 << *firstReduction << " needs "
                 << (isa<FloatType>(elt) ? "integer" : "floating-point")
                 << " values, but output #" << i << " has element type " << elt;
      }
    }
  }

  // No aliasing: an output must not be read, and outputs are distinct.
  for (auto [j, out] : llvm::enumerate(op.getOuts())) {
    for (auto [i, in] : llvm::enumerate(op.getIns()))
      if (in == out)
        return op->emitOpError("buffer is both input #")
               << i << " and output #" << j
               << "; inputs and outputs must not alias";
    for (unsigned k = 0; k < j; ++k)
      if (op.getOuts()[k] == out)
        return op->emitOpError("outputs #")
               << k << " and #" << j
               << " are the same buffer; outputs must not alias";
  }

  // pw dimensions are reduced away, so no output index may depend on them.
  for (unsigned i = 0, e = op.getOuts().size(); i < e; ++i)
    for (auto [j, map] : llvm::enumerate(op.getOutputMaps(i)))
      for (unsigned d = 0, nd = sizes.size(); d < nd; ++d)
        if (op.getCombiner(d).isPW() && map.isFunctionOfDim(d))
          return op->emitOpError("index map #")
                 << j << " of output #" << i << " uses dimension " << d
                 << ", which is reduced with pw("
                 << op.getCombiner(d).getOperatorName()
                 << "); pw dimensions must not appear in output indices";

  return verifyViews(op);
}

/// The rules of the tensor form: static shapes, outputs all memrefs or all
/// tensors, and one result per tensor output, of its type.
static LogicalResult verifyTensorForm(ComputeOp op) {
  for (auto [role, values] :
       {std::pair(StringRef("input"), ValueRange(op.getIns())),
        std::pair(StringRef("output"), ValueRange(op.getOuts()))})
    for (auto [i, v] : llvm::enumerate(values)) {
      auto tensor = dyn_cast<RankedTensorType>(v.getType());
      if (tensor && !tensor.hasStaticShape())
        return op.emitOpError()
               << role << " #" << i << " has the dynamic shape " << tensor
               << "; mdh.compute needs static shapes: cast the tensor to a "
                  "static shape (tensor.cast) or specialize the function "
                  "before building the computation";
    }
  std::optional<unsigned> firstMemRef, firstTensor;
  for (auto [i, out] : llvm::enumerate(op.getOuts())) {
    std::optional<unsigned> &first =
        isa<MemRefType>(out.getType()) ? firstMemRef : firstTensor;
    if (!first)
      first = i;
  }
  if (firstMemRef && firstTensor)
    return op.emitOpError("mixes memref and tensor outputs: output #")
           << *firstMemRef << " is " << op.getOuts()[*firstMemRef].getType()
           << ", output #" << *firstTensor << " is "
           << op.getOuts()[*firstTensor].getType()
           << "; use tensors for all outputs (one result each) or memrefs "
              "for all";
  unsigned expected = firstTensor ? op.getOuts().size() : 0;
  if (op.getNumResults() != expected)
    return op.emitOpError("has ")
           << op.getNumResults() << " results, but expects " << expected
           << (firstTensor ? " (one per tensor output)"
                           : " (memref outputs give no results)");
  for (auto [i, result] : llvm::enumerate(op.getResults()))
    if (result.getType() != op.getOuts()[i].getType())
      return op.emitOpError("result #")
             << i << " has type " << result.getType() << ", but output #" << i
             << " has type " << op.getOuts()[i].getType()
             << "; each result has the type of its output";
  return success();
}

LogicalResult ComputeOp::verify() {
  if (failed(verifyTensorForm(*this)))
    return failure();
  return verifyComputation(*this);
}

static SmallVector<Type> inferResultTypes(ValueRange outs) {
  SmallVector<Type> types;
  for (Value out : outs)
    if (isa<RankedTensorType>(out.getType()))
      types.push_back(out.getType());
  return types;
}

void ComputeOp::build(OpBuilder &b, OperationState &state, ValueRange ins,
                      ValueRange outs, StringAttr name, DenseI64ArrayAttr sizes,
                      ArrayAttr combiners, ArrayAttr inMaps,
                      ArrayAttr outMaps) {
  build(b, state, inferResultTypes(outs), ins, outs, name, sizes, combiners,
        inMaps, outMaps, /*precision=*/nullptr);
}

void ComputeOp::build(OpBuilder &b, OperationState &state, ValueRange ins,
                      ValueRange outs, StringAttr name, ArrayRef<int64_t> sizes,
                      ArrayAttr combiners, ArrayAttr inMaps,
                      ArrayAttr outMaps) {
  build(b, state, inferResultTypes(outs), ins, outs, name, sizes, combiners,
        inMaps, outMaps, /*precision=*/nullptr);
}

bool ComputeOp::hasTensorOperands() {
  return llvm::any_of(getOperandTypes(), llvm::IsaPred<RankedTensorType>);
}

bool ComputeOp::writesWholeOutput(unsigned i) {
  // The verifier proves every access in bounds, each access injective in the
  // cc/ps dimensions (pw dimensions do not occur in output maps) and
  // distinct accesses disjoint. So the maps write exactly
  // #maps * prod(cc/ps sizes) distinct elements, all of the output iff that
  // is its element count.
  auto type = cast<ShapedType>(getOuts()[i].getType());
  if (!type.hasStaticShape())
    return false;
  unsigned __int128 written = cast<ArrayAttr>(getOutMaps()[i]).size();
  for (unsigned d = 0, e = getNumDims(); d < e; ++d)
    if (!getCombiner(d).isPW())
      written *= static_cast<unsigned __int128>(getSizes()[d]);
  return written == static_cast<unsigned __int128>(type.getNumElements());
}

void ComputeOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // As linalg's getGenericEffectsImpl: only memref operands touch memory.
  // Partial effects, as the operand attributes declared them before: an
  // output keeps the elements its maps do not write.
  for (OpOperand &operand : getInsMutable())
    if (isa<MemRefType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
  for (OpOperand &operand : getOutsMutable())
    if (isa<MemRefType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
}

LogicalResult mlir::mdh::checkBufferized(ComputeOp op, StringRef pass) {
  if (!op.hasTensorOperands())
    return success();
  return op.emitOpError("has tensor operands, but ")
         << pass
         << " takes memref operands only: bufferize first with "
            "--one-shot-bufferize=\"bufferize-function-boundaries "
            "function-boundary-type-conversion=identity-layout-map\" (or "
            "--mdh-bufferize, which --mdh-lower-to-clir and the GPU "
            "pipelines run themselves)";
}

LogicalResult ComputeOp::verifyRegions() {
  Block &body = getBody().front();

  // One scalar argument per input access.
  SmallVector<Type> argTypes;
  SmallVector<unsigned> argBuffer;
  for (auto [i, in] : llvm::enumerate(getIns())) {
    unsigned n = cast<ArrayAttr>(getInMaps()[i]).size();
    argTypes.append(n, cast<ShapedType>(in.getType()).getElementType());
    argBuffer.append(n, i);
  }
  if (body.getNumArguments() != argTypes.size())
    return emitOpError("scalar function expects ")
           << argTypes.size() << " arguments (one per input access), got "
           << body.getNumArguments();
  for (auto [k, arg] : llvm::enumerate(body.getArguments()))
    if (arg.getType() != argTypes[k])
      return emitOpError("argument #")
             << k << " of the scalar function has type " << arg.getType()
             << ", but input #" << argBuffer[k] << " holds " << argTypes[k];

  // The body is a pure scalar function.
  if (failed(verifyScalarBody(body, "the scalar function of mdh.compute")))
    return failure();

  // One yielded value per output access, of the output's element type.
  SmallVector<Type> yielded = getYieldedTypes();
  YieldOp yield = getYield();
  if (yield.getValues().size() != yielded.size())
    return yield.emitOpError("yields ")
           << yield.getValues().size()
           << " values, but the outputs of mdh.compute have " << yielded.size()
           << " accesses";
  for (auto [k, v] : llvm::enumerate(yield.getValues()))
    if (v.getType() != yielded[k])
      return yield.emitOpError("value #")
             << k << " has type " << v.getType() << ", but output access #" << k
             << " holds " << yielded[k];
  return success();
}

LogicalResult ComputeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  CombinerAttr c = getReductionCombiner();
  if (!c || !c.getCustom())
    return success();
  auto combiner =
      symbolTable.lookupNearestSymbolFrom<CombinerOp>(*this, c.getCustom());
  if (!combiner)
    return emitOpError("'")
           << c.getCustom() << "' does not reference an mdh.combiner";
  SmallVector<Type> expected = getYieldedTypes();
  SmallVector<Type> actual = combiner.getTupleTypes();
  if (expected != actual) {
    auto list = [](ArrayRef<Type> types) {
      std::string s;
      llvm::raw_string_ostream os(s);
      llvm::interleaveComma(types, os);
      return s;
    };
    InFlightDiagnostic diag = emitOpError("combiner ")
                              << c.getCustom() << " combines (" << list(actual)
                              << ") but the computation yields ("
                              << list(expected) << ")";
    diag.attachNote(combiner.getLoc()) << "combiner defined here";
    return diag;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// IndexOp
//===----------------------------------------------------------------------===//

LogicalResult IndexOp::verify() {
  auto parent = (*this)->getParentOfType<ComputeOp>();
  unsigned numDims = parent.getNumDims();
  if (static_cast<uint64_t>(getDim()) >= numDims)
    return emitOpError("dimension ") << getDim() << " is out of range for a "
                                     << numDims << "-dimensional computation";
  return success();
}

//===----------------------------------------------------------------------===//
// CombinerOp
//===----------------------------------------------------------------------===//

LogicalResult CombinerOp::verify() {
  if (!getAssociative() || !getCommutative())
    return emitOpError("must be declared 'associative commutative': MDH "
                       "combine operators are both");
  if (getTypes().empty())
    return emitOpError("combines an empty tuple");
  for (Type t : getTupleTypes())
    if (!isMDHElementType(t))
      return emitOpError("tuple component of type ")
             << t << " is not an MDH element type";
  if (std::optional<ArrayAttr> identity = getIdentity()) {
    SmallVector<Type> types = getTupleTypes();
    if (identity->size() != types.size())
      return emitOpError("identity has ")
             << identity->size() << " values, but the tuple has "
             << types.size() << " components";
    for (auto [k, attr] : llvm::enumerate(*identity)) {
      auto typed = dyn_cast<TypedAttr>(attr);
      if (!typed || typed.getType() != types[k])
        return emitOpError("identity value #")
               << k << " must be a constant of type " << types[k];
    }
  }
  return success();
}

LogicalResult CombinerOp::verifyRegions() {
  SmallVector<Type> types = getTupleTypes();
  Block &body = getBody().front();
  if (body.getNumArguments() != 2 * types.size())
    return emitOpError("body expects ")
           << 2 * types.size()
           << " arguments (the left tuple, then the right tuple), got "
           << body.getNumArguments();
  for (auto [k, arg] : llvm::enumerate(body.getArguments()))
    if (arg.getType() != types[k % types.size()])
      return emitOpError("argument #")
             << k << " has type " << arg.getType() << ", expected "
             << types[k % types.size()];
  for (Operation &op : body.without_terminator())
    if (op.getNumRegions() != 0 || !isMemoryEffectFree(&op) || isa<IndexOp>(op))
      return op.emitOpError("is not allowed in an mdh.combiner: only "
                            "side-effect-free scalar operations are");
  auto yield = cast<YieldOp>(body.getTerminator());
  if (TypeRange(yield.getValues().getTypes()) != TypeRange(types))
    return yield.emitOpError("must yield one value per tuple component, of "
                             "the combiner's types");
  return success();
}
