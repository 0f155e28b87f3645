//===- SearchSpace.cpp - ATF-style chain-of-trees search space ------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Configurations, the builder (declarations, grouping into trees) and the
// queries of a built space (size, sampling, unit-cube mapping, indices,
// membership). Building one tree lives in TreeBuilder.cpp.
//
//===----------------------------------------------------------------------===//

#include "Schema.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cmath>

using namespace llvm;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::detail;

//===----------------------------------------------------------------------===//
// Config
//===----------------------------------------------------------------------===//

Config::Config(std::shared_ptr<const Schema> schemaPtr)
    : schema(std::move(schemaPtr)) {
  vals.assign(schema->items.size(), 0);
}

ParamId Config::lookup(StringRef name) const {
  if (!schema)
    reportFatalUsageError(Twine("reading '") + name +
                          "' from a configuration of no search space");
  auto it = schema->byName.find(name);
  if (it == schema->byName.end())
    reportFatalUsageError(Twine("unknown tuning parameter '") + name + "'");
  return it->second;
}

int64_t Config::operator[](StringRef name) const {
  return (*this)[lookup(name)];
}

int64_t Config::operator[](ParamId id) const {
  if (!schema || id >= vals.size())
    reportFatalUsageError("tuning parameter id out of range");
  // Subtrees are shared on the assumption that functions read only what
  // they declare; an undeclared read would silently corrupt the space.
  if (readable && !readable->test(id))
    reportFatalUsageError(Twine("a constraint or derived value reads '") +
                          schema->items[id].name +
                          "', which it does not declare as a dependency");
  return vals[id];
}

void Config::set(StringRef name, int64_t value) { set(lookup(name), value); }

void Config::set(ParamId id, int64_t value) {
  if (!schema || id >= vals.size() || schema->items[id].derived)
    reportFatalUsageError("only tunable parameters can be set");
  vals[id] = value;
}

StringRef Config::name(ParamId id) const { return schema->items[id].name; }

bool Config::operator==(const Config &other) const {
  if (schema != other.schema)
    return false;
  if (!schema)
    return true;
  return llvm::all_of(schema->tunables,
                      [&](ParamId id) { return vals[id] == other.vals[id]; });
}

std::string Config::str() const {
  std::string result;
  raw_string_ostream os(result);
  for (ParamId id = 0; schema && id < vals.size(); ++id)
    os << (id ? " " : "") << schema->items[id].name << "=" << vals[id];
  return result;
}

//===----------------------------------------------------------------------===//
// SearchSpaceBuilder
//===----------------------------------------------------------------------===//

char SpaceTooLargeError::ID = 0;

std::string mlir::mdh::tuning::formatMemory(uint64_t bytes) {
  if (bytes >= (uint64_t(1) << 20))
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes >> 10) + " KiB";
}

void SpaceTooLargeError::log(raw_ostream &os) const {
  os << "building the space needs more than " << formatMemory(limitBytes)
     << ": its constraints tie too many tile sizes and totals together";
}

SearchSpaceBuilder::SearchSpaceBuilder() : schema(std::make_shared<Schema>()) {}

SearchSpaceBuilder::~SearchSpaceBuilder() = default;

void SearchSpaceBuilder::fail(const Twine &message) {
  if (firstError.empty())
    firstError = message.str();
}

ParamId SearchSpaceBuilder::declare(StringRef name, bool derived) {
  ParamId id = schema->items.size();
  if (name.empty())
    fail("a tuning parameter needs a name");
  else if (!schema->byName.try_emplace(name, id).second)
    fail("tuning parameter '" + name + "' is declared twice");
  schema->items.emplace_back();
  schema->items.back().name = name.str();
  schema->items.back().derived = derived;
  return id;
}

bool SearchSpaceBuilder::resolve(ArrayRef<StringRef> deps,
                                 SmallVectorImpl<ParamId> &ids,
                                 StringRef what) {
  for (StringRef dep : deps) {
    auto it = schema->byName.find(dep);
    if (it == schema->byName.end()) {
      fail(what + " reads '" + dep + "', which is not declared before it");
      return false;
    }
    ids.push_back(it->second);
  }
  return true;
}

ParamId SearchSpaceBuilder::addParameter(StringRef name,
                                         ArrayRef<int64_t> range) {
  ParamId id = declare(name, /*derived=*/false);
  Item &item = schema->items[id];
  if (range.empty())
    fail("tuning parameter '" + name + "' has an empty range");
  if (range.size() >= UINT32_MAX)
    fail("tuning parameter '" + name + "' has more than 2^32-2 values");
  item.range.assign(range.begin(), range.end());
  for (auto [index, value] : llvm::enumerate(range))
    if (value == ValueKeyInfo::kEmpty || value == ValueKeyInfo::kTombstone)
      fail("tuning parameter '" + name + "' lists the value " + Twine(value) +
           "; values must be above " + Twine(ValueKeyInfo::kTombstone));
    else if (!item.position.try_emplace(value, index).second)
      fail("tuning parameter '" + name + "' lists the value " + Twine(value) +
           " twice");
  schema->tunables.push_back(id);
  return id;
}

ParamId SearchSpaceBuilder::addParameter(StringRef name,
                                         ArrayRef<int64_t> range,
                                         ArrayRef<StringRef> deps,
                                         Predicate constraint) {
  ParamId id = addParameter(name, range);
  std::string what = ("the constraint of '" + name + "'").str();
  SmallVector<ParamId, 4> ids;
  if (!resolve(deps, ids, what))
    return id;
  ids.push_back(id);
  llvm::sort(ids);
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  schema->constraints.push_back({what, ids, std::move(constraint), {}});
  return id;
}

void SearchSpaceBuilder::addConstraint(ArrayRef<StringRef> deps, Predicate pred,
                                       StringRef description) {
  std::string what =
      description.empty() ? std::string("a constraint") : description.str();
  SmallVector<ParamId, 4> ids;
  if (!resolve(deps, ids, what))
    return;
  if (ids.empty())
    return fail(what + " reads no parameter");
  llvm::sort(ids);
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  schema->constraints.push_back({what, ids, std::move(pred), {}});
}

ParamId SearchSpaceBuilder::addDerived(StringRef name, ArrayRef<StringRef> deps,
                                       DerivedFn fn) {
  // Resolve first: a derived value cannot read itself.
  SmallVector<ParamId, 4> ids;
  bool resolved = resolve(deps, ids, ("derived value '" + name + "'").str());
  ParamId id = declare(name, /*derived=*/true);
  if (resolved && ids.empty())
    fail("derived value '" + name + "' reads no parameter");
  schema->items[id].fn = std::move(fn);
  schema->items[id].deps.assign(ids.begin(), ids.end());
  return id;
}

void SearchSpaceBuilder::addCanonicalRule(StringRef param,
                                          ArrayRef<StringRef> deps,
                                          CanonicalFn fn) {
  std::string what = ("the canonical rule of '" + param + "'").str();
  SmallVector<ParamId, 4> target, ids;
  if (!resolve(param, target, what) || !resolve(deps, ids, what))
    return;
  ParamId id = target.front();
  if (schema->items[id].derived)
    return fail(what + ": a derived value is not tuned");
  schema->canonicalRules.push_back({id, fn, ids, {}});

  // In the tree the rule is a constraint: where it names a value, only that
  // value of the parameter is admitted.
  const Schema *s = schema.get();
  ids.push_back(id);
  llvm::sort(ids);
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  Predicate pred = [s, id, fn](const Config &config) {
    std::optional<int64_t> canonical = fn(config);
    if (!canonical)
      return true;
    if (!s->items[id].positionOf(*canonical))
      reportFatalUsageError(Twine("the canonical value ") + Twine(*canonical) +
                            " of '" + s->items[id].name +
                            "' is not in its range");
    return config[id] == *canonical;
  };
  schema->constraints.push_back({what, ids, std::move(pred), {}});
}

Expected<SearchSpace> SearchSpaceBuilder::build() {
  if (!schema)
    fail("SearchSpaceBuilder::build() called twice");
  if (!firstError.empty())
    return createStringError(inconvertibleErrorCode(), firstError);

  // The read guards, now that the number of items is final.
  unsigned n = schema->items.size();
  auto guard = [n](ArrayRef<ParamId> deps) {
    BitVector readable(n);
    for (ParamId dep : deps)
      readable.set(dep);
    return readable;
  };
  for (Item &item : schema->items)
    if (item.derived)
      item.readable = guard(item.deps);
  for (Constraint &constraint : schema->constraints)
    constraint.readable = guard(constraint.deps);
  for (CanonicalRule &rule : schema->canonicalRules)
    rule.readable = guard(rule.deps);
  // Canonical rules apply in the order of their parameters, ties in the
  // order of declaration.
  std::vector<CanonicalRule> rules;
  for (ParamId id = 0; id < n; ++id)
    for (CanonicalRule &rule : schema->canonicalRules)
      if (rule.param == id)
        rules.push_back(std::move(rule));
  schema->canonicalRules = std::move(rules);
  schema->coordinate.assign(n, ~0u);
  for (auto [k, id] : llvm::enumerate(schema->tunables))
    schema->coordinate[id] = k;

  // Groups: items tied by a derived value or a constraint, transitively.
  EquivalenceClasses<ParamId> tied;
  for (ParamId id = 0; id < n; ++id) {
    tied.insert(id);
    for (ParamId dep : schema->items[id].deps)
      tied.unionSets(id, dep);
  }
  for (const Constraint &constraint : schema->constraints)
    for (ParamId dep : constraint.deps)
      tied.unionSets(constraint.deps.front(), dep);

  // One tree per group, chained in the order of their first parameter.
  DenseMap<ParamId, unsigned> groupOf;
  SmallVector<SmallVector<ParamId, 8>> groupItems;
  SmallVector<SmallVector<unsigned, 8>> groupConstraints;
  for (ParamId id = 0; id < n; ++id) {
    auto [it, inserted] =
        groupOf.try_emplace(tied.getLeaderValue(id), groupItems.size());
    if (inserted) {
      groupItems.emplace_back();
      groupConstraints.emplace_back();
    }
    groupItems[it->second].push_back(id);
  }
  for (auto [c, constraint] : llvm::enumerate(schema->constraints))
    groupConstraints[groupOf.lookup(
                         tied.getLeaderValue(constraint.deps.front()))]
        .push_back(c);

  std::shared_ptr<const Schema> frozen = std::move(schema);
  std::vector<Tree> trees;
  uint64_t usedBytes = 0;
  for (auto [items, constraints] :
       llvm::zip_equal(groupItems, groupConstraints)) {
    Expected<Tree> tree =
        TreeBuilder::build(frozen, items, constraints, usedBytes, memoryLimit);
    if (!tree)
      return tree.takeError();
    trees.push_back(std::move(*tree));
  }
  return SearchSpace(std::move(frozen), std::move(trees));
}

//===----------------------------------------------------------------------===//
// SearchSpace
//===----------------------------------------------------------------------===//

SearchSpace::SearchSpace(std::shared_ptr<const Schema> schemaPtr,
                         std::vector<Tree> treeList)
    : schema(std::move(schemaPtr)), trees(std::move(treeList)) {
  // A product of T factors below 2^64 fits into 64*T bits.
  unsigned width = 64 * std::max<size_t>(1, trees.size());
  totalSize = APInt(width, 1);
  for (const Tree &tree : trees)
    totalSize *= APInt(width, tree.size());
}

SearchSpace::~SearchSpace() = default;

std::optional<uint64_t> SearchSpace::size64() const {
  if (totalSize.getActiveBits() > 64)
    return std::nullopt;
  return totalSize.getZExtValue();
}

double SearchSpace::sizeAsDouble() const {
  // APInt::roundToDouble misplaces the exponent of values wider than one
  // word (LLVM 22), so scale the leading 64 bits instead.
  unsigned bits = totalSize.getActiveBits();
  if (bits <= 64)
    return (double)totalSize.getZExtValue();
  return std::ldexp((double)totalSize.lshr(bits - 64).getZExtValue(),
                    bits - 64);
}

size_t SearchSpace::numNodes() const {
  size_t count = 0;
  for (const Tree &tree : trees)
    count += tree.nodes.size();
  return count;
}

size_t SearchSpace::numEdges() const {
  size_t count = 0;
  for (const Tree &tree : trees)
    count += tree.edges.size();
  return count;
}

size_t SearchSpace::memoryBytes() const {
  size_t bytes = 0;
  for (const Tree &tree : trees)
    bytes += tree.memoryBytes();
  return bytes;
}

unsigned SearchSpace::dimension() const { return schema->tunables.size(); }

ArrayRef<ParamId> SearchSpace::tunableParameters() const {
  return schema->tunables;
}

std::optional<ParamId> SearchSpace::lookup(StringRef name) const {
  auto it = schema->byName.find(name);
  if (it == schema->byName.end())
    return std::nullopt;
  return it->second;
}

StringRef SearchSpace::name(ParamId id) const { return schema->items[id].name; }

ArrayRef<int64_t> SearchSpace::range(ParamId id) const {
  return schema->items[id].range;
}

void SearchSpace::computeDerived(Config &config) const {
  for (auto [id, item] : llvm::enumerate(schema->items))
    if (item.derived)
      TreeBuilder::slot(config, id) =
          TreeBuilder::guarded(config, item.readable, item.fn);
}

Config SearchSpace::makeConfig() const {
  Config config = TreeBuilder::blank(schema);
  for (ParamId id : schema->tunables)
    TreeBuilder::slot(config, id) = schema->items[id].range.front();
  computeDerived(config);
  return config;
}

/// The edge of `node` whose subtree holds leaf `rank` (0-based); `rank`
/// becomes the rank inside that subtree. Linear in the node's edges.
static uint32_t edgeOfRank(const Tree &tree, uint32_t node, uint64_t &rank) {
  const Tree::Node &n = tree.nodes[node];
  uint32_t edge = n.firstEdge, last = n.firstEdge + n.numEdges - 1;
  for (; edge < last; ++edge) {
    uint64_t leaves = tree.nodes[tree.edges[edge].child].leafCount;
    if (rank < leaves)
      break;
    rank -= leaves;
  }
  return edge;
}

/// The leaves under the edges of `node` before `edge`.
static uint64_t leavesBefore(const Tree &tree, uint32_t node, uint32_t edge) {
  uint64_t leaves = 0;
  for (uint32_t e = tree.nodes[node].firstEdge; e < edge; ++e)
    leaves += tree.nodes[tree.edges[e].child].leafCount;
  return leaves;
}

/// The edge of `node` for value index `value`, or std::nullopt.
static std::optional<uint32_t> edgeOfValue(const Tree &tree, uint32_t node,
                                           uint32_t value) {
  const Tree::Node &n = tree.nodes[node];
  auto begin = tree.edges.begin() + n.firstEdge;
  auto end = begin + n.numEdges;
  auto it = std::lower_bound(
      begin, end, value,
      [](const Tree::Edge &edge, uint32_t v) { return edge.value < v; });
  if (it == end || it->value != value)
    return std::nullopt;
  return it - tree.edges.begin();
}

Config SearchSpace::fromTreeRanks(ArrayRef<uint64_t> ranks) const {
  if (empty())
    reportFatalUsageError("drawing from an empty search space");
  Config config = TreeBuilder::blank(schema);
  for (auto [tree, treeRank] : llvm::zip_equal(trees, ranks)) {
    uint64_t rank = treeRank;
    for (uint32_t node = tree.root, level = 0; node != 0; ++level) {
      const Tree::Edge &edge = tree.edges[edgeOfRank(tree, node, rank)];
      ParamId id = tree.params[level];
      TreeBuilder::slot(config, id) = schema->items[id].range[edge.value];
      node = edge.child;
    }
  }
  computeDerived(config);
  return config;
}

Config SearchSpace::fromUnitCube(ArrayRef<double> x) const {
  if (x.size() != dimension())
    reportFatalUsageError("unit-cube point of the wrong dimension");
  if (empty())
    reportFatalUsageError("drawing from an empty search space");
  Config config = TreeBuilder::blank(schema);
  for (const Tree &tree : trees) {
    for (uint32_t node = tree.root, level = 0; node != 0; ++level) {
      ParamId id = tree.params[level];
      // ATF: leaf ceil(x * n) of 1..n, i.e. rank ceil(x * n) - 1. Long
      // double keeps x * n exact enough for n up to 2^64.
      uint64_t leaves = tree.nodes[node].leafCount;
      double xi = x[schema->coordinate[id]];
      long double scaled = std::ceil((long double)xi * (long double)leaves);
      uint64_t rank = 0;
      if (xi >= 1.0 || scaled >= (long double)leaves)
        rank = leaves - 1;
      else if (scaled > 1)
        rank = (uint64_t)scaled - 1;
      const Tree::Edge &edge = tree.edges[edgeOfRank(tree, node, rank)];
      TreeBuilder::slot(config, id) = schema->items[id].range[edge.value];
      node = edge.child;
    }
  }
  computeDerived(config);
  return config;
}

SmallVector<double> SearchSpace::toUnitCube(const Config &config) const {
  if (config.schema != schema)
    return {};
  SmallVector<double> x(dimension(), 1.0);
  for (const Tree &tree : trees) {
    for (uint32_t node = tree.root, level = 0; node != 0; ++level) {
      ParamId id = tree.params[level];
      const Item &item = schema->items[id];
      std::optional<uint32_t> position = item.positionOf(config.vals[id]);
      if (!position)
        return {};
      std::optional<uint32_t> edge = edgeOfValue(tree, node, *position);
      if (!edge)
        return {};
      uint32_t child = tree.edges[*edge].child;
      long double centre = (long double)leavesBefore(tree, node, *edge) +
                           (long double)tree.nodes[child].leafCount / 2;
      x[schema->coordinate[id]] =
          (double)(centre / (long double)tree.nodes[node].leafCount);
      node = child;
    }
  }
  return x;
}

std::optional<uint64_t> SearchSpace::rankIn(unsigned t,
                                            const Config &config) const {
  const Tree &tree = trees[t];
  if (tree.empty())
    return std::nullopt;
  uint64_t rank = 0;
  for (uint32_t node = tree.root, level = 0; node != 0; ++level) {
    ParamId id = tree.params[level];
    const Item &item = schema->items[id];
    std::optional<uint32_t> position = item.positionOf(config.vals[id]);
    if (!position)
      return std::nullopt;
    std::optional<uint32_t> edge = edgeOfValue(tree, node, *position);
    if (!edge)
      return std::nullopt;
    rank += leavesBefore(tree, node, *edge);
    node = tree.edges[*edge].child;
  }
  return rank;
}

bool SearchSpace::contains(const Config &config) const {
  if (config.schema != schema)
    return false;
  for (unsigned t = 0; t < trees.size(); ++t)
    if (!rankIn(t, config))
      return false;
  return true;
}

Config SearchSpace::fromIndex(const APInt &index) const {
  unsigned width = totalSize.getBitWidth();
  if (index.getActiveBits() > width || index.zextOrTrunc(width).uge(totalSize))
    reportFatalUsageError("search-space index out of range");
  // Mixed radix, the last tree the least significant digit.
  APInt rest = index.zextOrTrunc(width);
  SmallVector<uint64_t, 8> ranks(trees.size());
  for (unsigned t = trees.size(); t-- > 0;) {
    APInt quotient;
    uint64_t remainder;
    APInt::udivrem(rest, trees[t].size(), quotient, remainder);
    ranks[t] = remainder;
    rest = std::move(quotient);
  }
  return fromTreeRanks(ranks);
}

Config SearchSpace::fromIndex(uint64_t index) const {
  return fromIndex(APInt(totalSize.getBitWidth(), index));
}

std::optional<APInt> SearchSpace::toIndex(const Config &config) const {
  if (config.schema != schema)
    return std::nullopt;
  unsigned width = totalSize.getBitWidth();
  APInt index(width, 0);
  for (unsigned t = 0; t < trees.size(); ++t) {
    std::optional<uint64_t> rank = rankIn(t, config);
    if (!rank)
      return std::nullopt;
    index *= APInt(width, trees[t].size());
    index += *rank;
  }
  return index;
}

std::optional<uint64_t> SearchSpace::toIndex64(const Config &config) const {
  std::optional<APInt> index = toIndex(config);
  if (!index || index->getActiveBits() > 64)
    return std::nullopt;
  return index->getZExtValue();
}

Config SearchSpace::canonicalize(Config config) const {
  if (config.schema != schema)
    reportFatalUsageError("canonicalizing a configuration of another space");
  // Rules may enable one another; a round without a change is a fixpoint.
  // Rules that undo each other stop after a bounded number of rounds.
  for (size_t round = 0; round <= schema->canonicalRules.size(); ++round) {
    bool changed = false;
    for (const CanonicalRule &rule : schema->canonicalRules) {
      computeDerived(config);
      std::optional<int64_t> canonical =
          TreeBuilder::guarded(config, rule.readable, rule.fn);
      if (canonical && config.vals[rule.param] != *canonical) {
        config.vals[rule.param] = *canonical;
        changed = true;
      }
    }
    if (!changed)
      break;
  }
  computeDerived(config);
  return config;
}

void SearchSpace::print(raw_ostream &os) const {
  os << "search space: ";
  totalSize.print(os, /*isSigned=*/false);
  os << " configurations, " << dimension() << " parameters in " << numTrees()
     << " trees, " << numNodes() << " nodes, " << numEdges() << " edges, "
     << memoryBytes() << " bytes\n";
  for (auto [t, tree] : llvm::enumerate(trees)) {
    os << "  tree " << t << " {";
    for (auto [i, id] : llvm::enumerate(tree.params))
      os << (i ? ", " : "") << schema->items[id].name;
    os << "}: " << tree.size() << " leaves, " << tree.nodes.size() << " nodes, "
       << tree.edges.size() << " edges\n";
  }
}
