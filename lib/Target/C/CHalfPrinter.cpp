//===- CHalfPrinter.cpp - f16 and bf16 in the C, CUDA and HIP emitters ----===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The 16-bit floats f16 and bf16 are stored in their own types (HalfStyle)
// and every operation on them computes in `float`: operands are widened
// (exact), the result is rounded once to 16 bits. For + - * / this is the
// correctly rounded 16-bit result (float's 24 bits exceed twice 11 + 2);
// `math` functions and `math.fma` are as exact as their float versions.
// Conversions from double and from integers wider than 24 bits are first
// rounded to odd at float precision, which makes the final rounding to 16
// bits exact (two roundings to nearest would not be).
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/C/CEmitterBase.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::cemit;

bool cemit::isHalf(Type type) { return type.isF16() || type.isBF16(); }

StringRef cemit::vectorOf8Name(Type element) {
  return element.isF16()    ? "mdh_f16x8"
         : element.isBF16() ? "mdh_bf16x8"
                            : "mdh_i16x8";
}

StringRef CEmitterBase::halfTypeName(Type type) {
  bool f16 = type.isF16();
  (f16 ? usesF16 : usesBF16) = true;
  switch (halfStyle) {
  case HalfStyle::Bits:
    return f16 ? "mdh_f16" : "mdh_bf16";
  case HalfStyle::CUDA:
    return f16 ? "__half" : "__nv_bfloat16";
  case HalfStyle::HIP:
    return f16 ? "_Float16" : "mdh_bf16";
  }
  llvm_unreachable("unknown half style");
}

std::string CEmitterBase::widen(Type type, StringRef value) {
  halfTypeName(type);
  auto constant = wideConstants.find(value);
  if (constant != wideConstants.end())
    return constant->second;
  bool f16 = type.isF16();
  if (halfStyle == HalfStyle::CUDA)
    return ((f16 ? "__half2float(" : "__bfloat162float(") + value + ")").str();
  if (halfStyle == HalfStyle::HIP && f16)
    return "(float)" + paren(value);
  (f16 ? needF16Widen : needBF16Widen) = true;
  return ((f16 ? "mdh_f16_to_f32(" : "mdh_bf16_to_f32(") + value + ")").str();
}

std::string CEmitterBase::narrow(Type type, StringRef value) {
  halfTypeName(type);
  bool f16 = type.isF16();
  if (halfStyle == HalfStyle::CUDA)
    return ((f16 ? "__float2half_rn(" : "__float2bfloat16_rn(") + value + ")")
        .str();
  if (halfStyle == HalfStyle::HIP && f16)
    return "(_Float16)" + paren(value);
  (f16 ? needF16Narrow : needBF16Narrow) = true;
  return ((f16 ? "mdh_f32_to_f16(" : "mdh_f32_to_bf16(") + value + ")").str();
}

FailureOr<std::string> CEmitterBase::toHalf(Operation &op, Type from, Type to,
                                            StringRef value, bool zeroExtend) {
  if (from.isF32())
    return narrow(to, value);
  if (from.isF64()) {
    needOddFromF64 = true;
    return narrow(to, ("mdh_f64_to_f32_odd(" + value + ")").str());
  }
  if (!from.isIntOrIndex())
    return opError(&op, "converts ")
           << from << " to " << to << ", which the " << targetName
           << " target does not support";
  // The integer's value: unsigned for uitofp; a signed i1 is 0 or -1.
  unsigned width = intWidth(from);
  std::string integer =
      zeroExtend   ? ("(" + unsignedType(from, index32) + ")" + value).str()
      : width == 1 ? ("(-(int)" + value + ")").str()
                   : value.str();
  // Up to 24 bits, float holds the integer exactly.
  if (width <= 16)
    return narrow(to, "(float)" + integer);
  needOddFromU64 = true;
  if (zeroExtend)
    return narrow(to, "mdh_u64_to_f32_odd((uint64_t)" + integer + ")");
  needOddFromI64 = true;
  return narrow(to, "mdh_i64_to_f32_odd((int64_t)" + integer + ")");
}

void CEmitterBase::printHalfIncludes(raw_ostream &out) {
  // The conversion helpers move bits with memcpy.
  if (needF16Widen || needF16Narrow || needBF16Widen || needBF16Narrow ||
      needOddFromF64 || needOddFromU64)
    out << "#include <string.h>\n";
  if (halfStyle == HalfStyle::CUDA) {
    if (usesF16)
      out << "#include <cuda_fp16.h>\n";
    if (usesBF16)
      out << "#include <cuda_bf16.h>\n";
  }
}

void CEmitterBase::printHalfHelpers(raw_ostream &out, StringRef qualifiers) {
  bool bitsF16 = halfStyle == HalfStyle::Bits && usesF16;
  bool bitsBF16 = halfStyle != HalfStyle::CUDA && usesBF16;
  if (bitsF16 || bitsBF16)
    out << "// "
        << (bitsF16 && bitsBF16 ? "f16 and bf16 are"
            : bitsF16           ? "f16 is"
                                : "bf16 is")
        << " stored as bit patterns; arithmetic is done in float.\n";
  if (bitsF16)
    out << "typedef uint16_t mdh_f16;\n";
  if (bitsBF16)
    out << "typedef uint16_t mdh_bf16;\n";
  if (bitsF16 || bitsBF16)
    out << "\n";
  if (needF16Widen)
    out << qualifiers << " float mdh_f16_to_f32(mdh_f16 h) {\n"
        << "  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;\n"
        << "  uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu, bits;\n"
        << "  if (exp == 0) {\n"
        << "    // Zero or subnormal: mant * 2^-24, exact in float.\n"
        << "    float f = (float)mant * 0x1p-24f;\n"
        << "    return sign ? -f : f;\n"
        << "  }\n"
        << "  if (exp == 0x1f)\n"
        << "    bits = sign | 0x7f800000u | (mant << 13);\n"
        << "  else\n"
        << "    bits = sign | ((exp + 112) << 23) | (mant << 13);\n"
        << "  float f;\n"
        << "  memcpy(&f, &bits, sizeof f);\n"
        << "  return f;\n"
        << "}\n\n";
  if (needF16Narrow)
    out << "// Rounds to nearest even; NaNs stay NaNs (quiet).\n"
        << qualifiers << " mdh_f16 mdh_f32_to_f16(float f) {\n"
        << "  uint32_t x;\n"
        << "  memcpy(&x, &f, sizeof x);\n"
        << "  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);\n"
        << "  x &= 0x7fffffffu;\n"
        << "  if (x > 0x7f800000u)\n"
        << "    return (mdh_f16)(sign | 0x7e00u | ((x >> 13) & 0x3ffu));\n"
        << "  if (x >= 0x477ff000u) // 65520 and above round to infinity\n"
        << "    return (mdh_f16)(sign | 0x7c00u);\n"
        << "  if (x >= 0x38800000u) { // normal: 2^-14 and above\n"
        << "    uint32_t r = x - 0x38000000u;\n"
        << "    r += 0xfffu + ((r >> 13) & 1u);\n"
        << "    return (mdh_f16)(sign | (r >> 13));\n"
        << "  }\n"
        << "  // Subnormal: |f| / 2^-24 rounded to an integer (ties to even "
           "by the\n"
        << "  // float addition; 1024 is the smallest normal).\n"
        << "  float a;\n"
        << "  memcpy(&a, &x, sizeof a);\n"
        << "  float t = a * 0x1p24f + 0x1p23f;\n"
        << "  uint32_t tb;\n"
        << "  memcpy(&tb, &t, sizeof tb);\n"
        << "  return (mdh_f16)(sign | (tb - 0x4b000000u));\n"
        << "}\n\n";
  if (needBF16Widen)
    out << qualifiers << " float mdh_bf16_to_f32(mdh_bf16 h) {\n"
        << "  uint32_t bits = (uint32_t)h << 16;\n"
        << "  float f;\n"
        << "  memcpy(&f, &bits, sizeof f);\n"
        << "  return f;\n"
        << "}\n\n";
  if (needBF16Narrow)
    out << "// Rounds to nearest even; NaNs stay NaNs (quiet).\n"
        << qualifiers << " mdh_bf16 mdh_f32_to_bf16(float f) {\n"
        << "  uint32_t x;\n"
        << "  memcpy(&x, &f, sizeof x);\n"
        << "  if ((x & 0x7fffffffu) > 0x7f800000u)\n"
        << "    return (mdh_bf16)((x >> 16) | 0x40u);\n"
        << "  x += 0x7fffu + ((x >> 16) & 1u);\n"
        << "  return (mdh_bf16)(x >> 16);\n"
        << "}\n\n";
  // 128-bit loads of eight 16-bit elements (cooperative copies).
  for (Type element : vectorsOf16Bits) {
    StringRef type = element.isSignlessInteger(16) ? StringRef("int16_t")
                                                   : halfTypeName(element);
    out << "struct alignas(16) " << vectorOf8Name(element) << " {\n  " << type
        << " v[8];\n};\n\n";
  }
  if (needOddFromF64)
    out << "// Rounded to odd: a second rounding, to 16 bits, is then "
           "exact.\n"
        << qualifiers << " float mdh_f64_to_f32_odd(double x) {\n"
        << "  float f = (float)x;\n"
        << "  if ((double)f != x && x == x) {\n"
        << "    uint32_t b;\n"
        << "    memcpy(&b, &f, sizeof b);\n"
        << "    if (fabs((double)f) > fabs(x))\n"
        << "      b -= 1; // the neighbour toward zero\n"
        << "    b |= 1u;\n"
        << "    memcpy(&f, &b, sizeof f);\n"
        << "  }\n"
        << "  return f;\n"
        << "}\n\n";
  if (needOddFromU64)
    out << "// Rounded to odd (see mdh_f64_to_f32_odd).\n"
        << qualifiers << " float mdh_u64_to_f32_odd(uint64_t u) {\n"
        << "  uint64_t sticky = 0;\n"
        << "  int shift = 0;\n"
        << "  for (; u >= 0x1000000u; ++shift) {\n"
        << "    sticky |= u & 1u;\n"
        << "    u >>= 1;\n"
        << "  }\n"
        << "  return ldexpf((float)(u | sticky), shift);\n"
        << "}\n\n";
  if (needOddFromI64)
    out << qualifiers << " float mdh_i64_to_f32_odd(int64_t x) {\n"
        << "  float f = mdh_u64_to_f32_odd(x < 0 ? 0 - (uint64_t)x : "
           "(uint64_t)x);\n"
        << "  return x < 0 ? -f : f;\n"
        << "}\n\n";
}
