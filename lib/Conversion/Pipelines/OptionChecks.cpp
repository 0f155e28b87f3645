//===- OptionChecks.cpp - Checking pipeline options when parsed -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "OptionChecks.h"

#include "mdh/Conversion/CLToGPU/GPUTargets.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"
#include "mdh/Dialect/LL/TargetSpec.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using mlir::mdh::OptionErrorHandler;

/// Runs `check`, which reports through a diagnostic, in a context of its
/// own (no IR exists yet while a pipeline is parsed) and hands the message
/// to `error`, prefixed by the pipeline's flag.
static LogicalResult checkInOwnContext(
    StringRef pipeline, OptionErrorHandler error,
    function_ref<LogicalResult(MLIRContext *,
                               function_ref<InFlightDiagnostic()>)>
        check) {
  MLIRContext context(MLIRContext::Threading::DISABLED);
  context.loadDialect<mdh_ll::MDHLLDialect>();
  std::string message;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
      if (message.empty())
        message = diag.str();
      return success();
    });
    result = check(&context,
                   [&] { return mlir::emitError(UnknownLoc::get(&context)); });
  }
  if (succeeded(result))
    return success();
  return error("--" + pipeline + ": " + message);
}

LogicalResult mlir::mdh::checkTargetSpecOption(StringRef pipeline,
                                               StringRef spec,
                                               OptionErrorHandler error) {
  if (spec.empty())
    return success();
  return checkInOwnContext(
      pipeline, error,
      [&](MLIRContext *context, function_ref<InFlightDiagnostic()> emit) {
        return mdh_ll::parseTargetSpec(context, spec, emit);
      });
}

LogicalResult mlir::mdh::checkChipOption(StringRef pipeline, StringRef vendor,
                                         StringRef chip,
                                         OptionErrorHandler error) {
  return checkInOwnContext(
      pipeline, error,
      [&](MLIRContext *, function_ref<InFlightDiagnostic()> emit) {
        return checkGPUChip(vendor, chip, emit);
      });
}

void mlir::mdh::warnDeprecatedPipeline(StringRef name) {
  llvm::errs() << "warning: --" << name
               << " is deprecated and will be removed; use --mdh-" << name
               << "\n";
}
