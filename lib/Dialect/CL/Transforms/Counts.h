//===- Counts.h - What a CL-IR optimization changed, per function -*- C++ -*-//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to the CL-IR optimizations. Pass statistics are compiled out of
// Debian's release MLIR, so each pass also counts its changes per kernel
// function and, with `report=true`, says them in a remark on the function:
// tests and the ablation benchmark read these.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_DIALECT_CL_TRANSFORMS_COUNTS_H
#define MDH_LIB_DIALECT_CL_TRANSFORMS_COUNTS_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"

namespace mlir::mdh_cl {

class Counts {
public:
  /// Counts `n` changes at `op` (in its function).
  void add(Operation *op, uint64_t n = 1) {
    Operation *func = op->getParentOfType<FunctionOpInterface>();
    counts[func ? func : op] += n;
  }

  /// Adds the total to `statistic`, and emits "<pass>: <n> <what>" on every
  /// function that changed when `report` is set.
  void finish(llvm::Statistic &statistic, bool report, StringRef pass,
              StringRef what) {
    for (auto [func, n] : counts)
      statistic += n;
    remark(report, pass, what);
  }

  /// The remarks of `finish` alone, for counts that are no statistic.
  void remark(bool report, StringRef pass, StringRef what) {
    if (!report)
      return;
    for (auto [func, n] : counts)
      func->emitRemark() << pass << ": " << n << " " << what;
  }

private:
  llvm::MapVector<Operation *, uint64_t> counts;
};

} // namespace mlir::mdh_cl

#endif // MDH_LIB_DIALECT_CL_TRANSFORMS_COUNTS_H
