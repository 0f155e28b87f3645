//===- EvaluatorTest.cpp - Fault injection, aborts, budgets and cache -----===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The "kernel" is a callback run in the forked child. On chosen
// configurations it calls abort(), loops forever, exits with a code or
// reports a wrong result; the search must survive all of them, log each
// with its reason, and return the best of the configurations that worked.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Cache.h"
#include "mdh/Tuner/Log.h"
#include "mdh/Tuner/Search.h"
#include "mdh/TuningSpace/SearchSpace.h"

#include "../SearchSpaceTestUtil.h"
#include "../TestUtil.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <set>
#include <thread>

using namespace mlir::mdh;
using namespace mlir::mdh::tune;
using tuning::Config;
using tuning::SearchSpace;
using tuning::SearchSpaceBuilder;

/// p in [0, 40), q in [0, 4) with p + q even: 80 configurations.
static SearchSpace buildSmallSpace() {
  SearchSpaceBuilder b;
  llvm::SmallVector<int64_t> ps, qs;
  for (int64_t i = 0; i < 40; ++i)
    ps.push_back(i);
  for (int64_t i = 0; i < 4; ++i)
    qs.push_back(i);
  b.addParameter("p", ps);
  b.addParameter("q", qs, {"p"},
                 [](const Config &c) { return (c["p"] + c["q"]) % 2 == 0; });
  return mdh_test::buildOrDie(b);
}

/// The fault planted at a configuration, by p mod 10.
enum class Fault { None, Abort, Hang, Wrong, Exit };
static Fault faultOf(const Config &c) {
  switch (c["p"] % 10) {
  case 3:
    return Fault::Abort;
  case 5:
    return Fault::Hang;
  case 7:
    return Fault::Wrong;
  case 9:
    return Fault::Exit;
  default:
    return Fault::None;
  }
}

/// Minimal (1 ms) at p = 18, q = 0, a working configuration; p = 17, a
/// "faster" wrong one, reports 0.5 ms.
static double planted(const Config &c) {
  return 1e-3 * (1 + std::abs(c["p"] - 18) + c["q"]);
}

static EvalResult faultyObjective(const Config &c) {
  ChildOptions options;
  options.timeoutSeconds = 0.3;
  return runInChild(
      [&]() -> ChildOutcome {
        switch (faultOf(c)) {
        case Fault::Abort:
          abort();
        case Fault::Hang:
          while (true)
            std::this_thread::sleep_for(std::chrono::seconds(1));
        case Fault::Exit:
          std::_Exit(3);
        case Fault::Wrong:
          return {false, 0.5e-3, "output #0 differs"};
        case Fault::None:
          break;
        }
        return {true, planted(c), ""};
      },
      options);
}

static void testFaultInjection() {
  SearchSpace space = buildSmallSpace();
  for (llvm::StringRef technique : {"random", "bandit"}) {
    SearchOptions options;
    options.technique = technique.str();
    options.seed = 5;
    options.abort.maxEvaluations = 40;
    std::string logText;
    llvm::raw_string_ostream logStream(logText);
    CsvLog log(logStream, space);
    options.onEvaluation = [&](const Evaluation &e, const SearchState &s) {
      log.append(e, s);
    };
    std::string error;
    auto result = runSearch(space, faultyObjective, options, error);
    MDH_CHECK(result.has_value());
    if (!result)
      continue;
    MDH_CHECK_EQ(result->evaluations.size(), size_t(40));
    std::set<EvalStatus> seen;
    uint64_t failures = 0;
    double bestOk = kFailedCost;
    for (const Evaluation &e : result->evaluations) {
      seen.insert(e.result.status);
      switch (faultOf(e.config)) {
      case Fault::Abort:
        MDH_CHECK(e.result.status == EvalStatus::Crash);
        MDH_CHECK_EQ(e.result.reason, std::string("killed by SIGABRT"));
        break;
      case Fault::Hang:
        MDH_CHECK(e.result.status == EvalStatus::Timeout);
        MDH_CHECK(e.result.reason.find("killed") != std::string::npos);
        break;
      case Fault::Wrong:
        MDH_CHECK(e.result.status == EvalStatus::WrongResult);
        MDH_CHECK_EQ(e.result.reason, std::string("output #0 differs"));
        break;
      case Fault::Exit:
        MDH_CHECK(e.result.status == EvalStatus::ExitError);
        MDH_CHECK_EQ(e.result.reason, std::string("exited with code 3"));
        break;
      case Fault::None:
        MDH_CHECK(e.result.ok());
        MDH_CHECK(std::fabs(e.result.seconds - planted(e.config)) < 1e-12);
        bestOk = std::min(bestOk, e.result.seconds);
        break;
      }
      failures += e.result.ok() ? 0 : 1;
    }
    // 40 of 80 configurations: every kind of fault shows up.
    MDH_CHECK_EQ(seen.size(), size_t(5));
    MDH_CHECK_EQ(result->failures, failures);
    MDH_CHECK(result->best.has_value());
    if (result->best) {
      MDH_CHECK(space.contains(*result->best));
      MDH_CHECK(faultOf(*result->best) == Fault::None);
      MDH_CHECK_EQ(result->bestCost, bestOk);
    }
    // The log has a header and one row per evaluation, failures with their
    // reason.
    size_t lines = std::count(logText.begin(), logText.end(), '\n');
    MDH_CHECK_EQ(lines, size_t(41));
    MDH_CHECK(logText.rfind("evaluation,elapsed_s,technique,status,time_ms,"
                            "best_ms,new_best,reason,p,q\n",
                            0) == 0);
    MDH_CHECK(logText.find(",crash,,") != std::string::npos);
    MDH_CHECK(logText.find("killed by SIGABRT") != std::string::npos);
    MDH_CHECK(logText.find(",timeout,,") != std::string::npos);
    MDH_CHECK(logText.find(",wrong_result,,") != std::string::npos);
  }
}

static EvalResult plantedObjective(const Config &c) {
  EvalResult r;
  r.seconds = planted(c);
  return r;
}

static void testAbortConditions() {
  SearchSpace space = buildSmallSpace();
  std::string error;
  {
    SearchOptions options;
    options.abort.maxEvaluations = 5;
    auto r = runSearch(space, plantedObjective, options, error);
    MDH_CHECK_EQ(r->evaluations.size(), size_t(5));
    MDH_CHECK_EQ(r->stopReason, std::string("5 evaluations done"));
  }
  {
    // Stall: the search stops 7 evaluations after its last new best.
    SearchOptions options;
    options.technique = "random";
    options.abort.stall = 7;
    options.abort.maxEvaluations = 80;
    auto r = runSearch(space, plantedObjective, options, error);
    size_t lastBest = 0;
    for (const Evaluation &e : r->evaluations)
      if (e.newBest)
        lastBest = e.index;
    MDH_CHECK_EQ(r->evaluations.size(), lastBest + 7);
    MDH_CHECK_EQ(r->stopReason, std::string("no improvement in 7 evaluations"));
  }
  {
    // Wall time: 20 ms per evaluation, 0.2 s budget.
    SearchOptions options;
    options.abort.maxSeconds = 0.2;
    auto start = std::chrono::steady_clock::now();
    auto r = runSearch(
        space,
        [](const Config &c) {
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
          return plantedObjective(c);
        },
        options, error);
    double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    MDH_CHECK(took >= 0.2 && took < 1.0);
    MDH_CHECK(r->evaluations.size() >= 5 && r->evaluations.size() <= 11);
    MDH_CHECK(r->stopReason.find("time budget") != std::string::npos);
  }
  {
    // Combined: whichever comes first.
    SearchOptions options;
    options.abort.maxEvaluations = 3;
    options.abort.maxSeconds = 100;
    auto r = runSearch(space, plantedObjective, options, error);
    MDH_CHECK_EQ(r->evaluations.size(), size_t(3));
  }
  {
    // A space smaller than the budget is evaluated once each, then stops.
    SearchOptions options;
    options.abort.maxEvaluations = 1000;
    auto r = runSearch(space, plantedObjective, options, error);
    MDH_CHECK_EQ(r->evaluations.size(), size_t(80));
    MDH_CHECK_EQ(r->stopReason, std::string("all 80 configurations evaluated"));
    MDH_CHECK_EQ((*r->best)["p"], int64_t(18));
    MDH_CHECK_EQ((*r->best)["q"], int64_t(0));
  }
  {
    // An interrupt stops the search with the best so far.
    volatile std::sig_atomic_t flag = 0;
    SearchOptions options;
    options.abort.maxEvaluations = 50;
    options.interrupted = &flag;
    int calls = 0;
    auto r = runSearch(
        space,
        [&](const Config &c) {
          if (++calls == 4)
            flag = 1;
          return plantedObjective(c);
        },
        options, error);
    MDH_CHECK(r->interrupted);
    MDH_CHECK_EQ(r->evaluations.size(), size_t(3));
    MDH_CHECK(r->best.has_value());
  }
  {
    // The initial configuration is evaluated first.
    SearchOptions options;
    options.abort.maxEvaluations = 2;
    Config start = space.makeConfig();
    start.set("p", 31);
    start.set("q", 1);
    options.initial.push_back(start);
    auto r = runSearch(space, plantedObjective, options, error);
    MDH_CHECK_EQ(r->evaluations.front().technique, std::string("default"));
    MDH_CHECK(r->evaluations.front().config == start);
  }
}

static void testBudgets() {
  AbortConditions a;
  MDH_CHECK_EQ(parseBudget("60s", a), std::string());
  MDH_CHECK(a.maxSeconds && *a.maxSeconds == 60);
  MDH_CHECK_EQ(parseBudget("5m", a), std::string());
  MDH_CHECK(*a.maxSeconds == 300);
  MDH_CHECK_EQ(parseBudget("200", a), std::string());
  MDH_CHECK(a.maxEvaluations && *a.maxEvaluations == 200);
  MDH_CHECK(!parseBudget("0", a).empty());
  MDH_CHECK(!parseBudget("fast", a).empty());
  MDH_CHECK(!parseBudget("-3s", a).empty());
  MDH_CHECK(!parseBudget("infs", a).empty());
  MDH_CHECK(parseDuration("250ms") && *parseDuration("250ms") == 0.25);
  MDH_CHECK(!parseDuration(""));
}

static void testCache() {
  llvm::SmallString<128> dir;
  std::error_code ec = llvm::sys::fs::createUniqueDirectory("mdh-tune", dir);
  MDH_CHECK(!ec);
  llvm::sys::path::append(dir, "nested");
  TuningCache cache{std::string(dir)};
  std::string key = TuningCache::makeKey("0123456789abcdef", "openmp",
                                         TuningCache::machineKey());
  MDH_CHECK(!cache.lookup(key));
  llvm::json::Object object{{"format", "mdh-config-v1"}, {"tiles", 42}};
  MDH_CHECK_EQ(cache.store(key, std::move(object)), std::string());
  std::optional<llvm::json::Object> hit = cache.lookup(key);
  MDH_CHECK(hit.has_value());
  if (hit)
    MDH_CHECK(hit->getInteger("tiles") == 42);
  // Another key, even one that hashed to the same file, is a miss.
  MDH_CHECK(!cache.lookup(key + "x"));
  MDH_CHECK(TuningCache::machineKey().find("threads") != std::string::npos);
  llvm::sys::fs::remove_directories(llvm::sys::path::parent_path(dir));
}

int main() {
  MDH_RUN(testFaultInjection);
  MDH_RUN(testAbortConditions);
  MDH_RUN(testBudgets);
  MDH_RUN(testCache);
  return mdh_test::failures() ? 1 : 0;
}
