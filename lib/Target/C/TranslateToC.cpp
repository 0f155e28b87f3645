//===- TranslateToC.cpp - CL-IR to OpenMP C -------------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// One emitter walks each CL-IR function once and prints C11 with OpenMP
// pragmas (the ABI is in include/Target/C/TranslateToC.h):
//
//   * every SSA value an op defines becomes a `const` local `vN`, numbered in
//     the order of definition; `mdh_cl.scalar` and custom combiners are
//     inlined, so their block arguments and results are only new names for
//     existing locals;
//   * values nothing uses are not printed (dead code would be "unused
//     variable" warnings under -Wall);
//   * integer arithmetic goes through unsigned types where C would overflow
//     a signed one, so it wraps exactly as `arith` does.
//
// The text is built in a string and printed only when the whole module
// translated, so a refused input prints no C at all.
//
//===----------------------------------------------------------------------===//

#include "Target/C/TranslateToC.h"

#include "Dialect/CL/MDHCLOps.h"
#include "Dialect/HL/MDHOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Support/IndentedOstream.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mdh;
using mdh::ReductionOp;

/// Packed and register buffers of one parallel loop are arrays on the stack
/// of the thread that runs an iteration, as long as together they fit in
/// this many bytes; the ones beyond it are allocated on the heap once per
/// OpenMP thread. Worker threads have small stacks (libomp's default is
/// 4 MiB), and a stack overflow there is a crash without a message.
static constexpr int64_t kStackBytesPerLoop = 64 * 1024;

namespace {
/// The binary operators of `arith` and of the builtin combine operators.
/// `Max`/`Min` are `arith.maximumf`/`minimumf` (NaN-propagating), `MaxNum`/
/// `MinNum` are `arith.maxnumf`/`minnumf` (C's fmax/fmin).
enum class BinOp {
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  DivU,
  RemU,
  And,
  Or,
  Xor,
  Shl,
  ShrS,
  ShrU,
  MaxS,
  MaxU,
  MinS,
  MinU,
  Max,
  Min,
  MaxNum,
  MinNum,
};
} // namespace

/// Bit width of an integer or index type (index is 64-bit in the C ABI).
static unsigned intWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// The unsigned type in which C computes `+ - * <<` on `type` without signed
/// overflow. i8 and i16 use uint32_t: on uint8_t/uint16_t operands C would
/// promote to (signed) int, and 65535 * 65535 overflows int.
static StringRef wrapType(Type type) {
  if (type.isIndex())
    return "size_t";
  return intWidth(type) == 64 ? "uint64_t" : "uint32_t";
}

/// The unsigned type of the same width: how `divui`, `cmpi ult`, ...
/// reinterpret the bits of a signless integer.
static StringRef unsignedType(Type type) {
  if (type.isIndex())
    return "size_t";
  switch (intWidth(type)) {
  case 1:
    return "bool";
  case 8:
    return "uint8_t";
  case 16:
    return "uint16_t";
  case 32:
    return "uint32_t";
  default:
    return "uint64_t";
  }
}

/// Whether `s` needs no parentheses as an operand of a C binary operator.
static bool isAtomic(StringRef s) {
  auto isIdentifier = [](StringRef t) {
    return !t.empty() &&
           llvm::all_of(t, [](char c) { return llvm::isAlnum(c) || c == '_'; });
  };
  if (isIdentifier(s))
    return true;
  // `name[index]` and `name(args)`: postfix expressions bind tighter than
  // any operator.
  size_t open = s.find_first_of("[(");
  if (open == StringRef::npos || !isIdentifier(s.take_front(open)) ||
      !s.ends_with(s[open] == '[' ? "]" : ")"))
    return false;
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    depth += (s[i] == '[' || s[i] == '(') - (s[i] == ']' || s[i] == ')');
    if (depth == 0 && i + 1 != s.size())
      return false;
  }
  return true;
}

static std::string paren(StringRef s) {
  return isAtomic(s) ? s.str() : ("(" + s + ")").str();
}

/// `'name' op message` at the op's location. Unlike Operation::emitOpError
/// it does not attach the op in generic form: the source line says which op.
static InFlightDiagnostic opError(Operation *op, const Twine &message = {}) {
  InFlightDiagnostic diag = emitError(op->getLoc());
  diag << "'" << op->getName() << "' op " << message;
  return diag;
}

namespace {
class CEmitter {
public:
  explicit CEmitter(ModuleOp module) : module(module) {}

  /// Translates the whole module and prints it to `out` on success.
  LogicalResult run(raw_ostream &out);

private:
  // Liveness: an op that only computes a value is printed when a printed op
  // uses it.
  void computeLiveness();
  bool isLive(Operation *op) const { return live.contains(op); }
  /// Whether a printed op reads `value`.
  bool isNeeded(Value value);

  // Types.
  FailureOr<StringRef> typeName(Type type, Operation *where);
  LogicalResult checkMemRef(MemRefType type, Operation *where,
                            const Twine &what);

  // Names.
  StringRef declare(Value value);
  StringRef nameOf(Value value);
  std::string linearIndex(Value memref, ArrayRef<std::string> indices);
  std::string element(Value memref, ArrayRef<std::string> indices);
  std::string element(Value memref, ValueRange indices);

  // Functions, blocks, statements.
  LogicalResult emitFunction(func::FuncOp func);
  LogicalResult emitBlock(Block &block);
  LogicalResult emitOperation(Operation &op);
  LogicalResult emitBuffer(mdh_cl::BufferOp op);
  LogicalResult emitPhase(mdh_cl::PhaseOp op);
  LogicalResult emitLoopHeader(Operation *op, BlockArgument iv, Value lb,
                               Value ub, Value step);
  LogicalResult emitFor(mdh_cl::ForOp op);
  LogicalResult emitParFor(mdh_cl::ParForOp op);
  LogicalResult emitCopy(mdh_cl::CopyOp op);
  LogicalResult emitScalar(mdh_cl::ScalarOp op);
  LogicalResult emitAccumulate(mdh_cl::AccumulateOp op);
  LogicalResult emitAssign(Operation &op, const std::string &expr);
  void emitHeapAllocation(Value buffer, StringRef name);

  // Expressions.
  FailureOr<std::string> expression(Operation &op);
  FailureOr<std::string> literal(Attribute value, Operation *where);
  FailureOr<std::string> binary(BinOp kind, Type type, StringRef a, StringRef b,
                                Operation *where);
  std::string intCompare(arith::CmpIPredicate pred, Type type, StringRef a,
                         StringRef b);
  std::string floatCompare(arith::CmpFPredicate pred, StringRef a, StringRef b);
  FailureOr<std::string> conversion(Operation &op);
  FailureOr<std::string> mathCall(Operation &op);

  ModuleOp module;
  SymbolTableCollection symbols;
  llvm::DenseSet<Operation *> live;

  /// The C text of the functions; the prelude is printed once the helpers
  /// they use are known.
  std::string body;
  llvm::raw_string_ostream bodyStream{body};
  raw_indented_ostream os{bodyStream};
  bool needMaximum = false, needMinimum = false;
  bool needMaximumF = false, needMinimumF = false;

  // Per function.
  DenseMap<Value, std::string> names;
  unsigned nextId = 0;
  /// Packed and register buffers allocated once per thread by their
  /// parallel loop, rather than declared where the op is.
  llvm::DenseSet<Operation *> perThread;
};

} // namespace

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

/// Whether `step` is the constant 1: loops print `++iv` and never name it.
static bool isUnitStep(Value step) {
  std::optional<int64_t> value = getConstantIntValue(step);
  return value && *value == 1;
}

bool CEmitter::isNeeded(Value value) {
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
    return live.contains(user);
  });
}

void CEmitter::computeLiveness() {
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

FailureOr<StringRef> CEmitter::typeName(Type type, Operation *where) {
  if (type.isIndex())
    return StringRef("int64_t");
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
  InFlightDiagnostic diag = opError(where, "uses type ")
                            << type << ", which the C target does not support";
  if (type.isF16() || type.isBF16())
    diag << " (C11 has no portable 16-bit float type)";
  diag << "; supported are f32, f64, i1, i8, i16, i32, i64 and index";
  return failure();
}

LogicalResult CEmitter::checkMemRef(MemRefType type, Operation *where,
                                    const Twine &what) {
  if (!type.hasStaticShape())
    return opError(where) << what << " has type " << type
                          << "; the C target needs a static shape";
  if (!type.getLayout().isIdentity())
    return opError(where)
           << what << " has type " << type
           << "; the C target needs the identity (dense row-major) layout";
  if (type.getMemorySpace())
    return opError(where) << what << " has type " << type
                          << "; the C target has no memory spaces";
  return typeName(type.getElementType(), where);
}

StringRef CEmitter::declare(Value value) {
  std::string &name = names[value];
  name = "v" + std::to_string(nextId++);
  return name;
}

StringRef CEmitter::nameOf(Value value) {
  auto it = names.find(value);
  assert(it != names.end() && "value used before its definition was printed");
  return it->second;
}

/// Row-major offset of `indices` in the static shape of `memref`:
/// `(i0 * n1 + i1) * n2 + i2`.
std::string CEmitter::linearIndex(Value memref, ArrayRef<std::string> indices) {
  ArrayRef<int64_t> shape = cast<MemRefType>(memref.getType()).getShape();
  if (indices.empty())
    return "0";
  std::string result = indices[0];
  for (size_t d = 1; d < indices.size(); ++d)
    result =
        paren(result) + " * " + std::to_string(shape[d]) + " + " + indices[d];
  return result;
}

std::string CEmitter::element(Value memref, ArrayRef<std::string> indices) {
  return (nameOf(memref) + "[" + linearIndex(memref, indices) + "]").str();
}

std::string CEmitter::element(Value memref, ValueRange indices) {
  SmallVector<std::string> strings;
  for (Value index : indices)
    strings.push_back(nameOf(index).str());
  return element(memref, strings);
}

//===----------------------------------------------------------------------===//
// Functions and statements
//===----------------------------------------------------------------------===//

/// Whether the function writes argument `arg` (then it is an output).
static bool isWritten(BlockArgument arg) {
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

static bool isCKeyword(StringRef name) {
  return llvm::is_contained(
      {"auto",     "break",    "case",       "char",     "const",   "continue",
       "default",  "do",       "double",     "else",     "enum",    "extern",
       "float",    "for",      "goto",       "if",       "inline",  "int",
       "long",     "register", "restrict",   "return",   "short",   "signed",
       "sizeof",   "static",   "struct",     "switch",   "typedef", "union",
       "unsigned", "void",     "volatile",   "while",    "bool",    "true",
       "false",    "main",     "_Alignas",   "_Alignof", "_Atomic", "_Bool",
       "_Complex", "_Generic", "_Imaginary", "_Noreturn"},
      name);
}

LogicalResult CEmitter::emitFunction(func::FuncOp func) {
  names.clear();
  perThread.clear();
  nextId = 0;

  StringRef name = func.getSymName();
  if (name.empty() || llvm::isDigit(name.front()) ||
      !llvm::all_of(name,
                    [](char c) { return llvm::isAlnum(c) || c == '_'; }) ||
      isCKeyword(name))
    return opError(func, "name '")
           << name << "' is not a valid C function name";
  if (name.starts_with("mdh_"))
    return opError(func, "name '")
           << name << "' is reserved: the C code's helpers start with 'mdh_'";
  if (func.isExternal())
    return opError(func, "has no body to translate to C");
  if (func.getNumResults() != 0)
    return opError(func, "returns ")
           << func.getNumResults()
           << " values; in the C ABI a function writes its results through "
              "output memrefs and returns nothing";
  if (!func.getBody().hasOneBlock())
    return opError(func, "has ")
           << func.getBody().getBlocks().size()
           << " blocks; the C target translates single-block functions";

  // Signature.
  SmallVector<std::string> params;
  unsigned numIns = 0, numOuts = 0;
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type)
      return opError(func, "argument #")
             << arg.getArgNumber() << " has type " << arg.getType()
             << "; the C ABI passes memrefs only";
    if (failed(
            checkMemRef(type, func, "argument #" + Twine(arg.getArgNumber()))))
      return failure();
    StringRef elt = *typeName(type.getElementType(), func);
    bool out = isWritten(arg);
    std::string paramName = out ? "out" + std::to_string(numOuts++)
                                : "in" + std::to_string(numIns++);
    params.push_back(
        (Twine(out ? "" : "const ") + elt + " *restrict " + paramName).str());
    names[arg] = paramName;
  }
  os << "void " << name << "(";
  llvm::interleaveComma(params, os);
  os << ") {\n";
  os.indent();

  // Device buffers live for the whole call: allocate them first, wherever
  // the op is, and free them last.
  SmallVector<Value> deviceBuffers;
  func.walk([&](mdh_cl::BufferOp buffer) {
    if (buffer.getRegion() == mdh_cl::MemRegion::Device && isLive(buffer))
      deviceBuffers.push_back(buffer.getResult());
  });
  for (Value buffer : deviceBuffers) {
    if (failed(checkMemRef(cast<MemRefType>(buffer.getType()),
                           buffer.getDefiningOp(), "the buffer")))
      return failure();
    emitHeapAllocation(buffer, declare(buffer));
  }

  if (failed(emitBlock(func.getBody().front())))
    return failure();

  for (Value buffer : llvm::reverse(deviceBuffers))
    os << "free(" << nameOf(buffer) << ");\n";
  os.unindent();
  os << "}\n";
  return success();
}

/// `T *name = (T *)malloc(...)`, aborting when there is no memory (the C ABI
/// has no error channel, and running on would compute garbage).
void CEmitter::emitHeapAllocation(Value buffer, StringRef name) {
  auto type = cast<MemRefType>(buffer.getType());
  StringRef elt = *typeName(type.getElementType(), buffer.getDefiningOp());
  // malloc(0) may return NULL: allocate at least one element.
  int64_t count = std::max<int64_t>(type.getNumElements(), 1);
  os << elt << " *" << name << " = (" << elt << " *)malloc(sizeof(" << elt
     << ") * " << count << ");\n";
  os << "if (!" << name << ")\n";
  os << "  abort();\n";
}

LogicalResult CEmitter::emitBlock(Block &block) {
  for (Operation &op : block)
    if (failed(emitOperation(op)))
      return failure();
  return success();
}

LogicalResult CEmitter::emitOperation(Operation &op) {
  if (!isLive(&op))
    return success();
  return TypeSwitch<Operation *, LogicalResult>(&op)
      // The function's frees follow its body; there is nothing to return.
      .Case<func::ReturnOp>([](auto) { return success(); })
      .Case<mdh_cl::BufferOp>([&](auto op) { return emitBuffer(op); })
      .Case<mdh_cl::PhaseOp>([&](auto op) { return emitPhase(op); })
      .Case<mdh_cl::ForOp>([&](auto op) { return emitFor(op); })
      .Case<mdh_cl::ParForOp>([&](auto op) { return emitParFor(op); })
      .Case<mdh_cl::BarrierOp>([&](auto op) {
        return opError(
            op, "is not supported by the C target: OpenMP threads run the "
                "iterations of a parallel loop independently and cannot "
                "synchronise inside one");
      })
      .Case<mdh_cl::CopyOp>([&](auto op) { return emitCopy(op); })
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

LogicalResult CEmitter::emitAssign(Operation &op, const std::string &expr) {
  FailureOr<StringRef> type = typeName(op.getResult(0).getType(), &op);
  if (failed(type))
    return failure();
  os << "const " << *type << " " << declare(op.getResult(0)) << " = " << expr
     << ";\n";
  return success();
}

LogicalResult CEmitter::emitBuffer(mdh_cl::BufferOp op) {
  switch (op.getRegion()) {
  case mdh_cl::MemRegion::Device:
    // Allocated at the start of the function.
    return success();
  case mdh_cl::MemRegion::Shared:
    return opError(
        op, "'shared' buffers are not supported by the C target: a CPU has no "
            "memory shared by the threads of a block (use 'packed')");
  case mdh_cl::MemRegion::Packed:
  case mdh_cl::MemRegion::Register:
    break;
  }
  // Allocated once per thread by the enclosing parallel loop.
  if (perThread.contains(op))
    return success();
  auto type = cast<MemRefType>(op.getType());
  if (failed(checkMemRef(type, op, "the buffer")))
    return failure();
  os << *typeName(type.getElementType(), op) << " " << declare(op.getResult())
     << "[" << std::max<int64_t>(type.getNumElements(), 1) << "];\n";
  return success();
}

LogicalResult CEmitter::emitPhase(mdh_cl::PhaseOp op) {
  if (op->getParentOfType<mdh_cl::ParForOp>())
    return opError(op, "is inside a parallel loop; a phase is a whole "
                       "parallel launch");
  os << "// phase \"" << op.getPhaseName() << "\"\n";
  os << "{\n";
  os.indent();
  if (failed(emitBlock(op.getBody().front())))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

/// `for (int64_t iv = lb; iv < ub; iv += step) {`: the canonical form that
/// OpenMP's `for` accepts.
LogicalResult CEmitter::emitLoopHeader(Operation *op, BlockArgument iv,
                                       Value lb, Value ub, Value step) {
  std::optional<int64_t> constStep = getConstantIntValue(step);
  if (constStep && *constStep <= 0)
    return opError(op, "has step ")
           << *constStep << "; the C target needs a positive step";
  StringRef name = declare(iv);
  os << "for (int64_t " << name << " = " << nameOf(lb) << "; " << name << " < "
     << nameOf(ub) << "; ";
  if (isUnitStep(step))
    os << "++" << name;
  else
    os << name << " += " << nameOf(step);
  os << ") {\n";
  return success();
}

LogicalResult CEmitter::emitFor(mdh_cl::ForOp op) {
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

LogicalResult CEmitter::emitParFor(mdh_cl::ParForOp op) {
  if (op.getLayer() == mdh_cl::Layer::Blocks)
    return opError(
        op, "runs on 'blocks', which the C target does not have: it runs "
            "parallel loops on 'threads x'");
  if (op.getDim() != mdh_cl::HwDim::X)
    return opError(op, "runs on 'threads ")
           << mdh_cl::stringifyHwDim(op.getDim())
           << "'; the C target runs parallel loops on 'threads x' only";
  if (op->getParentOfType<mdh_cl::ParForOp>())
    return opError(op, "is nested in another parallel loop; the C target "
                       "runs one level of parallel loops");

  // Packed and register buffers beyond the stack budget are allocated once
  // per thread. Reusing one allocation for every iteration a thread runs is
  // exact: a buffer's content is undefined when its op allocates it.
  SmallVector<Value> heap;
  int64_t stackBytes = 0;
  WalkResult walk = op.getBody().walk([&](mdh_cl::BufferOp buffer) {
    if (!isLive(buffer) || buffer.getRegion() == mdh_cl::MemRegion::Shared)
      return WalkResult::advance();
    auto type = cast<MemRefType>(buffer.getType());
    if (failed(checkMemRef(type, buffer, "the buffer")))
      return WalkResult::interrupt();
    int64_t bytes =
        type.getNumElements() * ((type.getElementTypeBitWidth() + 7) / 8);
    if (stackBytes + bytes <= kStackBytesPerLoop) {
      stackBytes += bytes;
    } else {
      heap.push_back(buffer.getResult());
      perThread.insert(buffer);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  if (heap.empty()) {
    os << "#pragma omp parallel for schedule(static)\n";
  } else {
    os << "#pragma omp parallel\n";
    os << "{\n";
    os.indent();
    for (Value buffer : heap)
      emitHeapAllocation(buffer, declare(buffer));
    os << "#pragma omp for schedule(static)\n";
  }
  if (failed(emitLoopHeader(op, op.getInductionVar(), op.getLowerBound(),
                            op.getUpperBound(), op.getStep())))
    return failure();
  os.indent();
  if (failed(emitBlock(op.getBody().front())))
    return failure();
  os.unindent();
  os << "}\n";
  if (!heap.empty()) {
    for (Value buffer : llvm::reverse(heap))
      os << "free(" << nameOf(buffer) << ");\n";
    os.unindent();
    os << "}\n";
  }
  return success();
}

/// `dst[j] = src[offsets + j]` for every `j < sizes`, the last two indices
/// of `dst` swapped when transposed.
LogicalResult CEmitter::emitCopy(mdh_cl::CopyOp op) {
  auto dstType = cast<MemRefType>(op.getDest().getType());
  int64_t rank = dstType.getRank();
  SmallVector<std::string> counters, srcIndices;
  for (auto [offset, size] : llvm::zip_equal(op.getOffsets(), op.getSizes())) {
    std::string counter = "v" + std::to_string(nextId++);
    os << "for (int64_t " << counter << " = 0; " << counter << " < "
       << nameOf(size) << "; ++" << counter << ") {\n";
    os.indent();
    srcIndices.push_back(nameOf(offset).str() + " + " + counter);
    counters.push_back(counter);
  }
  SmallVector<std::string> dstIndices = counters;
  if (op.getLayout() == mdh_cl::Layout::Transposed)
    std::swap(dstIndices[rank - 2], dstIndices[rank - 1]);
  os << element(op.getDest(), dstIndices) << " = "
     << element(op.getSource(), srcIndices) << ";\n";
  for (int64_t d = 0; d < rank; ++d) {
    os.unindent();
    os << "}\n";
  }
  return success();
}

/// Inlines the scalar function: its arguments are the operands' locals, its
/// results the locals of the yielded values.
LogicalResult CEmitter::emitScalar(mdh_cl::ScalarOp op) {
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
LogicalResult CEmitter::emitAccumulate(mdh_cl::AccumulateOp op) {
  mdh::CombinerAttr combiner = op.getCombiner();
  SmallVector<std::string> elements;
  for (Value buffer : op.getBuffers()) {
    SmallVector<std::string> indices;
    for (Value index : op.getIndices())
      indices.push_back(nameOf(index).str());
    elements.push_back(element(buffer, indices));
  }
  StringRef first = nameOf(op.getFirst());

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
    os << elements[0] << " = " << first << " ? " << nameOf(value) << " : "
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

  os << "if (" << first << ") {\n";
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

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

FailureOr<std::string> CEmitter::literal(Attribute value, Operation *where) {
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    Type type = integer.getType();
    if (!type.isIndex() && !type.isSignlessInteger())
      return opError(where, "has a constant of type ")
             << type << ", which the C target does not support";
    const APInt &bits = integer.getValue();
    if (bits.getBitWidth() == 1)
      return std::string(bits.isZero() ? "false" : "true");
    // The most negative value has no literal: -2147483648 is the negation
    // of a literal that does not fit int.
    if (bits.isMinSignedValue() && bits.getBitWidth() >= 32)
      return "(" + std::to_string(bits.getSExtValue() + 1) + " - 1)";
    return std::to_string(bits.getSExtValue());
  }
  if (auto fp = dyn_cast<FloatAttr>(value)) {
    Type type = fp.getType();
    if (failed(typeName(type, where)))
      return failure();
    StringRef suffix = type.isF32() ? "f" : "";
    const APFloat &v = fp.getValue();
    if (v.isNaN())
      return std::string(v.isNegative() ? "-NAN" : "NAN");
    if (v.isInfinity())
      return std::string(v.isNegative() ? "-INFINITY" : "INFINITY");
    // Small integers read best in decimal; everything else is printed in
    // hexadecimal, which C reads back exactly.
    if (v.isInteger() && std::abs(v.convertToDouble()) < 16777216.0) {
      std::string text =
          std::to_string(static_cast<int64_t>(v.convertToDouble())) + ".0" +
          suffix.str();
      return v.isNegZero() ? "-" + text : text;
    }
    char buffer[64];
    v.convertToHexString(buffer, 0, /*upperCase=*/false,
                         APFloat::rmNearestTiesToEven);
    return std::string(buffer) + suffix.str();
  }
  return opError(where, "has a constant ")
         << value << ", which the C target does not support";
}

FailureOr<std::string> CEmitter::binary(BinOp kind, Type type, StringRef a,
                                        StringRef b, Operation *where) {
  std::string pa = paren(a), pb = paren(b);
  if (isa<FloatType>(type)) {
    StringRef f = type.isF32() ? "f" : "";
    switch (kind) {
    case BinOp::Add:
      return pa + " + " + pb;
    case BinOp::Sub:
      return pa + " - " + pb;
    case BinOp::Mul:
      return pa + " * " + pb;
    case BinOp::Div:
      return pa + " / " + pb;
    case BinOp::Rem:
      return ("fmod" + f + "(" + a + ", " + b + ")").str();
    case BinOp::Max:
      (type.isF32() ? needMaximumF : needMaximum) = true;
      return ("mdh_maximum" + f + "(" + a + ", " + b + ")").str();
    case BinOp::Min:
      (type.isF32() ? needMinimumF : needMinimum) = true;
      return ("mdh_minimum" + f + "(" + a + ", " + b + ")").str();
    case BinOp::MaxNum:
      return ("fmax" + f + "(" + a + ", " + b + ")").str();
    case BinOp::MinNum:
      return ("fmin" + f + "(" + a + ", " + b + ")").str();
    default:
      llvm_unreachable("not a float operator");
    }
  }

  FailureOr<StringRef> typeStr = typeName(type, where);
  if (failed(typeStr))
    return failure();
  std::string t = typeStr->str();
  std::string w = wrapType(type).str(), u = unsignedType(type).str();
  if (intWidth(type) == 1) {
    // i1 arithmetic is modulo 2; as signed values, true is -1.
    switch (kind) {
    case BinOp::Add:
    case BinOp::Sub:
    case BinOp::Xor:
      return pa + " != " + pb;
    case BinOp::Mul:
    case BinOp::And:
    case BinOp::MaxS:
    case BinOp::MinU:
      return pa + " && " + pb;
    case BinOp::Or:
    case BinOp::MinS:
    case BinOp::MaxU:
      return pa + " || " + pb;
    default:
      return opError(where, "on i1 is not supported by the C target");
    }
  }
  // max(x, x) would print a self-comparison, which -Wall reports.
  if (a == b && (kind == BinOp::MaxS || kind == BinOp::MaxU ||
                 kind == BinOp::MinS || kind == BinOp::MinU))
    return a.str();
  auto wrapped = [&](StringRef op) {
    return "(" + t + ")((" + w + ")" + pa + " " + op.str() + " (" + w + ")" +
           pb + ")";
  };
  auto reinterpreted = [&](StringRef op) {
    return "(" + t + ")((" + u + ")" + pa + " " + op.str() + " (" + u + ")" +
           pb + ")";
  };
  auto plain = [&](StringRef op) {
    return "(" + t + ")(" + pa + " " + op.str() + " " + pb + ")";
  };
  auto select = [&](StringRef cmp, bool isUnsigned) {
    std::string ca = isUnsigned ? "(" + u + ")" + pa : pa;
    std::string cb = isUnsigned ? "(" + u + ")" + pb : pb;
    return ca + " " + cmp.str() + " " + cb + " ? " + pa + " : " + pb;
  };
  switch (kind) {
  case BinOp::Add:
    return wrapped("+");
  case BinOp::Sub:
    return wrapped("-");
  case BinOp::Mul:
    return wrapped("*");
  case BinOp::Shl:
    return wrapped("<<");
  case BinOp::DivU:
    return reinterpreted("/");
  case BinOp::RemU:
    return reinterpreted("%");
  case BinOp::ShrU:
    return reinterpreted(">>");
  case BinOp::Div:
    return plain("/");
  case BinOp::Rem:
    return plain("%");
  case BinOp::ShrS:
    return plain(">>");
  case BinOp::And:
    return plain("&");
  case BinOp::Or:
    return plain("|");
  case BinOp::Xor:
    return plain("^");
  case BinOp::MaxS:
    return select(">", false);
  case BinOp::MaxU:
    return select(">", true);
  case BinOp::MinS:
    return select("<", false);
  case BinOp::MinU:
    return select("<", true);
  default:
    llvm_unreachable("not an integer operator");
  }
}

std::string CEmitter::intCompare(arith::CmpIPredicate pred, Type type,
                                 StringRef a, StringRef b) {
  using P = arith::CmpIPredicate;
  // x < x and friends: -Wall reports self-comparisons.
  if (a == b)
    return llvm::is_contained({P::eq, P::sle, P::sge, P::ule, P::uge}, pred)
               ? "true"
               : "false";
  bool isUnsigned = llvm::is_contained({P::ult, P::ule, P::ugt, P::uge}, pred);
  bool isSigned = llvm::is_contained({P::slt, P::sle, P::sgt, P::sge}, pred);
  std::string ca = paren(a), cb = paren(b);
  if (isUnsigned && intWidth(type) != 1) {
    ca = "(" + unsignedType(type).str() + ")" + ca;
    cb = "(" + unsignedType(type).str() + ")" + cb;
  } else if (isSigned && intWidth(type) == 1) {
    // As a signed i1, true is -1.
    ca = "-(int)" + ca;
    cb = "-(int)" + cb;
  }
  StringRef op;
  switch (pred) {
  case P::eq:
    op = "==";
    break;
  case P::ne:
    op = "!=";
    break;
  case P::slt:
  case P::ult:
    op = "<";
    break;
  case P::sle:
  case P::ule:
    op = "<=";
    break;
  case P::sgt:
  case P::ugt:
    op = ">";
    break;
  case P::sge:
  case P::uge:
    op = ">=";
    break;
  }
  return ca + " " + op.str() + " " + cb;
}

std::string CEmitter::floatCompare(arith::CmpFPredicate pred, StringRef a,
                                   StringRef b) {
  using P = arith::CmpFPredicate;
  std::string pa = paren(a), pb = paren(b);
  std::string args = (a + ", " + b).str();
  switch (pred) {
  case P::AlwaysFalse:
    return "false";
  case P::AlwaysTrue:
    return "true";
  // Ordered: false when either operand is NaN, as C's relational operators.
  case P::OEQ:
    return pa + " == " + pb;
  case P::OGT:
    return pa + " > " + pb;
  case P::OGE:
    return pa + " >= " + pb;
  case P::OLT:
    return pa + " < " + pb;
  case P::OLE:
    return pa + " <= " + pb;
  case P::ONE:
    return "islessgreater(" + args + ")";
  case P::ORD:
    return "!isunordered(" + args + ")";
  // Unordered: true when either operand is NaN, the negated ordered test.
  case P::UEQ:
    return "!islessgreater(" + args + ")";
  case P::UGT:
    return "!(" + pa + " <= " + pb + ")";
  case P::UGE:
    return "!(" + pa + " < " + pb + ")";
  case P::ULT:
    return "!(" + pa + " >= " + pb + ")";
  case P::ULE:
    return "!(" + pa + " > " + pb + ")";
  case P::UNE:
    return pa + " != " + pb;
  case P::UNO:
    return "isunordered(" + args + ")";
  }
  llvm_unreachable("unknown cmpf predicate");
}

/// Conversions between integer, index and float types. C's conversions
/// sign-extend a signed source; zero-extensions go through the unsigned
/// type of the source's width. Narrowing integer conversions keep the low
/// bits (modulo 2^N, as clang and gcc define it).
FailureOr<std::string> CEmitter::conversion(Operation &op) {
  Value input = op.getOperand(0);
  Type from = input.getType(), to = op.getResult(0).getType();
  FailureOr<StringRef> toName = typeName(to, &op);
  if (failed(toName))
    return failure();
  std::string a = paren(nameOf(input));
  std::string t = "(" + toName->str() + ")";
  bool fromInt = from.isIntOrIndex(), toInt = to.isIntOrIndex();
  bool zeroExtend =
      isa<arith::IndexCastUIOp, arith::ExtUIOp, arith::UIToFPOp>(op);
  if (fromInt && toInt && intWidth(to) == 1)
    return "(" + a + " & 1) != 0";
  if (fromInt) {
    if (zeroExtend)
      return t + "(" + unsignedType(from).str() + ")" + a;
    // A signed i1 is 0 or -1.
    if (intWidth(from) == 1)
      return t + "(-(int)" + a + ")";
    return t + a;
  }
  if (toInt && isa<arith::FPToUIOp>(op))
    return t + "(" + unsignedType(to).str() + ")" + a;
  if (toInt && intWidth(to) == 1)
    return opError(&op, "to i1 is not supported by the C target");
  return t + a;
}

/// The `math` ops with a <math.h> function (the float version gets the `f`
/// suffix).
static StringRef libmName(StringRef opName) {
  return llvm::StringSwitch<StringRef>(opName)
      .Case("math.absf", "fabs")
      .Case("math.sqrt", "sqrt")
      .Case("math.cbrt", "cbrt")
      .Case("math.exp", "exp")
      .Case("math.exp2", "exp2")
      .Case("math.expm1", "expm1")
      .Case("math.log", "log")
      .Case("math.log2", "log2")
      .Case("math.log10", "log10")
      .Case("math.log1p", "log1p")
      .Case("math.sin", "sin")
      .Case("math.cos", "cos")
      .Case("math.tan", "tan")
      .Case("math.asin", "asin")
      .Case("math.acos", "acos")
      .Case("math.atan", "atan")
      .Case("math.sinh", "sinh")
      .Case("math.cosh", "cosh")
      .Case("math.tanh", "tanh")
      .Case("math.asinh", "asinh")
      .Case("math.acosh", "acosh")
      .Case("math.atanh", "atanh")
      .Case("math.erf", "erf")
      .Case("math.erfc", "erfc")
      .Case("math.floor", "floor")
      .Case("math.ceil", "ceil")
      .Case("math.trunc", "trunc")
      // Half-way cases away from zero, like C's round.
      .Case("math.round", "round")
      // Half-way cases to even: nearbyint in the default rounding mode.
      .Case("math.roundeven", "nearbyint")
      .Case("math.powf", "pow")
      .Case("math.atan2", "atan2")
      .Case("math.copysign", "copysign")
      .Case("math.fma", "fma")
      .Default("");
}

FailureOr<std::string> CEmitter::mathCall(Operation &op) {
  Type type = op.getResult(0).getType();
  if (failed(typeName(type, &op)))
    return failure();
  if (auto abs = dyn_cast<math::AbsIOp>(op)) {
    // |INT_MIN| wraps to INT_MIN.
    std::string a = paren(nameOf(abs.getOperand()));
    std::string w = wrapType(type).str(), t = typeName(type, &op)->str();
    if (intWidth(type) == 1)
      return a;
    return "(" + t + ")(" + a + " < 0 ? (" + w + ")0 - (" + w + ")" + a +
           " : (" + w + ")" + a + ")";
  }
  StringRef f = type.isF32() ? "f" : "";
  if (isa<math::RsqrtOp>(op))
    return ("1.0" + f + " / sqrt" + f + "(" + nameOf(op.getOperand(0)) + ")")
        .str();
  StringRef base = libmName(op.getName().getStringRef());
  if (base.empty() || !isa<FloatType>(type))
    return opError(&op, "cannot be translated to C");
  std::string call = (base + f + "(").str();
  llvm::raw_string_ostream s(call);
  llvm::interleaveComma(op.getOperands(), s, [&](Value v) { s << nameOf(v); });
  s << ")";
  return call;
}

FailureOr<std::string> CEmitter::expression(Operation &op) {
  Dialect *dialect = op.getDialect();
  if (op.getNumResults() != 1 || op.getNumRegions() != 0 || !dialect ||
      !isa<arith::ArithDialect, math::MathDialect>(dialect)) {
    InFlightDiagnostic diag = opError(&op, "cannot be translated to C");
    if (isa<mdh::ComputeOp>(op) ||
        op.getName().getDialectNamespace() == "mdh_ll")
      diag << " (lower it to CL-IR first)";
    return diag;
  }
  if (isa<math::MathDialect>(dialect))
    return mathCall(op);
  Type type = op.getResult(0).getType();
  auto operand = [&](unsigned i) { return nameOf(op.getOperand(i)); };

  std::optional<BinOp> kind =
      llvm::StringSwitch<std::optional<BinOp>>(op.getName().getStringRef())
          .Cases({"arith.addi", "arith.addf"}, BinOp::Add)
          .Cases({"arith.subi", "arith.subf"}, BinOp::Sub)
          .Cases({"arith.muli", "arith.mulf"}, BinOp::Mul)
          .Cases({"arith.divsi", "arith.divf"}, BinOp::Div)
          .Cases({"arith.remsi", "arith.remf"}, BinOp::Rem)
          .Case("arith.divui", BinOp::DivU)
          .Case("arith.remui", BinOp::RemU)
          .Case("arith.andi", BinOp::And)
          .Case("arith.ori", BinOp::Or)
          .Case("arith.xori", BinOp::Xor)
          .Case("arith.shli", BinOp::Shl)
          .Case("arith.shrsi", BinOp::ShrS)
          .Case("arith.shrui", BinOp::ShrU)
          .Case("arith.maxsi", BinOp::MaxS)
          .Case("arith.maxui", BinOp::MaxU)
          .Case("arith.minsi", BinOp::MinS)
          .Case("arith.minui", BinOp::MinU)
          .Case("arith.maximumf", BinOp::Max)
          .Case("arith.minimumf", BinOp::Min)
          .Case("arith.maxnumf", BinOp::MaxNum)
          .Case("arith.minnumf", BinOp::MinNum)
          .Default(std::nullopt);
  if (kind) {
    if (failed(typeName(type, &op)))
      return failure();
    return binary(*kind, type, operand(0), operand(1), &op);
  }

  return TypeSwitch<Operation *, FailureOr<std::string>>(&op)
      .Case<arith::ConstantOp>(
          [&](auto c) { return literal(c.getValue(), &op); })
      .Case<arith::NegFOp>([&](auto) { return "-" + paren(operand(0)); })
      .Case<arith::CmpIOp>([&](auto cmp) -> FailureOr<std::string> {
        if (failed(typeName(cmp.getLhs().getType(), &op)))
          return failure();
        return intCompare(cmp.getPredicate(), cmp.getLhs().getType(),
                          operand(0), operand(1));
      })
      .Case<arith::CmpFOp>([&](auto cmp) -> FailureOr<std::string> {
        if (failed(typeName(cmp.getLhs().getType(), &op)))
          return failure();
        return floatCompare(cmp.getPredicate(), operand(0), operand(1));
      })
      .Case<arith::SelectOp>([&](auto) {
        return paren(operand(0)) + " ? " + paren(operand(1)) + " : " +
               paren(operand(2));
      })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp, arith::TruncIOp, arith::SIToFPOp, arith::UIToFPOp,
            arith::FPToSIOp, arith::FPToUIOp, arith::ExtFOp, arith::TruncFOp>(
          [&](auto) { return conversion(op); })
      .Default([&](Operation *) -> FailureOr<std::string> {
        return opError(&op, "cannot be translated to C");
      });
}

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

LogicalResult CEmitter::run(raw_ostream &out) {
  computeLiveness();
  bool first = true;
  for (Operation &op : module.getBody()->getOperations()) {
    // Custom combiners are inlined where they are used.
    if (isa<mdh::CombinerOp>(op))
      continue;
    auto func = dyn_cast<func::FuncOp>(op);
    if (!func)
      return opError(&op, "cannot be translated to C: a module holds "
                          "func.func and mdh.combiner ops");
    if (!first)
      os << "\n";
    first = false;
    if (failed(emitFunction(func)))
      return failure();
  }

  out << "// Generated by mdh-translate --emit-c from CL-IR. The C ABI is "
         "described in\n// include/Target/C/TranslateToC.h of MDH-MLIR.\n\n";
  out << "#include <math.h>\n#include <stdbool.h>\n#include <stdint.h>\n"
         "#include <stdlib.h>\n#include <string.h>\n\n";
  out << "_Static_assert(sizeof(size_t) == sizeof(int64_t),\n"
         "               \"index values are 64-bit, and so is size_t\");\n\n";
  // arith.maximumf/minimumf: NaN if either operand is NaN, -0.0 < +0.0.
  auto helper = [&](StringRef name, StringRef type, bool isMax) {
    out << "static inline " << type << " " << name << "(" << type << " a, "
        << type << " b) {\n"
        << "  if (isnan(a) || isnan(b))\n"
        << "    return a + b;\n"
        << "  if (a == b)\n"
        << "    return signbit(a) ? " << (isMax ? "b" : "a") << " : "
        << (isMax ? "a" : "b") << ";\n"
        << "  return a " << (isMax ? ">" : "<") << " b ? a : b;\n"
        << "}\n\n";
  };
  if (needMaximumF)
    helper("mdh_maximumf", "float", true);
  if (needMinimumF)
    helper("mdh_minimumf", "float", false);
  if (needMaximum)
    helper("mdh_maximum", "double", true);
  if (needMinimum)
    helper("mdh_minimum", "double", false);
  out << body;
  return success();
}

LogicalResult mlir::mdh::translateCLToC(ModuleOp module, raw_ostream &os) {
  return CEmitter(module).run(os);
}
