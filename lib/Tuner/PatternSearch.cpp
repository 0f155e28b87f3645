//===- PatternSearch.cpp - Pattern search over the unit cube --------------===//
//
// Part of the MDH-MLIR project.
//
// A compass search with Hooke-Jeeves pattern moves: around the current
// centre it polls the points one step away along each coordinate (in a
// random order, both signs), moves to the first better one and tries the
// same move again; a poll without improvement halves the step. Once the
// step is below the width of any interesting cell it restarts from a
// uniform point, so the search keeps exploring for a whole budget.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Technique.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace mlir::mdh::tune;

namespace {
class PatternSearch : public Technique {
public:
  PatternSearch(unsigned dimension, uint64_t seed)
      : dimension(dimension), rng(seed) {}
  llvm::StringRef name() const override { return "pattern"; }

  Point propose() override {
    if (center.empty()) {
      Point p(dimension);
      for (double &x : p)
        x = uniformCoordinate(rng);
      return p;
    }
    if (next == probes.size())
      makePoll();
    return probes[next++];
  }

  void report(llvm::ArrayRef<double> point, double cost) override {
    if (center.empty()) {
      moveTo(point, cost);
      return;
    }
    if (cost < centerCost) {
      Point previous = center;
      moveTo(point, cost);
      step = std::min(kInitialStep, step * 2);
      // The pattern move: the same displacement once more.
      Point ahead(dimension);
      for (unsigned k = 0; k < dimension; ++k)
        ahead[k] = reflectIntoCube(2 * center[k] - previous[k]);
      probes.push_back(std::move(ahead));
      return;
    }
    if (next == probes.size()) {
      // A whole poll without improvement.
      step /= 2;
      if (step < kMinStep) {
        center.clear();
        centerCost = kFailedCost;
        step = kInitialStep;
      }
      probes.clear();
      next = 0;
    }
  }

  void observe(llvm::ArrayRef<double> point, double cost) override {
    // A better point found by someone else becomes the centre.
    if (center.empty() ? std::isfinite(cost) : cost < centerCost)
      moveTo(point, cost);
  }

private:
  void moveTo(llvm::ArrayRef<double> point, double cost) {
    center.assign(point.begin(), point.end());
    centerCost = cost;
    probes.clear();
    next = 0;
  }

  void makePoll() {
    probes.clear();
    next = 0;
    std::vector<unsigned> order(dimension);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    std::bernoulli_distribution upFirst(0.5);
    for (unsigned k : order) {
      double sign = upFirst(rng) ? 1.0 : -1.0;
      for (double s : {sign, -sign}) {
        Point p = center;
        p[k] = reflectIntoCube(p[k] + s * step);
        probes.push_back(std::move(p));
      }
    }
  }

  static constexpr double kInitialStep = 0.25;
  /// Below this no tree level of a practical space has cells that small.
  static constexpr double kMinStep = 1.0 / 512;

  unsigned dimension;
  std::mt19937_64 rng;
  Point center;
  double centerCost = kFailedCost;
  double step = kInitialStep;
  std::vector<Point> probes;
  size_t next = 0;
};
} // namespace

std::unique_ptr<Technique>
mlir::mdh::tune::createPatternSearch(unsigned dimension, uint64_t seed) {
  return std::make_unique<PatternSearch>(dimension, seed);
}
