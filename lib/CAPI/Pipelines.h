//===- Pipelines.h - Pipelines shared by the C API entry points -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/CAPI: the `config` argument of the C API (`mdhLowerToCLIR`,
// `mdhHostCompile`) as configurations for lib/Compiler, and
// `--mdh-lower-to-clir` with it; the OpenMP runtime of the host entry
// points.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CAPI_PIPELINES_H
#define MDH_LIB_CAPI_PIPELINES_H

#include "mdh/Compiler/Compile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::mdh::capi {

/// The configurations `config` names: none for empty text (the heuristic's);
/// for text starting with `{`, the JSON text of one configuration or a set,
/// read in memory (its errors point at the first computation of `module`);
/// otherwise a comma-separated list of JSON files. Errors are reported as
/// diagnostics of the module's context.
FailureOr<ConfigOptions> parseConfigArgument(ModuleOp module, StringRef config);

/// Verifies `module`, then runs on it, in place, `--mdh-lower-to-clir` with
/// `target` (a target spec; empty: the `mdh_ll.target` attribute) and the
/// configurations `config` names (`parseConfigArgument`). Errors are
/// reported as diagnostics of the module's context.
LogicalResult runLowerToCLIR(ModuleOp module, StringRef target,
                             StringRef config);

/// The OpenMP runtime that host code compiled through the C API calls
/// (`mdhHostCompile`, `mdhTune`), loaded into the process on the first call;
/// null, with the reason in `error`, when it cannot be loaded.
const OpenMPRuntime *getOpenMPRuntime(std::string &error);

} // namespace mlir::mdh::capi

#endif // MDH_LIB_CAPI_PIPELINES_H
