//===- BankConflicts.h - Shared-memory traffic of GPU CL-IR -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to the CL-IR passes: the model of `--mdh-cl-bank-conflicts`
// (Passes.td has its rules), also used by `--mdh-cl-pad-shared-tiles` to
// judge a padding.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_DIALECT_CL_TRANSFORMS_BANKCONFLICTS_H
#define MDH_LIB_DIALECT_CL_TRANSFORMS_BANKCONFLICTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <optional>

namespace mlir::mdh_cl {

/// The shared-memory accesses of one function, per thread (weighted by the
/// trip counts of their loops), and the wavefronts of a warp they take.
struct SharedTraffic {
  int64_t accesses = 0;
  int64_t wavefronts = 0;
  /// Wavefronts without bank conflicts.
  int64_t ideal = 0;
  /// Accesses (per thread) that take more wavefronts than `ideal`.
  int64_t conflicted = 0;
  /// Accesses whose addresses could not be evaluated.
  int64_t unknown = 0;
};

/// The shared-memory traffic of `func`'s kernels; nullopt unless it has a
/// `cuda` or `hip` target. With `remarks`, says each conflicted access and
/// the totals in remarks.
std::optional<SharedTraffic> analyzeSharedTraffic(func::FuncOp func,
                                                  bool remarks);

} // namespace mlir::mdh_cl

#endif // MDH_LIB_DIALECT_CL_TRANSFORMS_BANKCONFLICTS_H
