//===- CExprPrinter.cpp - Scalar expressions as C
//---------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The `arith` and `math` ops of CL-IR as C expressions, shared by the C and
// the CUDA/HIP emitters (CEmitterBase.h).
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/C/CEmitterBase.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::cemit;

unsigned cemit::intWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// The unsigned type in which C computes `+ - * <<` on `type` without signed
/// overflow. i8 and i16 use uint32_t: on uint8_t/uint16_t operands C would
/// promote to (signed) int, and 65535 * 65535 overflows int.
static StringRef wrapType(Type type, bool index32) {
  if (type.isIndex())
    return index32 ? "uint32_t" : "size_t";
  return intWidth(type) == 64 ? "uint64_t" : "uint32_t";
}

StringRef cemit::unsignedType(Type type, bool index32) {
  if (type.isIndex())
    return index32 ? "uint32_t" : "size_t";
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

bool cemit::isAtomic(StringRef s) {
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

std::string cemit::paren(StringRef s) {
  return isAtomic(s) ? s.str() : ("(" + s + ")").str();
}

InFlightDiagnostic cemit::opError(Operation *op, const Twine &message) {
  InFlightDiagnostic diag = emitError(op->getLoc());
  diag << "'" << op->getName() << "' op " << message;
  return diag;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

FailureOr<std::string> CEmitterBase::literal(Attribute value,
                                             Operation *where) {
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    Type type = integer.getType();
    if (!type.isIndex() && !type.isSignlessInteger())
      return opError(where, "has a constant of type ")
             << type << ", which the " << targetName
             << " target does not support";
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
    // A 16-bit constant is exact in float.
    if (isHalf(type)) {
      APFloat single = fp.getValue();
      bool losesInfo = false;
      single.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                     &losesInfo);
      FailureOr<std::string> text = literal(
          FloatAttr::get(Float32Type::get(type.getContext()), single), where);
      if (failed(text))
        return failure();
      std::string narrowed = narrow(type, *text);
      wideConstants[narrowed] = *text;
      return narrowed;
    }
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
         << value << ", which the " << targetName << " target does not support";
}

FailureOr<std::string> CEmitterBase::binary(BinOp kind, Type type, StringRef a,
                                            StringRef b, Operation *where) {
  if (isHalf(type)) {
    FailureOr<std::string> single =
        binary(kind, Float32Type::get(type.getContext()), widen(type, a),
               widen(type, b), where);
    if (failed(single))
      return failure();
    return narrow(type, *single);
  }
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
  std::string w = wrapType(type, index32).str(),
              u = unsignedType(type, index32).str();
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
      return opError(where, "on i1 is not supported by the ")
             << targetName << " target";
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

std::string CEmitterBase::intCompare(arith::CmpIPredicate pred, Type type,
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
    ca = "(" + unsignedType(type, index32).str() + ")" + ca;
    cb = "(" + unsignedType(type, index32).str() + ")" + cb;
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

std::string CEmitterBase::floatCompare(arith::CmpFPredicate pred, StringRef a,
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
    if (spellOutFloatClassification)
      return "(" + pa + " < " + pb + " || " + pa + " > " + pb + ")";
    return "islessgreater(" + args + ")";
  case P::ORD:
    if (spellOutFloatClassification)
      return "(" + pa + " == " + pa + " && " + pb + " == " + pb + ")";
    return "!isunordered(" + args + ")";
  // Unordered: true when either operand is NaN, the negated ordered test.
  case P::UEQ:
    if (spellOutFloatClassification)
      return "!(" + pa + " < " + pb + " || " + pa + " > " + pb + ")";
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
    if (spellOutFloatClassification)
      return "(" + pa + " != " + pa + " || " + pb + " != " + pb + ")";
    return "isunordered(" + args + ")";
  }
  llvm_unreachable("unknown cmpf predicate");
}

/// Conversions between integer, index and float types. C's conversions
/// sign-extend a signed source; zero-extensions go through the unsigned
/// type of the source's width. Narrowing integer conversions keep the low
/// bits (modulo 2^N, as clang and gcc define it).
FailureOr<std::string> CEmitterBase::conversion(Operation &op) {
  Value input = op.getOperand(0);
  Type from = input.getType(), to = op.getResult(0).getType();
  std::string a = paren(nameOf(input));
  bool zeroExtend =
      isa<arith::IndexCastUIOp, arith::ExtUIOp, arith::UIToFPOp>(op);
  // f16/bf16 are converted through float (CHalfPrinter.cpp): widened
  // exactly, or rounded once from an exact or rounded-to-odd float.
  if (isHalf(from)) {
    std::string wide = widen(from, a);
    from = Float32Type::get(op.getContext());
    if (to == from)
      return wide;
    a = paren(wide);
  }
  if (isHalf(to))
    return toHalf(op, from, to, a, zeroExtend);
  FailureOr<StringRef> toName = typeName(to, &op);
  if (failed(toName))
    return failure();
  std::string t = "(" + toName->str() + ")";
  bool fromInt = from.isIntOrIndex(), toInt = to.isIntOrIndex();
  if (fromInt && toInt && intWidth(to) == 1)
    return "(" + a + " & 1) != 0";
  if (fromInt) {
    if (zeroExtend)
      return t + "(" + unsignedType(from, index32).str() + ")" + a;
    // A signed i1 is 0 or -1.
    if (intWidth(from) == 1)
      return t + "(-(int)" + a + ")";
    return t + a;
  }
  if (toInt && isa<arith::FPToUIOp>(op))
    return t + "(" + unsignedType(to, index32).str() + ")" + a;
  if (toInt && intWidth(to) == 1)
    return opError(&op, "to i1 is not supported by the ")
           << targetName << " target";
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

FailureOr<std::string> CEmitterBase::mathCall(Operation &op) {
  Type type = op.getResult(0).getType();
  if (failed(typeName(type, &op)))
    return failure();
  if (auto abs = dyn_cast<math::AbsIOp>(op)) {
    // |INT_MIN| wraps to INT_MIN.
    std::string a = paren(nameOf(abs.getOperand()));
    std::string w = wrapType(type, index32).str(),
                t = typeName(type, &op)->str();
    if (intWidth(type) == 1)
      return a;
    return "(" + t + ")(" + a + " < 0 ? (" + w + ")0 - (" + w + ")" + a +
           " : (" + w + ")" + a + ")";
  }
  // f16 and bf16 call the float function and round its result.
  bool half = isHalf(type);
  auto arg = [&](unsigned i) -> std::string {
    Value v = op.getOperand(i);
    return isHalf(v.getType()) ? widen(v.getType(), nameOf(v))
                               : nameOf(v).str();
  };
  auto result = [&](std::string text) {
    return half ? narrow(type, text) : text;
  };
  StringRef f = type.isF32() || half ? "f" : "";
  if (isa<math::RsqrtOp>(op))
    return result(("1.0" + f + " / sqrt" + f + "(" + arg(0) + ")").str());
  StringRef base = libmName(op.getName().getStringRef());
  if (base.empty() || !isa<FloatType>(type) ||
      llvm::any_of(op.getOperandTypes(),
                   [&](Type t) { return isHalf(t) != half; }))
    return (opError(&op, "cannot be translated to ") << targetName);
  std::string call = (base + f + "(").str();
  llvm::raw_string_ostream s(call);
  llvm::interleaveComma(llvm::seq(op.getNumOperands()), s,
                        [&](unsigned i) { s << arg(i); });
  s << ")";
  return result(call);
}

FailureOr<std::string> CEmitterBase::expression(Operation &op) {
  Dialect *dialect = op.getDialect();
  if (op.getNumResults() != 1 || op.getNumRegions() != 0 || !dialect ||
      !isa<arith::ArithDialect, math::MathDialect>(dialect)) {
    InFlightDiagnostic diag =
        (opError(&op, "cannot be translated to ") << targetName);
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
      .Case<arith::NegFOp>([&](auto) {
        if (isHalf(type))
          return narrow(type, "-" + paren(widen(type, operand(0))));
        return "-" + paren(operand(0));
      })
      .Case<arith::CmpIOp>([&](auto cmp) -> FailureOr<std::string> {
        if (failed(typeName(cmp.getLhs().getType(), &op)))
          return failure();
        return intCompare(cmp.getPredicate(), cmp.getLhs().getType(),
                          operand(0), operand(1));
      })
      .Case<arith::CmpFOp>([&](auto cmp) -> FailureOr<std::string> {
        Type operandType = cmp.getLhs().getType();
        if (failed(typeName(operandType, &op)))
          return failure();
        if (isHalf(operandType))
          return floatCompare(cmp.getPredicate(),
                              widen(operandType, operand(0)),
                              widen(operandType, operand(1)));
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
        return (opError(&op, "cannot be translated to ") << targetName);
      });
}

void CEmitterBase::printHelpers(raw_ostream &out, StringRef qualifiers) {
  printHalfHelpers(out, qualifiers);
  // arith.maximumf/minimumf: NaN if either operand is NaN, -0.0 < +0.0.
  auto helper = [&](StringRef name, StringRef type, bool isMax) {
    out << qualifiers << " " << type << " " << name << "(" << type << " a, "
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
  printMmaHelpers(out, qualifiers);
}
