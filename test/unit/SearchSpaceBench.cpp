//===- SearchSpaceBench.cpp - Build a space shaped like CUDA MatMul -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A synthetic space of the shape the MDH MatMul 1024^3 CUDA space will have:
// three dimensions (i, j, k) times four levels (block, shared-memory tile,
// thread, register tile), each tile size from 20 values including
// non-divisors of 1024, nested per dimension (block >= shared >= thread >=
// register, no divisibility required), plus cross-dimension limits:
//   threads per block  prod_d ceil(shared_d / thread_d)  <= 1024
//   shared memory      (shared_i + shared_j) * shared_k * 4 bytes <= 48 KiB
//   accumulators       register_i * register_j <= 64
// It is built twice: "summarised" declares dimension after dimension and
// passes the cross-dimension quantities on as derived values; "raw" declares
// level after level and lets the constraints read the raw tile sizes. Both
// must have the same size. Prints sizes, build times, stored nodes and
// edges and the peak resident set size; times are printed, not asserted.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"
#include "mdh/TuningSpace/SearchSpace.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <array>
#include <chrono>
#include <fstream>
#include <random>
#include <string>

using namespace mlir::mdh::tuning;

static const std::vector<int64_t> tileSizes = {
    1,  2,  3,  4,   6,   8,   12,  16,  24,  32,
    48, 64, 96, 128, 192, 256, 384, 512, 768, 1024};

static const char *levelNames[] = {"block", "shared", "thread", "register"};

static std::string tile(int level, int dim) {
  return std::string(levelNames[level]) + "_" + "ijk"[dim];
}

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// Ids of the tile-size parameters, [level][dim]; the constraints read by
/// id, which avoids a name lookup per read in the hot loop of the build.
using TileIds = std::array<std::array<ParamId, 3>, 4>;

/// The tile of `level` in `dim`, at most the tile of the level above.
static void addNested(SearchSpaceBuilder &builder, TileIds &ids, int level,
                      int dim) {
  ParamId self = builder.addParameter(tile(level, dim), tileSizes);
  ids[level][dim] = self;
  if (level == 0)
    return;
  ParamId outer = ids[level - 1][dim];
  builder.addConstraint(
      {tile(level - 1, dim), tile(level, dim)},
      [=](const Config &c) { return c[self] <= c[outer]; }, "nesting");
}

static void declareSummarised(SearchSpaceBuilder &builder) {
  TileIds ids;
  ParamId sharedSum = 0, threads = 0;
  for (int dim = 0; dim < 3; ++dim) {
    for (int level = 0; level < 4; ++level) {
      addNested(builder, ids, level, dim);
      ParamId shared = ids[1][dim];
      if (level == 1 && dim == 1) {
        ParamId sharedI = ids[1][0];
        sharedSum = builder.addDerived(
            "shared_i+j", {tile(1, 0), tile(1, 1)},
            [=](const Config &c) { return c[sharedI] + c[shared]; });
      }
      if (level == 1 && dim == 2)
        builder.addConstraint(
            {"shared_i+j", tile(1, 2)},
            [=](const Config &c) {
              return c[sharedSum] * c[shared] * 4 <= 48 * 1024;
            },
            "shared memory");
      if (level == 2) {
        // Threads per block so far: a running product over dimensions.
        ParamId thread = ids[2][dim], previous = threads;
        std::string name = std::string("threads_") + "ijk"[dim];
        std::vector<std::string> deps = {tile(1, dim), tile(2, dim)};
        if (dim)
          deps.push_back(std::string("threads_") + "ijk"[dim - 1]);
        std::vector<llvm::StringRef> depRefs(deps.begin(), deps.end());
        threads = builder.addDerived(name, depRefs, [=](const Config &c) {
          int64_t here = ceilDiv(c[shared], c[thread]);
          return dim ? here * c[previous] : here;
        });
        ParamId current = threads;
        builder.addConstraint(
            {name}, [=](const Config &c) { return c[current] <= 1024; },
            "threads per block");
      }
      if (level == 3 && dim == 1) {
        ParamId regI = ids[3][0], regJ = ids[3][1];
        builder.addConstraint(
            {tile(3, 0), tile(3, 1)},
            [=](const Config &c) { return c[regI] * c[regJ] <= 64; },
            "accumulators");
      }
    }
  }
}

static void declareRaw(SearchSpaceBuilder &builder) {
  TileIds ids;
  for (int level = 0; level < 4; ++level)
    for (int dim = 0; dim < 3; ++dim)
      addNested(builder, ids, level, dim);
  builder.addConstraint(
      {tile(1, 0), tile(1, 1), tile(1, 2)},
      [=](const Config &c) {
        return (c[ids[1][0]] + c[ids[1][1]]) * c[ids[1][2]] * 4 <= 48 * 1024;
      },
      "shared memory");
  builder.addConstraint(
      {tile(1, 0), tile(1, 1), tile(1, 2), tile(2, 0), tile(2, 1), tile(2, 2)},
      [=](const Config &c) {
        int64_t threads = 1;
        for (int dim = 0; dim < 3; ++dim)
          threads *= ceilDiv(c[ids[1][dim]], c[ids[2][dim]]);
        return threads <= 1024;
      },
      "threads per block");
  builder.addConstraint(
      {tile(3, 0), tile(3, 1)},
      [=](const Config &c) { return c[ids[3][0]] * c[ids[3][1]] <= 64; },
      "accumulators");
}

/// The constraints, checked directly on a configuration.
static bool valid(const Config &c) {
  int64_t threads = 1;
  for (int dim = 0; dim < 3; ++dim) {
    for (int level = 1; level < 4; ++level)
      if (c[tile(level, dim)] > c[tile(level - 1, dim)])
        return false;
    threads *= ceilDiv(c[tile(1, dim)], c[tile(2, dim)]);
  }
  return threads <= 1024 &&
         (c[tile(1, 0)] + c[tile(1, 1)]) * c[tile(1, 2)] * 4 <= 48 * 1024 &&
         c[tile(3, 0)] * c[tile(3, 1)] <= 64;
}

static std::optional<SearchSpace>
buildAndReport(const char *variant, void (*declare)(SearchSpaceBuilder &)) {
  auto start = std::chrono::steady_clock::now();
  SearchSpaceBuilder builder;
  declare(builder);
  llvm::Expected<SearchSpace> space = builder.build();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!space) {
    llvm::errs() << variant << ": " << llvm::toString(space.takeError())
                 << "\n";
    ++mdh_test::failures();
    return std::nullopt;
  }
  llvm::outs() << variant << ": "
               << llvm::toString(space->size(), 10, /*Signed=*/false)
               << " configurations ("
               << llvm::format("%.3e", space->sizeAsDouble()) << ") in "
               << space->numTrees() << " tree(s); built in "
               << llvm::format("%.3f", seconds) << " s; " << space->numNodes()
               << " nodes, " << space->numEdges() << " edges, "
               << llvm::format("%.1f", space->memoryBytes() / 1048576.0)
               << " MiB of trees; peak RSS so far "
               << llvm::format("%.1f", mdh_test::peakRssKiB() / 1024.0)
               << " MiB\n";
  return std::move(*space);
}

static void checkDraws(const SearchSpace &space) {
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (int i = 0; i < 10000; ++i) {
    Config drawn = space.sample(rng);
    MDH_CHECK(valid(drawn));
    llvm::SmallVector<double> x;
    for (unsigned k = 0; k < space.dimension(); ++k)
      x.push_back(1.0 - uniform(rng));
    Config mapped = space.fromUnitCube(x);
    MDH_CHECK(valid(mapped));
    std::optional<uint64_t> index = space.toIndex64(mapped);
    MDH_CHECK(index && space.fromIndex(*index) == mapped);
  }
}

/// Without arguments both variants are built, one after the other (the peak
/// printed after the second covers both); `summarised` or `raw` builds one.
int main(int argc, char **argv) {
  llvm::StringRef only = argc > 1 ? argv[1] : "";
  llvm::outs() << "peak RSS before building: "
               << llvm::format("%.1f", mdh_test::peakRssKiB() / 1024.0)
               << " MiB\n";
  // The summarised space is released before the raw one is built.
  std::optional<llvm::APInt> summarisedSize;
  if (only.empty() || only == "summarised") {
    if (std::optional<SearchSpace> summarised =
            buildAndReport("summarised", declareSummarised)) {
      checkDraws(*summarised);
      summarisedSize = summarised->size();
    }
  }
  if (only.empty() || only == "raw") {
    std::optional<SearchSpace> raw = buildAndReport("raw", declareRaw);
    if (raw)
      checkDraws(*raw);
    if (summarisedSize && raw)
      MDH_CHECK(*summarisedSize == raw->size());
  }
  return mdh_test::failures() ? 1 : 0;
}
