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

/// Runs `--mdh-lower-to-clir` on the HL-IR `module`, in place: schedules every
/// `mdh.compute` on `target` with a configuration (`--mdh-hl-to-ll`) and
/// lowers the schedules to CL-IR (`--mdh-ll-to-cl`), ready for `mdhEmitC`
/// (mdh-c/Host.h).
///
///  - `target`: a target spec (`openmp`, `openmp:host`, `cuda[:chip]`,
///    `hip[:chip]`, each optionally followed by `,fact=value` overrides);
///    empty: the `mdh_ll.target` attribute of the op enclosing each
///    computation. Only `openmp` schedules lower to CL-IR so far.
///  - `config`: empty for the heuristic's configuration of each
///    computation; text starting with `{` for the JSON text of one
///    configuration (docs/config-json.md, as `mdhDefaultConfig` and
///    `mdhSearchSpaceSampleConfig` of mdh-c/Tuning.h give it) or of a set
///    of them, read in memory (diagnostics call it `configuration`), each
///    computation taking the one whose computation key is its own;
///    otherwise a comma-separated list of JSON files, read alike
///    (`--mdh-hl-to-ll` option `config`).
///
/// Verifies `module` first. Errors (invalid IR, unknown target, unreadable
/// or invalid configuration, a schedule without a CL-IR lowering) are
/// reported as diagnostics through the module's context; the result is
/// then failure and `module` is left unchanged. Does not need
/// `mdhRegisterPasses`.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhLowerToCLIR(MlirModule module,
                                                    MlirStringRef target,
                                                    MlirStringRef config);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_PASSES_H
