//===- CEmitterBase.h - Shared printing of CL-IR as C-like code -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The part of the CL-IR source emitters that C (OpenMP) and CUDA/HIP share:
// liveness (values nothing uses are not printed), C type names, SSA names,
// element addressing of row-major memrefs, the statements that mean the same
// in both languages (sequential loops, tile copies done by one thread, the
// inlined scalar function, accumulations, loads, stores, `scf.if`), and every
// scalar expression of `arith` and `math` (CExprPrinter.cpp). Integer
// arithmetic goes through unsigned types where C would overflow a signed
// one, so it wraps exactly as `arith` does.
//
// A target emitter derives from CEmitterBase and prints what differs: the
// functions, buffers, phases, parallel loops and barriers.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TARGET_C_CEMITTERBASE_H
#define MDH_TARGET_C_CEMITTERBASE_H

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Support/IndentedOstream.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::mdh::cemit {

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

/// How a target spells the 16-bit floats f16 and bf16. Every operation on
/// them computes in `float` and rounds the result once (exact for + - * /
/// and sqrt, since float has more than twice their precision).
enum class HalfStyle {
  /// `uint16_t` bit patterns with conversion helpers in the code (C).
  Bits,
  /// `__half` and `__nv_bfloat16` of cuda_fp16.h and cuda_bf16.h.
  CUDA,
  /// clang's `_Float16`; bf16 as bit patterns (ROCm's HIP headers before 6
  /// have no device bfloat16 type).
  HIP,
};

/// Whether `type` is f16 or bf16.
bool isHalf(Type type);
/// The struct of eight 16-bit elements (f16, bf16, i16) that CUDA and HIP
/// code loads 128 bits through: `mdh_f16x8`, `mdh_bf16x8`, `mdh_i16x8`.
StringRef vectorOf8Name(Type element);
/// Bit width of an integer or index type (index is 64-bit in the ABIs).
unsigned intWidth(Type type);
/// The unsigned C type of the same width: how `divui`, `cmpi ult`, `uitofp`
/// ... reinterpret the bits of a signless integer.
StringRef unsignedType(Type type, bool index32);
/// Whether `s` needs no parentheses as an operand of a C binary operator.
bool isAtomic(StringRef s);
std::string paren(StringRef s);
/// `'name' op message` at the op's location. Unlike Operation::emitOpError
/// it does not attach the op in generic form: the source line says which op.
InFlightDiagnostic opError(Operation *op, const Twine &message = {});
/// Whether `step` is the constant 1: loops print `++iv` and never name it.
bool isUnitStep(Value step);
/// Whether the function writes argument `arg` (then it is an output).
bool isWritten(BlockArgument arg);
/// C and C++ keywords and names the generated code uses.
bool isReservedName(StringRef name);

class CEmitterBase {
public:
  /// `targetName` names the language in diagnostics ("C", "CUDA", "HIP").
  CEmitterBase(ModuleOp module, StringRef targetName)
      : module(module), targetName(targetName) {}
  virtual ~CEmitterBase() = default;

protected:
  // What the targets print differently.
  virtual LogicalResult emitBuffer(mdh_cl::BufferOp op) = 0;
  virtual LogicalResult emitPhase(mdh_cl::PhaseOp op) = 0;
  virtual LogicalResult emitParFor(mdh_cl::ParForOp op) = 0;
  virtual LogicalResult emitBarrier(mdh_cl::BarrierOp op) = 0;
  /// A warp shuffle: GPU languages only.
  virtual LogicalResult emitShuffle(mdh_cl::ShuffleOp op);
  /// A warp-level matrix product: an error but where a target prints it
  /// (the CUDA emitter through printMmaSync, the HIP one through
  /// printMfma).
  virtual LogicalResult emitMma(mdh_cl::MmaOp op);
  /// The lane's fragment loads and the inline-PTX `mma.sync`
  /// (CMmaPrinter.cpp).
  LogicalResult printMmaSync(mdh_cl::MmaOp op);
  /// The lane's fragment loads and the MFMA builtin (CMfmaPrinter.cpp).
  LogicalResult printMfma(mdh_cl::MmaOp op);
  /// Element (row, col) of the matrix an `mdh_cl.mma` operand reads at
  /// `indices` (its last two, swapped when `transposed`), and accumulator
  /// `e` of the op's lane in product (i, j) of its warp tile.
  std::string mmaOperandElement(Value memref, ValueRange indices,
                                bool transposed, StringRef row, StringRef col);
  std::string mmaAccumulator(mdh_cl::MmaOp op, int64_t i, int64_t j, int e);
  /// The helpers the printed products call (inline PTX, MFMA builtins).
  void printMmaHelpers(raw_ostream &out, StringRef qualifiers);
  void printMfmaHelpers(raw_ostream &out, StringRef qualifiers);

  // Liveness: an op that only computes a value is printed when a printed op
  // uses it.
  void computeLiveness();
  bool isLive(Operation *op) const { return live.contains(op); }
  /// Whether a printed op reads `value`.
  bool isNeeded(Value value);

  // Types.
  FailureOr<StringRef> typeName(Type type, Operation *where);
  /// CUDA's and HIP's name of a 128-bit vector type, or "".
  StringRef gpuVectorName(VectorType type);
  LogicalResult checkMemRef(MemRefType type, Operation *where,
                            const Twine &what);

  // Names.
  StringRef declare(Value value);
  StringRef nameOf(Value value);
  std::string linearIndex(Value memref, ArrayRef<std::string> indices);
  std::string element(Value memref, ArrayRef<std::string> indices);
  std::string element(Value memref, ValueRange indices);

  // Statements.
  LogicalResult emitBlock(Block &block);
  LogicalResult emitOperation(Operation &op);
  LogicalResult emitLoopHeader(Operation *op, BlockArgument iv, Value lb,
                               Value ub, Value step);
  LogicalResult emitFor(mdh_cl::ForOp op);
  LogicalResult emitIf(scf::IfOp op);
  LogicalResult emitCopy(mdh_cl::CopyOp op);
  LogicalResult emitScalar(mdh_cl::ScalarOp op);
  LogicalResult emitAccumulate(mdh_cl::AccumulateOp op);
  LogicalResult emitAssign(Operation &op, const std::string &expr);

  // Expressions (CExprPrinter.cpp).
  FailureOr<std::string> expression(Operation &op);
  FailureOr<std::string> literal(Attribute value, Operation *where);
  FailureOr<std::string> binary(BinOp kind, Type type, StringRef a, StringRef b,
                                Operation *where);
  std::string intCompare(arith::CmpIPredicate pred, Type type, StringRef a,
                         StringRef b);
  std::string floatCompare(arith::CmpFPredicate pred, StringRef a, StringRef b);
  FailureOr<std::string> conversion(Operation &op);
  FailureOr<std::string> mathCall(Operation &op);
  /// The NaN-propagating max/min helpers the printed code uses, each
  /// declared with `qualifiers` (`static inline`, `__device__ ...`), and
  /// the 16-bit float types and conversions (CHalfPrinter.cpp).
  void printHelpers(raw_ostream &out, StringRef qualifiers);

  // 16-bit floats (CHalfPrinter.cpp).
  StringRef halfTypeName(Type type);
  /// `value` (of type f16/bf16) as a float expression.
  std::string widen(Type type, StringRef value);
  /// The float expression `value` rounded to f16/bf16.
  std::string narrow(Type type, StringRef value);
  /// `op` converting the C expression `value` of type `from` (a float or
  /// an integer, read as unsigned when `zeroExtend`) to f16/bf16 `to`.
  FailureOr<std::string> toHalf(Operation &op, Type from, Type to,
                                StringRef value, bool zeroExtend);
  /// The headers the 16-bit types need (GPU languages).
  void printHalfIncludes(raw_ostream &out);
  void printHalfHelpers(raw_ostream &out, StringRef qualifiers);

  ModuleOp module;
  StringRef targetName;
  SymbolTableCollection symbols;
  llvm::DenseSet<Operation *> live;
  /// C99's islessgreater/isunordered are not device functions: CUDA/HIP
  /// spell them out.
  bool spellOutFloatClassification = false;
  /// Constants are printed where they are used rather than as locals.
  bool inlineConstants = false;
  /// Loops over the points of a full register tile get `#pragma unroll`
  /// (CUDA, HIP; see ForOp::isUnrolledRegisterTileLoop).
  bool unrollRegisterTiles = false;
  /// `index` is printed as `int32_t` (and computed modulo 2^32): set by the
  /// GPU emitters for kernels whose index values provably fit.
  bool index32 = false;
  /// 128-bit vectors (`float4`, `double2`, `int4`, `longlong2`) of CUDA and
  /// HIP: the loads of cooperative copies (vector.load, vector.extract) and
  /// their alignment test (mdh_cl.aligned).
  bool gpuVectors = false;

  /// The text of the functions; the prelude is printed once the helpers
  /// they use are known.
  std::string body;
  llvm::raw_string_ostream bodyStream{body};
  raw_indented_ostream os{bodyStream};
  bool needMaximum = false, needMinimum = false;
  bool needMaximumF = false, needMinimumF = false;
  bool needMmaF16 = false, needMmaBF16 = false, needMmaTF32 = false;
  bool needMfmaF16 = false, needMfmaBF16 = false;
  /// The `ldmatrix` helpers used: bit 0 for .x4 (else .x2), bit 1 for
  /// .trans, one bit of `needLdmatrix` per combination.
  unsigned needLdmatrix = 0;
  /// CUDA on sm_80 and later (set per kernel): the 128-bit copies of a
  /// device buffer into a shared tile (isAsyncCopy) are printed as
  /// `cp.async`, and every barrier first waits for them.
  bool asyncCopies = false;
  bool needCpAsync = false;
  /// A `vector.store` into a shared buffer of the `vector.load` of device
  /// memory right before it, its only use.
  static bool isAsyncCopy(vector::StoreOp op);
  HalfStyle halfStyle = HalfStyle::Bits;
  /// The 16-bit types the code uses, and the conversion helpers it calls:
  /// bit-pattern conversions (f16 for HalfStyle::Bits, bf16 for Bits and
  /// HIP), and conversions from double and 64-bit integers rounded to odd
  /// (then rounding to 16 bits rounds the exact value once).
  bool usesF16 = false, usesBF16 = false;
  bool needF16Widen = false, needF16Narrow = false;
  bool needBF16Widen = false, needBF16Narrow = false;
  bool needOddFromF64 = false, needOddFromU64 = false, needOddFromI64 = false;
  /// Inlined 16-bit constants (their text) and their float literals: widen
  /// prints `0.5f`, not a conversion of a conversion.
  llvm::StringMap<std::string> wideConstants;
  /// Element types of the 8 x 16-bit vector structs the code uses.
  llvm::SetVector<Type> vectorsOf16Bits;

  // Per function.
  DenseMap<Value, std::string> names;
  unsigned nextId = 0;
};

} // namespace mlir::mdh::cemit

#endif // MDH_TARGET_C_CEMITTERBASE_H
