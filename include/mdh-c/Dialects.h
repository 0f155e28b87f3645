//===- Dialects.h - C API for the MDH-MLIR dialects ---------------*- C -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Registration of the `mdh` dialect (HL-IR) and of the upstream dialects its
// IR and pipelines use, for clients of the C API (C programs and Python via
// ctypes).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_DIALECTS_H
#define MDH_C_DIALECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Declares `mlirGetDialectHandle__mdh__()`, the handle of the `mdh` dialect
/// alone (use `mlirDialectHandleInsertDialect` or
/// `mlirDialectHandleLoadDialect` on it).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(MDH, mdh);

/// Inserts into `registry` the `mdh` dialect and the upstream dialects that
/// HL-IR and its lowerings use (func, arith, math, memref, scf, cf, affine,
/// llvm, ub). Append the registry to a context with
/// `mlirContextAppendDialectRegistry` before parsing HL-IR.
MLIR_CAPI_EXPORTED void mdhRegisterAllDialects(MlirDialectRegistry registry);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_DIALECTS_H
