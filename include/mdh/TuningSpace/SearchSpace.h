//===- SearchSpace.h - ATF-style chain-of-trees search space ----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A generic search space of interdependent tuning parameters in the form of
// ATF's chain of trees (see docs/search-space.md):
//
//  - a tuning parameter has a name and a finite ordered range of int64
//    values; constraints are predicates over parameters declared earlier
//    with an explicit list of the parameters they read;
//  - parameters tied (transitively) by constraints form a group; each group
//    becomes a tree whose root-to-leaf paths are exactly the group's valid
//    combinations (constraints are checked while the tree is built; subtrees
//    without a valid leaf are pruned); the trees are chained and the size of
//    the space is the product of their leaf counts;
//  - every node knows its leaf count, which gives uniform sampling, the
//    weighted unit-cube mapping of ATF and an index bijection.
//
// Identical subtrees are stored once: the subtree below a level depends only
// on the values that constraints further down read (the level's
// "frontier"), so it is built once per distinct frontier and shared. Derived
// values (named functions of earlier parameters, e.g. threads per block)
// keep frontiers small. Nothing here depends on MDH; the MDH parameters are
// declared on top of this.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNING_SEARCHSPACE_H
#define MDH_TUNING_SEARCHSPACE_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace llvm {
class BitVector;
} // namespace llvm

namespace mlir::mdh::tuning {

/// Identifies a parameter or a derived value of one space: its position in
/// declaration order.
using ParamId = unsigned;

namespace detail {
struct Schema;

/// One tree of the chain, stored flat: no allocation per node. Node 0 is the
/// shared terminal (a leaf, leaf count 1); every other node chooses the
/// value of the parameter of its level. A node's outgoing edges are
/// contiguous and sorted by value index; the leaves before an edge are the
/// sum of its left siblings' leaf counts, computed when needed (a node has
/// at most as many edges as its parameter has values), which keeps an edge
/// at 8 bytes.
struct Tree {
  struct Node {
    uint32_t firstEdge;
    uint32_t numEdges;
    uint64_t leafCount;
  };
  struct Edge {
    /// Index of the value in the parameter's range.
    uint32_t value;
    uint32_t child;
  };
  /// The tunable parameters of the group, one per level, root first.
  llvm::SmallVector<ParamId, 8> params;
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  /// The root node; `EmptyNode` when the group has no valid combination.
  uint32_t root = 0;

  static constexpr uint32_t EmptyNode = UINT32_MAX;

  bool empty() const { return root == EmptyNode; }
  uint64_t size() const { return empty() ? 0 : nodes[root].leafCount; }
  size_t memoryBytes() const;
};
} // namespace detail

/// The values of all parameters (and derived values) of one space. Read by
/// name or, faster, by the `ParamId` the builder returned. Inside a
/// constraint or a derived function only the declared dependencies may be
/// read: reading anything else is a fatal error, because the engine shares
/// subtrees on the assumption that nothing else is read.
class Config {
public:
  Config() = default;

  int64_t operator[](llvm::StringRef name) const;
  int64_t operator[](ParamId id) const;
  /// Sets a tunable parameter (not a derived value).
  void set(llvm::StringRef name, int64_t value);
  void set(ParamId id, int64_t value);

  /// All values, indexed by ParamId (derived values included).
  llvm::ArrayRef<int64_t> values() const { return vals; }
  /// The space's name of `id`.
  llvm::StringRef name(ParamId id) const;
  /// True for configurations of the same space with equal tunable values.
  bool operator==(const Config &other) const;
  bool operator!=(const Config &other) const { return !(*this == other); }
  /// `name=value` pairs in declaration order, derived values included.
  std::string str() const;

private:
  friend class SearchSpace;
  friend class TreeBuilder;
  explicit Config(std::shared_ptr<const detail::Schema> schema);
  ParamId lookup(llvm::StringRef name) const;

  std::shared_ptr<const detail::Schema> schema;
  llvm::SmallVector<int64_t, 16> vals;
  /// While a constraint or derived function runs: the values it may read.
  const llvm::BitVector *readable = nullptr;
};

/// A constraint: true when the values it reads are a valid combination.
using Predicate = std::function<bool(const Config &)>;
/// A derived value, computed from its dependencies.
using DerivedFn = std::function<int64_t(const Config &)>;
/// A canonicalization rule: the only value a parameter may take, or
/// std::nullopt when every value of its range is significant.
using CanonicalFn = std::function<std::optional<int64_t>(const Config &)>;

class SearchSpace;

/// `bytes` in MiB, or KiB below one MiB (rounded down), for messages.
std::string formatMemory(uint64_t bytes);

/// The error of SearchSpaceBuilder::build when the memory it would need
/// passes the limit set with setMemoryLimit.
class SpaceTooLargeError : public llvm::ErrorInfo<SpaceTooLargeError> {
public:
  static char ID;
  explicit SpaceTooLargeError(uint64_t limitBytes) : limitBytes(limitBytes) {}
  uint64_t getLimit() const { return limitBytes; }
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  uint64_t limitBytes;
};

/// Declares parameters, derived values and constraints, then builds the
/// space. Dependencies are named and must already be declared; a mistake is
/// remembered and reported by build(). The order of declaration is the order
/// of the tree levels: declare parameters so that constraints read values
/// from nearby levels (see docs/search-space.md, "Frontiers").
class SearchSpaceBuilder {
public:
  SearchSpaceBuilder();
  SearchSpaceBuilder(SearchSpaceBuilder &&) = default;
  SearchSpaceBuilder &operator=(SearchSpaceBuilder &&) = default;
  ~SearchSpaceBuilder();

  /// A tunable parameter with the values of `range`, in this order (no
  /// duplicates).
  ParamId addParameter(llvm::StringRef name, llvm::ArrayRef<int64_t> range);
  /// A tunable parameter with a constraint that reads the parameter itself
  /// and `deps` (declared earlier).
  ParamId addParameter(llvm::StringRef name, llvm::ArrayRef<int64_t> range,
                       llvm::ArrayRef<llvm::StringRef> deps,
                       Predicate constraint);
  /// A constraint over `deps`, checked at the level of the last of them.
  void addConstraint(llvm::ArrayRef<llvm::StringRef> deps, Predicate pred,
                     llvm::StringRef description = "");
  /// A value computed from `deps` that constraints can read like a
  /// parameter. It is not tuned and has no unit-cube coordinate; it is
  /// filled in every configuration the space returns.
  ParamId addDerived(llvm::StringRef name, llvm::ArrayRef<llvm::StringRef> deps,
                     DerivedFn fn);
  /// Declares that `param` is irrelevant (generates identical code) whenever
  /// `fn` returns a value: only that value is then admitted into the space,
  /// so configurations differing only in irrelevant values count once. The
  /// value must lie in the parameter's range. SearchSpace::canonicalize maps
  /// any configuration to its representative.
  void addCanonicalRule(llvm::StringRef param,
                        llvm::ArrayRef<llvm::StringRef> deps, CanonicalFn fn);

  /// Stops build() with a SpaceTooLargeError once the trees and the tables
  /// that share their subtrees would take more than `bytes` (an estimate
  /// from the entries stored; 0: no limit, the default). The time a build
  /// takes grows with the same entries, so this bounds both.
  void setMemoryLimit(uint64_t bytes) { memoryLimit = bytes; }

  /// Builds the trees. Call at most once. Fails on a declaration mistake,
  /// when one tree has more than 2^64-1 leaves (split the group or narrow the
  /// ranges) or when the memory limit is reached; the product of the trees
  /// may exceed 2^64.
  llvm::Expected<SearchSpace> build();

private:
  ParamId declare(llvm::StringRef name, bool derived);
  bool resolve(llvm::ArrayRef<llvm::StringRef> deps,
               llvm::SmallVectorImpl<ParamId> &ids, llvm::StringRef what);
  void fail(const llvm::Twine &message);

  std::shared_ptr<detail::Schema> schema;
  std::string firstError;
  uint64_t memoryLimit = 0;
};

/// The built space: a chain of trees, immutable, safe to share across
/// threads. Configurations it returns carry every parameter and derived
/// value.
class SearchSpace {
public:
  SearchSpace(SearchSpace &&) = default;
  SearchSpace &operator=(SearchSpace &&) = default;
  ~SearchSpace();

  /// The number of valid configurations, exact. Its bit width is 64 times
  /// the number of trees (at least 64), enough for any product.
  const llvm::APInt &size() const { return totalSize; }
  /// size() when it fits into 64 bits.
  std::optional<uint64_t> size64() const;
  /// size() rounded to a double (for logs and fractions of the space).
  double sizeAsDouble() const;
  bool empty() const { return totalSize.isZero(); }

  unsigned numTrees() const { return trees.size(); }
  /// The leaf count of tree `t`.
  uint64_t treeSize(unsigned t) const { return trees[t].size(); }
  /// The parameters of tree `t`, one per level, root first.
  llvm::ArrayRef<ParamId> treeParameters(unsigned t) const {
    return trees[t].params;
  }
  /// Stored nodes (terminals included) and edges over all trees.
  size_t numNodes() const;
  size_t numEdges() const;
  /// Bytes held by the trees.
  size_t memoryBytes() const;

  /// The number of tunable parameters; also the dimension L of the unit
  /// cube (one coordinate per tree level over all trees).
  unsigned dimension() const;
  /// The tunable parameters in declaration order; unit-cube coordinate k
  /// drives parameter tunableParameters()[k].
  llvm::ArrayRef<ParamId> tunableParameters() const;
  /// The id of a parameter or derived value, or std::nullopt.
  std::optional<ParamId> lookup(llvm::StringRef name) const;
  llvm::StringRef name(ParamId id) const;
  /// The range of tunable parameter `id` (empty for a derived value).
  llvm::ArrayRef<int64_t> range(ParamId id) const;

  /// A configuration with every parameter at the first value of its range
  /// (not necessarily valid): a starting point for set().
  Config makeConfig() const;

  /// A configuration drawn uniformly among all valid ones. Per tree a
  /// uniform rank in [0, leaves) is descended to its leaf, which is the
  /// same as choosing each child with probability proportional to its leaf
  /// count. Requires !empty().
  template <typename Rng> Config sample(Rng &rng) const {
    llvm::SmallVector<uint64_t, 8> ranks;
    for (const detail::Tree &tree : trees)
      ranks.push_back(
          std::uniform_int_distribution<uint64_t>(0, tree.size() - 1)(rng));
    return fromTreeRanks(ranks);
  }

  /// ATF's mapping of x in (0,1]^dimension() to a configuration: at each
  /// level the node's leaves are numbered 1..n and the child holding leaf
  /// ceil(x_k * n) is taken, so uniform x give uniform configurations.
  /// Coordinates are clamped into (0,1]. Requires !empty().
  Config fromUnitCube(llvm::ArrayRef<double> x) const;
  /// A point that fromUnitCube maps back to `config` (the centre of its
  /// cell at every level; exact while every node has < 2^52 leaves), or an
  /// empty vector when !contains(config).
  llvm::SmallVector<double> toUnitCube(const Config &config) const;

  /// The configuration of index `index` in [0, size()): trees are mixed-
  /// radix digits, the last tree varying fastest, and within a tree leaves
  /// are numbered in the order of the parameters' ranges.
  Config fromIndex(const llvm::APInt &index) const;
  Config fromIndex(uint64_t index) const;
  /// The inverse of fromIndex; std::nullopt when !contains(config).
  std::optional<llvm::APInt> toIndex(const Config &config) const;
  std::optional<uint64_t> toIndex64(const Config &config) const;

  /// True when the tunable values form a valid, canonical configuration.
  bool contains(const Config &config) const;
  /// Applies the canonical rules until nothing changes and recomputes the
  /// derived values.
  Config canonicalize(Config config) const;

  /// Trees, their parameters, leaf counts, nodes and memory.
  void print(llvm::raw_ostream &os) const;

private:
  friend class SearchSpaceBuilder;
  SearchSpace(std::shared_ptr<const detail::Schema> schema,
              std::vector<detail::Tree> trees);

  Config fromTreeRanks(llvm::ArrayRef<uint64_t> ranks) const;
  /// The rank of `config` in tree `t`, or std::nullopt.
  std::optional<uint64_t> rankIn(unsigned t, const Config &config) const;
  void computeDerived(Config &config) const;

  std::shared_ptr<const detail::Schema> schema;
  std::vector<detail::Tree> trees;
  llvm::APInt totalSize;
};

} // namespace mlir::mdh::tuning

#endif // MDH_TUNING_SEARCHSPACE_H
