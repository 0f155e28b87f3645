//===- JitBuiltinsTest.cpp - The bf16 truncations given to the JIT --------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `__truncsfbf2` and `__truncdfbf2` of Runner/JitBuiltins against a
// reference that picks the nearest bf16 among all of them (ties to the even
// one, overflow at the midpoint between the largest bf16 and 2^128): a
// sweep over float bit patterns, random doubles, and the ties, overflows and
// subnormals where a double rounding would go wrong.
//
//===----------------------------------------------------------------------===//

#include "../TestUtil.h"

#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

extern "C" __bf16 mdhJitTruncSFBF2(float value);
extern "C" __bf16 mdhJitTruncDFBF2(double value);

namespace {
/// The non-negative bf16 values 0x0000 .. 0x7f80 (infinity as 2^128, where
/// IEEE rounding puts it), in increasing order.
std::vector<double> positiveBF16() {
  std::vector<double> values;
  for (uint32_t bits = 0; bits <= 0x7f80u; ++bits) {
    uint32_t single = bits << 16;
    float f;
    std::memcpy(&f, &single, sizeof(f));
    values.push_back(bits == 0x7f80u ? std::ldexp(1.0, 128) : double(f));
  }
  return values;
}

uint16_t reference(double x) {
  static const std::vector<double> table = positiveBF16();
  if (x != x)
    return 0x7fc0;
  uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  double magnitude = std::fabs(x);
  if (std::isinf(magnitude))
    return sign | 0x7f80;
  auto above = std::lower_bound(table.begin(), table.end(), magnitude);
  if (above == table.end())
    return sign | 0x7f80;
  uint16_t hi = static_cast<uint16_t>(above - table.begin());
  if (*above == magnitude || hi == 0)
    return sign | hi;
  uint16_t lo = hi - 1;
  double down = magnitude - table[lo], up = table[hi] - magnitude;
  if (down < up || (down == up && lo % 2 == 0))
    return sign | lo;
  return sign | hi;
}

uint16_t bitsOf(__bf16 value) { return __builtin_bit_cast(uint16_t, value); }

bool isNaN(uint16_t bits) {
  return (bits & 0x7f80) == 0x7f80 && (bits & 0x7f) != 0;
}

int mismatches = 0;
void check(double x, uint16_t got) {
  uint16_t want = reference(x);
  bool ok = isNaN(want) ? isNaN(got) : got == want;
  if (!ok && ++mismatches <= 10)
    llvm::errs() << "value " << llvm::format("%.17g", x) << ": got "
                 << llvm::format_hex(got, 6) << ", want "
                 << llvm::format_hex(want, 6) << "\n";
  MDH_CHECK(ok);
}

void testFloat() {
  // Every 65521st bit pattern, both signs, NaNs and infinities included.
  for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 65521) {
    uint32_t b = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, sizeof(f));
    check(f, bitsOf(mdhJitTruncSFBF2(f)));
  }
  // Ties (to even, both ways), just off ties, overflow, subnormals.
  for (uint32_t b : {0x3f808000u, 0x3f818000u, 0x3f808001u, 0x3f807fffu,
                     0x7f7fffffu, 0x7f7f8000u, 0x7f7f7fffu, 0x00008000u,
                     0x00018000u, 0x80008000u, 0x007fffffu, 0xff7fffffu}) {
    float f;
    std::memcpy(&f, &b, sizeof(f));
    check(f, bitsOf(mdhJitTruncSFBF2(f)));
  }
}

void testDouble() {
  std::mt19937_64 random(5);
  std::uniform_int_distribution<int> exponent(-140, 130);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  for (int i = 0; i < 200000; ++i) {
    double x = std::ldexp(mantissa(random), exponent(random));
    if (i % 2)
      x = -x;
    check(x, bitsOf(mdhJitTruncDFBF2(x)));
  }
  // A double just above a bf16 tie whose rounding to float lands on the tie
  // (rounding twice would round to even, i.e. down); the tie itself; just
  // below the overflow midpoint; the smallest subnormals; specials.
  double tie = 1.0 + std::ldexp(1.0, -8);
  for (double x :
       {tie, tie + std::ldexp(1.0, -40), tie - std::ldexp(1.0, -40),
        std::ldexp(1.0, 128) - std::ldexp(1.0, 119),
        std::ldexp(1.0, 128) - std::ldexp(1.0, 100), std::ldexp(1.0, -133),
        std::ldexp(1.0, -134), std::ldexp(1.0, -134) * 1.0000001, 1e300, -1e300,
        0.0, -0.0, double(INFINITY), -double(INFINITY), double(NAN)})
    check(x, bitsOf(mdhJitTruncDFBF2(x)));
}
} // namespace

int main() {
  MDH_RUN(testFloat);
  MDH_RUN(testDouble);
  return mdh_test::failures() ? 1 : 0;
}
