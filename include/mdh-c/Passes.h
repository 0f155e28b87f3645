//===- Passes.h - C API for the MDH-MLIR passes -------------------*- C -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Registration of the project's passes and pipelines (so that
// `mlirParsePassPipeline` knows them) and direct entry points for the common
// lowerings.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_PASSES_H
#define MDH_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers the project's passes and pipelines (`mdh-lower-to-loops`,
/// `mdh-oracle-to-llvm`, ...) and the upstream passes they are built from in
/// the global pass registry. Safe to call more than once and from several
/// threads: only the first call registers anything.
MLIR_CAPI_EXPORTED void mdhRegisterPasses(void);

/// Runs `mdh-lower-to-loops` on `module`, replacing every `mdh.compute` by
/// its reference loop nest, and verifies the result. Errors are reported as
/// diagnostics through the module's context (attach a handler with
/// `mlirContextAttachDiagnosticHandler` to capture them); the result is
/// failure if the pass or the verifier failed. Does not need
/// `mdhRegisterPasses`.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhLowerToLoops(MlirModule module);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_PASSES_H
