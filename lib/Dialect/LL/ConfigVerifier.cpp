//===- ConfigVerifier.cpp - Check a configuration against its rules -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// verifyConfig: every rule of docs/tuning-parameters.md on a whole
// configuration, with one message per violated rule. The quantities (units,
// threads, footprints, bytes, registers) and limits are the functions of
// ConfigRules.h that the search space folds dimension by dimension, so a
// configuration passes here exactly when it is a valid point of the space
// (up to the tile ranges, which are the space's choice, not a rule).
//
// Shape errors (wrong lengths) stop the check after the shape rules, and
// tile sizes out of range stop it after the value rules: the later rules
// index and divide by them.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/ConfigVerifier.h"
#include "mdh/Dialect/LL/ConfigRules.h"
#include "mdh/Dialect/LL/MmaRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;
using mdh_ll::Layout;

namespace {
/// One message, or nothing when the check is silent.
struct Message {
  std::optional<InFlightDiagnostic> diag;
  template <typename T> Message &operator<<(T &&value) {
    if (diag)
      *diag << std::forward<T>(value);
    return *this;
  }
};

/// Reports violated rules (through `emitError`, when given) and remembers
/// whether there was one.
class Checker {
public:
  Checker(const Problem &p, const mdh_ll::Config &c,
          function_ref<InFlightDiagnostic()> emitError)
      : p(p), c(c), emitError(emitError) {}

  bool checkShape();
  bool checkValues();
  void checkRegions();
  void checkLimits();
  bool passed() const { return ok; }

private:
  Message fail() {
    ok = false;
    if (!emitError)
      return {};
    return {emitError()};
  }
  /// "[1, 2, 0]".
  template <typename Range> static std::string list(const Range &values) {
    std::string text = "[";
    llvm::raw_string_ostream os(text);
    llvm::interleaveComma(values, os);
    return text + "]";
  }
  /// "x" for one part, "a x b" for several.
  static std::string product(ArrayRef<int64_t> factors);

  const Problem &p;
  const mdh_ll::Config &c;
  function_ref<InFlightDiagnostic()> emitError;
  bool ok = true;
};
} // namespace

std::string Checker::product(ArrayRef<int64_t> factors) {
  std::string text;
  for (auto [k, f] : llvm::enumerate(factors))
    text += (k ? " x " : "") + std::to_string(f);
  return text;
}

bool Checker::checkShape() {
  unsigned numDims = p.numDims();
  for (unsigned l = 0; l < kNumLevels; ++l) {
    if (c.tiles[l].size() != numDims)
      fail() << "configuration has " << c.tiles[l].size() << " tile sizes on "
             << p.levelName(l) << ", expected " << numDims
             << " (one per dimension)";
    if (c.orders[l].size() != numDims)
      fail() << "order of " << p.levelName(l) << " has " << c.orders[l].size()
             << " entries, expected " << numDims << " (one per dimension)";
    if (p.isParallel(l) && c.assignment[l].size() != numDims)
      fail() << "assignment of " << p.levelName(l) << " has "
             << c.assignment[l].size() << " entries, expected " << numDims
             << " (one per dimension)";
    if (!p.isParallel(l) && !c.assignment[l].empty())
      fail() << p.levelName(l) << " is not a parallel level and takes no "
             << "assignment, got " << c.assignment[l].size() << " entries";
  }
  auto count = [&](size_t got, size_t expected, StringRef what,
                   StringRef buffers) {
    if (got != expected)
      fail() << "configuration has " << got << " " << what << ", expected "
             << expected << " (one per " << buffers << " buffer)";
  };
  count(c.inputRegions.size(), p.inputs.size(), "input region lists", "input");
  count(c.inputLayouts.size(), p.inputs.size(), "input layout lists", "input");
  count(c.outputRegions.size(), p.outputs.size(), "output region lists",
        "output");
  return ok;
}

bool Checker::checkValues() {
  unsigned numDims = p.numDims();
  for (unsigned l = 0; l < kNumLevels; ++l)
    for (unsigned d = 0; d < numDims; ++d)
      if (c.tiles[l][d] < 1 || c.tiles[l][d] > p.sizes[d])
        fail() << "tile size " << c.tiles[l][d] << " of dimension " << d
               << " on " << p.levelName(l) << " is outside [1, " << p.sizes[d]
               << "] (the extent of dimension " << d << ")";
  if (!ok)
    return false;
  for (unsigned l = 1; l < kNumLevels; ++l)
    for (unsigned d = 0; d < numDims; ++d)
      if (c.tiles[l][d] > c.tiles[l - 1][d])
        fail() << "tile size " << c.tiles[l][d] << " of dimension " << d
               << " on " << p.levelName(l) << " is larger than "
               << c.tiles[l - 1][d] << ", its tile size on the enclosing "
               << p.levelName(l - 1);
  for (unsigned l = 0; l < kNumLevels; ++l) {
    SmallVector<unsigned> sorted(c.orders[l].begin(), c.orders[l].end());
    llvm::sort(sorted);
    for (unsigned k = 0; k < numDims; ++k)
      if (sorted[k] != k) {
        fail() << "order of " << p.levelName(l) << " is " << list(c.orders[l])
               << ", not a permutation of the "
               << "dimensions 0.." << numDims - 1;
        break;
      }
    if (!p.isParallel(l))
      continue;
    for (unsigned d = 0; d < numDims; ++d)
      if (c.assignment[l][d] > 2)
        fail() << "assignment of dimension " << d << " on " << p.levelName(l)
               << " is " << c.assignment[l][d]
               << ", expected 0 (x), 1 (y) or 2 (z)";
  }
  // Multi-buffered shared copies (docs/tuning-parameters.md, "Stages").
  if (c.stages < 1)
    fail() << "stages is " << c.stages << ", expected at least 1";
  else if (c.stages > 1 && !p.gpu)
    fail() << "stages " << c.stages
           << ": multi-buffered copies are shared-memory copies of a GPU "
              "target (cuda, hip), not of target '"
           << p.targetName << "'";
  else if (c.stages > 1 &&
           llvm::none_of(c.inputRegions, [](const auto &regions) {
             return regions[kGPUSharedLevel] == InputRegion::Shared;
           }))
    fail() << "stages " << c.stages << ": no input is copied to shared "
           << "memory on " << p.levelName(kGPUSharedLevel)
           << ", so there is nothing to multi-buffer";
  else if (c.stages > mdh_ll::kMaxStages)
    fail() << "stages " << c.stages << ": at most " << mdh_ll::kMaxStages
           << " (double buffering) are implemented";
  return ok;
}

void Checker::checkRegions() {
  for (auto [i, buffer] : llvm::enumerate(p.inputs)) {
    for (unsigned l = 0; l < kNumLevels; ++l) {
      InputRegion region = c.inputRegions[i][l];
      if (!mdh_ll::isLegalInputRegion(p.targetName, l, region)) {
        SmallVector<StringRef> legal = {
            mdh_ll::stringify(InputRegion::InPlace)};
        for (InputRegion r : p.copyRegions(l))
          legal.push_back(mdh_ll::stringify(r));
        fail() << "input #" << i << ": region '" << mdh_ll::stringify(region)
               << "' is not legal on " << p.levelName(l) << " of target '"
               << p.targetName << "' (legal: " << llvm::join(legal, ", ")
               << ")";
      }
      Layout layout = c.inputLayouts[i][l];
      if (layout == Layout::Identity)
        continue;
      StringRef name = mdh_ll::stringify(layout);
      if (!mdh_ll::isLegalLayout(p.targetName, layout))
        fail() << "input #" << i << ": layout '" << name
               << "' is not legal on target '" << p.targetName
               << "' (legal: identity, transposed)";
      else if (region == InputRegion::InPlace)
        fail() << "input #" << i << ": layout '" << name << "' on "
               << p.levelName(l) << " needs a copy, but the region is "
               << "'in_place'";
      else if (buffer.rank() < 2)
        fail() << "input #" << i << ": layout '" << name << "' on "
               << p.levelName(l) << " needs a buffer of rank 2 or more, the "
               << "input has rank " << buffer.rank();
    }
  }
  // Combine regions matter where a pw/ps dimension is split among units.
  for (unsigned l = 0; l < kNumLevels; ++l) {
    if (!p.isParallel(l) || !reductionSplit(p, c, l))
      continue;
    SmallVector<CombineRegion, 2> legal = p.combineRegions(l);
    for (auto [o, regions] : llvm::enumerate(c.outputRegions)) {
      CombineRegion region = regions[l];
      if (!llvm::is_contained(legal, region)) {
        SmallVector<StringRef> names;
        for (CombineRegion r : legal)
          names.push_back(mdh_ll::stringify(r));
        fail() << "output #" << o << ": partial results split over "
               << p.levelName(l) << " cannot be combined in '"
               << mdh_ll::stringify(region)
               << "' (legal: " << llvm::join(names, ", ") << ")";
        continue;
      }
      if (region == CombineRegion::Register &&
          !registerCombineFits(p, threadsPerBlock(p, c)))
        fail() << "output #" << o << ": partial results split over "
               << p.levelName(l) << " cannot be combined in registers: the "
               << "block has " << threadsPerBlock(p, c)
               << " threads, more than one warp (" << p.gpuFacts.warpSize
               << "), and shuffles reach only within a warp";
    }
    if (p.customCombiner &&
        llvm::any_of(c.outputRegions, [&](const auto &regions) {
          return regions[l] != c.outputRegions.front()[l];
        }))
      fail() << "outputs combined by one custom combiner must share their "
             << "combine region on " << p.levelName(l);
  }
}

void Checker::checkLimits() {
  unsigned numDims = p.numDims();
  // A tensor-core schedule's threads level counts warps; verifyMmaConfig
  // checks its threads and registers.
  if (c.mma)
    return;
  if (p.gpu) {
    int64_t threads = threadsPerBlock(p, c);
    if (threads > p.maxThreadsPerBlock()) {
      SmallVector<int64_t, 8> factors;
      for (unsigned d = 0; d < numDims; ++d)
        factors.push_back(unitsOf(p, c, kGPUThreadLevel, d));
      fail() << p.levelName(kGPUThreadLevel) << " has " << threads
             << " threads per block (" << product(factors)
             << " over the dimensions), more than the target's limit of "
             << p.maxThreadsPerBlock();
    }

    // Every stage of the copies (multi-buffering).
    SmallVector<int64_t, 4> shared;
    for (auto [i, buffer] : llvm::enumerate(p.inputs))
      shared.push_back(c.inputRegions[i][kGPUSharedLevel] == InputRegion::Shared
                           ? c.stages *
                                 buffer.footprint(c.tiles[kGPUSharedLevel])
                           : 0);
    int64_t bytes = sharedBytes(p, shared), reserve = combineReserve(p);
    std::string inStages =
        c.stages > 1 ? " in " + std::to_string(c.stages) + " stages" : "";
    if (bytes > p.maxSharedBytes())
      fail() << "shared memory per block is " << bytes << " bytes ("
             << bytes - reserve << " for input copies" << inStages << ", "
             << reserve
             << " reserved for combining partial results), more than the "
             << "target's limit of " << p.maxSharedBytes() << " bytes";
  }

  SmallVector<int64_t, 4> copies, accumulators;
  // Register copies exist on GPUs only (on a CPU the region is illegal,
  // reported above).
  for (auto [i, buffer] : llvm::enumerate(p.inputs))
    copies.push_back(p.gpu && c.inputRegions[i][kRegisterLevel] ==
                                  InputRegion::Register
                         ? buffer.footprint(c.tiles[kRegisterLevel])
                         : 0);
  for (const Buffer &buffer : p.accumulators)
    accumulators.push_back(buffer.footprint(c.tiles[kRegisterLevel]));
  int64_t words = registerWords(p, copies, accumulators);
  if (words <= p.maxRegisterWords())
    return;
  int64_t copyWords =
      registerWords(p, copies, SmallVector<int64_t>(p.accumulators.size(), 0));
  if (p.gpu)
    fail() << "register tile needs " << words
           << " 32-bit registers per thread (" << copyWords
           << " for input copies, " << words - copyWords
           << " for accumulators), more than the limit of "
           << p.maxRegisterWords() << " (half of the target's "
           << p.gpuFacts.registersPerThread << " registers per thread)";
  else
    fail() << "register tile needs " << words
           << " 32-bit lanes of accumulators, more than the limit of "
           << p.maxRegisterWords() << " (3/4 of " << p.vectorRegisters
           << " vector registers of " << p.vectorWidth << " bits)";
}

bool rules::isValid(const Problem &p, const mdh_ll::Config &c) {
  // The rules of tensor-core schedules need the computation
  // (verifyMmaConfig); the search space holds none (nor stages, which the
  // heuristic checks here).
  if (c.mma)
    return false;
  Checker checker(p, c, nullptr);
  if (!checker.checkShape() || !checker.checkValues())
    return false;
  checker.checkRegions();
  checker.checkLimits();
  return checker.passed();
}

LogicalResult
tuning::verifyConfig(mdh::ComputationOpInterface op, Attribute target,
                     const mdh_ll::Config &c,
                     function_ref<InFlightDiagnostic()> emitError) {
  FailureOr<Problem> p = analyze(op, target, emitError);
  if (failed(p))
    return failure();
  Checker checker(*p, c, emitError);
  if (!checker.checkShape() || !checker.checkValues())
    return failure();
  checker.checkRegions();
  checker.checkLimits();
  if (c.mma && checker.passed())
    return mdh_ll::verifyMmaConfig(op, target, c, emitError);
  return success(checker.passed());
}

mdh_ll::Config tuning::canonicalConfig(mdh::ComputationOpInterface op,
                                       Attribute target,
                                       const mdh_ll::Config &c) {
  return canonicalize(analyzeOrDie(op, target), c);
}
