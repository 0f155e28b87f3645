//===- CEmitterBase.cpp - Shared printing of CL-IR as C-like code
//-----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Liveness, types, names and the statements the C and the CUDA/HIP emitters
// print alike (CEmitterBase.h).
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/C/CEmitterBase.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::cemit;
using mdh::ReductionOp;

//===----------------------------------------------------------------------===//
// Liveness
//===----------------------------------------------------------------------===//

/// Ops that only define values: printing them is pointless when no printed
/// op uses the values.
static bool definesValuesOnly(Operation *op) {
  if (isa<mdh_cl::BufferOp, mdh_cl::ScalarOp, memref::LoadOp>(op))
    return true;
  Dialect *dialect = op->getDialect();
  return dialect && isa<arith::ArithDialect, math::MathDialect>(dialect) &&
         op->getNumRegions() == 0;
}

bool cemit::isUnitStep(Value step) {
  std::optional<int64_t> value = getConstantIntValue(step);
  return value && *value == 1;
}

bool CEmitterBase::isNeeded(Value value) {
  return llvm::any_of(value.getUses(), [&](OpOperand &use) {
    Operation *user = use.getOwner();
    unsigned k = use.getOperandNumber();
    // An operand of the scalar function is needed when its block argument
    // is; a yielded value when its result is.
    if (auto scalar = dyn_cast<mdh_cl::ScalarOp>(user))
      return isNeeded(scalar.getBody().front().getArgument(k));
    if (isa<mdh_cl::YieldOp>(user))
      return isNeeded(user->getParentOp()->getResult(k));
    if (isa<mdh_cl::ForOp, mdh_cl::ParForOp>(user) && k == 2 &&
        isUnitStep(use.get()))
      return false;
    // A constant `first` flag of a builtin combine is not printed
    // (emitAccumulate).
    if (auto acc = dyn_cast<mdh_cl::AccumulateOp>(user))
      if (use.get() == acc.getFirst() && !acc.getCombiner().getCustom() &&
          getConstantIntValue(use.get()))
        return false;
    return live.contains(user);
  });
}

void CEmitterBase::computeLiveness() {
  SmallVector<Operation *> ops;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) { ops.push_back(op); });
  // Users follow definitions in pre-order (the uses of a scalar function's
  // results follow its body), so one pass in reverse sees every user first;
  // iterating to the fixpoint keeps this true of any nesting.
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *op : llvm::reverse(ops)) {
      if (live.contains(op))
        continue;
      if (definesValuesOnly(op) &&
          llvm::none_of(op->getResults(),
                        [&](Value result) { return isNeeded(result); }))
        continue;
      live.insert(op);
      changed = true;
    }
  }
}

//===----------------------------------------------------------------------===//
// Types and names
//===----------------------------------------------------------------------===//

/// CUDA's and HIP's name of a 128-bit vector type, or "". Eight 16-bit
/// elements have no built-in type: they are a struct of the emitted code
/// (`mdh_f16x8`, `mdh_bf16x8`, `mdh_i16x8`; printHelpers).
StringRef CEmitterBase::gpuVectorName(VectorType type) {
  if (type.getRank() != 1 || type.isScalable())
    return "";
  Type elt = type.getElementType();
  int64_t n = type.getDimSize(0);
  if (elt.isF32() && n == 4)
    return "float4";
  if (elt.isF64() && n == 2)
    return "double2";
  if (elt.isSignlessInteger(32) && n == 4)
    return "int4";
  if (elt.isSignlessInteger(64) && n == 2)
    return "longlong2";
  if (n == 8 && (isHalf(elt) || elt.isSignlessInteger(16))) {
    vectorsOf16Bits.insert(elt);
    return vectorOf8Name(elt);
  }
  return "";
}

FailureOr<StringRef> CEmitterBase::typeName(Type type, Operation *where) {
  if (auto vector = dyn_cast<VectorType>(type);
      vector && gpuVectors && !gpuVectorName(vector).empty())
    return gpuVectorName(vector);
  if (type.isIndex())
    return StringRef(index32 ? "int32_t" : "int64_t");
  if (type.isSignlessInteger()) {
    switch (type.getIntOrFloatBitWidth()) {
    case 1:
      return StringRef("bool");
    case 8:
      return StringRef("int8_t");
    case 16:
      return StringRef("int16_t");
    case 32:
      return StringRef("int32_t");
    case 64:
      return StringRef("int64_t");
    default:
      break;
    }
  }
  if (type.isF32())
    return StringRef("float");
  if (type.isF64())
    return StringRef("double");
  if (isHalf(type))
    return halfTypeName(type);
  return opError(where, "uses type ")
         << type << ", which the " << targetName
         << " target does not support; supported are f16, bf16, f32, f64, "
            "i1, i8, i16, i32, i64 and index";
}

LogicalResult CEmitterBase::checkMemRef(MemRefType type, Operation *where,
                                        const Twine &what) {
  if (!type.hasStaticShape())
    return opError(where) << what << " has type " << type << "; the "
                          << targetName << " target needs a static shape";
  if (!type.getLayout().isIdentity())
    return opError(where)
           << what << " has type " << type << "; the " << targetName
           << " target needs the identity (dense row-major) layout";
  if (type.getMemorySpace())
    return opError(where) << what << " has type " << type << "; the "
                          << targetName << " target has no memory spaces";
  return typeName(type.getElementType(), where);
}

StringRef CEmitterBase::declare(Value value) {
  std::string &name = names[value];
  name = "v" + std::to_string(nextId++);
  return name;
}

StringRef CEmitterBase::nameOf(Value value) {
  auto it = names.find(value);
  assert(it != names.end() && "value used before its definition was printed");
  return it->second;
}

/// Row-major offset of `indices` in the static shape of `memref`:
/// `(i0 * n1 + i1) * n2 + i2`.
std::string CEmitterBase::linearIndex(Value memref,
                                      ArrayRef<std::string> indices) {
  ArrayRef<int64_t> shape = cast<MemRefType>(memref.getType()).getShape();
  if (indices.empty())
    return "0";
  std::string result = indices[0];
  for (size_t d = 1; d < indices.size(); ++d)
    result =
        paren(result) + " * " + std::to_string(shape[d]) + " + " + indices[d];
  return result;
}

std::string CEmitterBase::element(Value memref, ArrayRef<std::string> indices) {
  return (nameOf(memref) + "[" + linearIndex(memref, indices) + "]").str();
}

std::string CEmitterBase::element(Value memref, ValueRange indices) {
  SmallVector<std::string> strings;
  for (Value index : indices)
    strings.push_back(nameOf(index).str());
  return element(memref, strings);
}

//===----------------------------------------------------------------------===//
// Functions and statements
//===----------------------------------------------------------------------===//

bool cemit::isWritten(BlockArgument arg) {
  return llvm::any_of(arg.getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    if (auto store = dyn_cast<memref::StoreOp>(user))
      return store.getMemRef() == use.get();
    if (auto copy = dyn_cast<mdh_cl::CopyOp>(user))
      return copy.getDest() == use.get();
    if (auto acc = dyn_cast<mdh_cl::AccumulateOp>(user))
      return llvm::is_contained(acc.getBuffers(), use.get());
    return false;
  });
}

bool cemit::isReservedName(StringRef name) {
  return llvm::is_contained(
      {"auto",      "break",     "case",     "char",     "const",
       "continue",  "default",   "do",       "double",   "else",
       "enum",      "extern",    "float",    "for",      "goto",
       "if",        "inline",    "int",      "long",     "register",
       "restrict",  "return",    "short",    "signed",   "sizeof",
       "static",    "struct",    "switch",   "typedef",  "union",
       "unsigned",  "void",      "volatile", "while",    "bool",
       "true",      "false",     "main",     "_Alignas", "_Alignof",
       "_Atomic",   "_Bool",     "_Complex", "_Generic", "_Imaginary",
       "_Noreturn", "class",     "new",      "delete",   "template",
       "this",      "namespace", "operator", "private",  "public",
       "protected", "virtual",   "friend",   "dim3"},
      name);
}

LogicalResult CEmitterBase::emitBlock(Block &block) {
  for (Operation &op : block)
    if (failed(emitOperation(op)))
      return failure();
  return success();
}

LogicalResult CEmitterBase::emitShuffle(mdh_cl::ShuffleOp op) {
  return opError(op, "cannot be translated to ")
         << targetName << ": its threads exchange values only through memory";
}

LogicalResult CEmitterBase::emitOperation(Operation &op) {
  if (!isLive(&op))
    return success();
  if (inlineConstants && isa<arith::ConstantOp>(op)) {
    FailureOr<std::string> text =
        literal(cast<arith::ConstantOp>(op).getValue(), &op);
    if (failed(text) || failed(typeName(op.getResult(0).getType(), &op)))
      return failure();
    names[op.getResult(0)] = *text;
    return success();
  }
  return TypeSwitch<Operation *, LogicalResult>(&op)
      // The function's frees follow its body; there is nothing to return.
      .Case<func::ReturnOp>([](auto) { return success(); })
      .Case<mdh_cl::BufferOp>([&](auto op) { return emitBuffer(op); })
      .Case<mdh_cl::PhaseOp>([&](auto op) { return emitPhase(op); })
      .Case<mdh_cl::ForOp>([&](auto op) { return emitFor(op); })
      .Case<mdh_cl::ParForOp>([&](auto op) { return emitParFor(op); })
      .Case<mdh_cl::BarrierOp>([&](auto op) { return emitBarrier(op); })
      .Case<mdh_cl::ShuffleOp>([&](auto op) { return emitShuffle(op); })
      .Case<mdh_cl::MmaOp>([&](auto op) { return emitMma(op); })
      .Case<scf::IfOp>([&](auto op) { return emitIf(op); })
      // Ends the regions of an scf.if without results.
      .Case<scf::YieldOp>([&](auto op) -> LogicalResult {
        if (op.getNumOperands() != 0)
          return opError(op, "with operands cannot be translated to ")
                 << targetName;
        return success();
      })
      .Case<mdh_cl::CopyOp>([&](auto op) { return emitCopy(op); })
      // 128-bit loads of cooperative copies (GPU emitters).
      .Case<vector::LoadOp>([&](auto op) -> LogicalResult {
        if (!gpuVectors)
          return opError(op, "cannot be translated to ") << targetName;
        // Printed by the store as a cp.async.
        if (asyncCopies && op->hasOneUse())
          if (auto store = dyn_cast<vector::StoreOp>(*op->user_begin());
              store && isAsyncCopy(store))
            return success();
        if (gpuVectorName(op.getVectorType()).empty())
          return opError(op, "loads ")
                 << op.getVectorType() << ", which the " << targetName
                 << " target does not print; supported are 128-bit vectors "
                    "(vector<4xf32>, vector<2xf64>, vector<4xi32>, "
                    "vector<2xi64>, vector<8xf16>, vector<8xbf16>, "
                    "vector<8xi16>)";
        FailureOr<StringRef> type = typeName(op.getType(), op);
        if (failed(type))
          return failure();
        return emitAssign(*op, ("*reinterpret_cast<const " + *type + " *>(&" +
                                element(op.getBase(), op.getIndices()) + ")")
                                   .str());
      })
      // 128-bit stores of cooperative copies into shared memory.
      .Case<vector::StoreOp>([&](auto op) -> LogicalResult {
        if (!gpuVectors || gpuVectorName(op.getVectorType()).empty())
          return opError(op, "cannot be translated to ")
                 << targetName << " (only a 128-bit vector store is)";
        FailureOr<StringRef> type =
            typeName(op.getValueToStore().getType(), op);
        if (failed(type))
          return failure();
        if (asyncCopies && isAsyncCopy(op)) {
          needCpAsync = true;
          auto load =
              op.getValueToStore().template getDefiningOp<vector::LoadOp>();
          os << "mdh_cp_async16(&" << element(op.getBase(), op.getIndices())
             << ", &" << element(load.getBase(), load.getIndices()) << ");\n";
          return success();
        }
        os << "*reinterpret_cast<" << *type << " *>(&"
           << element(op.getBase(), op.getIndices())
           << ") = " << nameOf(op.getValueToStore()) << ";\n";
        return success();
      })
      .Case<vector::ExtractOp>([&](auto op) -> LogicalResult {
        std::optional<int64_t> pos =
            op.hasDynamicPosition() || op.getStaticPosition().size() != 1
                ? std::nullopt
                : std::optional<int64_t>(op.getStaticPosition()[0]);
        // The op's verifier keeps a constant position within the vector.
        if (!gpuVectors || !pos ||
            gpuVectorName(op.getSourceVectorType()).empty())
          return opError(op, "cannot be translated to ")
                 << targetName
                 << " (only a constant element of a 128-bit vector is)";
        // The 8-lane structs hold an array.
        if (op.getSourceVectorType().getDimSize(0) == 8)
          return emitAssign(
              *op, (nameOf(op.getSource()) + ".v[" + Twine(*pos) + "]").str());
        return emitAssign(*op, (nameOf(op.getSource()) + "." +
                                StringRef("xyzw").substr(*pos, 1))
                                   .str());
      })
      // An input that the kernel's fast version has tested for alignment.
      .Case<memref::AssumeAlignmentOp>([&](auto op) -> LogicalResult {
        if (!gpuVectors)
          return opError(op, "cannot be translated to ") << targetName;
        FailureOr<StringRef> elt =
            typeName(op.getMemref().getType().getElementType(), op);
        if (failed(elt))
          return failure();
        os << "const " << *elt << " *__restrict__ " << declare(op.getResult())
           << " = (const " << *elt << " *)__builtin_assume_aligned("
           << nameOf(op.getMemref()) << ", " << op.getAlignment() << ");\n";
        return success();
      })
      .Case<mdh_cl::AlignedOp>([&](auto op) -> LogicalResult {
        return emitAssign(*op, ("((uintptr_t)" + nameOf(op.getBuffer()) +
                                " % " + Twine(op.getBytes()) + " == 0)")
                                   .str());
      })
      .Case<mdh_cl::ScalarOp>([&](auto op) { return emitScalar(op); })
      .Case<mdh_cl::AccumulateOp>([&](auto op) { return emitAccumulate(op); })
      .Case<memref::LoadOp>([&](auto op) {
        return emitAssign(*op, element(op.getMemRef(), op.getIndices()));
      })
      .Case<memref::StoreOp>([&](auto op) {
        os << element(op.getMemRef(), op.getIndices()) << " = "
           << nameOf(op.getValueToStore()) << ";\n";
        return success();
      })
      .Default([&](Operation *op) -> LogicalResult {
        FailureOr<std::string> expr = expression(*op);
        if (failed(expr))
          return failure();
        return emitAssign(*op, *expr);
      });
}

LogicalResult CEmitterBase::emitAssign(Operation &op, const std::string &expr) {
  FailureOr<StringRef> type = typeName(op.getResult(0).getType(), &op);
  if (failed(type))
    return failure();
  os << "const " << *type << " " << declare(op.getResult(0)) << " = " << expr
     << ";\n";
  return success();
}

/// `for (int64_t iv = lb; iv < ub; iv += step) {`: the canonical form that
/// OpenMP's `for` accepts.
LogicalResult CEmitterBase::emitLoopHeader(Operation *op, BlockArgument iv,
                                           Value lb, Value ub, Value step) {
  std::optional<int64_t> constStep = getConstantIntValue(step);
  if (constStep && *constStep <= 0)
    return opError(op, "has step ") << *constStep << "; the " << targetName
                                    << " target needs a positive step";
  StringRef name = declare(iv);
  os << "for (" << (index32 ? "int32_t " : "int64_t ") << name << " = "
     << nameOf(lb) << "; " << name << " < " << nameOf(ub) << "; ";
  if (isUnitStep(step))
    os << "++" << name;
  else
    os << name << " += " << nameOf(step);
  os << ") {\n";
  return success();
}

/// Whether `op`'s bounds and step are constants that allow one trip at
/// most.
static bool runsAtMostOnce(mdh_cl::ForOp op) {
  std::optional<int64_t> lb = getConstantIntValue(op.getLowerBound()),
                         ub = getConstantIntValue(op.getUpperBound()),
                         step = getConstantIntValue(op.getStep());
  return lb && ub && step && *step > 0 && *ub - *lb <= *step;
}

LogicalResult CEmitterBase::emitFor(mdh_cl::ForOp op) {
  // nvcc and hipcc unroll the loop fully: its trip count is a constant
  // (the loops over register tiles have it after
  // `mdh-cl-pad-register-tiles`).
  if (unrollRegisterTiles && op.isUnrolledRegisterTileLoop())
    os << "#pragma unroll\n";
  // A loop with a barrier walks the tiles of a block (the k-tiles of a
  // contraction): a large body that unrolling would only copy (nvcc unrolls
  // a loop of a few such tiles in full, which hides the loop from the
  // instruction-mix report and fills the instruction cache).
  else if (unrollRegisterTiles && !runsAtMostOnce(op) &&
           op.getBody()
               .walk([](mdh_cl::BarrierOp) { return WalkResult::interrupt(); })
               .wasInterrupted())
    os << "#pragma unroll 1\n";
  if (failed(emitLoopHeader(op, op.getInductionVar(), op.getLowerBound(),
                            op.getUpperBound(), op.getStep())))
    return failure();
  os.indent();
  if (failed(emitBlock(op.getBody().front())))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

/// `if (cond) { ... }`: boundary guards of GPU CL-IR (no results).
LogicalResult CEmitterBase::emitIf(scf::IfOp op) {
  if (op.getNumResults() != 0)
    return opError(op, "with results cannot be translated to ") << targetName;
  os << "if (" << nameOf(op.getCondition()) << ") {\n";
  os.indent();
  if (failed(emitBlock(op.getThenRegion().front())))
    return failure();
  os.unindent();
  if (!op.getElseRegion().empty()) {
    os << "} else {\n";
    os.indent();
    if (failed(emitBlock(op.getElseRegion().front())))
      return failure();
    os.unindent();
  }
  os << "}\n";
  return success();
}

/// `dst[j] = src[offsets + j]` for every `j < sizes`, the indices of `dst`
/// in the layout's order (mdh_cl::tileDim); panels of width W take
/// `dst[j_last / W][j_0]..[j_last % W]`.
LogicalResult CEmitterBase::emitCopy(mdh_cl::CopyOp op) {
  auto dstType = cast<MemRefType>(op.getDest().getType());
  SmallVector<std::string> counters, srcIndices;
  for (auto [offset, size] : llvm::zip_equal(op.getOffsets(), op.getSizes())) {
    std::string counter = "v" + std::to_string(nextId++);
    os << "for (" << (index32 ? "int32_t " : "int64_t ") << counter << " = 0; "
       << counter << " < " << nameOf(size) << "; ++" << counter << ") {\n";
    os.indent();
    srcIndices.push_back(nameOf(offset).str() + " + " + counter);
    counters.push_back(counter);
  }
  SmallVector<std::string> dstIndices;
  if (op.getLayout() == mdh_cl::Layout::Panels) {
    std::string width = std::to_string(dstType.getShape().back());
    dstIndices.push_back(counters.back() + " / " + width);
    llvm::append_range(dstIndices, ArrayRef(counters).drop_back());
    dstIndices.push_back(counters.back() + " % " + width);
  } else {
    dstIndices =
        mdh_cl::toTileOrder(op.getLayout(), ArrayRef<std::string>(counters));
  }
  // A wider float tile: the element widened (arith.extf, exact).
  Type from = cast<MemRefType>(op.getSource().getType()).getElementType();
  std::string value = element(op.getSource(), srcIndices);
  if (from != dstType.getElementType()) {
    FailureOr<StringRef> to = typeName(dstType.getElementType(), op);
    if (failed(to))
      return failure();
    if (isHalf(from))
      value = widen(from, value);
    if (!dstType.getElementType().isF32())
      value = "(" + to->str() + ")" + paren(value);
  }
  os << element(op.getDest(), dstIndices) << " = " << value << ";\n";
  for (size_t d = 0; d < counters.size(); ++d) {
    os.unindent();
    os << "}\n";
  }
  return success();
}

/// Inlines the scalar function: its arguments are the operands' locals, its
/// results the locals of the yielded values.
LogicalResult CEmitterBase::emitScalar(mdh_cl::ScalarOp op) {
  Block &body = op.getBody().front();
  // Operands and yielded values nothing reads are not printed: map only the
  // names that exist.
  auto alias = [&](Value to, Value from) {
    auto it = names.find(from);
    if (it != names.end()) {
      std::string name = it->second;
      names[to] = name;
    }
  };
  for (auto [arg, operand] : llvm::zip_equal(body.getArguments(), op.getArgs()))
    alias(arg, operand);
  for (Operation &inner : body.without_terminator())
    if (failed(emitOperation(inner)))
      return failure();
  auto yield = cast<mdh_cl::YieldOp>(body.getTerminator());
  for (auto [result, value] :
       llvm::zip_equal(op.getResults(), yield.getValues()))
    alias(result, value);
  return success();
}

/// `buf = first ? value : op(buf, value)` at `indices` of every buffer.
LogicalResult CEmitterBase::emitAccumulate(mdh_cl::AccumulateOp op) {
  mdh::CombinerAttr combiner = op.getCombiner();
  SmallVector<std::string> elements;
  for (Value buffer : op.getBuffers()) {
    SmallVector<std::string> indices;
    for (Value index : op.getIndices())
      indices.push_back(nameOf(index).str());
    elements.push_back(element(buffer, indices));
  }
  // (Named only where printed: a constant flag of a builtin combine is not;
  // isNeeded.)
  auto first = [&] { return nameOf(op.getFirst()); };

  if (!combiner.getCustom()) {
    Value value = op.getValues()[0];
    BinOp kind = BinOp::Add;
    switch (*combiner.getOp()) {
    case ReductionOp::add:
      kind = BinOp::Add;
      break;
    case ReductionOp::mul:
      kind = BinOp::Mul;
      break;
    case ReductionOp::max:
      kind = BinOp::Max;
      break;
    case ReductionOp::min:
      kind = BinOp::Min;
      break;
    case ReductionOp::maxsi:
      kind = BinOp::MaxS;
      break;
    case ReductionOp::maxui:
      kind = BinOp::MaxU;
      break;
    case ReductionOp::minsi:
      kind = BinOp::MinS;
      break;
    case ReductionOp::minui:
      kind = BinOp::MinU;
      break;
    case ReductionOp::And:
      kind = BinOp::And;
      break;
    case ReductionOp::Or:
      kind = BinOp::Or;
      break;
    case ReductionOp::Xor:
      kind = BinOp::Xor;
      break;
    }
    bool isFloat = isa<FloatType>(value.getType());
    bool floatOnly = kind == BinOp::Max || kind == BinOp::Min;
    bool bothKinds = kind == BinOp::Add || kind == BinOp::Mul;
    if (!bothKinds && isFloat != floatOnly)
      return opError(op, "combine operator '")
             << combiner.getOperatorName() << "' does not apply to "
             << value.getType();
    FailureOr<std::string> combined =
        binary(kind, value.getType(), elements[0], nameOf(value), op);
    if (failed(combined))
      return failure();
    // A constant flag (register tiles that start at the identity) needs no
    // select.
    std::optional<int64_t> constFirst = getConstantIntValue(op.getFirst());
    if (constFirst)
      os << elements[0] << " = "
         << (*constFirst ? nameOf(value).str() : *combined) << ";\n";
    else
      os << elements[0] << " = " << first() << " ? " << nameOf(value) << " : "
         << paren(*combined) << ";\n";
    return success();
  }

  auto custom = symbols.lookupNearestSymbolFrom<mdh::CombinerOp>(
      op, combiner.getCustom());
  if (!custom)
    return opError(op, "combiner ")
           << combiner.getCustom() << " does not reference an mdh.combiner";
  if (TypeRange(ValueRange(op.getValues())) !=
      TypeRange(custom.getTupleTypes()))
    return opError(op, "combiner ")
           << combiner.getCustom() << " combines ("
           << TypeRange(custom.getTupleTypes()) << ") but "
           << "the values are (" << TypeRange(ValueRange(op.getValues()))
           << ")";

  os << "if (" << first() << ") {\n";
  os.indent();
  for (auto [elem, value] : llvm::zip_equal(elements, op.getValues()))
    os << elem << " = " << nameOf(value) << ";\n";
  os.unindent();
  os << "} else {\n";
  os.indent();
  // The combiner's body with (buffers, values) as its arguments.
  Block &body = custom.getBody().front();
  unsigned n = op.getValues().size();
  for (auto [k, elem] : llvm::enumerate(elements)) {
    BlockArgument arg = body.getArgument(k);
    if (!isNeeded(arg))
      continue;
    FailureOr<StringRef> type = typeName(arg.getType(), op);
    if (failed(type))
      return failure();
    os << "const " << *type << " " << declare(arg) << " = " << elem << ";\n";
  }
  for (auto [k, value] : llvm::enumerate(op.getValues()))
    names[body.getArgument(n + k)] = nameOf(value).str();
  for (Operation &inner : body.without_terminator())
    if (failed(emitOperation(inner)))
      return failure();
  auto yield = cast<mdh::YieldOp>(body.getTerminator());
  for (auto [elem, value] : llvm::zip_equal(elements, yield.getValues()))
    os << elem << " = " << nameOf(value) << ";\n";
  os.unindent();
  os << "}\n";
  return success();
}

bool CEmitterBase::isAsyncCopy(vector::StoreOp op) {
  auto load = op.getValueToStore().getDefiningOp<vector::LoadOp>();
  if (!load || !load->hasOneUse() || load->getNextNode() != op ||
      load.getVectorType().getNumElements() *
              load.getVectorType().getElementTypeBitWidth() !=
          128)
    return false;
  auto dst = op.getBase().getDefiningOp<mdh_cl::BufferOp>();
  if (!dst || dst.getRegion() != mdh_cl::MemRegion::Shared)
    return false;
  // Device memory: an argument of the function or a device buffer.
  if (isa<BlockArgument>(load.getBase()))
    return true;
  auto src = load.getBase().getDefiningOp<mdh_cl::BufferOp>();
  return src && src.getRegion() == mdh_cl::MemRegion::Device;
}
