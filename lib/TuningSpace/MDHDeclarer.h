//===- MDHDeclarer.h - Declaring an MDH space on the engine -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/TuningSpace: the Declarer that states the parameters, derived
// values and constraints of one problem on a SearchSpaceBuilder
// (MDHSpace.cpp), and the running totals under a limit with their budgets
// (MDHTotals.cpp). docs/tuning-parameters.md, "How the space is built",
// explains the shape of the declaration.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_TUNING_MDHDECLARER_H
#define MDH_LIB_TUNING_MDHDECLARER_H

#include "mdh/Dialect/LL/ConfigRules.h"

#include "mdh/TuningSpace/SearchSpace.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::mdh::tuning::rules {

/// Sorted products that the remaining factors of a total can still form.
using Products = std::shared_ptr<const std::vector<int64_t>>;

/// A budget that nothing can exceed (the remaining term is 0).
inline constexpr int64_t kUnlimited = kNoCap;

/// The products that factors drawn from `factors` (one value of each set)
/// can form, up to `cap`, sorted.
Products productsOf(ArrayRef<std::vector<int64_t>> factors, int64_t cap);

/// The largest product in `products` that is at most `budget`, or 0;
/// kUnlimited stays kUnlimited.
int64_t roundDown(const std::vector<int64_t> &products, int64_t budget);

/// A total that a limit bounds: a sum of terms until one term with factors
/// is left, then a budget.
struct Family {
  struct Term {
    std::optional<ParamId> value;
    /// Buffer dimensions not multiplied in yet (indices into `dims`).
    SmallVector<unsigned, 4> remaining;
    /// Weight times the ranges no dimension reads.
    int64_t initial = 0;
    /// The step that computes the first value, and the input whose copy
    /// region turns the term on (none: always on).
    unsigned start = 0;
    std::optional<unsigned> input;
  };
  std::string name;
  unsigned level = 0;
  int64_t limit = 0;
  /// Distinct buffer dimensions, with the last step that reads each and
  /// the smallest `initial` of the terms that multiply its range in.
  SmallVector<BufferDim, 8> dims;
  SmallVector<unsigned, 8> lastStep;
  SmallVector<int64_t, 8> minInitial;
  SmallVector<Term, 4> terms;
  DenseMap<unsigned, ParamId> open;
  std::optional<ParamId> budget;
  SmallVector<unsigned, 4> budgetRemaining;
  bool done = false;
};

/// Declares the space of one problem on a SearchSpaceBuilder.
class Declarer {
public:
  Declarer(std::shared_ptr<const Problem> problem,
           ArrayRef<SmallVector<int64_t>> tileRanges)
      : holder(std::move(problem)), p(*holder), plan{p}, tileRanges(tileRanges),
        compact(isCompact(p)) {}

  /// Declares everything; then `builder` builds the space.
  void declare();
  SearchSpaceBuilder builder;

private:
  ParamId param(std::string name, ArrayRef<int64_t> range,
                ArrayRef<ParamId> deps = {}, Predicate pred = nullptr);
  ParamId derived(StringRef name, ArrayRef<ParamId> deps, DerivedFn fn);
  void atLeastOne(ParamId id, StringRef what);
  void canonical(ParamId id, ArrayRef<ParamId> deps, CanonicalFn fn);
  SmallVector<StringRef> refs(ArrayRef<ParamId> deps) const;

  /// The first step that reads `buffer` (0 if none does).
  unsigned firstStep(const Buffer &buffer) const;
  void addTerm(Family &f, const Buffer &buffer, int64_t weight,
               std::optional<unsigned> input);
  /// The factor values up to `cap` a buffer dimension can take over the
  /// tile ranges (a superset where several dimensions read it).
  std::vector<int64_t> factorValues(const BufferDim &dim, int64_t cap) const;
  Products futureProducts(const Family &f, ArrayRef<unsigned> remaining,
                          int64_t cap) const;
  /// The largest product the ranges of `remaining` reach (all tiles at
  /// their extents), saturated one above the limit.
  int64_t largestFuture(const Family &f, ArrayRef<unsigned> remaining) const;
  /// Whether `f` can never exceed its limit.
  bool neverBinds(const Family &f) const;
  void step(Family &f, unsigned s);
  void stepTerms(Family &f, unsigned s);
  void stepBudget(Family &f, unsigned s);
  void stepOpenSums(Family &f, unsigned s, ArrayRef<unsigned> live);
  /// A budget of threads per block after step `s`, whose dimension has
  /// ceil(c[outer] / c[inner]) threads.
  ParamId threadBudget(StringRef name, std::optional<ParamId> prev,
                       int64_t initial, unsigned s, ParamId outer,
                       ParamId inner);

  /// The layouts input `input`'s copies may take.
  SmallVector<int64_t, 4> layouts(unsigned input) const;
  void declareRegions(unsigned input);
  void declareDimension(unsigned s);
  void declareLast();

  /// Functions of the space outlive this object; those that read the
  /// problem hold it.
  std::shared_ptr<const Problem> holder;
  const Problem &p;
  Plan plan;
  ArrayRef<SmallVector<int64_t>> tileRanges;
  /// A compact space (docs/tuning-parameters.md, "Compact spaces").
  bool compact;
  std::vector<std::string> names;

  /// tiles[d][l], regions[i][l].
  SmallVector<std::array<ParamId, kNumLevels>> tiles;
  SmallVector<std::array<std::optional<ParamId>, kNumLevels>> regions;
  std::optional<Family> shared, registers;
  std::optional<ParamId> threads, warp, split;
};

} // namespace mlir::mdh::tuning::rules

#endif // MDH_LIB_TUNING_MDHDECLARER_H
