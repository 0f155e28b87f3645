//===- Technique.cpp - The technique registry and random search -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Technique.h"

#include <cmath>

using namespace mlir::mdh::tune;

Technique::~Technique() = default;

double mlir::mdh::tune::reflectIntoCube(double x) {
  // Reflect at 0 and 1 until inside; a step is at most a few units long.
  x = std::fmod(x, 2.0);
  if (x < 0)
    x += 2.0;
  if (x > 1.0)
    x = 2.0 - x;
  // 0 itself lies outside (0, 1]; the smallest coordinate selects the
  // first value just as well.
  return x <= 0 ? std::ldexp(1.0, -40) : x;
}

namespace {
/// Uniform points: the baseline every other technique must beat.
class RandomSearch : public Technique {
public:
  RandomSearch(unsigned dimension, uint64_t seed)
      : dimension(dimension), rng(seed) {}
  llvm::StringRef name() const override { return "random"; }
  Point propose() override {
    Point p(dimension);
    for (double &x : p)
      x = uniformCoordinate(rng);
    return p;
  }
  void report(llvm::ArrayRef<double>, double) override {}

private:
  unsigned dimension;
  std::mt19937_64 rng;
};
} // namespace

std::unique_ptr<Technique>
mlir::mdh::tune::createRandomSearch(unsigned dimension, uint64_t seed) {
  return std::make_unique<RandomSearch>(dimension, seed);
}

llvm::ArrayRef<llvm::StringRef> mlir::mdh::tune::techniqueNames() {
  static const llvm::StringRef names[] = {"random", "annealing", "pattern",
                                          "bandit"};
  return names;
}

std::unique_ptr<Technique>
mlir::mdh::tune::createTechnique(llvm::StringRef name, unsigned dimension,
                                 uint64_t seed) {
  if (name == "random")
    return createRandomSearch(dimension, seed);
  if (name == "annealing")
    return createSimulatedAnnealing(dimension, seed);
  if (name == "pattern")
    return createPatternSearch(dimension, seed);
  if (name == "bandit") {
    // Members get seeds of their own, so that none repeats another's moves.
    std::vector<std::unique_ptr<Technique>> members;
    members.push_back(createSimulatedAnnealing(dimension, seed * 3 + 1));
    members.push_back(createPatternSearch(dimension, seed * 3 + 2));
    members.push_back(createRandomSearch(dimension, seed * 3 + 3));
    return createAucBandit(std::move(members), seed);
  }
  return nullptr;
}
