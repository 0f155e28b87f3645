//===- VerifierTest.cpp - Messages of the configuration verifier ----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Hand-made bad configurations, each breaking one rule, derived from the
// heuristic's (valid) configuration: verifyConfig must reject each with
// exactly one message, naming the level, dimension or buffer and the values.
// Also: the heuristic is fast (milliseconds) and deterministic.
//
//===----------------------------------------------------------------------===//

#include "SpaceTestSupport.h"
#include "TestUtil.h"

#include "mdh/TuningSpace/MDHSpace.h"

#include "mlir/IR/Diagnostics.h"

#include <chrono>
#include <functional>

using namespace mlir;
using namespace mlir::mdh::tuning;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;
using mdh_ll::Layout;

namespace {
/// MatMul 1024^3 (A, B, C of f32) and a dot product of 16 floats.
const char *kMatMul = R"mlir(
func.func @f(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>,
             %C: memref<1024x1024xf32>) {
  mdh.compute "matmul" sizes(1024, 1024, 1024) combine(cc, cc, pw(add))
      ins(%A : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<1024x1024xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
)mlir";
const char *kDot = R"mlir(
func.func @f(%x: memref<4096xf32>, %r: memref<f32>) {
  mdh.compute "sum" sizes(4096) combine(pw(add))
      ins(%x : memref<4096xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
)mlir";

/// Sets all tile sizes of `c`, level after level.
void setTiles(mdh_ll::Config &c,
              std::initializer_list<std::initializer_list<int64_t>> tiles) {
  unsigned l = 0;
  for (std::initializer_list<int64_t> level : tiles)
    c.tiles[l++].assign(level.begin(), level.end());
}

/// One computation on one target, with the messages verifyConfig emits.
struct Fixture {
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  mdh::ComputeOp op;
  mdh_ll::TargetAttrInterface target;
  std::vector<std::string> messages;
  ScopedDiagnosticHandler handler{
      &context, [this](Diagnostic &diag) { messages.push_back(diag.str()); }};

  Fixture(StringRef source, StringRef spec) {
    mdh_test::loadDialects(context);
    op = mdh_test::parseKernel(context, source, module);
    target = mdh_test::target(context, spec);
  }

  /// The heuristic's configuration changed by `change`, verified: exactly
  /// one message, containing `expected`.
  void expectOne(int line, const std::function<void(mdh_ll::Config &)> &change,
                 StringRef expected) {
    mdh_ll::Config c = defaultConfig(op, target);
    change(c);
    messages.clear();
    bool failed = mlir::failed(
        verifyConfig(op, target, c, [&] { return op.emitError(); }));
    bool ok = failed && messages.size() == 1 &&
              StringRef(messages.front()).contains(expected);
    if (!ok) {
      llvm::errs() << __FILE__ << ":" << line << ": expected one message with '"
                   << expected << "', got " << messages.size() << ":\n";
      for (const std::string &m : messages)
        llvm::errs() << "  " << m << "\n";
      ++mdh_test::failures();
    }
  }
};
} // namespace

// The change may hold commas (braced lists), hence variadic.
#define EXPECT_ONE(fixture, ...) (fixture).expectOne(__LINE__, __VA_ARGS__)

static void testTiles() {
  Fixture f(kMatMul, "cuda:sm_90");
  EXPECT_ONE(
      f, [](mdh_ll::Config &c) { c.tiles[3][0] = 0; },
      "tile size 0 of dimension 0 on level 3 (register_tile) is outside "
      "[1, 1024] (the extent of dimension 0)");
  EXPECT_ONE(
      f, [](mdh_ll::Config &c) { c.tiles[0][2] = 2048; },
      "tile size 2048 of dimension 2 on level 0 (blocks) is outside [1, "
      "1024]");
  EXPECT_ONE(
      f,
      [](mdh_ll::Config &c) {
        c.tiles[2][1] = c.tiles[1][1] * 2;
        c.tiles[3][1] = 1;
      },
      "of dimension 1 on level 2 (threads) is larger than");
  EXPECT_ONE(
      f, [](mdh_ll::Config &c) { c.tiles[1].pop_back(); },
      "configuration has 2 tile sizes on level 1 (shared_tile), expected 3 "
      "(one per dimension)");
}

static void testOrdersAndAssignments() {
  Fixture f(kMatMul, "cuda:sm_90");
  EXPECT_ONE(
      f,
      [](mdh_ll::Config &c) {
        // Dimension 0 twice.
        c.orders[1] = {0, 0, 2};
      },
      "order of level 1 (shared_tile) is [0, 0, 2], not a permutation of "
      "the dimensions 0..2");
  EXPECT_ONE(
      f, [](mdh_ll::Config &c) { c.assignment[2][0] = 3; },
      "assignment of dimension 0 on level 2 (threads) is 3, expected 0 (x), "
      "1 (y) or 2 (z)");
  EXPECT_ONE(
      f,
      [](mdh_ll::Config &c) {
        // An assignment on a sequential level.
        c.assignment[1] = {0, 0, 0};
      },
      "level 1 (shared_tile) is not a parallel level and takes no "
      "assignment, got 3 entries");
}

static void testRegions() {
  Fixture cpu(kMatMul, "openmp");
  EXPECT_ONE(
      cpu,
      [](mdh_ll::Config &c) { c.inputRegions[0][3] = InputRegion::Register; },
      "input #0: region 'register' is not legal on level 3 (register_tile) "
      "of target 'openmp' (legal: in_place)");
  EXPECT_ONE(
      cpu,
      [](mdh_ll::Config &c) { c.inputRegions[1][1] = InputRegion::Shared; },
      "input #1: region 'shared' is not legal on level 1 (l2_tile) of target "
      "'openmp' (legal: in_place, packed)");
  EXPECT_ONE(
      cpu,
      [](mdh_ll::Config &c) {
        c.inputRegions[0][2] = InputRegion::InPlace;
        c.inputLayouts[0][2] = Layout::Transposed;
      },
      "input #0: layout 'transposed' on level 2 (l1_tile) needs a copy, but "
      "the region is 'in_place'");
  EXPECT_ONE(
      cpu,
      [](mdh_ll::Config &c) {
        c.inputRegions[1][1] = InputRegion::InPlace;
        c.inputLayouts[1][1] = Layout::Rotated;
      },
      "input #1: layout 'rotated' on level 1 (l2_tile) needs a copy, but "
      "the region is 'in_place'");
  Fixture gpu(kMatMul, "cuda:sm_90");
  EXPECT_ONE(
      gpu,
      [](mdh_ll::Config &c) {
        c.inputRegions[0][1] = InputRegion::Shared;
        c.inputLayouts[0][1] = Layout::Rotated;
      },
      "input #0: layout 'rotated' is not legal on target 'cuda' (legal: "
      "identity, transposed)");
  EXPECT_ONE(
      gpu,
      [](mdh_ll::Config &c) {
        c.inputRegions[1][1] = InputRegion::Shared;
        c.inputLayouts[1][1] = Layout::Panels;
      },
      "input #1: layout 'panels' is not legal on target 'cuda' (legal: "
      "identity, transposed)");
  EXPECT_ONE(
      cpu,
      [](mdh_ll::Config &c) {
        c.inputRegions[0][2] = InputRegion::InPlace;
        c.inputLayouts[0][2] = Layout::Panels;
      },
      "input #0: layout 'panels' on level 2 (l1_tile) needs a copy, but "
      "the region is 'in_place'");
}

static void testLimits() {
  Fixture f(kMatMul, "cuda:sm_90");
  EXPECT_ONE(
      f,
      [](mdh_ll::Config &c) {
        setTiles(c, {{64, 64, 1024}, {64, 64, 16}, {1, 1, 16}, {1, 1, 1}});
        for (auto &regions : c.inputRegions)
          regions[3] = InputRegion::InPlace;
      },
      "level 2 (threads) has 4096 threads per block (64 x 64 x 1 over the "
      "dimensions), more than the target's limit of 1024");
  // A 256 x 256 shared tile with a k-slab of 128: A and B tiles of 128 KiB
  // each, plus 4 KiB reserved for combining (1024 threads x 4 bytes); with
  // two stages, twice the copies.
  for (int64_t stages : {1, 2})
    EXPECT_ONE(
        f,
        [&](mdh_ll::Config &c) {
          setTiles(
              c, {{256, 256, 1024}, {256, 256, 128}, {16, 16, 128}, {4, 4, 1}});
          for (auto &regions : c.inputRegions) {
            regions[1] = InputRegion::Shared;
            regions[3] = InputRegion::InPlace;
          }
          c.stages = stages;
        },
        stages == 1
            ? "shared memory per block is 266240 bytes (262144 for input "
              "copies, 4096 reserved for combining partial results), more "
              "than the target's limit of 232448 bytes"
            : "shared memory per block is 528384 bytes (524288 for input "
              "copies in 2 stages, 4096 reserved for combining partial "
              "results), more than the target's limit of 232448 bytes");
  EXPECT_ONE(
      f,
      [](mdh_ll::Config &c) {
        c.tiles[3] = {16, 16, 1};
        c.tiles[2] = {16, 16, c.tiles[2][2]};
        c.tiles[1] = {std::max<int64_t>(c.tiles[1][0], 16),
                      std::max<int64_t>(c.tiles[1][1], 16), c.tiles[1][2]};
        c.tiles[0] = {std::max<int64_t>(c.tiles[0][0], c.tiles[1][0]),
                      std::max<int64_t>(c.tiles[0][1], c.tiles[1][1]),
                      c.tiles[0][2]};
      },
      "register tile needs 288 32-bit registers per thread (32 for input "
      "copies, 256 for accumulators), more than the limit of 127 (half of "
      "the target's 255 registers per thread)");

  Fixture cpu(kMatMul, "openmp");
  EXPECT_ONE(
      cpu,
      [](mdh_ll::Config &c) {
        // Rows of the enclosing tiles widened so that only the register
        // limit breaks.
        c.tiles[3] = {12, 16, 1};
        for (unsigned l = 0; l < 3; ++l)
          c.tiles[l][0] = std::max<int64_t>(c.tiles[l][0], 12);
      },
      "register tile needs 192 32-bit lanes of accumulators, more than the "
      "limit of 96 (3/4 of 16 vector registers of 256 bits)");
}

static void testCombine() {
  // The heuristic splits the sum over 256 threads: more than one warp.
  Fixture f(kDot, "cuda:sm_90");
  EXPECT_ONE(
      f,
      [](mdh_ll::Config &c) {
        c.outputRegions[0][2] = CombineRegion::Register;
      },
      "output #0: partial results split over level 2 (threads) cannot be "
      "combined in registers: the block has 256 threads, more than one warp "
      "(32)");
  EXPECT_ONE(
      f,
      [](mdh_ll::Config &c) { c.outputRegions[0][2] = CombineRegion::Device; },
      "output #0: partial results split over level 2 (threads) cannot be "
      "combined in 'device' (legal: shared, register)");
}

static void testHeuristicIsFast() {
  Fixture f(kMatMul, "cuda:sm_90");
  auto start = std::chrono::steady_clock::now();
  mdh_ll::Config c = defaultConfig(f.op, f.target);
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  llvm::outs() << "  defaultConfig(MatMul 1024, cuda): " << ms << " ms\n";
  MDH_CHECK(ms < 50);
  MDH_CHECK(defaultConfig(f.op, f.target) == c);
  MDH_CHECK(f.messages.empty());
}

int main() {
  MDH_RUN(testTiles);
  MDH_RUN(testOrdersAndAssignments);
  MDH_RUN(testRegions);
  MDH_RUN(testLimits);
  MDH_RUN(testCombine);
  MDH_RUN(testHeuristicIsFast);
  return mdh_test::failures() ? 1 : 0;
}
