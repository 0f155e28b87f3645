//===- TargetSpec.h - Target attributes from command-line specs -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A target spec is the short textual form of a target attribute, for pass
// options such as `--mdh-hl-to-ll=target=cuda:sm_80`:
//
//   spec     ::= target (`,` key `=` integer)*
//   target   ::= `openmp` | `openmp:host` | `cuda` | `cuda:` chip
//              | `hip` | `hip:` chip
//
// `openmp` takes the fixed defaults, `openmp:host` the facts of the machine
// the compiler runs on; `cuda` and `hip` without a chip take the attribute's
// default chip. Each `key=value` overrides one parameter of the attribute,
// named as in the IR (`cuda:sm_80,shared_memory_per_block=65536`).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_TARGETSPEC_H
#define MDH_DIALECT_LL_TARGETSPEC_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"

namespace mlir::mdh_ll {

/// Builds the target attribute `spec` names. Anything that is not a valid
/// spec, or that builds an attribute the verifier rejects, is reported
/// through `emitError` (listing the valid targets, chips or keys) and yields
/// failure. The result implements `TargetAttrInterface`.
FailureOr<Attribute>
parseTargetSpec(MLIRContext *context, StringRef spec,
                function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::mdh_ll

#endif // MDH_DIALECT_LL_TARGETSPEC_H
