//===- Search.cpp - The search loop of mdh-tune ---------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Search.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cmath>

using namespace mlir::mdh;
using namespace mlir::mdh::tune;

/// Proposals in a row that only repeat evaluated configurations before the
/// search gives up (a technique stuck in a region it has fully explored).
static constexpr uint64_t kMaxRepeatsInARow = 20000;

std::optional<SearchResult>
mlir::mdh::tune::runSearch(const tuning::SearchSpace &space,
                           Objective objective, const SearchOptions &options,
                           std::string &error) {
  if (space.empty()) {
    error = "the search space is empty";
    return std::nullopt;
  }
  std::unique_ptr<Technique> technique =
      createTechnique(options.technique, space.dimension(), options.seed);
  if (!technique) {
    error = "unknown search technique '" + options.technique + "'";
    return std::nullopt;
  }

  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  SearchResult result;
  SearchState state;
  // Costs of the configurations evaluated so far, by index in the space.
  llvm::StringMap<double> seen;
  std::optional<uint64_t> spaceSize = space.size64();
  uint64_t sinceImprovement = 0, repeatsInARow = 0;
  auto isInterrupted = [&] {
    return options.interrupted && *options.interrupted;
  };
  auto keyOf = [&](const tuning::Config &config) {
    llvm::SmallString<32> key;
    space.toIndex(config)->toStringUnsigned(key);
    return std::string(key);
  };

  // Evaluates a configuration not seen before; false when interrupted.
  auto evaluate = [&](const tuning::Config &config, llvm::StringRef who,
                      const std::string &key) -> std::optional<double> {
    EvalResult r = objective(config);
    // A child killed by the user's Ctrl-C is no failure of the candidate.
    if (isInterrupted() || r.status == EvalStatus::Interrupted) {
      result.interrupted = true;
      return std::nullopt;
    }
    Evaluation e;
    e.index = result.evaluations.size() + 1;
    e.technique = who.str();
    e.config = config;
    e.result = std::move(r);
    e.elapsed = elapsed();
    double cost = e.result.cost();
    e.newBest = e.result.ok() && cost < result.bestCost;
    if (e.newBest) {
      result.bestCost = cost;
      result.best = config;
      sinceImprovement = 0;
    } else {
      ++sinceImprovement;
    }
    if (!e.result.ok())
      ++result.failures;
    seen[key] = cost;
    state.evaluations = e.index;
    state.failures = result.failures;
    state.bestCost = result.bestCost;
    state.elapsed = e.elapsed;
    result.evaluations.push_back(std::move(e));
    if (options.onEvaluation)
      options.onEvaluation(result.evaluations.back(), state);
    return cost;
  };

  auto stopReason = [&]() -> std::optional<std::string> {
    if (isInterrupted()) {
      result.interrupted = true;
      return std::string("interrupted");
    }
    if (spaceSize && seen.size() >= *spaceSize)
      return llvm::formatv("all {0} configurations evaluated", *spaceSize)
          .str();
    return options.abort.check(result.evaluations.size(), elapsed(),
                               sinceImprovement);
  };

  for (const tuning::Config &config : options.initial) {
    if (!space.contains(config))
      continue;
    if (std::optional<std::string> reason = stopReason()) {
      result.stopReason = *reason;
      break;
    }
    std::string key = keyOf(config);
    if (seen.count(key))
      continue;
    std::optional<double> cost = evaluate(config, "default", key);
    if (!cost)
      break;
    technique->observe(space.toUnitCube(config), *cost);
  }

  while (result.stopReason.empty() && !result.interrupted) {
    if (std::optional<std::string> reason = stopReason()) {
      result.stopReason = *reason;
      break;
    }
    Point point = technique->propose();
    tuning::Config config = space.fromUnitCube(point);
    std::string key = keyOf(config);
    auto it = seen.find(key);
    if (it != seen.end()) {
      ++result.repeats;
      technique->report(point, it->second);
      if (++repeatsInARow >= kMaxRepeatsInARow) {
        result.stopReason =
            llvm::formatv("{0} proposals in a row repeated evaluated "
                          "configurations",
                          repeatsInARow)
                .str();
        break;
      }
      continue;
    }
    repeatsInARow = 0;
    std::optional<double> cost = evaluate(config, technique->proposer(), key);
    if (!cost)
      break;
    technique->report(point, *cost);
  }
  if (result.interrupted)
    result.stopReason = "interrupted";
  result.seconds = elapsed();
  return result;
}
