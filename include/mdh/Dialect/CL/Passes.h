//===- Passes.h - CL-IR to CL-IR optimizations ------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_PASSES_H
#define MDH_DIALECT_CL_PASSES_H

#include "mdh/Dialect/CL/MDHCLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "mlir/Pass/Pass.h"

namespace mlir::mdh_cl {

#define GEN_PASS_DECL
#include "mdh/Dialect/CL/Passes.h.inc"

/// The CL-IR optimizations in the order the host pipeline runs them: the
/// default ones but those named (by pass argument) in `disabled`, and the
/// optional ones named in `enabled`.
void buildCLOptimizationPipeline(OpPassManager &pm,
                                 ArrayRef<std::string> disabled = {},
                                 ArrayRef<std::string> enabled = {});

/// The pass arguments of the CL-IR optimizations, in pipeline order.
ArrayRef<StringRef> getCLOptimizationNames();

/// Those of them that only run when enabled (`mdh-cl-unroll`).
ArrayRef<StringRef> getOptionalCLOptimizationNames();

/// The CL-IR optimizations for GPU CL-IR (cuda, hip targets) in the order
/// `buildGPUCLOptimizationPipeline` runs them; all run by default.
ArrayRef<StringRef> getGPUCLOptimizationNames();

/// The CL-IR optimizations that are correct on GPU CL-IR
/// (`--mdh-cl-optimize-gpu`) but those named (by pass argument) in
/// `disabled`.
void buildGPUCLOptimizationPipeline(OpPassManager &pm,
                                    ArrayRef<std::string> disabled = {});

#define GEN_PASS_REGISTRATION
#include "mdh/Dialect/CL/Passes.h.inc"

} // namespace mlir::mdh_cl

#endif // MDH_DIALECT_CL_PASSES_H
