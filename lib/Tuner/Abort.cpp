//===- Abort.cpp - Abort conditions and budgets of mdh-tune ---------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Abort.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir::mdh::tune;

std::optional<std::string>
AbortConditions::check(uint64_t evaluations, double seconds,
                       uint64_t sinceImprovement) const {
  if (maxEvaluations && evaluations >= *maxEvaluations)
    return llvm::formatv("{0} evaluations done", evaluations).str();
  if (maxSeconds && seconds >= *maxSeconds)
    return "time budget of " + formatSeconds(*maxSeconds) + " s spent";
  if (stall && sinceImprovement >= *stall)
    return llvm::formatv("no improvement in {0} evaluations", sinceImprovement)
        .str();
  return std::nullopt;
}

std::string AbortConditions::str() const {
  std::string s;
  auto add = [&](const std::string &part) {
    s += s.empty() ? part : ", " + part;
  };
  if (maxEvaluations)
    add(llvm::formatv("{0} evals", *maxEvaluations).str());
  if (maxSeconds)
    add(formatSeconds(*maxSeconds) + " s");
  if (stall)
    add(llvm::formatv("stall {0}", *stall).str());
  return s.empty() ? "none" : s;
}

std::string mlir::mdh::tune::formatSeconds(double seconds) {
  if (seconds == std::floor(seconds) && seconds < 1e15)
    return std::to_string(static_cast<int64_t>(seconds));
  return llvm::formatv(seconds < 1 ? "{0:f3}" : "{0:f1}", seconds).str();
}

std::optional<double> mlir::mdh::tune::parseDuration(llvm::StringRef text) {
  double scale = 1;
  if (text.consume_back("ms"))
    scale = 1e-3;
  else if (text.consume_back("s"))
    scale = 1;
  else if (text.consume_back("m"))
    scale = 60;
  else if (text.consume_back("h"))
    scale = 3600;
  double value;
  // getAsDouble accepts "inf" and "nan"; neither is a duration.
  if (text.empty() || text.getAsDouble(value) || !std::isfinite(value) ||
      value <= 0)
    return std::nullopt;
  return value * scale;
}

std::string mlir::mdh::tune::parseBudget(llvm::StringRef text,
                                         AbortConditions &conditions) {
  uint64_t evals;
  if (!text.getAsInteger(10, evals)) {
    if (evals == 0)
      return "a budget of evaluations must be at least 1";
    conditions.maxEvaluations = evals;
    return "";
  }
  std::optional<double> seconds = parseDuration(text);
  if (!seconds)
    return ("malformed budget '" + text +
            "'; expected a number of evaluations (200) or a time (60s, 5m, "
            "1h)")
        .str();
  conditions.maxSeconds = *seconds;
  return "";
}
