//===- SearchSpaceSamplingTest.cpp - Uniform draws and the unit cube ------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Random draws and unit-cube points give valid configurations, every
// configuration is reachable from the unit cube, and both `sample` and
// `fromUnitCube` with uniform x are uniform (Pearson's chi-square test with
// fixed seeds against the 99.9% critical values).
//
//===----------------------------------------------------------------------===//

#include "SearchSpaceTestUtil.h"
#include "TestUtil.h"
#include "mdh/TuningSpace/SearchSpace.h"

#include <random>
#include <vector>

using namespace mlir::mdh::tuning;

using mdh_test::buildOrDie;

/// a, b in {1,2,4,8}, b <= a: 1 + 2 + 3 + 4 = 10 configurations. With
/// `withC`, an independent c in {1,2,3} in a second tree: 30.
static SearchSpace smallSpace(bool withC) {
  SearchSpaceBuilder builder;
  builder.addParameter("a", {1, 2, 4, 8});
  builder.addParameter("b", {1, 2, 4, 8}, {"a"},
                       [](const Config &c) { return c["b"] <= c["a"]; });
  if (withC)
    builder.addParameter("c", {1, 2, 3});
  return buildOrDie(builder);
}

/// Pearson's statistic of `draws` draws binned by configuration index,
/// against equal expected counts.
static double chiSquare(const SearchSpace &space, unsigned draws,
                        const std::function<Config()> &draw) {
  uint64_t size = *space.size64();
  std::vector<uint64_t> counts(size, 0);
  for (unsigned i = 0; i < draws; ++i) {
    Config config = draw();
    std::optional<uint64_t> index = space.toIndex64(config);
    MDH_CHECK(index.has_value());
    if (index)
      ++counts[*index];
  }
  double expected = double(draws) / size, statistic = 0;
  for (uint64_t count : counts)
    statistic += (count - expected) * (count - expected) / expected;
  return statistic;
}

/// A uniform point of (0,1]^dimension.
static llvm::SmallVector<double> unitPoint(const SearchSpace &space,
                                           std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  llvm::SmallVector<double> x;
  for (unsigned k = 0; k < space.dimension(); ++k)
    x.push_back(1.0 - uniform(rng)); // [0,1) -> (0,1]
  return x;
}

// Critical values of the chi-square distribution at 99.9%: 27.88 for 9
// degrees of freedom (10 configurations), 58.30 for 29 (30 configurations).
// With fixed seeds the statistics are deterministic for a given standard
// library.

static void testSampleIsUniform() {
  SearchSpace space = smallSpace(false);
  std::mt19937_64 rng(20240611);
  double statistic =
      chiSquare(space, 100000, [&] { return space.sample(rng); });
  llvm::outs() << "  sample, 10 configurations: chi2 = " << statistic
               << " (critical 27.88)\n";
  MDH_CHECK(statistic < 27.88);

  SearchSpace two = smallSpace(true);
  statistic = chiSquare(two, 100000, [&] { return two.sample(rng); });
  llvm::outs() << "  sample, 30 configurations in 2 trees: chi2 = " << statistic
               << " (critical 58.30)\n";
  MDH_CHECK(statistic < 58.30);
}

static void testUnitCubeIsUniform() {
  SearchSpace space = smallSpace(false);
  std::mt19937_64 rng(7);
  double statistic = chiSquare(
      space, 100000, [&] { return space.fromUnitCube(unitPoint(space, rng)); });
  llvm::outs() << "  fromUnitCube, 10 configurations: chi2 = " << statistic
               << " (critical 27.88)\n";
  MDH_CHECK(statistic < 27.88);

  SearchSpace two = smallSpace(true);
  statistic = chiSquare(two, 100000,
                        [&] { return two.fromUnitCube(unitPoint(two, rng)); });
  llvm::outs() << "  fromUnitCube, 30 configurations in 2 trees: chi2 = "
               << statistic << " (critical 58.30)\n";
  MDH_CHECK(statistic < 58.30);
}

static void testUnitCubeCoversEverything() {
  SearchSpace space = smallSpace(true);
  MDH_CHECK_EQ(space.dimension(), 3u);
  for (uint64_t i = 0; i < 30; ++i) {
    Config config = space.fromIndex(i);
    llvm::SmallVector<double> x = space.toUnitCube(config);
    MDH_CHECK_EQ(x.size(), 3u);
    MDH_CHECK(llvm::all_of(x, [](double v) { return v > 0 && v <= 1; }));
    MDH_CHECK(space.fromUnitCube(x) == config);
  }
  // The corners: x -> 0 gives the first leaf at every level, x = 1 the last
  // (a, b) = (1, 1) and (8, 8); coordinates outside (0,1] are clamped.
  Config first = space.fromUnitCube({1e-300, 0.0, -3.0});
  MDH_CHECK_EQ(space.toIndex64(first).value_or(99), 0u);
  Config last = space.fromUnitCube({1.0, 1.0, 7.0});
  MDH_CHECK_EQ(space.toIndex64(last).value_or(99), 29u);
  // ATF's weighting at the root: a's children have 1, 2, 3, 4 leaves, so
  // ceil(x * 10) in 1..1 -> a=1, 2..3 -> a=2, 4..6 -> a=4, 7..10 -> a=8.
  // (Points off the cell borders: 0.1 * 10 is a hair above 1 in binary.)
  MDH_CHECK_EQ(space.fromUnitCube({0.05, 1.0, 1.0})["a"], 1);
  MDH_CHECK_EQ(space.fromUnitCube({0.15, 1.0, 1.0})["a"], 2);
  MDH_CHECK_EQ(space.fromUnitCube({0.25, 1.0, 1.0})["a"], 2);
  MDH_CHECK_EQ(space.fromUnitCube({0.35, 1.0, 1.0})["a"], 4);
  MDH_CHECK_EQ(space.fromUnitCube({0.65, 1.0, 1.0})["a"], 8);
  // A configuration outside the space has no point.
  Config invalid = space.makeConfig();
  invalid.set("a", 1);
  invalid.set("b", 8);
  MDH_CHECK(space.toUnitCube(invalid).empty());
}

/// Three dimensions with three nested tile levels each (outer >= middle >=
/// inner) from a set with non-divisors, threads = prod ceil(middle/inner)
/// <= 64, summarised by derived values.
static void testDrawsSatisfyConstraints() {
  const std::vector<int64_t> tiles = {1, 2, 3, 4, 6, 8, 12, 16};
  SearchSpaceBuilder builder;
  std::string previousThreads;
  for (int d = 0; d < 3; ++d) {
    std::string outer = "outer" + std::to_string(d);
    std::string middle = "middle" + std::to_string(d);
    std::string inner = "inner" + std::to_string(d);
    std::string threads = "threads" + std::to_string(d);
    builder.addParameter(outer, tiles);
    builder.addParameter(middle, tiles, {outer}, [=](const Config &c) {
      return c[middle] <= c[outer];
    });
    builder.addParameter(inner, tiles, {middle}, [=](const Config &c) {
      return c[inner] <= c[middle];
    });
    std::vector<llvm::StringRef> deps = {middle, inner};
    if (d > 0)
      deps.push_back(previousThreads);
    std::string prev = previousThreads;
    builder.addDerived(threads, deps, [=](const Config &c) {
      int64_t here = (c[middle] + c[inner] - 1) / c[inner];
      return prev.empty() ? here : here * c[prev];
    });
    builder.addConstraint(
        {threads}, [=](const Config &c) { return c[threads] <= 64; },
        "threads per block");
    previousThreads = threads;
  }
  SearchSpace space = buildOrDie(builder);
  MDH_CHECK(!space.empty());
  MDH_CHECK_EQ(space.numTrees(), 1u);

  auto valid = [](const Config &c) {
    int64_t threads = 1;
    for (int d = 0; d < 3; ++d) {
      std::string s = std::to_string(d);
      int64_t outer = c["outer" + s], middle = c["middle" + s],
              inner = c["inner" + s];
      if (middle > outer || inner > middle)
        return false;
      threads *= (middle + inner - 1) / inner;
    }
    return threads <= 64 && c["threads2"] == threads;
  };
  std::mt19937_64 rng(1);
  for (int i = 0; i < 20000; ++i) {
    Config drawn = space.sample(rng);
    MDH_CHECK(valid(drawn) && space.contains(drawn));
    Config mapped = space.fromUnitCube(unitPoint(space, rng));
    MDH_CHECK(valid(mapped) && space.contains(mapped));
  }
}

int main() {
  MDH_RUN(testSampleIsUniform);
  MDH_RUN(testUnitCubeIsUniform);
  MDH_RUN(testUnitCubeCoversEverything);
  MDH_RUN(testDrawsSatisfyConstraints);
  return mdh_test::failures() ? 1 : 0;
}
