//===- MDHSpace.cpp - The search space of an MDH computation --------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Declares the parameters of mdh_ll::Config on the chain-of-trees engine.
// The engine stores a subtree once per distinct frontier (the values read
// below it), so the declaration keeps frontiers small
// (docs/tuning-parameters.md, "How the space is built"):
//
//  - dimension after dimension (Problem::dimOrder), level after level, each
//    parameter and derived value right after the last tile it reads: within
//    a dimension only the enclosing tile (for nesting) and single bits cross
//    a level;
//  - across dimensions only limits-related totals cross, never raw tile
//    sizes. A total starts as a sum of terms (one per buffer: a weight times
//    the product of the ranges of its buffer dimensions); terms whose
//    remaining factors are equal merge; once one term with factors is left,
//    the total turns into a budget B = floor((limit - rest) / term): the
//    largest product of the remaining factors that still fits. A budget is
//    only ever compared with such products, so it is rounded down to the
//    largest product the remaining tile ranges can form: exact, and it
//    leaves a few dozen distinct values. Threads per block are a budget
//    from the start;
//  - the copy regions of an input right before its first dimension;
//  - last the combine regions, assignment kinds and order codes.
//
//===----------------------------------------------------------------------===//

#include "mdh/TuningSpace/MDHSpace.h"

#include "MDHDeclarer.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::AssignmentKind;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;
using mdh_ll::Layout;

SmallVector<int64_t> tuning::baseTileSizes(int64_t extent, bool coarse) {
  SmallVector<int64_t> sizes;
  // Compared by division: 3 * p and 2 * p overflow for extents near 2^63.
  for (int64_t p = 1;; p *= 2) {
    sizes.push_back(p);
    if (p <= extent / 3 && !coarse)
      sizes.push_back(3 * p);
    if (p > extent / 2)
      break;
  }
  sizes.push_back(extent);
  llvm::sort(sizes);
  sizes.erase(llvm::unique(sizes), sizes.end());
  return sizes;
}

//===----------------------------------------------------------------------===//
// The declarer
//===----------------------------------------------------------------------===//

SmallVector<StringRef> Declarer::refs(ArrayRef<ParamId> deps) const {
  SmallVector<StringRef> result;
  for (ParamId id : deps)
    result.push_back(names[id]);
  return result;
}

ParamId Declarer::param(std::string name, ArrayRef<int64_t> range,
                        ArrayRef<ParamId> deps, Predicate pred) {
  names.push_back(std::move(name));
  ParamId id = pred ? builder.addParameter(names.back(), range, refs(deps),
                                           std::move(pred))
                    : builder.addParameter(names.back(), range);
  assert(id == names.size() - 1 && "ids are declaration positions");
  return id;
}

ParamId Declarer::derived(StringRef name, ArrayRef<ParamId> deps,
                          DerivedFn fn) {
  names.push_back(("$" + name + "#" + Twine(names.size())).str());
  ParamId id = builder.addDerived(names.back(), refs(deps), std::move(fn));
  assert(id == names.size() - 1 && "ids are declaration positions");
  return id;
}

void Declarer::atLeastOne(ParamId id, StringRef what) {
  builder.addConstraint(
      refs(id), [id](const Config &c) { return c[id] >= 1; }, what);
}

void Declarer::canonical(ParamId id, ArrayRef<ParamId> deps, CanonicalFn fn) {
  builder.addCanonicalRule(names[id], refs(deps), std::move(fn));
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

SmallVector<int64_t, 4> Declarer::layouts(unsigned i) const {
  SmallVector<int64_t, 4> range = {int64_t(Layout::Identity),
                                   int64_t(Layout::Transposed)};
  // Of rank 2, rotated is transposed.
  if (p.inputs[i].rank() > 2 &&
      mdh_ll::isLegalLayout(p.targetName, Layout::Rotated))
    range.push_back(int64_t(Layout::Rotated));
  if (mdh_ll::isLegalLayout(p.targetName, Layout::Panels))
    range.push_back(int64_t(Layout::Panels));
  return range;
}

void Declarer::declareRegions(unsigned i) {
  for (unsigned l = 0; l < kNumLevels; ++l) {
    if (!plan.hasRegion(l))
      continue;
    SmallVector<int64_t, 3> range = {int64_t(InputRegion::InPlace)};
    for (InputRegion region : p.copyRegions(l))
      range.push_back(int64_t(region));
    ParamId region = param(Names::inputRegion(i, l), range);
    regions[i][l] = region;
    if (compact || !plan.hasLayout(i, l))
      continue;
    ParamId layout = param(Names::inputLayout(i, l), layouts(i));
    // The layout of no copy generates no code.
    canonical(layout, {region}, [=](const Config &c) -> std::optional<int64_t> {
      if (c[region] == int64_t(InputRegion::InPlace))
        return int64_t(Layout::Identity);
      return std::nullopt;
    });
  }
}

void Declarer::declareDimension(unsigned s) {
  unsigned d = p.dimOrder[s];
  for (auto [i, buffer] : llvm::enumerate(p.inputs))
    if (firstStep(buffer) == s)
      declareRegions(i);

  std::array<ParamId, kNumLevels> &t = tiles[d];
  int64_t extent = p.sizes[d];
  // Innermost level first: the register tile uses up the register budget
  // at once, the shared tile the shared-memory and thread budgets, so the
  // levels after them share their subtrees across those budgets. Level l's
  // units, ceil(tiles[l-1] / tiles[l]), are known at tiles[l-1].
  for (unsigned l = kNumLevels; l-- > 0;) {
    ParamId self = names.size();
    if (l + 1 == kNumLevels) {
      t[l] = param(Names::tile(l, d), tileRanges[d]);
    } else {
      ParamId inner = t[l + 1];
      t[l] = param(Names::tile(l, d), tileRanges[d], {inner},
                   [=](const Config &c) { return c[inner] <= c[self]; });
    }
    if (registers && registers->level == l)
      step(*registers, s);
    if (shared && shared->level == l)
      step(*shared, s);

    // Everything about the units of level l + 1, ceil(tiles[l] /
    // tiles[l+1]), and of level 0 at tiles[0].
    for (unsigned u : {l + 1, l}) {
      if (u >= kNumLevels || (u == l && l != 0))
        continue;
      std::optional<ParamId> outer =
          u == 0 ? std::nullopt : std::optional<ParamId>(t[u - 1]);
      ParamId own = t[u];
      SmallVector<ParamId, 2> unitDeps = {own};
      if (outer)
        unitDeps.insert(unitDeps.begin(), *outer);
      auto units = [=](const Config &c) {
        return ceilDiv(outer ? c[*outer] : extent, c[own]);
      };
      if (p.isParallel(u) && !compact && p.sizes[d] > 1) {
        // The hardware dimension of an inactive dimension is irrelevant.
        ParamId assignment = param(Names::assignment(u, d), {0, 1, 2});
        canonical(assignment, unitDeps,
                  [=](const Config &c) -> std::optional<int64_t> {
                    if (!isActive(units(c)))
                      return 0;
                    return std::nullopt;
                  });
      }
      if (!p.gpu || u != kGPUThreadLevel)
        continue;
      threads = threadBudget("threads", threads, p.maxThreadsPerBlock(), s,
                             *outer, own);
      atLeastOne(*threads, "threads per block");
      if (!plan.hasOutputRegion(kGPUThreadLevel))
        continue;
      // The same budget against one warp, for combining in registers.
      warp = threadBudget("warp", warp, p.gpuFacts.warpSize, s, *outer, own);
      if (p.reduction[d]) {
        std::optional<ParamId> prev = split;
        SmallVector<ParamId, 3> deps(unitDeps.begin(), unitDeps.end());
        if (prev)
          deps.push_back(*prev);
        split = derived("split", deps, [=](const Config &c) -> int64_t {
          return (prev && c[*prev]) || isActive(units(c));
        });
      }
    }
  }
}

void Declarer::declareLast() {
  // Combine regions of the thread level: shared memory, or registers when
  // the whole block is one warp; fixed when no pw/ps dimension is split
  // among the threads.
  if (plan.hasOutputRegion(kGPUThreadLevel)) {
    ParamId splitId = *split, warpId = *warp;
    std::optional<ParamId> first;
    for (unsigned o = 0; o < p.outputs.size(); ++o) {
      ParamId region = param(
          Names::outputRegion(o, kGPUThreadLevel),
          {int64_t(CombineRegion::Shared), int64_t(CombineRegion::Register)});
      canonical(region, {splitId},
                [=](const Config &c) -> std::optional<int64_t> {
                  if (!c[splitId])
                    return int64_t(CombineRegion::Shared);
                  return std::nullopt;
                });
      builder.addConstraint(
          refs({region, warpId}),
          [=](const Config &c) {
            return c[region] != int64_t(CombineRegion::Register) ||
                   c[warpId] >= 1;
          },
          "register combine within one warp");
      // A custom combiner combines the tuple of outputs at once.
      if (first && p.customCombiner) {
        ParamId a = *first;
        builder.addConstraint(
            refs({a, region}),
            [=](const Config &c) { return c[a] == c[region]; },
            "one combine region for a custom combiner");
      }
      first = first ? first : region;
    }
  }
  // Blocked or strided: independent of the tiles (docs/tuning-parameters.md,
  // "Configurations that generate identical code").
  for (unsigned l = 0; l < kNumLevels; ++l)
    if (p.isParallel(l))
      param(Names::kind(l), {int64_t(AssignmentKind::Blocked),
                             int64_t(AssignmentKind::Strided)});
  // Compact spaces: assignments and layouts independent of the tiles and
  // regions.
  for (unsigned l = 0; compact && l < kNumLevels; ++l)
    for (unsigned d : p.dimOrder)
      if (p.isParallel(l) && p.sizes[d] > 1)
        param(Names::assignment(l, d), {0, 1, 2});
  for (unsigned i = 0; compact && i < p.inputs.size(); ++i)
    for (unsigned l = 0; l < kNumLevels; ++l)
      if (plan.hasLayout(i, l))
        param(Names::inputLayout(i, l), layouts(i));
  // Orders: a code per dimension of extent > 1 but the first, independent
  // of everything else (docs/tuning-parameters.md, "Orders").
  for (unsigned l = 0; l < kNumLevels; ++l) {
    int64_t before = 0;
    for (unsigned d : p.dimOrder) {
      if (p.sizes[d] == 1)
        continue;
      if (before > 0) {
        SmallVector<int64_t, 8> codes;
        for (int64_t code = 0; code <= before; ++code)
          codes.push_back(code);
        param(Names::order(l, d), codes);
      }
      ++before;
    }
  }
}

void Declarer::declare() {
  tiles.resize(p.numDims());
  regions.resize(p.inputs.size());
  // The totals behind the target limits (ConfigRules.h: registerWords,
  // sharedBytes).
  registers.emplace();
  registers->name = "registers";
  registers->level = kRegisterLevel;
  registers->limit = p.maxRegisterWords();
  for (auto [i, buffer] : llvm::enumerate(p.inputs))
    if (plan.hasRegion(kRegisterLevel))
      addTerm(*registers, buffer, buffer.words, i);
  for (const Buffer &buffer : p.accumulators)
    addTerm(*registers, buffer, buffer.words, std::nullopt);
  if (p.gpu) {
    shared.emplace();
    shared->name = "shared";
    shared->level = kGPUSharedLevel;
    shared->limit =
        std::max<int64_t>(0, p.maxSharedBytes() - combineReserve(p));
    for (auto [i, buffer] : llvm::enumerate(p.inputs))
      addTerm(*shared, buffer, buffer.bytes, i);
  }
  // A total that cannot exceed its limit needs no tracking.
  if (neverBinds(*registers))
    registers.reset();
  if (shared && neverBinds(*shared))
    shared.reset();
  for (unsigned s = 0; s < p.numDims(); ++s)
    declareDimension(s);
  declareLast();
  // Only with overridden facts: the combine reserve alone exceeds the
  // shared memory, and no configuration is valid.
  if (p.gpu && combineReserve(p) > p.maxSharedBytes())
    builder.addConstraint(
        refs(tiles[p.dimOrder.front()][0]),
        [](const Config &) { return false; }, "combine reserve");
}

//===----------------------------------------------------------------------===//
// buildSpace
//===----------------------------------------------------------------------===//

FailureOr<SearchSpace>
tuning::buildSpace(mdh::ComputationOpInterface op,
                   mdh_ll::TargetAttrInterface target, const SpaceOptions &opts,
                   function_ref<InFlightDiagnostic()> emitError) {
  auto fallback = [&] { return op->emitError(); };
  if (!emitError)
    emitError = fallback;
  FailureOr<Problem> problem = analyze(op, target, emitError);
  if (failed(problem))
    return failure();
  auto p = std::make_shared<const Problem>(std::move(*problem));

  // Tile ranges: the base sizes, the heuristic's and the seeds'.
  SmallVector<mdh_ll::Config, 2> seeds(opts.seeds.begin(), opts.seeds.end());
  if (opts.includeHeuristic)
    seeds.push_back(defaultConfig(op, target));
  auto build = [&](bool coarse, uint64_t limit) {
    SmallVector<SmallVector<int64_t>> ranges;
    for (int64_t extent : p->sizes)
      ranges.push_back(baseTileSizes(extent, coarse));
    for (const mdh_ll::Config &seed : seeds)
      for (const SmallVector<int64_t> &level : seed.tiles)
        for (auto [d, tile] : llvm::enumerate(level))
          if (d < ranges.size() && tile >= 1 && tile <= p->sizes[d] &&
              !llvm::is_contained(ranges[d], tile))
            ranges[d].insert(llvm::upper_bound(ranges[d], tile), tile);
    Declarer declarer(p, ranges);
    declarer.declare();
    declarer.builder.setMemoryLimit(limit);
    return declarer.builder.build();
  };

  // A space too large to build exactly is built with the coarse tile sizes
  // of compact spaces: the limits couple tile sizes of several dimensions,
  // so the work grows with the product of their ranges.
  bool compact = isCompact(*p);
  uint64_t limit = opts.memoryLimit;
  // (At least 1 byte: 0 would mean no limit.)
  uint64_t exactLimit = limit ? std::max<uint64_t>(1, limit / 4) : 0;
  llvm::Expected<SearchSpace> space =
      build(compact, compact ? limit : exactLimit);
  if (!space && !compact && space.errorIsA<SpaceTooLargeError>()) {
    llvm::consumeError(space.takeError());
    op->emitRemark() << "the exact tuning space of this computation on '"
                     << p->targetName << "' needs more than "
                     << formatMemory(exactLimit)
                     << " to build; its tile sizes are restricted to powers "
                        "of two and the extent";
    space = build(/*coarse=*/true, limit);
  }
  if (!space) {
    emitError() << "cannot build the tuning space of this computation on '"
                << p->targetName << "': " << toString(space.takeError());
    return failure();
  }
  return std::move(*space);
}
