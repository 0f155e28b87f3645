//===- Technique.h - Search techniques of mdh-tune --------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A search technique explores the unit cube (0,1]^L of a chain-of-trees
// space (SearchSpace::fromUnitCube maps a point to a valid configuration), so
// it knows nothing of MDH and is tested on synthetic spaces. The driver
// (Search.h) asks for one point at a time and reports its cost before it
// asks again; a failed evaluation costs +infinity. Every technique draws its
// randomness from a std::mt19937_64 seeded at construction, so a run can be
// repeated.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNE_TECHNIQUE_H
#define MDH_TUNE_TECHNIQUE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <vector>

namespace mlir::mdh::tune {

/// A point of the unit cube, one coordinate in (0, 1] per tunable parameter.
using Point = llvm::SmallVector<double, 16>;

/// The cost of a failed evaluation.
inline constexpr double kFailedCost = std::numeric_limits<double>::infinity();

class Technique {
public:
  virtual ~Technique();

  virtual llvm::StringRef name() const = 0;
  /// The next point to evaluate.
  virtual Point propose() = 0;
  /// The cost of the point the last propose() returned.
  virtual void report(llvm::ArrayRef<double> point, double cost) = 0;
  /// A point evaluated on someone else's behalf (the default configuration
  /// before the search, or another member of a bandit). Techniques with a
  /// current position may start from the best such point.
  virtual void observe(llvm::ArrayRef<double> point, double cost) {}
  /// The technique that made the last proposal (a bandit names its member).
  virtual llvm::StringRef proposer() const { return name(); }
};

/// The names createTechnique accepts: random, annealing, pattern, bandit.
llvm::ArrayRef<llvm::StringRef> techniqueNames();

/// A technique by name for a cube of `dimension` coordinates, or null for an
/// unknown name.
std::unique_ptr<Technique> createTechnique(llvm::StringRef name,
                                           unsigned dimension, uint64_t seed);

std::unique_ptr<Technique> createRandomSearch(unsigned dimension,
                                              uint64_t seed);
std::unique_ptr<Technique> createSimulatedAnnealing(unsigned dimension,
                                                    uint64_t seed);
std::unique_ptr<Technique> createPatternSearch(unsigned dimension,
                                               uint64_t seed);
/// The AUC bandit over `members` (OpenTuner's AUCBanditMetaTechnique): each
/// proposal comes from the member with the best credit for recent new bests
/// plus an exploration bonus. Every result is shown to every member.
std::unique_ptr<Technique>
createAucBandit(std::vector<std::unique_ptr<Technique>> members, uint64_t seed);

/// A uniform coordinate in (0, 1].
inline double uniformCoordinate(std::mt19937_64 &rng) {
  // generate_canonical is in [0, 1); 1 - u is in (0, 1].
  return 1.0 - std::generate_canonical<double, 53>(rng);
}

/// Keeps a coordinate moved by a step inside (0, 1] by reflecting it at the
/// faces of the cube.
double reflectIntoCube(double x);

} // namespace mlir::mdh::tune

#endif // MDH_TUNE_TECHNIQUE_H
