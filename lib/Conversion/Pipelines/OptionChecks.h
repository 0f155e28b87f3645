//===- OptionChecks.h - Checking pipeline options when parsed ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A bad target spec or chip in a pipeline's options is the user's typing
// error on the command line: it is reported when the pipeline is parsed,
// naming the pipeline the user wrote (`--mdh-lower-to-ptx: unknown CUDA
// chip`), rather than later by an inner pass at the module's location
// (`file:0:0: error: --mdh-hl-to-ll: ...`) or by LLVM without a location.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_PIPELINES_OPTIONCHECKS_H
#define MDH_LIB_CONVERSION_PIPELINES_OPTIONCHECKS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/Twine.h"

namespace mlir::mdh {

using OptionErrorHandler = function_ref<LogicalResult(const Twine &)>;

/// Checks a target spec (`openmp`, `cuda:sm_90`, ...; empty: none given) of
/// the pipeline `pipeline`; an invalid one goes to `error`.
LogicalResult checkTargetSpecOption(StringRef pipeline, StringRef spec,
                                    OptionErrorHandler error);

/// Checks a chip of `vendor` (`nvidia`, `amd`) the same way.
LogicalResult checkChipOption(StringRef pipeline, StringRef vendor,
                              StringRef chip, OptionErrorHandler error);

/// Tells on stderr that pipeline `name` (a name without the `mdh-` prefix
/// that every pass and pipeline of the project now has) is deprecated.
void warnDeprecatedPipeline(StringRef name);

} // namespace mlir::mdh

#endif // MDH_LIB_CONVERSION_PIPELINES_OPTIONCHECKS_H
