//===- TechniqueTest.cpp - Search techniques on a synthetic space ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Every technique of mdh-tune on a large chain-of-trees space with a known
// cost function (a bowl in log space with ridges and interdependent
// parameters) and a small budget: over 11 seeds its median best cost must
// beat random search with the same budget, and the AUC bandit must be at
// least as good as the best of its members. Everything is seeded, so the
// test is deterministic.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Search.h"
#include "mdh/TuningSpace/SearchSpace.h"

#include "../SearchSpaceTestUtil.h"
#include "../TestUtil.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace mlir::mdh;
using namespace mlir::mdh::tune;
using tuning::Config;
using tuning::SearchSpace;
using tuning::SearchSpaceBuilder;

/// Tile-like sizes {2^a, 3 * 2^a} up to 4096.
static llvm::SmallVector<int64_t> tileRange() {
  llvm::SmallVector<int64_t> r;
  for (int64_t p = 1; p <= 4096; p *= 2) {
    r.push_back(p);
    if (3 * p <= 4096 && p >= 1)
      r.push_back(3 * p);
  }
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  return r;
}

/// Eight parameters in three trees: nested tile sizes a >= b >= c, a pair
/// (u, v) that excludes u + v divisible by 3, a free w, and "threads" x, y
/// with x * y <= 256.
static SearchSpace buildSyntheticSpace() {
  SearchSpaceBuilder b;
  auto tiles = tileRange();
  b.addParameter("a", tiles);
  b.addParameter("b", tiles, {"a"},
                 [](const Config &c) { return c["b"] <= c["a"]; });
  b.addParameter("c", tiles, {"b"},
                 [](const Config &c) { return c["c"] <= c["b"]; });
  llvm::SmallVector<int64_t> sixteen, eight, pow2;
  for (int64_t i = 0; i < 16; ++i)
    sixteen.push_back(i);
  for (int64_t i = 0; i < 8; ++i)
    eight.push_back(i);
  for (int64_t p = 1; p <= 128; p *= 2)
    pow2.push_back(p);
  b.addParameter("u", sixteen);
  b.addParameter("v", sixteen, {"u"},
                 [](const Config &c) { return (c["u"] + c["v"]) % 3 != 0; });
  b.addParameter("w", eight);
  b.addParameter("x", pow2);
  b.addParameter("y", pow2, {"x"},
                 [](const Config &c) { return c["x"] * c["y"] <= 256; });
  return mdh_test::buildOrDie(b);
}

/// The known cost: minimal (1.0) at a = 768, b = 96, c = 6, u = 11, v = 3,
/// w = 5, x = 16, y = 8 (u + v = 14 is allowed); a ridge makes every u = 1
/// mod 4 expensive.
static double syntheticCost(const Config &c) {
  auto sq = [](double x) { return x * x; };
  auto lg = [](int64_t v) { return std::log2(double(v)); };
  double cost = 1.0;
  cost += sq(lg(c["a"]) - lg(768)) / 4;
  cost += sq(lg(c["b"]) - lg(96)) / 2;
  cost += sq(lg(c["c"]) - lg(6));
  cost += (sq(c["u"] - 11) + sq(c["v"] - 3)) / 16.0;
  cost += 0.5 * std::abs(c["w"] - 5);
  cost += sq(lg(c["x"]) - 4) / 2 + sq(lg(c["y"]) - 3) / 2;
  if (c["u"] % 4 == 1)
    cost += 1.5;
  return cost;
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

static constexpr unsigned kSeeds = 11;
static constexpr uint64_t kBudget = 80;

/// The best cost per seed of `technique` with kBudget evaluations.
static std::vector<double> bestCosts(const SearchSpace &space,
                                     llvm::StringRef technique) {
  std::vector<double> costs;
  for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
    SearchOptions options;
    options.technique = technique.str();
    options.seed = seed;
    options.abort.maxEvaluations = kBudget;
    std::string error;
    auto result = runSearch(
        space,
        [](const Config &c) {
          EvalResult r;
          r.seconds = syntheticCost(c);
          return r;
        },
        options, error);
    MDH_CHECK(result.has_value());
    if (!result)
      return {};
    MDH_CHECK_EQ(result->evaluations.size(), kBudget);
    MDH_CHECK(result->best.has_value() && space.contains(*result->best));
    // The best is the minimum of what was evaluated.
    double minimum = kFailedCost;
    for (const Evaluation &e : result->evaluations)
      minimum = std::min(minimum, e.result.cost());
    MDH_CHECK_EQ(result->bestCost, minimum);
    costs.push_back(result->bestCost);
  }
  return costs;
}

static void testTechniquesBeatRandom() {
  SearchSpace space = buildSyntheticSpace();
  // Large enough that 80 evaluations see a vanishing fraction of it.
  MDH_CHECK(space.sizeAsDouble() > 1e7);
  double random = median(bestCosts(space, "random"));
  double members = kFailedCost;
  for (llvm::StringRef name : {"annealing", "pattern", "bandit"}) {
    double m = median(bestCosts(space, name));
    llvm::outs() << llvm::formatv("  {0,-10} median best {1:f3} (random "
                                  "{2:f3})\n",
                                  name, m, random);
    MDH_CHECK(m < random);
    if (name != "bandit")
      members = std::min(members, m);
    else
      MDH_CHECK(m <= members);
  }
}

/// The same seed gives the same search.
static void testDeterministic() {
  SearchSpace space = buildSyntheticSpace();
  for (llvm::StringRef name : techniqueNames()) {
    MDH_CHECK(bestCosts(space, name) == bestCosts(space, name));
  }
}

static void testUnknownTechnique() {
  SearchSpace space = buildSyntheticSpace();
  SearchOptions options;
  options.technique = "gradient";
  std::string error;
  auto result = runSearch(
      space, [](const Config &) { return EvalResult(); }, options, error);
  MDH_CHECK(!result);
  MDH_CHECK_EQ(error, std::string("unknown search technique 'gradient'"));
}

int main() {
  MDH_RUN(testTechniquesBeatRandom);
  MDH_RUN(testDeterministic);
  MDH_RUN(testUnknownTechnique);
  return mdh_test::failures() ? 1 : 0;
}
