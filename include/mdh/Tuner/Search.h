//===- Search.h - The search loop of mdh-tune -------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Drives one technique over a chain-of-trees space: maps its unit-cube
// points to configurations, answers repeated configurations from a table
// (they cost no evaluation), evaluates new ones through an objective, and
// stops at the first abort condition, on an interrupt, or when every
// configuration of the space has been evaluated.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNE_SEARCH_H
#define MDH_TUNE_SEARCH_H

#include "mdh/Tuner/Abort.h"
#include "mdh/Tuner/Evaluator.h"
#include "mdh/TuningSpace/SearchSpace.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <csignal>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir::mdh::tune {

/// One evaluation of the search.
struct Evaluation {
  /// 1-based number of the evaluation.
  uint64_t index = 0;
  /// Seconds since the search started, when the evaluation ended.
  double elapsed = 0;
  /// The technique that proposed it ("default" for initial configurations).
  std::string technique;
  tuning::Config config;
  EvalResult result;
  /// It is the best so far.
  bool newBest = false;
};

/// Where the search stands, for progress lines.
struct SearchState {
  uint64_t evaluations = 0;
  uint64_t failures = 0;
  double bestCost = kFailedCost;
  double elapsed = 0;
};

struct SearchOptions {
  /// A name of techniqueNames().
  std::string technique = "bandit";
  uint64_t seed = 1;
  AbortConditions abort;
  /// Evaluated first, in order, and shown to the technique (the default
  /// heuristic's configuration); configurations outside the space are
  /// skipped.
  std::vector<tuning::Config> initial;
  /// Called after every evaluation (logs, progress lines).
  std::function<void(const Evaluation &, const SearchState &)> onEvaluation;
  /// Set by a SIGINT handler; the search stops before the next evaluation.
  const volatile std::sig_atomic_t *interrupted = nullptr;
};

struct SearchResult {
  /// The fastest successful configuration, if any succeeded.
  std::optional<tuning::Config> best;
  double bestCost = kFailedCost;
  /// Every evaluation, in order.
  std::vector<Evaluation> evaluations;
  uint64_t failures = 0;
  /// Proposals answered from the table of evaluated configurations.
  uint64_t repeats = 0;
  double seconds = 0;
  /// Why the search stopped.
  std::string stopReason;
  bool interrupted = false;
};

using Objective = llvm::function_ref<EvalResult(const tuning::Config &)>;

/// Runs the search. Fails with a message only for an unknown technique or an
/// empty space.
std::optional<SearchResult> runSearch(const tuning::SearchSpace &space,
                                      Objective objective,
                                      const SearchOptions &options,
                                      std::string &error);

} // namespace mlir::mdh::tune

#endif // MDH_TUNE_SEARCH_H
