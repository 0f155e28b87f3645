//===- JitBuiltins.cpp - Compiler-runtime functions for JIT code ----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/JitBuiltins.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace mlir;

/// The bf16 bits of `bits` (an IEEE single): round to nearest, ties to even;
/// a NaN stays a NaN (quiet, sign kept).
static uint16_t singleBitsToBF16(uint32_t bits) {
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x40u);
  uint32_t roundingBias = 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>((bits + roundingBias) >> 16);
}

// The compiler-runtime ABI: the argument and the result in SSE registers,
// which clang gives `__bf16` on x86-64.
extern "C" __bf16 mdhJitTruncSFBF2(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return __builtin_bit_cast(__bf16, singleBitsToBF16(bits));
}

extern "C" __bf16 mdhJitTruncDFBF2(double value) {
  // Rounding to float and then to bf16 can round twice the wrong way; with
  // the float rounded toward zero and its last bit set when inexact (round
  // to odd, 24 > 8 + 1 bits) the second rounding is exact.
  float single = static_cast<float>(value);
  uint32_t bits;
  std::memcpy(&bits, &single, sizeof(bits));
  if (value == value) {
    if (std::fabs(static_cast<double>(single)) > std::fabs(value))
      --bits; // rounded away from zero: one step back in magnitude
    float truncated;
    std::memcpy(&truncated, &bits, sizeof(truncated));
    if (static_cast<double>(truncated) != value)
      bits |= 1u;
  }
  return __builtin_bit_cast(__bf16, singleBitsToBF16(bits));
}

void mlir::mdh::registerJitBuiltins(ExecutionEngine &engine) {
  engine.registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    symbols[interner("__truncsfbf2")] = {
        llvm::orc::ExecutorAddr::fromPtr(&mdhJitTruncSFBF2),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("__truncdfbf2")] = {
        llvm::orc::ExecutorAddr::fromPtr(&mdhJitTruncDFBF2),
        llvm::JITSymbolFlags::Exported};
    return symbols;
  });
}
