//===- Progress.h - The progress line of host tuning ------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNER_HOST_PROGRESS_H
#define MDH_TUNER_HOST_PROGRESS_H

#include "mdh/Tuner/Abort.h"
#include "mdh/Tuner/Search.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::mdh {

/// One line, redrawn after every evaluation on a terminal (one line per
/// evaluation otherwise, when asked for with --progress):
///
///   [mdh-tune] 23/200 evals, 2 failed, best 1.234 ms (1.83x over default),
///   12.3 s / 60 s
class ProgressLine {
public:
  ProgressLine(llvm::raw_ostream &os, bool enabled, bool terminal,
               const tune::AbortConditions &abort)
      : os(os), enabled(enabled), terminal(terminal), abort(abort) {}

  void update(const tune::SearchState &state, double defaultCost);
  /// Ends the redrawn line.
  void finish();

private:
  llvm::raw_ostream &os;
  bool enabled, terminal;
  tune::AbortConditions abort;
  bool drawn = false;
};

} // namespace mlir::mdh

#endif // MDH_TUNER_HOST_PROGRESS_H
