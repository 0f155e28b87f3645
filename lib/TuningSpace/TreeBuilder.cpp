//===- TreeBuilder.cpp - Build one tree of the chain ----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A group's tree is built depth first, one level per tunable parameter in
// declaration order. At each node every value of the level's parameter is
// tried: the derived values of the level are computed, the constraints of
// the level are checked, and only then is the subtree below built. A value
// whose subtree has no leaf is dropped, so the stored tree holds exactly the
// valid combinations.
//
// The subtree below level i depends on the path above it only through the
// values that constraints and derived values at levels >= i read from
// levels < i: the frontier of level i. Subtrees are memoised per (level,
// frontier values) and shared, which turns the tree into a DAG whose size is
// bounded by the number of distinct frontiers rather than the number of
// leaves. Every path through the DAG is still one valid combination, and
// leaf counts are path counts, so nothing above the storage layer changes.
//
//===----------------------------------------------------------------------===//

#include "Schema.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>

using namespace llvm;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::detail;

namespace {

/// The work of one level of the tree under construction.
struct Level {
  ParamId param;
  /// Derived values computed once the parameter has its value.
  SmallVector<ParamId, 4> derived;
  /// Constraints checked after those derived values.
  SmallVector<unsigned, 4> constraints;
  /// Items of earlier levels read at this level or below: the memo key.
  SmallVector<ParamId, 8> frontier;
  /// Frontier values -> node (or Tree::EmptyNode).
  DenseMap<ArrayRef<int64_t>, uint32_t> memo;
};

class GroupBuilder {
public:
  GroupBuilder(const std::shared_ptr<const Schema> &schema,
               ArrayRef<ParamId> groupItems,
               ArrayRef<unsigned> groupConstraints, uint64_t &usedBytes,
               uint64_t limitBytes);

  Expected<Tree> run();

private:
  uint32_t buildLevel(unsigned index);
  uint32_t addNode(ArrayRef<std::pair<uint32_t, uint32_t>> children);
  /// Counts `bytes` more; false (and an error) past the limit.
  bool account(uint64_t bytes);

  const Schema &schema;
  Config view;
  std::vector<Level> levels;
  BumpPtrAllocator keyStorage;
  Tree tree;
  std::string error;
  uint64_t &usedBytes;
  uint64_t limitBytes;
  bool tooLarge = false;
};

// What an entry costs, counting the slack of growth by doubling: a memo
// bucket (a key view and a node index) in a table at most 3/4 full that
// doubles, and nodes and edges in vectors that double.
static constexpr uint64_t kMemoEntryBytes = 48;
static constexpr uint64_t kNodeBytes = 24;
static constexpr uint64_t kEdgeBytes = 12;

} // namespace

GroupBuilder::GroupBuilder(const std::shared_ptr<const Schema> &schemaPtr,
                           ArrayRef<ParamId> groupItems,
                           ArrayRef<unsigned> groupConstraints,
                           uint64_t &usedBytes, uint64_t limitBytes)
    : schema(*schemaPtr), view(TreeBuilder::blank(schemaPtr)),
      usedBytes(usedBytes), limitBytes(limitBytes) {
  // Levels: one per tunable parameter; a derived value lives at the level of
  // its last dependency, a constraint at the level of the last item it reads.
  DenseMap<ParamId, unsigned> levelOf;
  for (ParamId id : groupItems) {
    const Item &item = schema.items[id];
    if (!item.derived) {
      levelOf[id] = levels.size();
      levels.emplace_back();
      levels.back().param = id;
      tree.params.push_back(id);
      continue;
    }
    unsigned level = 0;
    for (ParamId dep : item.deps)
      level = std::max(level, levelOf.lookup(dep));
    levelOf[id] = level;
    levels[level].derived.push_back(id);
  }
  SmallVector<unsigned, 8> constraintLevel;
  for (unsigned c : groupConstraints) {
    unsigned level = 0;
    for (ParamId dep : schema.constraints[c].deps)
      level = std::max(level, levelOf.lookup(dep));
    levels[level].constraints.push_back(c);
    constraintLevel.push_back(level);
  }

  // An item read at level `to` but set at an earlier level `from` is part of
  // the frontier of every level in (from, to].
  std::vector<SmallSetVector<ParamId, 8>> frontiers(levels.size());
  auto addReads = [&](ArrayRef<ParamId> deps, unsigned to) {
    for (ParamId dep : deps)
      for (unsigned l = levelOf.lookup(dep) + 1; l <= to; ++l)
        frontiers[l].insert(dep);
  };
  for (ParamId id : groupItems)
    if (schema.items[id].derived)
      addReads(schema.items[id].deps, levelOf.lookup(id));
  for (auto [c, level] : llvm::zip_equal(groupConstraints, constraintLevel))
    addReads(schema.constraints[c].deps, level);
  for (unsigned l = 0; l < levels.size(); ++l) {
    levels[l].frontier.assign(frontiers[l].begin(), frontiers[l].end());
    llvm::sort(levels[l].frontier);
  }
}

Expected<Tree> GroupBuilder::run() {
  // Node 0 is the terminal that every last-level edge points to.
  tree.nodes.push_back({0, 0, 1});
  tree.root = buildLevel(0);
  if (tooLarge)
    return make_error<SpaceTooLargeError>(limitBytes);
  if (!error.empty())
    return createStringError(inconvertibleErrorCode(), error);
  // The memo is no longer needed; free it before the copies below.
  levels.clear();
  keyStorage.Reset();
  // The vectors grew by doubling; give back the slack. (shrink_to_fit is a
  // no-op in libstdc++ without exceptions, hence the copies.)
  std::vector<Tree::Node>(tree.nodes.begin(), tree.nodes.end())
      .swap(tree.nodes);
  std::vector<Tree::Edge>(tree.edges.begin(), tree.edges.end())
      .swap(tree.edges);
  return std::move(tree);
}

uint32_t GroupBuilder::buildLevel(unsigned index) {
  if (index == levels.size())
    return 0;
  Level &level = levels[index];

  SmallVector<int64_t, 8> key;
  for (ParamId id : level.frontier)
    key.push_back(view.values()[id]);
  auto it = level.memo.find(ArrayRef<int64_t>(key));
  if (it != level.memo.end())
    return it->second;

  const Item &param = schema.items[level.param];
  SmallVector<std::pair<uint32_t, uint32_t>, 32> children;
  for (uint32_t v = 0, e = param.range.size(); v < e; ++v) {
    TreeBuilder::slot(view, level.param) = param.range[v];
    for (ParamId id : level.derived) {
      const Item &derived = schema.items[id];
      TreeBuilder::slot(view, id) =
          TreeBuilder::guarded(view, derived.readable, derived.fn);
    }
    bool valid = llvm::all_of(level.constraints, [&](unsigned c) {
      const Constraint &constraint = schema.constraints[c];
      return TreeBuilder::guarded(view, constraint.readable, constraint.pred);
    });
    if (!valid)
      continue;
    uint32_t child = buildLevel(index + 1);
    if (!error.empty())
      return Tree::EmptyNode;
    if (child != Tree::EmptyNode)
      children.push_back({v, child});
  }

  uint32_t node = children.empty() ? Tree::EmptyNode : addNode(children);
  if (!error.empty() || !account(kMemoEntryBytes + key.size() * 8))
    return Tree::EmptyNode;
  // The key must outlive this frame: the memo keeps a view of it.
  int64_t *stored = keyStorage.Allocate<int64_t>(key.size());
  std::copy(key.begin(), key.end(), stored);
  level.memo.try_emplace(ArrayRef<int64_t>(stored, key.size()), node);
  return node;
}

uint32_t
GroupBuilder::addNode(ArrayRef<std::pair<uint32_t, uint32_t>> children) {
  // Indices are 32 bits to halve the edge arrays; the last value of each
  // type is reserved (EmptyNode).
  if (tree.edges.size() + children.size() >= UINT32_MAX ||
      tree.nodes.size() + 1 >= UINT32_MAX) {
    error = "a tree needs more than 2^32-1 nodes or edges; declare the "
            "parameters so that constraints read nearby levels, or summarise "
            "with derived values";
    return Tree::EmptyNode;
  }
  if (!account(kNodeBytes + children.size() * kEdgeBytes))
    return Tree::EmptyNode;
  uint32_t first = tree.edges.size();
  uint64_t leaves = 0;
  for (auto [value, child] : children) {
    tree.edges.push_back({value, child});
    std::optional<uint64_t> sum =
        checkedAddUnsigned(leaves, tree.nodes[child].leafCount);
    if (!sum) {
      std::string names;
      for (ParamId id : tree.params)
        names += (names.empty() ? "" : ", ") + schema.items[id].name;
      error = "the tree of {" + names +
              "} has more than 2^64-1 valid configurations; split the group "
              "or narrow the ranges";
      return Tree::EmptyNode;
    }
    leaves = *sum;
  }
  tree.nodes.push_back({first, static_cast<uint32_t>(children.size()), leaves});
  return tree.nodes.size() - 1;
}

bool GroupBuilder::account(uint64_t bytes) {
  usedBytes += bytes;
  if (limitBytes == 0 || usedBytes <= limitBytes)
    return true;
  tooLarge = true;
  // Any error ends the build; run() reports this one.
  error = "over the memory limit";
  return false;
}

Expected<Tree> TreeBuilder::build(const std::shared_ptr<const Schema> &schema,
                                  ArrayRef<ParamId> groupItems,
                                  ArrayRef<unsigned> groupConstraints,
                                  uint64_t &usedBytes, uint64_t limitBytes) {
  return GroupBuilder(schema, groupItems, groupConstraints, usedBytes,
                      limitBytes)
      .run();
}

size_t Tree::memoryBytes() const {
  return params.capacity_in_bytes() + nodes.capacity() * sizeof(Node) +
         edges.capacity() * sizeof(Edge);
}
