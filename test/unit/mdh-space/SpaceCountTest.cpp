//===- SpaceCountTest.cpp - Sizes of tiny tuning spaces -------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The sizes of tiny spaces, counted on paper in the comments (not with the
// space's code), and an exhaustive cross-check: every configuration of a
// tiny computation is enumerated, checked with verifyConfig, and the valid
// canonical ones counted; the count must match the space, and every valid
// configuration must map into the space. The heuristic's tile sizes are
// left out of the ranges (includeHeuristic = false) so that the ranges are
// exactly baseTileSizes.
//
//===----------------------------------------------------------------------===//

#include "SpaceTestSupport.h"
#include "TestUtil.h"

#include "mdh/TuningSpace/MDHSpace.h"

#include "mlir/IR/Diagnostics.h"

#include <functional>
#include <random>

using namespace mlir;
using namespace mlir::mdh::tuning;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;
using mdh_ll::Layout;

namespace {
/// A 1-D copy y[i] = x[i] of `n` elements (combine cc) or a 1-D sum
/// r = sum_i x[i] (pw(add)).
std::string oneDim(int n, bool reduce) {
  std::string size = std::to_string(n);
  std::string x = "memref<" + size + "xf32>";
  std::string out = reduce ? "memref<f32>" : x;
  std::string outMap =
      reduce ? "affine_map<(i) -> ()>" : "affine_map<(i) -> (i)>";
  return "func.func @f(%x: " + x + ", %y: " + out + ") {\n" +
         "  mdh.compute \"k\" sizes(" + size + ") combine(" +
         (reduce ? "pw(add)" : "cc") + ")\n" + "      ins(%x : " + x +
         " [affine_map<(i) -> (i)>])\n" + "      outs(%y : " + out + " [" +
         outMap + "]) {\n" + "  ^bb0(%v: f32):\n" +
         "    mdh.yield %v : f32\n  }\n  return\n}\n";
}

/// y[i, j] = x[i, j] over 2 x 2 (two cc dimensions, a rank-2 input).
const char *kCopy2x2 = R"mlir(
func.func @f(%x: memref<2x2xf32>, %y: memref<2x2xf32>) {
  mdh.compute "k" sizes(2, 2) combine(cc, cc)
      ins(%x : memref<2x2xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<2x2xf32> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
)mlir";

/// w[i] = sum_k M[i, k] over 2 x 2 (cc, pw(add)).
const char *kMatvec2x2 = R"mlir(
func.func @f(%m: memref<2x2xf32>, %w: memref<2xf32>) {
  mdh.compute "k" sizes(2, 2) combine(cc, pw(add))
      ins(%m : memref<2x2xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%w : memref<2xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
)mlir";

struct Fixture {
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  mdh::ComputeOp op;
  mdh_ll::TargetAttrInterface target;

  Fixture(StringRef source, StringRef spec) {
    mdh_test::loadDialects(context);
    op = mdh_test::parseKernel(context, source, module);
    target = mdh_test::target(context, spec);
  }

  /// The size of the space, or 0 when it cannot be built.
  uint64_t size() {
    if (!op || !target)
      return 0;
    SpaceOptions opts;
    opts.includeHeuristic = false;
    FailureOr<SearchSpace> space = buildSpace(op, target, opts);
    if (failed(space))
      return 0;
    return space->size64().value_or(0);
  }
};

uint64_t sizeOf(StringRef source, StringRef spec) {
  return Fixture(source, spec).size();
}
} // namespace

// A 1-D copy of 3 elements on openmp.
//  - tiles: non-increasing sequences tiles[0] >= .. >= tiles[3] over
//    {1, 2, 3}: C(3 + 4 - 1, 4) = 15; 10 of them have tiles[0] = 3.
//  - assignment[0][0]: fixed to x when tiles[0] = 3 (one thread), else
//    x, y or z: 10 * 1 + 5 * 3 = 25.
//  - accumulators: at most 3 lanes, far below 96: no constraint.
//  - input copies on l2_tile and l1_tile: in_place or packed, 2 * 2 = 4
//    (rank 1: no layouts).
//  - assignment_kind[0]: blocked or strided, 2. No orders (one dimension).
// 25 * 4 * 2 = 200.
static void testCopy3OpenMP() {
  MDH_CHECK_EQ(sizeOf(oneDim(3, false), "openmp"), 200u);
}

// A 1-D copy of 2 elements on cuda. Tile sequences over {1, 2}: 2222, 2221,
// 2211, 2111, 1111. assignment[0][0] is free (3) only for 1111 (two
// blocks); assignment[2][0] only for 2211 (two threads):
// 1 + 1 + 3 + 1 + 3 = 9. Copies: shared tile in_place/shared, register tile
// in_place/register: 4. Kinds of blocks and threads: 4. No pw dimension,
// so no combine region and no combine reserve; at most 2 threads, 2
// registers and 16 bytes: no limit binds. 9 * 4 * 4 = 144.
static void testCopy2CUDA() {
  MDH_CHECK_EQ(sizeOf(oneDim(2, false), "cuda:sm_90"), 144u);
}

// A 1-D sum of 2 elements on cuda: as above, but 2211 splits the pw
// dimension over 2 threads, so its partial results are combined in shared
// memory or, as 2 threads are within a warp, in registers: 2211 counts
// 3 * 2 = 6. 1 + 1 + 6 + 1 + 3 = 12; * 4 copies * 4 kinds = 192.
static void testSum2CUDA() {
  MDH_CHECK_EQ(sizeOf(oneDim(2, true), "cuda:sm_90"), 192u);
}

// The copy of 2 on cuda with 4 bytes of shared memory: a shared copy must
// hold one float, so tiles[1] = 1: of the sequences only 2111 (1) and
// 1111 (3) remain, 4 instead of 9. (9 + 4) * 2 register copies * 4 kinds
// = 104.
static void testSharedLimit() {
  MDH_CHECK_EQ(sizeOf(oneDim(2, false), "cuda:sm_90,shared_memory_per_block=4,"
                                        "max_shared_memory_per_block=4"),
               104u);
}

// The copy of 2 on cuda with one thread per block: tiles[2] = tiles[1],
// so 2211 is gone and assignment[2] is always fixed: 2222, 2221, 2111 (1
// each) and 1111 (3): 6 * 4 copies * 4 kinds = 96.
static void testThreadLimit() {
  MDH_CHECK_EQ(sizeOf(oneDim(2, false), "cuda:sm_90,max_threads_per_block=1"),
               96u);
}

// The copy of 2 on cuda with 2 registers per thread: the register tile may
// use 1, which its one accumulator takes already: tiles[3] = 1 and no
// register copy. Sequences ending in 1: 2221 (1), 2211 (3), 2111 (1),
// 1111 (3) = 8; * 2 shared copies * 4 kinds = 64.
static void testRegisterLimit() {
  MDH_CHECK_EQ(sizeOf(oneDim(2, false), "cuda:sm_90,registers_per_thread=2"),
               64u);
}

// A 2 x 2 copy on openmp. Per dimension 5 sequences, with the assignment
// free (3) for 1111 only: 7; two dimensions: 49. Orders: per level the
// second dimension goes before or after the first, 2^4 = 16. The rank-2
// input on l2_tile and l1_tile: in_place, or packed with an identity, a
// transposed or a panels layout, 4 * 4 = 16. Kind: 2. 49 * 16 * 16 * 2 =
// 25088.
static void testCopy2x2OpenMP() {
  MDH_CHECK_EQ(sizeOf(kCopy2x2, "openmp"), 25088u);
}

//===----------------------------------------------------------------------===//
// Exhaustive agreement with the verifier
//===----------------------------------------------------------------------===//

/// Enumerates every configuration of `source` on `spec` with identity
/// orders, blocked kinds and identity layouts (those are independent of the
/// rest or fixed by it, and counted by formula), checks each with
/// verifyConfig, and compares the count of valid canonical ones with the
/// space. Every valid configuration must map into the space.
static void checkExhaustive(StringRef source, StringRef spec) {
  Fixture f(source, spec);
  MDH_CHECK(f.op && f.target);
  if (!f.op || !f.target)
    return;
  SpaceOptions opts;
  opts.includeHeuristic = false;
  FailureOr<SearchSpace> space = buildSpace(f.op, f.target, opts);
  MDH_CHECK(succeeded(space));
  if (failed(space))
    return;
  // Diagnostics of rejected configurations are expected; drop them.
  ScopedDiagnosticHandler quiet(&f.context, [](Diagnostic &) {});

  unsigned numDims = f.op.getNumDims();
  unsigned numInputs = f.op.getIns().size(), numOutputs = f.op.getOuts().size();
  ArrayRef<mdh_ll::Level> levels = f.target.getLevels();
  auto parallel = [&](unsigned l) {
    return levels[l].kind == mdh_ll::LevelKind::parallel;
  };
  StringRef name = f.target.getTargetName();

  // The choices of every enumerated field, as a list of setters.
  mdh_ll::Config c;
  SmallVector<std::function<void(int64_t)>> set;
  SmallVector<SmallVector<int64_t>> choices;
  for (unsigned l = 0; l < mdh_ll::kNumLevels; ++l) {
    c.tiles[l].assign(numDims, 1);
    for (unsigned d = 0; d < numDims; ++d) {
      c.orders[l].push_back(d);
      set.push_back([&c, l, d](int64_t v) { c.tiles[l][d] = v; });
      choices.push_back(baseTileSizes(f.op.getSizes()[d]));
    }
    if (!parallel(l))
      continue;
    c.assignment[l].assign(numDims, 0);
    for (unsigned d = 0; d < numDims; ++d) {
      set.push_back([&c, l, d](int64_t v) { c.assignment[l][d] = v; });
      choices.push_back({0, 1, 2});
    }
  }
  c.inputRegions.assign(numInputs, {});
  c.inputLayouts.assign(numInputs, {});
  for (unsigned i = 0; i < numInputs; ++i)
    for (unsigned l = 0; l < mdh_ll::kNumLevels; ++l) {
      SmallVector<int64_t> legal;
      for (InputRegion r : {InputRegion::InPlace, InputRegion::Packed,
                            InputRegion::Shared, InputRegion::Register})
        if (mdh_ll::isLegalInputRegion(name, l, r))
          legal.push_back(int64_t(r));
      set.push_back(
          [&c, i, l](int64_t v) { c.inputRegions[i][l] = InputRegion(v); });
      choices.push_back(legal);
    }
  c.outputRegions.assign(numOutputs, {});
  for (unsigned o = 0; o < numOutputs; ++o)
    for (unsigned l = 0; l < mdh_ll::kNumLevels; ++l) {
      set.push_back(
          [&c, o, l](int64_t v) { c.outputRegions[o][l] = CombineRegion(v); });
      choices.push_back({int64_t(CombineRegion::Register),
                         int64_t(CombineRegion::Shared),
                         int64_t(CombineRegion::Device)});
    }

  // Layouts of copies of rank-2 inputs are free: identity or transposed,
  // and panels on openmp (rotated, of rank 3 or more, is not enumerated).
  uint64_t perCopy =
      mdh_ll::isLegalLayout(name, mdh_ll::Layout::Panels) ? 3 : 2;
  auto layoutChoices = [&]() {
    uint64_t n = 1;
    for (unsigned i = 0; i < numInputs; ++i) {
      auto type = cast<MemRefType>(f.op.getIns()[i].getType());
      MDH_CHECK(type.getRank() <= 2);
      for (unsigned l = 0; l < mdh_ll::kNumLevels; ++l)
        if (type.getRank() >= 2 && c.inputRegions[i][l] != InputRegion::InPlace)
          n *= perCopy;
    }
    return n;
  };

  uint64_t count = 0, configs = 0;
  bool allInSpace = true;
  std::function<void(unsigned)> walk = [&](unsigned k) {
    if (k < set.size()) {
      for (int64_t v : choices[k]) {
        set[k](v);
        walk(k + 1);
      }
      return;
    }
    ++configs;
    if (failed(verifyConfig(f.op, f.target, c, [&] {
          return emitError(UnknownLoc::get(&f.context));
        })))
      return;
    Config point = pointFromConfig(*space, f.op, f.target, c);
    allInSpace &= space->contains(point);
    if (configFromPoint(point, f.op, f.target) == c)
      count += layoutChoices();
  };
  walk(0);
  MDH_CHECK(allInSpace);

  // Orders: (k!)^4 for the k dimensions of extent > 1; kinds: 2 per
  // parallel level.
  uint64_t orders = 1, kinds = 1, perLevel = 1;
  unsigned k = 0;
  for (int64_t n : f.op.getSizes())
    if (n > 1)
      perLevel *= ++k;
  for (unsigned l = 0; l < mdh_ll::kNumLevels; ++l) {
    orders *= perLevel;
    if (parallel(l))
      kinds *= 2;
  }
  llvm::outs() << "  " << spec << ": " << configs << " configurations, "
               << count << " valid and canonical\n";
  MDH_CHECK_EQ(space->size64().value_or(0), count * orders * kinds);
}

static void testExhaustive() {
  for (const char *spec : mdh_test::kTargetSpecs) {
    checkExhaustive(oneDim(3, false), spec);
    checkExhaustive(oneDim(2, true), spec);
  }
  checkExhaustive(kCopy2x2, "openmp");
  checkExhaustive(kMatvec2x2, "openmp");
  checkExhaustive(kMatvec2x2, "cuda:sm_90,max_threads_per_block=2");
}

/// C[i, j] = sum_k A[i, k] * B[k, j] over 96 x 80 x 72: an exact CUDA
/// space of some MiB, a coarse one (powers of two and the extents) of less.
const char *kMatmul = R"mlir(
func.func @f(%a: memref<96x72xf32>, %b: memref<72x80xf32>,
             %c: memref<96x80xf32>) {
  mdh.compute "k" sizes(96, 80, 72) combine(cc, cc, pw(add))
      ins(%a : memref<96x72xf32> [affine_map<(i, j, k) -> (i, k)>],
          %b : memref<72x80xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%c : memref<96x80xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%x: f32, %y: f32):
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}
)mlir";

// The memory limit of a build: over a quarter of it the space is built
// again with coarse tile sizes (a remark says so), over all of it the build
// fails with an error. The limits below bracket what this space needs.
static void testMemoryLimit() {
  Fixture f(kMatmul, "cuda:sm_90");
  MDH_CHECK(f.op && f.target);
  if (!f.op || !f.target)
    return;
  SmallVector<std::string> messages;
  ScopedDiagnosticHandler record(
      &f.context, [&](Diagnostic &diag) { messages.push_back(diag.str()); });
  auto build = [&](uint64_t limit) {
    messages.clear();
    SpaceOptions opts;
    opts.memoryLimit = limit;
    return buildSpace(f.op, f.target, opts);
  };
  FailureOr<SearchSpace> exact = build(0);
  MDH_CHECK(succeeded(exact) && messages.empty());

  // The smallest limit (in MiB) at which each build passes.
  auto smallest = [&](auto passes) -> uint64_t {
    for (uint64_t mib = 1; mib <= 4096; mib *= 2)
      if (passes(mib << 20))
        return mib;
    return 0;
  };
  uint64_t exactMiB = smallest([&](uint64_t limit) {
    return succeeded(build(limit)) && messages.empty();
  });
  uint64_t anyMiB =
      smallest([&](uint64_t limit) { return succeeded(build(limit)); });
  llvm::outs() << "  exact from " << exactMiB << " MiB, coarse from " << anyMiB
               << " MiB\n";
  MDH_CHECK(anyMiB >= 1 && exactMiB > anyMiB);
  if (anyMiB < 1 || exactMiB <= anyMiB)
    return;

  // Coarse: fewer configurations, every one valid, the heuristic in it.
  FailureOr<SearchSpace> coarse = build(anyMiB << 20);
  MDH_CHECK(
      succeeded(coarse) && messages.size() == 1 &&
      StringRef(messages.front()).contains("restricted to powers of two"));
  if (failed(coarse))
    return;
  MDH_CHECK(coarse->size().ult(exact->size()));
  std::mt19937_64 rng(1);
  ScopedDiagnosticHandler quiet(&f.context, [](Diagnostic &) {});
  for (unsigned n = 0; n < 200; ++n)
    MDH_CHECK(exact->contains(
        pointFromConfig(*exact, f.op, f.target,
                        configFromPoint(coarse->sample(rng), f.op, f.target))));
  mdh_ll::Config heuristic = defaultConfig(f.op, f.target);
  MDH_CHECK(
      coarse->contains(pointFromConfig(*coarse, f.op, f.target, heuristic)));

  // Too little even for the coarse space: a clear error.
  SmallVector<std::string> errors;
  ScopedDiagnosticHandler keep(
      &f.context, [&](Diagnostic &diag) { errors.push_back(diag.str()); });
  MDH_CHECK(failed(build((anyMiB << 20) / 2)));
  // A limit under 4 bytes still limits the exact space (a quarter of it
  // would be 0, which means no limit).
  MDH_CHECK(failed(build(2)));
  MDH_CHECK(!errors.empty() &&
            StringRef(errors.back())
                .contains("cannot build the tuning space of this computation "
                          "on 'cuda': building the space needs more than"));
}

static void testBaseTileSizes() {
  SmallVector<int64_t> expected = {1, 2, 3, 4, 6, 8, 10};
  MDH_CHECK(baseTileSizes(10) == expected);
  SmallVector<int64_t> coarse = {1, 2, 4, 8, 10};
  MDH_CHECK(baseTileSizes(10, /*coarse=*/true) == coarse);
  SmallVector<int64_t> one = {1};
  MDH_CHECK(baseTileSizes(1) == one);
  // Non-divisors of 1024 are in the set.
  MDH_CHECK(llvm::is_contained(baseTileSizes(1024), 96));
}

int main() {
  MDH_RUN(testBaseTileSizes);
  MDH_RUN(testCopy3OpenMP);
  MDH_RUN(testCopy2CUDA);
  MDH_RUN(testSum2CUDA);
  MDH_RUN(testSharedLimit);
  MDH_RUN(testThreadLimit);
  MDH_RUN(testRegisterLimit);
  MDH_RUN(testCopy2x2OpenMP);
  MDH_RUN(testExhaustive);
  MDH_RUN(testMemoryLimit);
  return mdh_test::failures() ? 1 : 0;
}
