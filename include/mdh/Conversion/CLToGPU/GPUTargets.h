//===- GPUTargets.h - The GPU chips MDH-MLIR compiles for -------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_CONVERSION_CLTOGPU_GPUTARGETS_H
#define MDH_CONVERSION_CLTOGPU_GPUTARGETS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::mdh {

/// The chips supported for `vendor` (`nvidia` or `amd`), comma-separated.
std::string getSupportedGPUChips(StringRef vendor);

/// Succeeds if `chip` is a supported chip of `vendor`; otherwise reports
/// through `emitError` what is wrong and which chips are supported.
LogicalResult checkGPUChip(StringRef vendor, StringRef chip,
                           function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::mdh

#endif // MDH_CONVERSION_CLTOGPU_GPUTARGETS_H
