//===- Passes.h - Conversion passes of MDH-MLIR -----------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_CONVERSION_PASSES_H
#define MDH_CONVERSION_PASSES_H

#include "Dialect/LL/MDHLLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class RewritePatternSet;

namespace mdh {

#define GEN_PASS_DECL
#include "Conversion/Passes.h.inc"

/// Adds the pattern that lowers `mdh.compute` to loops.
void populateMDHToLoopsPatterns(RewritePatternSet &patterns);

/// HL-IR -> oracle loops -> LLVM dialect, ready for translation to LLVM IR
/// (`--mdh-oracle-to-llvm`).
void buildOracleToLLVMPipeline(OpPassManager &pm);

/// Registers the passes and pipelines of this header.
void registerConversionPasses();

#define GEN_PASS_REGISTRATION
#include "Conversion/Passes.h.inc"

} // namespace mdh
} // namespace mlir

#endif // MDH_CONVERSION_PASSES_H
