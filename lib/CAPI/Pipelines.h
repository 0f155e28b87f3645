//===- Pipelines.h - Pipelines shared by the C API entry points -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/CAPI: `--lower-to-clir` with the target and configuration
// arguments of the C API (`mdhLowerToCLIR`, `mdhHostCompile`).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CAPI_PIPELINES_H
#define MDH_LIB_CAPI_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class OpPassManager;
namespace mdh::capi {

/// Verifies `module`, then runs on it, in place, `--lower-to-clir` with
/// `target` (a target spec; empty: the `mdh_ll.target` attribute) and
/// `config` (empty: the heuristic; text starting with `{`: the JSON text of
/// one configuration; otherwise a comma-separated list of JSON files)
/// followed by what `buildRest`, if given, adds. Errors are reported as
/// diagnostics of the module's context.
LogicalResult
runLowerToCLIR(ModuleOp module, StringRef target, StringRef config,
               function_ref<void(OpPassManager &)> buildRest = nullptr);

} // namespace mdh::capi
} // namespace mlir

#endif // MDH_LIB_CAPI_PIPELINES_H
