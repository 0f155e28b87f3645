//===- Abort.h - Abort conditions of mdh-tune -------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNE_ABORT_H
#define MDH_TUNE_ABORT_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::mdh::tune {

/// Combinable abort conditions: the search stops as soon as one holds.
struct AbortConditions {
  /// Evaluations (successful or failed; answers from the duplicate cache do
  /// not count).
  std::optional<uint64_t> maxEvaluations;
  /// Wall time of the search in seconds.
  std::optional<double> maxSeconds;
  /// Evaluations in a row without a new best.
  std::optional<uint64_t> stall;

  bool any() const { return maxEvaluations || maxSeconds || stall; }
  /// The reason to stop, or std::nullopt to go on.
  std::optional<std::string> check(uint64_t evaluations, double seconds,
                                   uint64_t sinceImprovement) const;
  /// "200 evals, 60 s, stall 50" for logs.
  std::string str() const;
};

/// Parses a budget: `60s`, `5m`, `1h`, `2.5s` (wall time) or `200` (a number
/// of evaluations) into `conditions`. Returns an error message, or "" on
/// success.
std::string parseBudget(llvm::StringRef text, AbortConditions &conditions);

/// Seconds for people: "60" for whole seconds, else "2.5" (one decimal,
/// three below a second).
std::string formatSeconds(double seconds);

/// Parses a duration (`30`, `30s`, `5m`, `1h`, `250ms`) in seconds; returns
/// std::nullopt when malformed or not positive.
std::optional<double> parseDuration(llvm::StringRef text);

} // namespace mlir::mdh::tune

#endif // MDH_TUNE_ABORT_H
