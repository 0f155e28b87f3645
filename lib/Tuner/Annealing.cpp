//===- Annealing.cpp - Simulated annealing over the unit cube -------------===//
//
// Part of the MDH-MLIR project.
//
// A neighbour moves a few coordinates of the current point by a Gaussian
// step whose width shrinks with the temperature. Costs are run times of
// unknown scale, so a worse neighbour is accepted with probability
// exp(-(c' / c - 1) / T) on the relative difference. When the search has
// not improved for a while it reheats from the best point seen.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Technique.h"

#include <algorithm>
#include <cmath>

using namespace mlir::mdh::tune;

namespace {
class SimulatedAnnealing : public Technique {
public:
  SimulatedAnnealing(unsigned dimension, uint64_t seed)
      : dimension(dimension), rng(seed) {}
  llvm::StringRef name() const override { return "annealing"; }

  Point propose() override {
    if (current.empty()) {
      // Nothing evaluated yet: start at a uniform point.
      Point p(dimension);
      for (double &x : p)
        x = uniformCoordinate(rng);
      return p;
    }
    double sigma = kMinStep + (kMaxStep - kMinStep) * temperature / kT0;
    Point p = current;
    // Move one coordinate, then each further one with probability 1/2:
    // small moves stay within one tree, larger ones cross trees.
    std::uniform_int_distribution<unsigned> pick(0, dimension - 1);
    std::normal_distribution<double> step(0.0, sigma);
    std::bernoulli_distribution more(0.5);
    unsigned moves = 0;
    do {
      unsigned k = pick(rng);
      p[k] = reflectIntoCube(p[k] + step(rng));
    } while (++moves < dimension && more(rng));
    return p;
  }

  void report(llvm::ArrayRef<double> point, double cost) override {
    consider(point, cost, /*own=*/true);
  }
  void observe(llvm::ArrayRef<double> point, double cost) override {
    consider(point, cost, /*own=*/false);
  }

private:
  void consider(llvm::ArrayRef<double> point, double cost, bool own) {
    if (cost < bestCost) {
      bestCost = cost;
      best.assign(point.begin(), point.end());
    }
    bool accept;
    if (current.empty() || !std::isfinite(currentCost))
      accept = std::isfinite(cost) || current.empty();
    else if (!own)
      // Points of others only move us when they are better (elitism).
      accept = cost < currentCost;
    else if (cost <= currentCost)
      accept = true;
    else if (!std::isfinite(cost))
      accept = false;
    else
      accept = std::generate_canonical<double, 53>(rng) <
               std::exp(-(cost / currentCost - 1.0) / temperature);
    if (accept) {
      current.assign(point.begin(), point.end());
      currentCost = cost;
    }
    if (!own)
      return;
    temperature = std::max(kTMin, temperature * kCooling);
    sinceBest = cost < bestAtLastImprovement ? 0 : sinceBest + 1;
    bestAtLastImprovement = std::min(bestAtLastImprovement, cost);
    if (sinceBest >= kReheatAfter && !best.empty()) {
      current = best;
      currentCost = bestCost;
      temperature = kT0 / 2;
      sinceBest = 0;
    }
  }

  static constexpr double kT0 = 0.3, kTMin = 0.002, kCooling = 0.95;
  static constexpr double kMinStep = 0.02, kMaxStep = 0.3;
  static constexpr unsigned kReheatAfter = 30;

  unsigned dimension;
  std::mt19937_64 rng;
  Point current, best;
  double currentCost = kFailedCost, bestCost = kFailedCost;
  double bestAtLastImprovement = kFailedCost;
  double temperature = kT0;
  unsigned sinceBest = 0;
};
} // namespace

std::unique_ptr<Technique>
mlir::mdh::tune::createSimulatedAnnealing(unsigned dimension, uint64_t seed) {
  return std::make_unique<SimulatedAnnealing>(dimension, seed);
}
