//===- MDHSpace.h - The tuning parameters of an MDH computation -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The one component that defines the tuning parameters of an `mdh.compute`
// on an abstract system model (DESIGN §4): their ranges, the rules that tie
// them, and which configurations generate identical code. It serves
//
//  - the search space (`buildSpace`): the parameters of mdh_ll::Config as an
//    ATF chain-of-trees space (SearchSpace.h), holding exactly the valid,
//    canonical configurations;
//  - with the configuration verifier of LL-IR (`verifyConfig`,
//    mdh/Dialect/LL/ConfigVerifier.h), which checks the same rules;
//  - the default heuristic (`defaultConfig`): a valid configuration in the
//    space, picked from the target's facts in milliseconds.
//
// docs/tuning-parameters.md lists every parameter, range and rule.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNINGSPACE_MDHSPACE_H
#define MDH_TUNINGSPACE_MDHSPACE_H

#include "mdh/Dialect/LL/Config.h"
#include "mdh/Dialect/LL/ConfigVerifier.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/TuningSpace/SearchSpace.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace mlir::mdh {
class ComputationOpInterface;
} // namespace mlir::mdh

namespace mlir::mdh::tuning {

/// Options of buildSpace.
struct SpaceOptions {
  /// Admit the heuristic's tile sizes into the tile ranges, so that
  /// `defaultConfig` is always in the space.
  bool includeHeuristic = true;
  /// Configurations whose tile sizes are admitted into the ranges too (say,
  /// one read from a JSON file that a tuner should start from). Each must
  /// have one tile size per dimension on every level.
  std::vector<mdh_ll::Config> seeds;
  /// The memory a build may take (SearchSpaceBuilder::setMemoryLimit; 0: no
  /// limit). A space over a quarter of it is built again with the coarse
  /// tile sizes of compact spaces (baseTileSizes) and a remark; one over the
  /// limit even then is an error.
  uint64_t memoryLimit = kDefaultSpaceMemoryLimit;
  static constexpr uint64_t kDefaultSpaceMemoryLimit = uint64_t(4) << 30;
};

/// The tile sizes of a dimension of extent `extent` that every level may
/// take: {2^a, 3 * 2^a} within [1, extent], and `extent` itself, ascending
/// ({2^a} and `extent` when `coarse`, for compact spaces). Non-divisors of
/// the extent are included on purpose (partial last tiles are legal).
SmallVector<int64_t> baseTileSizes(int64_t extent, bool coarse = false);

/// The search space of `op` on `target`. Fails through `emitError` (when
/// given) on a target that is not an ASM or when the engine cannot build a
/// tree (more than 2^64 - 1 configurations in one tree, or over
/// `opts.memoryLimit`).
FailureOr<SearchSpace>
buildSpace(mdh::ComputationOpInterface op, mdh_ll::TargetAttrInterface target,
           const SpaceOptions &opts = {},
           function_ref<InFlightDiagnostic()> emitError = {});

/// The configuration a point of the space of `op` on `target` stands for.
/// Parameters that the space does not tune take their fixed values (no copy,
/// identity layout, the level's only combine region, ...).
mdh_ll::Config configFromPoint(const Config &point,
                               mdh::ComputationOpInterface op,
                               mdh_ll::TargetAttrInterface target);

/// The point of `space` (built by buildSpace for `op` on `target`) for `c`,
/// after canonicalizing `c` (canonicalConfig). `space.contains` of the
/// result says whether `c` is in the space: a tile size outside the ranges
/// or a broken rule makes it fail.
Config pointFromConfig(const SearchSpace &space, mdh::ComputationOpInterface op,
                       mdh_ll::TargetAttrInterface target,
                       const mdh_ll::Config &c);

/// The default heuristic: a valid configuration of `op` on `target`,
/// canonical and in the space buildSpace returns, picked from the target's
/// facts (docs/tuning-parameters.md, "The heuristic"). `target` must
/// implement TargetAttrInterface (as for canonicalConfig; anything else is a
/// fatal usage error).
mdh_ll::Config defaultConfig(mdh::ComputationOpInterface op, Attribute target);

} // namespace mlir::mdh::tuning

#endif // MDH_TUNINGSPACE_MDHSPACE_H
