//===- ConfigVerifier.h - The rules of LL-IR configurations -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// What makes a configuration (mdh_ll::Config) of an `mdh.compute` valid on an
// abstract system model: the verifier of `mdh_ll.schedule`, `--mdh-hl-to-ll`
// and the tuners check configurations with `verifyConfig`; the search space
// and the heuristic (lib/TuningSpace) obey the same rules
// (ConfigRules.h). docs/tuning-parameters.md lists every rule.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_CONFIGVERIFIER_H
#define MDH_DIALECT_LL_CONFIGVERIFIER_H

#include "mdh/Dialect/LL/Config.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"

namespace mlir::mdh {
class ComputationOpInterface;
} // namespace mlir::mdh

namespace mlir::mdh::tuning {

/// Computations with more than this many dimensions get a compact space:
/// coarse tile sizes, and assignments and layouts that are not
/// deduplicated against the tiles and regions (docs/tuning-parameters.md,
/// "Compact spaces").
inline constexpr unsigned kCompactSpaceDims = 4;

/// Checks `c` for `op` on `target` against every rule of
/// docs/tuning-parameters.md; reports each violated rule once through
/// `emitError`, naming the level, dimension or buffer and the values, and
/// fails if any was violated.
LogicalResult verifyConfig(mdh::ComputationOpInterface op, Attribute target,
                           const mdh_ll::Config &c,
                           function_ref<InFlightDiagnostic()> emitError);

/// The representative of `c` among the configurations that generate the
/// same code as `c`: orders, assignments, layouts and combine regions that
/// do not matter for `c`'s tiles take fixed values. `c` must have the
/// shape verifyConfig checks first (lengths and value ranges).
mdh_ll::Config canonicalConfig(mdh::ComputationOpInterface op, Attribute target,
                               const mdh_ll::Config &c);

} // namespace mlir::mdh::tuning

#endif // MDH_DIALECT_LL_CONFIGVERIFIER_H
