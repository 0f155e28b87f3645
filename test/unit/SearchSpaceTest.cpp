//===- SearchSpaceTest.cpp - Sizes, structure and indices of spaces -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Hand-counted sizes of tiny spaces (the counting is worked out in the
// comments, not by the code under test), the grouping into trees, pruning,
// shared subtrees, canonical rules, declaration errors, 128-bit sizes, and
// the fromIndex/toIndex bijection checked against brute-force enumeration.
//
//===----------------------------------------------------------------------===//

#include "mdh/TuningSpace/SearchSpace.h"
#include "SearchSpaceTestUtil.h"
#include "TestUtil.h"

#include <set>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir::mdh::tuning;
using llvm::ArrayRef;

using mdh_test::buildOrDie;

/// The message of a build that must fail.
static std::string buildError(SearchSpaceBuilder &builder) {
  llvm::Expected<SearchSpace> space = builder.build();
  if (space)
    return "";
  return llvm::toString(space.takeError());
}

/// a, b in {1,2,4,8} with b <= a.
static void addAB(SearchSpaceBuilder &builder) {
  builder.addParameter("a", {1, 2, 4, 8});
  builder.addParameter("b", {1, 2, 4, 8}, {"a"},
                       [](const Config &c) { return c["b"] <= c["a"]; });
}

/// Enumerates the Cartesian product of the ranges and checks that exactly
/// the combinations `valid` accepts are in the space, and that fromIndex and
/// toIndex are inverse over [0, size).
static void
checkAgainstBruteForce(const SearchSpace &space,
                       const std::function<bool(const Config &)> &valid) {
  ArrayRef<ParamId> params = space.tunableParameters();
  std::vector<size_t> digit(params.size(), 0);
  uint64_t validCount = 0;
  for (bool done = false; !done;) {
    Config config = space.makeConfig();
    for (size_t k = 0; k < params.size(); ++k)
      config.set(params[k], space.range(params[k])[digit[k]]);
    bool expected = valid(config);
    validCount += expected;
    MDH_CHECK_EQ(space.contains(config), expected);
    MDH_CHECK_EQ(space.toIndex64(config).has_value(), expected);
    // Next combination, the last parameter fastest.
    done = true;
    for (size_t k = params.size(); k-- > 0;) {
      if (++digit[k] < space.range(params[k]).size()) {
        done = false;
        break;
      }
      digit[k] = 0;
    }
  }
  MDH_CHECK_EQ(space.size64().value_or(~0ull), validCount);

  std::set<std::string> seen;
  for (uint64_t i = 0; i < validCount; ++i) {
    Config config = space.fromIndex(i);
    MDH_CHECK(valid(config));
    MDH_CHECK_EQ(space.toIndex64(config).value_or(~0ull), i);
    seen.insert(config.str());
  }
  MDH_CHECK_EQ(seen.size(), validCount);
}

static void testNestedPair() {
  // b <= a over {1,2,4,8}: a=1 -> b in {1}: 1; a=2 -> {1,2}: 2;
  // a=4 -> {1,2,4}: 3; a=8 -> {1,2,4,8}: 4. Total 1+2+3+4 = 10 in one tree.
  SearchSpaceBuilder builder;
  addAB(builder);
  SearchSpace space = buildOrDie(builder);
  MDH_CHECK_EQ(space.size64().value_or(0), 10u);
  MDH_CHECK_EQ(space.numTrees(), 1u);
  MDH_CHECK_EQ(space.dimension(), 2u);
  // Leaves are numbered in range order, a outer: index 0 = (1,1),
  // 1 = (2,1), 2 = (2,2), 3 = (4,1), ..., 9 = (8,8).
  Config third = space.fromIndex(2);
  MDH_CHECK_EQ(third["a"], 2);
  MDH_CHECK_EQ(third["b"], 2);
  Config last = space.fromIndex(9);
  MDH_CHECK_EQ(last["a"], 8);
  MDH_CHECK_EQ(last["b"], 8);
  checkAgainstBruteForce(space,
                         [](const Config &c) { return c["b"] <= c["a"]; });
}

static void testIndependentTrees() {
  // The pair above (10) and an unconstrained c in {1,2,3} (3): two trees,
  // 10 * 3 = 30 configurations.
  SearchSpaceBuilder builder;
  addAB(builder);
  builder.addParameter("c", {1, 2, 3});
  SearchSpace space = buildOrDie(builder);
  MDH_CHECK_EQ(space.numTrees(), 2u);
  MDH_CHECK_EQ(space.treeSize(0), 10u);
  MDH_CHECK_EQ(space.treeSize(1), 3u);
  MDH_CHECK_EQ(space.treeParameters(1).size(), 1u);
  MDH_CHECK_EQ(space.size64().value_or(0), 30u);
  // Mixed radix, last tree fastest: index 4 = tree ranks (1, 1) =
  // (a=2, b=1, c=2).
  Config config = space.fromIndex(4);
  MDH_CHECK_EQ(config["a"], 2);
  MDH_CHECK_EQ(config["b"], 1);
  MDH_CHECK_EQ(config["c"], 2);
  checkAgainstBruteForce(space,
                         [](const Config &c) { return c["b"] <= c["a"]; });
}

static void testPrunedSubtrees() {
  // x, y, z in {1,2,3}, y >= x, x + y + z <= 5. Pairs (x,y) and their z:
  //   (1,1): z <= 3 -> 3    (1,2): z <= 2 -> 2    (1,3): z <= 1 -> 1
  //   (2,2): z <= 1 -> 1    (2,3): z <= 0 -> 0    (3,3): z <= -1 -> 0
  // Total 7. The y=3 subtree under x=2 and the whole x=3 subtree have no
  // leaf and are pruned. Stored: terminal, root, y-nodes for x=1 and x=2,
  // z-nodes for (1,1), (1,2), (1,3), (2,2): 8 nodes; edges: root 2,
  // y-nodes 3 + 1, z-nodes 3 + 2 + 1 + 1: 13 edges.
  SearchSpaceBuilder builder;
  builder.addParameter("x", {1, 2, 3});
  builder.addParameter("y", {1, 2, 3}, {"x"},
                       [](const Config &c) { return c["y"] >= c["x"]; });
  builder.addParameter("z", {1, 2, 3}, {"x", "y"}, [](const Config &c) {
    return c["x"] + c["y"] + c["z"] <= 5;
  });
  SearchSpace space = buildOrDie(builder);
  MDH_CHECK_EQ(space.size64().value_or(0), 7u);
  MDH_CHECK_EQ(space.numNodes(), 8u);
  MDH_CHECK_EQ(space.numEdges(), 13u);
  Config config = space.makeConfig();
  config.set("x", 3);
  config.set("y", 3);
  config.set("z", 1);
  MDH_CHECK(!space.contains(config));
  checkAgainstBruteForce(space, [](const Config &c) {
    return c["y"] >= c["x"] && c["x"] + c["y"] + c["z"] <= 5;
  });
}

static void testEmptySpace() {
  // No value of a satisfies a > 5; the independent b cannot help.
  SearchSpaceBuilder builder;
  builder.addParameter("a", {1, 2}, {},
                       [](const Config &c) { return c["a"] > 5; });
  builder.addParameter("b", {1, 2});
  SearchSpace space = buildOrDie(builder);
  MDH_CHECK(space.empty());
  MDH_CHECK_EQ(space.size64().value_or(1), 0u);
  MDH_CHECK(!space.contains(space.makeConfig()));
}

static void testDerivedValuesShareSubtrees() {
  // a, b in {1,2,4}, p = a*b derived, c in {1,2,4,8} with c <= p.
  // p per (a,b): 1 2 4 / 2 4 8 / 4 8 16; the number of c <= p:
  // p=1: 1, p=2: 2, p=4: 3, p=8: 4, p=16: 4.
  // Sum: (1+2+3) + (2+3+4) + (3+4+4) = 6 + 9 + 11 = 26.
  // The c level depends on the path only through p, so there is one c-node
  // per distinct p (5), one b-node per a (3), the root and the terminal:
  // 10 nodes; edges: 3 + 3*3 + (1+2+3+4+4) = 26.
  SearchSpaceBuilder builder;
  builder.addParameter("a", {1, 2, 4});
  builder.addParameter("b", {1, 2, 4});
  builder.addDerived("p", {"a", "b"},
                     [](const Config &c) { return c["a"] * c["b"]; });
  builder.addParameter("c", {1, 2, 4, 8}, {"p"},
                       [](const Config &c) { return c["c"] <= c["p"]; });
  SearchSpace space = buildOrDie(builder);
  MDH_CHECK_EQ(space.size64().value_or(0), 26u);
  MDH_CHECK_EQ(space.numTrees(), 1u);
  MDH_CHECK_EQ(space.dimension(), 3u);
  MDH_CHECK_EQ(space.numNodes(), 10u);
  MDH_CHECK_EQ(space.numEdges(), 26u);
  // Returned configurations carry the derived value.
  Config last = space.fromIndex(25);
  MDH_CHECK_EQ(last["p"], 16);
  MDH_CHECK_EQ(last["c"], 8);
  checkAgainstBruteForce(
      space, [](const Config &c) { return c["c"] <= c["a"] * c["b"]; });
}

static void testCanonicalRule() {
  // A loop order o in {0,1} declared before the tile t in {1,2,4}: with
  // t == 1 the loop has one iteration and the order generates the same
  // code, so only o = 0 is kept. t=1: 1, t=2: 2, t=4: 2 -> 5.
  SearchSpaceBuilder builder;
  builder.addParameter("o", {0, 1});
  builder.addParameter("t", {1, 2, 4});
  builder.addCanonicalRule("o", {"t"},
                           [](const Config &c) -> std::optional<int64_t> {
                             if (c["t"] == 1)
                               return 0;
                             return std::nullopt;
                           });
  SearchSpace space = buildOrDie(builder);
  MDH_CHECK_EQ(space.size64().value_or(0), 5u);
  MDH_CHECK_EQ(space.numTrees(), 1u);
  Config duplicate = space.makeConfig();
  duplicate.set("o", 1);
  duplicate.set("t", 1);
  MDH_CHECK(!space.contains(duplicate));
  Config canonical = space.canonicalize(duplicate);
  MDH_CHECK_EQ(canonical["o"], 0);
  MDH_CHECK_EQ(canonical["t"], 1);
  MDH_CHECK(space.contains(canonical));
  checkAgainstBruteForce(
      space, [](const Config &c) { return c["t"] != 1 || c["o"] == 0; });
}

static void testDeclarationErrors() {
  auto expectError = [](SearchSpaceBuilder &builder, llvm::StringRef what) {
    std::string message = buildError(builder);
    if (!llvm::StringRef(message).contains(what)) {
      llvm::errs() << "expected an error containing '" << what << "', got '"
                   << message << "'\n";
      ++mdh_test::failures();
    }
  };
  {
    SearchSpaceBuilder builder;
    builder.addParameter("a", {1});
    builder.addParameter("a", {2});
    expectError(builder, "'a' is declared twice");
  }
  {
    SearchSpaceBuilder builder;
    builder.addParameter("a", ArrayRef<int64_t>());
    expectError(builder, "'a' has an empty range");
  }
  {
    SearchSpaceBuilder builder;
    builder.addParameter("a", {1, 2, 1});
    expectError(builder, "lists the value 1 twice");
  }
  {
    // Dependencies must be declared first: b is not yet known to a.
    SearchSpaceBuilder builder;
    builder.addParameter("a", {1}, {"b"}, [](const Config &) { return true; });
    builder.addParameter("b", {1});
    expectError(builder, "reads 'b', which is not declared before it");
  }
  {
    SearchSpaceBuilder builder;
    builder.addParameter("a", {1});
    builder.addDerived("d", {}, [](const Config &) { return 0; });
    expectError(builder, "derived value 'd' reads no parameter");
  }
  {
    SearchSpaceBuilder builder;
    builder.addParameter("a", {1});
    (void)buildOrDie(builder);
    expectError(builder, "called twice");
  }
}

static void testUndeclaredReadIsFatal() {
  // The engine shares subtrees assuming constraints read only what they
  // declare, so an undeclared read must stop the program with a message.
  // The child exits through exit(), which would print our buffers again.
  llvm::outs().flush();
  fflush(nullptr);
  int fds[2];
  MDH_CHECK(pipe(fds) == 0);
  pid_t child = fork();
  if (child == 0) {
    dup2(fds[1], STDERR_FILENO);
    SearchSpaceBuilder builder;
    builder.addParameter("a", {1, 2});
    builder.addParameter("b", {1, 2});
    builder.addParameter("c", {1, 2}, {"a"},
                         [](const Config &c) { return c["c"] <= c["b"]; });
    (void)builder.build();
    _exit(0);
  }
  close(fds[1]);
  std::string message;
  char buffer[256];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof(buffer))) > 0;)
    message.append(buffer, n);
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  MDH_CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0));
  MDH_CHECK(llvm::StringRef(message).contains(
      "reads 'b', which it does not declare as a dependency"));
}

/// One group of `levels` parameters with 256 values each, tied by derived
/// values that are constant, so each level has a single node: 256^levels
/// leaves in `levels` nodes.
static void addWideChain(SearchSpaceBuilder &builder, llvm::StringRef prefix,
                         unsigned levels) {
  std::vector<int64_t> range(256);
  for (int64_t v = 0; v < 256; ++v)
    range[v] = v;
  for (unsigned l = 0; l < levels; ++l) {
    std::string p = (prefix + "p" + llvm::Twine(l)).str();
    std::string s = (prefix + "s" + llvm::Twine(l)).str();
    std::string previous = (prefix + "s" + llvm::Twine(l - 1)).str();
    builder.addParameter(p, range);
    std::vector<llvm::StringRef> deps = {p};
    if (l > 0)
      deps.push_back(previous);
    builder.addDerived(s, deps, [](const Config &) { return 0; });
  }
}

static void testHugeSizes() {
  {
    // 256^8 = 2^64 leaves do not fit into one tree's 64-bit counts.
    SearchSpaceBuilder builder;
    addWideChain(builder, "", 8);
    MDH_CHECK(llvm::StringRef(buildError(builder)).contains("2^64-1"));
  }
  // Two trees of 256^7 = 2^56 leaves: 2^112 configurations in all.
  SearchSpaceBuilder builder;
  addWideChain(builder, "x", 7);
  addWideChain(builder, "y", 7);
  SearchSpace space = buildOrDie(builder);
  MDH_CHECK_EQ(space.numTrees(), 2u);
  MDH_CHECK_EQ(space.treeSize(0), uint64_t(1) << 56);
  MDH_CHECK(!space.size64());
  MDH_CHECK_EQ(space.size().getActiveBits(), 113u);
  MDH_CHECK(space.size().isPowerOf2());
  MDH_CHECK_EQ(space.sizeAsDouble(), 5192296858534827628530496329220096.0);
  // Terminal + 7 single-node levels per tree.
  MDH_CHECK_EQ(space.numNodes(), 16u);
  MDH_CHECK_EQ(space.numEdges(), 2u * 7 * 256);

  // The last index is all 255s; an index above 2^64 round-trips.
  llvm::APInt last = space.size() - 1;
  Config config = space.fromIndex(last);
  MDH_CHECK_EQ(config["xp0"], 255);
  MDH_CHECK_EQ(config["yp6"], 255);
  MDH_CHECK(*space.toIndex(config) == last);
  // Index 2^56 + 5: x-tree rank 1 (xp6 = 1), y-tree rank 5 (yp6 = 5).
  llvm::APInt index(space.size().getBitWidth(), 1);
  index = index.shl(56) + 5;
  Config middle = space.fromIndex(index);
  MDH_CHECK_EQ(middle["xp6"], 1);
  MDH_CHECK_EQ(middle["xp5"], 0);
  MDH_CHECK_EQ(middle["yp6"], 5);
  MDH_CHECK(*space.toIndex(middle) == index);
  MDH_CHECK(!space.toIndex64(config));
}

int main() {
  MDH_RUN(testNestedPair);
  MDH_RUN(testIndependentTrees);
  MDH_RUN(testPrunedSubtrees);
  MDH_RUN(testEmptySpace);
  MDH_RUN(testDerivedValuesShareSubtrees);
  MDH_RUN(testCanonicalRule);
  MDH_RUN(testDeclarationErrors);
  MDH_RUN(testUndeclaredReadIsFatal);
  MDH_RUN(testHugeSizes);
  return mdh_test::failures() ? 1 : 0;
}
