//===- AucBandit.cpp - The AUC bandit meta technique ----------------------===//
//
// Part of the MDH-MLIR project.
//
// OpenTuner's area-under-the-curve bandit (as in ATF): a sliding window
// remembers, for the last evaluations, which member proposed the point and
// whether it was a new best. A member's credit is the area under its curve
// of new bests in the window, later uses weighing more:
//
//   auc(m) = sum_{i: use i of m was a new best} i / (n_m (n_m + 1) / 2)
//
// and the next proposal comes from the member with the highest
// auc(m) + C * sqrt(2 ln n / n_m); members absent from the window go first.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Technique.h"

#include <algorithm>
#include <cmath>
#include <deque>

using namespace mlir::mdh::tune;

namespace {
class AucBandit : public Technique {
public:
  AucBandit(std::vector<std::unique_ptr<Technique>> members, uint64_t seed)
      : members(std::move(members)), rng(seed) {}
  llvm::StringRef name() const override { return "bandit"; }

  Point propose() override {
    chosen = choose();
    return members[chosen]->propose();
  }

  void report(llvm::ArrayRef<double> point, double cost) override {
    bool improved = cost < bestCost;
    if (improved)
      bestCost = cost;
    members[chosen]->report(point, cost);
    for (auto [m, member] : llvm::enumerate(members))
      if (m != chosen)
        member->observe(point, cost);
    window.push_back({chosen, improved});
    if (window.size() > kWindow)
      window.pop_front();
  }

  void observe(llvm::ArrayRef<double> point, double cost) override {
    bestCost = std::min(bestCost, cost);
    for (auto &member : members)
      member->observe(point, cost);
  }

  llvm::StringRef proposer() const override {
    return members[chosen]->proposer();
  }

private:
  unsigned choose() {
    std::vector<double> uses(members.size(), 0), credit(members.size(), 0);
    for (auto [member, improved] : window) {
      uses[member] += 1;
      if (improved)
        credit[member] += uses[member];
    }
    // Unused members first, in a random order.
    std::vector<unsigned> unused;
    for (unsigned m = 0; m < members.size(); ++m)
      if (uses[m] == 0)
        unused.push_back(m);
    if (!unused.empty())
      return unused[std::uniform_int_distribution<size_t>(0, unused.size() -
                                                                 1)(rng)];
    double n = window.size();
    unsigned best = 0;
    double bestScore = -1;
    for (unsigned m = 0; m < members.size(); ++m) {
      double auc = credit[m] * 2.0 / (uses[m] * (uses[m] + 1));
      double score =
          auc + kExploration * std::sqrt(2.0 * std::log(n) / uses[m]);
      if (score > bestScore) {
        bestScore = score;
        best = m;
      }
    }
    return best;
  }

  static constexpr size_t kWindow = 50;
  static constexpr double kExploration = 0.2;

  std::vector<std::unique_ptr<Technique>> members;
  std::mt19937_64 rng;
  std::deque<std::pair<unsigned, bool>> window;
  unsigned chosen = 0;
  double bestCost = kFailedCost;
};
} // namespace

std::unique_ptr<Technique> mlir::mdh::tune::createAucBandit(
    std::vector<std::unique_ptr<Technique>> members, uint64_t seed) {
  return std::make_unique<AucBandit>(std::move(members), seed);
}
