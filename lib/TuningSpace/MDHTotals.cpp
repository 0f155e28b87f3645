//===- MDHTotals.cpp - Totals under a limit, and budgets ------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The running totals behind the target limits (threads per block, shared
// memory, registers), declared dimension by dimension so that only a few
// distinct values cross from one dimension to the next
// (docs/tuning-parameters.md, "How the space is built"):
//
//  - a total is a sum of terms, one per buffer: a weight times the product
//    of the ranges of the buffer's dimensions over the tiles of one level;
//  - terms whose remaining buffer dimensions are equal merge (they get the
//    same factors from here on);
//  - once the largest possible future cannot exceed the limit, all terms
//    become 0 (the limit holds for sure);
//  - once one term with factors is left, the total becomes a budget
//    B = floor((limit - rest) / term), the largest product of the remaining
//    factors that still fits, rounded down to a product the remaining tile
//    ranges can form. Budgets are only compared with such products, so the
//    rounding is exact.
//
//===----------------------------------------------------------------------===//

#include "MDHDeclarer.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::InputRegion;

//===----------------------------------------------------------------------===//
// Budgets
//===----------------------------------------------------------------------===//

Products rules::productsOf(ArrayRef<std::vector<int64_t>> factors,
                           int64_t cap) {
  std::vector<int64_t> products = {1};
  for (const std::vector<int64_t> &set : factors) {
    std::vector<int64_t> next;
    for (int64_t a : products)
      for (int64_t b : set)
        if (a <= cap / b)
          next.push_back(a * b);
    llvm::sort(next);
    next.erase(llvm::unique(next), next.end());
    products = std::move(next);
  }
  return std::make_shared<const std::vector<int64_t>>(std::move(products));
}

int64_t rules::roundDown(const std::vector<int64_t> &products, int64_t budget) {
  if (budget == kUnlimited)
    return budget;
  auto it = llvm::upper_bound(products, budget);
  return it == products.begin() ? 0 : *std::prev(it);
}

//===----------------------------------------------------------------------===//
// Totals under a limit
//===----------------------------------------------------------------------===//

unsigned Declarer::firstStep(const Buffer &buffer) const {
  for (unsigned s = 0; s < p.numDims(); ++s) {
    unsigned d = p.dimOrder[s];
    if (llvm::any_of(buffer.dims,
                     [&](const BufferDim &dim) { return dim.weights[d]; }))
      return s;
  }
  return 0;
}

void Declarer::addTerm(Family &f, const Buffer &buffer, int64_t weight,
                       std::optional<unsigned> input) {
  Family::Term term;
  term.initial = std::min(weight, f.limit + 1);
  term.start = firstStep(buffer);
  term.input = input;
  for (const BufferDim &dim : buffer.dims) {
    std::optional<unsigned> last;
    for (auto [s, d] : llvm::enumerate(p.dimOrder))
      if (dim.weights[d] != 0)
        last = s;
    if (!last) {
      term.initial = mulSat(term.initial, dimRange(dim, 0), f.limit + 1);
      continue;
    }
    auto *it = llvm::find(f.dims, dim);
    if (it == f.dims.end()) {
      f.dims.push_back(dim);
      f.lastStep.push_back(*last);
      f.minInitial.push_back(f.limit + 1);
      it = f.dims.end() - 1;
    }
    term.remaining.push_back(it - f.dims.begin());
  }
  for (unsigned k : term.remaining)
    f.minInitial[k] = std::min(f.minInitial[k], term.initial);
  llvm::sort(term.remaining);
  f.terms.push_back(std::move(term));
}

std::vector<int64_t> Declarer::factorValues(const BufferDim &dim,
                                            int64_t cap) const {
  std::vector<int64_t> values;
  SmallVector<unsigned, 2> readers;
  for (unsigned d = 0; d < p.numDims(); ++d)
    if (dim.weights[d] != 0)
      readers.push_back(d);
  if (readers.size() == 1) {
    for (int64_t tile : tileRanges[readers.front()])
      values.push_back(dimRange(dim, partialOf(dim, readers.front(), tile)));
  } else {
    // Several dimensions add up: every range between the extremes (those
    // above the cap cannot be part of a product that matters).
    for (int64_t v = dimRange(dim, 0), e = std::min(dim.extent, cap); v <= e;
         ++v)
      values.push_back(v);
  }
  llvm::sort(values);
  values.erase(llvm::unique(values), values.end());
  return values;
}

Products Declarer::futureProducts(const Family &f, ArrayRef<unsigned> remaining,
                                  int64_t cap) const {
  SmallVector<std::vector<int64_t>, 4> factors;
  for (unsigned k : remaining)
    factors.push_back(factorValues(f.dims[k], cap));
  return productsOf(factors, cap);
}

int64_t Declarer::largestFuture(const Family &f,
                                ArrayRef<unsigned> remaining) const {
  int64_t product = 1;
  for (unsigned k : remaining) {
    const BufferDim &dim = f.dims[k];
    int64_t partial = 0;
    for (unsigned d = 0; d < p.numDims(); ++d)
      partial = addSat(partial, partialOf(dim, d, p.sizes[d]));
    product = mulSat(product, dimRange(dim, partial), f.limit + 1);
  }
  return product;
}

bool Declarer::neverBinds(const Family &f) const {
  int64_t most = 0;
  for (const Family::Term &term : f.terms)
    most = addSat(most, mulSat(term.initial, largestFuture(f, term.remaining)));
  return most <= f.limit;
}

void Declarer::step(Family &f, unsigned s) {
  if (f.done)
    return;
  if (f.budget)
    stepBudget(f, s);
  else
    stepTerms(f, s);
}

void Declarer::stepOpenSums(Family &f, unsigned s, ArrayRef<unsigned> live) {
  unsigned d = p.dimOrder[s];
  ParamId tile = tiles[d][f.level];
  // Open sums are capped: larger sums need not be told apart. A term is
  // at least `initial` times the range of each of its dimensions, and a
  // range is at least 1 + the sum (or the extent, which larger sums reach
  // too), so with a sum of at least limit / initial every term that
  // multiplies the range in is over the limit either way. Uncapped, the
  // sums are memo keys of the tree (TreeBuilder.cpp) with up to 2^k values
  // after k dimensions of different weights, and the product over the open
  // sums of a GPU space (register and shared families, inputs and outputs)
  // made 16 dimensions of extent 2 build for minutes.
  for (unsigned k : live) {
    int64_t cap = f.limit / std::max<int64_t>(1, f.minInitial[k]);
    const BufferDim &dim = f.dims[k];
    if (dim.weights[d] == 0 || f.lastStep[k] == s)
      continue;
    std::optional<ParamId> prev;
    SmallVector<ParamId, 2> deps = {tile};
    if (auto it = f.open.find(k); it != f.open.end())
      deps.push_back(*(prev = it->second));
    f.open[k] = derived(f.name + ".sum", deps, [=](const Config &c) -> int64_t {
      return std::min(cap,
                      addSat(prev ? c[*prev] : 0, partialOf(dim, d, c[tile])));
    });
  }
}

/// The buffer dimensions of `remaining` that close at step `s`, with the
/// partial sums they add to, and the ones that stay.
using Closing = SmallVector<std::pair<BufferDim, std::optional<ParamId>>, 2>;
static Closing splitClosing(const Family &f, unsigned s,
                            ArrayRef<unsigned> remaining,
                            SmallVectorImpl<unsigned> &rest,
                            SmallVectorImpl<ParamId> &deps) {
  Closing closing;
  for (unsigned k : remaining) {
    if (f.lastStep[k] != s) {
      rest.push_back(k);
      continue;
    }
    std::optional<ParamId> open;
    if (auto it = f.open.find(k); it != f.open.end())
      deps.push_back(*(open = it->second));
    closing.push_back({f.dims[k], open});
  }
  return closing;
}

/// The product of the ranges of `closing` with tile `tile` of dimension d.
static int64_t closingFactor(const Config &c, const Closing &closing,
                             unsigned d, ParamId tile, int64_t cap) {
  int64_t factor = 1;
  for (const auto &[dim, open] : closing)
    factor = mulSat(
        factor,
        dimRange(dim, addSat(open ? c[*open] : 0, partialOf(dim, d, c[tile]))),
        cap);
  return factor;
}

void Declarer::stepTerms(Family &f, unsigned s) {
  unsigned d = p.dimOrder[s];
  ParamId tile = tiles[d][f.level];
  int64_t cap = f.limit + 1, limit = f.limit;
  bool changed = false;
  SmallVector<unsigned, 8> live;
  for (Family::Term &term : f.terms) {
    llvm::append_range(live, term.remaining);
    if (term.start > s)
      continue;
    SmallVector<ParamId, 4> deps = {tile};
    SmallVector<unsigned, 4> rest;
    Closing closing = splitClosing(f, s, term.remaining, rest, deps);
    if (term.value && closing.empty())
      continue;
    std::optional<ParamId> prev = term.value, gate;
    if (!prev && term.input)
      gate = *regions[*term.input][f.level];
    if (prev)
      deps.push_back(*prev);
    if (gate)
      deps.push_back(*gate);
    int64_t initial = term.initial;
    term.value = derived(f.name, deps, [=](const Config &c) -> int64_t {
      int64_t value = prev ? c[*prev] : initial;
      if (gate && c[*gate] == int64_t(InputRegion::InPlace))
        return 0;
      return mulSat(value, closingFactor(c, closing, d, tile, cap), cap);
    });
    term.remaining = std::move(rest);
    changed = true;
  }
  llvm::sort(live);
  live.erase(llvm::unique(live), live.end());
  stepOpenSums(f, s, live);

  // Merge started terms with equal remaining dimensions.
  SmallVector<Family::Term, 4> merged;
  for (Family::Term &term : f.terms) {
    auto *it = llvm::find_if(merged, [&](const Family::Term &other) {
      return other.value && term.value && other.remaining == term.remaining;
    });
    if (it == merged.end()) {
      merged.push_back(std::move(term));
      continue;
    }
    ParamId a = *it->value, b = *term.value;
    it->value =
        derived(f.name + ".merge", {a, b}, [=](const Config &c) -> int64_t {
          return std::min(cap, addSat(c[a], c[b]));
        });
  }
  f.terms = std::move(merged);

  // Once even the largest future cannot exceed the limit, every term is
  // set to 0: the limit holds for sure, and all such paths share one
  // state.
  SmallVector<ParamId, 4> started;
  SmallVector<int64_t, 4> most;
  int64_t unstarted = 0;
  for (const Family::Term &term : f.terms) {
    int64_t future = largestFuture(f, term.remaining);
    if (term.value) {
      started.push_back(*term.value);
      most.push_back(future);
    } else {
      unstarted = addSat(unstarted, mulSat(term.initial, future));
    }
  }
  if (changed && llvm::any_of(f.terms, [](const Family::Term &term) {
        return !term.remaining.empty();
      })) {
    for (Family::Term &term : f.terms) {
      if (!term.value)
        continue;
      ParamId own = *term.value;
      term.value =
          derived(f.name + ".safe", started, [=](const Config &c) -> int64_t {
            int64_t total = unstarted;
            for (auto [id, future] : llvm::zip(started, most))
              total = addSat(total, mulSat(c[id], future));
            return total <= limit ? 0 : c[own];
          });
    }
  }

  SmallVector<ParamId, 4> values, complete;
  std::optional<ParamId> pending;
  unsigned numPending = 0;
  bool allStarted = true;
  for (const Family::Term &term : f.terms) {
    allStarted &= term.value.has_value();
    if (!term.value)
      continue;
    values.push_back(*term.value);
    if (term.remaining.empty()) {
      complete.push_back(*term.value);
    } else {
      pending = *term.value;
      ++numPending;
    }
  }
  // A lower bound until the end: every factor still to come is >= 1.
  if (changed)
    builder.addConstraint(
        refs(values),
        [=](const Config &c) {
          int64_t sum = 0;
          for (ParamId id : values)
            sum = addSat(sum, c[id]);
          return sum <= limit;
        },
        f.name);
  if (!allStarted || numPending > 1)
    return;
  if (!pending) {
    f.done = true;
    return;
  }
  // One term with factors left: from now on a budget.
  SmallVector<unsigned, 4> remaining;
  for (const Family::Term &term : f.terms)
    if (!term.remaining.empty())
      remaining = term.remaining;
  Products products = futureProducts(f, remaining, limit);
  ParamId v = *pending;
  f.budget =
      derived(f.name + ".budget", values, [=](const Config &c) -> int64_t {
        int64_t rest = 0;
        for (ParamId id : complete)
          rest = addSat(rest, c[id]);
        if (rest > limit)
          return 0;
        if (c[v] == 0)
          return kUnlimited;
        return roundDown(*products, (limit - rest) / c[v]);
      });
  atLeastOne(*f.budget, f.name);
  f.budgetRemaining = std::move(remaining);
  f.terms.clear();
}

void Declarer::stepBudget(Family &f, unsigned s) {
  unsigned d = p.dimOrder[s];
  ParamId tile = tiles[d][f.level];
  SmallVector<unsigned, 4> live = f.budgetRemaining, rest;
  SmallVector<ParamId, 4> deps = {tile, *f.budget};
  Closing closing = splitClosing(f, s, f.budgetRemaining, rest, deps);
  if (!closing.empty()) {
    Products products = futureProducts(f, rest, f.limit);
    ParamId prev = *f.budget;
    int64_t cap = f.limit + 1;
    f.budget =
        derived(f.name + ".budget", deps, [=](const Config &c) -> int64_t {
          if (c[prev] == kUnlimited)
            return kUnlimited;
          return roundDown(*products,
                           c[prev] / closingFactor(c, closing, d, tile, cap));
        });
    atLeastOne(*f.budget, f.name);
    f.budgetRemaining = std::move(rest);
    f.done = f.budgetRemaining.empty();
  }
  stepOpenSums(f, s, live);
}

ParamId Declarer::threadBudget(StringRef name, std::optional<ParamId> prev,
                               int64_t initial, unsigned s, ParamId outer,
                               ParamId inner) {
  SmallVector<std::vector<int64_t>, 8> factors;
  for (unsigned later = s + 1; later < p.numDims(); ++later) {
    ArrayRef<int64_t> range = tileRanges[p.dimOrder[later]];
    std::vector<int64_t> units;
    for (int64_t a : range)
      for (int64_t b : range)
        if (b <= a)
          units.push_back(ceilDiv(a, b));
    llvm::sort(units);
    units.erase(llvm::unique(units), units.end());
    factors.push_back(std::move(units));
  }
  Products products = productsOf(factors, initial);
  SmallVector<ParamId, 3> deps = {outer, inner};
  if (prev)
    deps.push_back(*prev);
  return derived(name, deps, [=](const Config &c) -> int64_t {
    return roundDown(*products,
                     (prev ? c[*prev] : initial) / ceilDiv(c[outer], c[inner]));
  });
}
