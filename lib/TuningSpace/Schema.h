//===- Schema.h - Declarations behind a search space ------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/TuningSpace: what SearchSpaceBuilder records (parameters,
// derived values, constraints, canonical rules) and the tree builder that
// turns one group of it into a detail::Tree.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_TUNING_SCHEMA_H
#define MDH_LIB_TUNING_SCHEMA_H

#include "mdh/TuningSpace/SearchSpace.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <optional>

namespace mlir::mdh::tuning {
namespace detail {

/// Keys of the value -> position maps. DenseMap's default keys for int64_t
/// reserve INT64_MAX and INT64_MAX - 1, which are tile sizes of the largest
/// extents; these reserve the two smallest values, which no range may list
/// (SearchSpaceBuilder::addParameter).
struct ValueKeyInfo {
  static constexpr int64_t kEmpty = INT64_MIN, kTombstone = INT64_MIN + 1;
  static int64_t getEmptyKey() { return kEmpty; }
  static int64_t getTombstoneKey() { return kTombstone; }
  static unsigned getHashValue(int64_t v) {
    return llvm::DenseMapInfo<int64_t>::getHashValue(v);
  }
  static bool isEqual(int64_t a, int64_t b) { return a == b; }
};

/// A parameter or a derived value.
struct Item {
  std::string name;
  bool derived = false;
  /// Parameters: the range, and each value's position in it.
  std::vector<int64_t> range;
  llvm::DenseMap<int64_t, uint32_t, ValueKeyInfo> position;
  /// The position of `value` in the range (the map's reserved keys are in
  /// no range, and must not be looked up).
  std::optional<uint32_t> positionOf(int64_t value) const {
    if (value == ValueKeyInfo::kEmpty || value == ValueKeyInfo::kTombstone)
      return std::nullopt;
    auto it = position.find(value);
    if (it == position.end())
      return std::nullopt;
    return it->second;
  }
  /// Derived values: the function and what it reads.
  DerivedFn fn;
  llvm::SmallVector<ParamId, 4> deps;
  llvm::BitVector readable;
};

/// A constraint, checked at the tree level of the last item it reads.
struct Constraint {
  std::string description;
  llvm::SmallVector<ParamId, 4> deps;
  Predicate pred;
  llvm::BitVector readable;
};

/// A canonical rule; it also lives on as a constraint that admits only the
/// canonical value.
struct CanonicalRule {
  ParamId param;
  CanonicalFn fn;
  llvm::SmallVector<ParamId, 4> deps;
  llvm::BitVector readable;
};

struct Schema {
  std::vector<Item> items;
  llvm::StringMap<ParamId> byName;
  std::vector<Constraint> constraints;
  std::vector<CanonicalRule> canonicalRules;
  /// Tunable parameters in declaration order = unit-cube coordinates.
  llvm::SmallVector<ParamId, 16> tunables;
  /// Item -> unit-cube coordinate (~0u for derived values).
  std::vector<unsigned> coordinate;
};

} // namespace detail

/// Builds trees and runs user functions under the read guard; the one
/// friend of Config inside lib/TuningSpace besides SearchSpace.
class TreeBuilder {
public:
  /// Builds the tree of one group (its items in declaration order and the
  /// constraints among them), sharing the subtrees of equal frontiers.
  /// Fails when the tree has more than 2^64-1 leaves or 2^32-1 nodes or
  /// edges, or with a SpaceTooLargeError when `usedBytes` (the estimated
  /// memory of the trees built so far, updated) passes `limitBytes` (0: no
  /// limit).
  static llvm::Expected<detail::Tree>
  build(const std::shared_ptr<const detail::Schema> &schema,
        llvm::ArrayRef<ParamId> groupItems,
        llvm::ArrayRef<unsigned> groupConstraints, uint64_t &usedBytes,
        uint64_t limitBytes);

  /// A configuration of `schema` with every slot zero.
  static Config blank(std::shared_ptr<const detail::Schema> schema) {
    Config config(std::move(schema));
    return config;
  }
  static int64_t &slot(Config &config, ParamId id) { return config.vals[id]; }

  /// Runs `fn(config)` allowing reads of `readable` only.
  template <typename Fn>
  static auto guarded(Config &config, const llvm::BitVector &readable,
                      const Fn &fn) {
    config.readable = &readable;
    auto result = fn(static_cast<const Config &>(config));
    config.readable = nullptr;
    return result;
  }
};

} // namespace mlir::mdh::tuning

#endif // MDH_LIB_TUNING_SCHEMA_H
