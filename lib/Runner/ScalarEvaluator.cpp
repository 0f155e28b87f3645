//===- ScalarEvaluator.cpp - f64 evaluation of scalar regions -------------===//
//
// Part of the MDH-MLIR project.
//
// The self-check reference: it evaluates the scalar function in double
// precision (floats) and with exact wrap-around (integers), independently of
// every lowering of the project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/ScalarEvaluator.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::scalar;

int64_t mlir::mdh::wrapInt(int64_t v, unsigned width) {
  if (width >= 64)
    return v;
  return llvm::SignExtend64(static_cast<uint64_t>(v), width);
}

static uint64_t zext(int64_t v, unsigned width) {
  if (width >= 64)
    return static_cast<uint64_t>(v);
  return static_cast<uint64_t>(v) & ((uint64_t(1) << width) - 1);
}

static unsigned widthOf(Type t) {
  if (t.isIndex())
    return 64;
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth();
  return 0;
}

static std::optional<unsigned> kindOf(Operation &op) {
  return llvm::StringSwitch<std::optional<unsigned>>(
             op.getName().getStringRef())
      .Case("arith.addf", AddF)
      .Case("arith.subf", SubF)
      .Case("arith.mulf", MulF)
      .Case("arith.divf", DivF)
      .Case("arith.remf", RemF)
      .Case("arith.negf", NegF)
      .Case("arith.maximumf", MaxF)
      .Case("arith.minimumf", MinF)
      .Case("arith.maxnumf", MaxNumF)
      .Case("arith.minnumf", MinNumF)
      // The reference keeps f64 precision through conversions; truncf
      // rounds only in the error bound.
      .Case("arith.extf", Identity)
      .Case("arith.truncf", TruncF)
      .Case("arith.sitofp", SIToFP)
      .Case("arith.uitofp", UIToFP)
      .Case("arith.fptosi", FPToSI)
      .Case("arith.fptoui", FPToUI)
      .Case("arith.cmpf", CmpF)
      .Case("math.exp", Exp)
      .Case("math.exp2", Exp2)
      .Case("math.log", Log)
      .Case("math.log2", Log2)
      .Case("math.log10", Log10)
      .Case("math.sqrt", Sqrt)
      .Case("math.rsqrt", Rsqrt)
      .Case("math.absf", AbsF)
      .Case("math.tanh", Tanh)
      .Case("math.sin", Sin)
      .Case("math.cos", Cos)
      .Case("math.erf", Erf)
      .Case("math.floor", Floor)
      .Case("math.ceil", Ceil)
      .Case("math.fma", Fma)
      .Case("math.powf", PowF)
      .Case("math.copysign", CopySign)
      .Case("arith.addi", AddI)
      .Case("arith.subi", SubI)
      .Case("arith.muli", MulI)
      .Case("arith.divsi", DivSI)
      .Case("arith.divui", DivUI)
      .Case("arith.remsi", RemSI)
      .Case("arith.remui", RemUI)
      .Case("arith.andi", AndI)
      .Case("arith.ori", OrI)
      .Case("arith.xori", XOrI)
      .Case("arith.shli", ShLI)
      .Case("arith.shrsi", ShRSI)
      .Case("arith.shrui", ShRUI)
      .Case("arith.maxsi", MaxSI)
      .Case("arith.maxui", MaxUI)
      .Case("arith.minsi", MinSI)
      .Case("arith.minui", MinUI)
      .Case("arith.extsi", ExtSI)
      .Case("arith.extui", ExtUI)
      .Case("arith.trunci", TruncI)
      .Case("arith.index_cast", ExtSI)
      .Case("arith.index_castui", ExtUI)
      .Case("arith.cmpi", CmpI)
      .Case("math.absi", AbsI)
      .Case("arith.select", Select)
      .Case("mdh.index", Index)
      .Default(std::nullopt);
}

FailureOr<ScalarProgram> ScalarProgram::compile(Block &body) {
  ScalarProgram program;
  llvm::DenseMap<Value, unsigned> slots;
  for (BlockArgument arg : body.getArguments())
    slots[arg] = program.numSlots++;
  program.numArgs = body.getNumArguments();
  for (Operation &op : body) {
    if (auto yield = dyn_cast<YieldOp>(op)) {
      for (Value v : yield.getValues())
        program.yields.push_back(slots.lookup(v));
      break;
    }
    Inst inst;
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      Attribute value = constant.getValue();
      if (auto f = dyn_cast<FloatAttr>(value)) {
        inst.kind = ConstF;
        inst.fimm = f.getValueAsDouble();
      } else if (auto i = dyn_cast<IntegerAttr>(value)) {
        inst.kind = ConstI;
        inst.imm = i.getValue().getSExtValue();
      } else {
        return op.emitError("the reference evaluator does not support "
                            "this constant");
      }
    } else {
      std::optional<unsigned> kind = kindOf(op);
      if (!kind || op.getNumResults() != 1)
        return op.emitOpError("is not supported by the reference evaluator "
                              "of mdh-run");
      inst.kind = *kind;
    }
    if (auto cmpf = dyn_cast<arith::CmpFOp>(op))
      inst.imm = static_cast<int64_t>(cmpf.getPredicate());
    if (auto cmpi = dyn_cast<arith::CmpIOp>(op))
      inst.imm = static_cast<int64_t>(cmpi.getPredicate());
    if (auto index = dyn_cast<IndexOp>(op))
      inst.imm = index.getDim();
    for (Value operand : op.getOperands())
      inst.operands.push_back(slots.lookup(operand));
    Type resultType = op.getResult(0).getType();
    inst.width = widthOf(resultType);
    inst.opWidth =
        op.getNumOperands() ? widthOf(op.getOperand(0).getType()) : 0;
    if (inst.kind < AddI && inst.kind != Identity && inst.kind != TruncF &&
        inst.kind != CmpF && inst.kind != FPToSI && inst.kind != FPToUI)
      ++program.numFloatOps;
    if (isa<FloatType>(resultType)) {
      inst.fp = FloatFacts::get(resultType);
      if (roundsResult(inst.kind))
        ++program.numRoundingOps;
    }
    inst.result = program.numSlots++;
    slots[op.getResult(0)] = inst.result;
    program.insts.push_back(std::move(inst));
  }
  return program;
}

static double maximumF(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

static double minimumF(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

static bool compareF(arith::CmpFPredicate p, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse:
    return false;
  case P::OEQ:
    return !unordered && a == b;
  case P::OGT:
    return !unordered && a > b;
  case P::OGE:
    return !unordered && a >= b;
  case P::OLT:
    return !unordered && a < b;
  case P::OLE:
    return !unordered && a <= b;
  case P::ONE:
    return !unordered && a != b;
  case P::ORD:
    return !unordered;
  case P::UEQ:
    return unordered || a == b;
  case P::UGT:
    return unordered || a > b;
  case P::UGE:
    return unordered || a >= b;
  case P::ULT:
    return unordered || a < b;
  case P::ULE:
    return unordered || a <= b;
  case P::UNE:
    return unordered || a != b;
  case P::UNO:
    return unordered;
  case P::AlwaysTrue:
    return true;
  }
  return false;
}

static bool compareI(arith::CmpIPredicate p, int64_t a, int64_t b, unsigned w) {
  using P = arith::CmpIPredicate;
  uint64_t ua = zext(a, w), ub = zext(b, w);
  switch (p) {
  case P::eq:
    return a == b;
  case P::ne:
    return a != b;
  case P::slt:
    return a < b;
  case P::sle:
    return a <= b;
  case P::sgt:
    return a > b;
  case P::sge:
    return a >= b;
  case P::ult:
    return ua < ub;
  case P::ule:
    return ua <= ub;
  case P::ugt:
    return ua > ub;
  case P::uge:
    return ua >= ub;
  }
  return false;
}

/// fptosi/fptoui of a value out of range is poison in arith, and the C++
/// cast is undefined behaviour (UBSan aborts on it), so the reference
/// saturates, NaN giving 0.
static int64_t toSigned(double v) {
  if (std::isnan(v))
    return 0;
  if (v >= 0x1p63)
    return std::numeric_limits<int64_t>::max();
  if (v < -0x1p63)
    return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

static uint64_t toUnsigned(double v) {
  if (!(v > -1.0))
    return 0;
  if (v >= 0x1p64)
    return std::numeric_limits<uint64_t>::max();
  return static_cast<uint64_t>(v);
}

void ScalarProgram::run(ArrayRef<Scalar> args, ArrayRef<int64_t> point,
                        SmallVectorImpl<Scalar> &results) const {
  SmallVector<Scalar, 32> s(numSlots);
  for (unsigned k = 0; k < numArgs; ++k)
    s[k] = args[k];
  for (const Inst &in : insts) {
    auto f = [&](unsigned k) { return s[in.operands[k]].f; };
    auto i = [&](unsigned k) { return s[in.operands[k]].i; };
    auto u = [&](unsigned k) { return zext(i(k), in.opWidth); };
    auto m = [&](unsigned k) { return s[in.operands[k]].m; };
    Scalar &r = s[in.result];
    unsigned w = in.width;
    r.m = -1;
    switch (in.kind) {
    case AddF:
      r.f = f(0) + f(1);
      r.m = m(0) + m(1);
      break;
    case SubF:
      r.f = f(0) - f(1);
      r.m = m(0) + m(1);
      break;
    case MulF:
      r.f = f(0) * f(1);
      r.m = m(0) * m(1);
      break;
    case DivF:
      r.f = f(0) / f(1);
      r.m = m(0) / std::fabs(f(1));
      break;
    case RemF:
      r.f = std::fmod(f(0), f(1));
      break;
    case NegF:
      r.f = -f(0);
      r.m = m(0);
      break;
    case MaxF:
      r.f = maximumF(f(0), f(1));
      r.m = std::max(m(0), m(1));
      break;
    case MinF:
      r.f = minimumF(f(0), f(1));
      r.m = std::max(m(0), m(1));
      break;
    case MaxNumF:
      r.f = std::fmax(f(0), f(1));
      r.m = std::max(m(0), m(1));
      break;
    case MinNumF:
      r.f = std::fmin(f(0), f(1));
      r.m = std::max(m(0), m(1));
      break;
    case Identity:
    case TruncF:
      r.f = f(0);
      r.m = m(0);
      break;
    case SIToFP:
      r.f = static_cast<double>(i(0));
      break;
    case UIToFP:
      r.f = static_cast<double>(u(0));
      break;
    case FPToSI:
      r.i = wrapInt(toSigned(f(0)), w);
      break;
    case FPToUI:
      r.i = wrapInt(static_cast<int64_t>(toUnsigned(f(0))), w);
      break;
    case CmpF:
      // i1 true is all ones, sign-extended, like every other integer.
      r.i = -int64_t(
          compareF(static_cast<arith::CmpFPredicate>(in.imm), f(0), f(1)));
      break;
    case Exp:
      r.f = std::exp(f(0));
      break;
    case Exp2:
      r.f = std::exp2(f(0));
      break;
    case Log:
      r.f = std::log(f(0));
      break;
    case Log2:
      r.f = std::log2(f(0));
      break;
    case Log10:
      r.f = std::log10(f(0));
      break;
    case Sqrt:
      r.f = std::sqrt(f(0));
      break;
    case Rsqrt:
      r.f = 1.0 / std::sqrt(f(0));
      break;
    case AbsF:
      r.f = std::fabs(f(0));
      r.m = m(0);
      break;
    case Tanh:
      r.f = std::tanh(f(0));
      break;
    case Sin:
      r.f = std::sin(f(0));
      break;
    case Cos:
      r.f = std::cos(f(0));
      break;
    case Erf:
      r.f = std::erf(f(0));
      break;
    case Floor:
      r.f = std::floor(f(0));
      break;
    case Ceil:
      r.f = std::ceil(f(0));
      break;
    case Fma:
      r.f = std::fma(f(0), f(1), f(2));
      r.m = m(0) * m(1) + m(2);
      break;
    case PowF:
      r.f = std::pow(f(0), f(1));
      break;
    case CopySign:
      r.f = std::copysign(f(0), f(1));
      break;
    // Integer ops compute in 64 bits on unsigned values (wrap-around, no
    // UB) and wrap the result to the result width.
    case AddI:
      r.i = wrapInt(int64_t(uint64_t(i(0)) + uint64_t(i(1))), w);
      break;
    case SubI:
      r.i = wrapInt(int64_t(uint64_t(i(0)) - uint64_t(i(1))), w);
      break;
    case MulI:
      r.i = wrapInt(int64_t(uint64_t(i(0)) * uint64_t(i(1))), w);
      break;
    case DivSI:
      r.i =
          i(1) ? wrapInt(i(1) == -1 ? int64_t(0 - uint64_t(i(0))) : i(0) / i(1),
                         w)
               : 0;
      break;
    case DivUI:
      r.i = u(1) ? wrapInt(int64_t(u(0) / u(1)), w) : 0;
      break;
    case RemSI:
      r.i = (i(1) && i(1) != -1) ? i(0) % i(1) : 0;
      break;
    case RemUI:
      r.i = u(1) ? wrapInt(int64_t(u(0) % u(1)), w) : 0;
      break;
    case AndI:
      r.i = i(0) & i(1);
      break;
    case OrI:
      r.i = i(0) | i(1);
      break;
    case XOrI:
      r.i = wrapInt(i(0) ^ i(1), w);
      break;
    case ShLI:
      r.i = u(1) < w ? wrapInt(int64_t(uint64_t(i(0)) << u(1)), w) : 0;
      break;
    case ShRSI:
      r.i = u(1) < w ? i(0) >> u(1) : 0;
      break;
    case ShRUI:
      r.i = u(1) < w ? wrapInt(int64_t(u(0) >> u(1)), w) : 0;
      break;
    case MaxSI:
      r.i = std::max(i(0), i(1));
      break;
    case MaxUI:
      r.i = u(0) >= u(1) ? i(0) : i(1);
      break;
    case MinSI:
      r.i = std::min(i(0), i(1));
      break;
    case MinUI:
      r.i = u(0) <= u(1) ? i(0) : i(1);
      break;
    case ExtSI:
      r.i = wrapInt(i(0), w);
      break;
    case ExtUI:
      r.i = wrapInt(int64_t(u(0)), w);
      break;
    case TruncI:
      r.i = wrapInt(i(0), w);
      break;
    case CmpI:
      r.i = -int64_t(compareI(static_cast<arith::CmpIPredicate>(in.imm), i(0),
                              i(1), in.opWidth));
      break;
    case AbsI:
      r.i = wrapInt(i(0) < 0 ? int64_t(0 - uint64_t(i(0))) : i(0), w);
      break;
    case ConstF:
      r.f = in.fimm;
      r.m = std::fabs(in.fimm);
      break;
    case ConstI:
      r.i = wrapInt(in.imm, w);
      break;
    case Select:
      r = s[in.operands[0]].i ? s[in.operands[1]] : s[in.operands[2]];
      continue;
    case Index:
      r.i = point[in.imm];
      break;
    }
    // Elementary functions and conversions: the magnitude of the result.
    if (r.m < 0)
      r.m = std::fabs(r.f);
    if (in.fp.precision)
      boundError(in, s, r);
  }
  results.clear();
  for (unsigned y : yields)
    results.push_back(s[y]);
}
