//===- Progress.cpp - The progress line of host tuning --------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Host/Progress.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir::mdh;

void ProgressLine::update(const tune::SearchState &state, double defaultCost) {
  if (!enabled)
    return;
  std::string line = "[mdh-tune] " + std::to_string(state.evaluations);
  if (abort.maxEvaluations)
    line += "/" + std::to_string(*abort.maxEvaluations);
  line += llvm::formatv(" evals, {0} failed", state.failures).str();
  if (std::isfinite(state.bestCost)) {
    line += llvm::formatv(", best {0:f3} ms", state.bestCost * 1e3).str();
    if (std::isfinite(defaultCost))
      line +=
          llvm::formatv(" ({0:f2}x over default)", defaultCost / state.bestCost)
              .str();
  }
  line += llvm::formatv(", {0:f1} s", state.elapsed).str();
  if (abort.maxSeconds)
    line += " / " + tune::formatSeconds(*abort.maxSeconds) + " s";
  if (terminal) {
    // Carriage return and erase to the end of the line.
    os << "\r\x1b[K" << line;
    drawn = true;
  } else {
    os << line << "\n";
  }
  os.flush();
}

void ProgressLine::finish() {
  if (drawn)
    os << "\n";
  drawn = false;
  os.flush();
}
