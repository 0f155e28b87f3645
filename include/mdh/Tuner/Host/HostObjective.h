//===- HostObjective.h - Measuring configurations on the host ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The objective of host tuning (mdh-tune --target=openmp, the C API's
// mdhTune): a configuration of one kernel is compiled in process by the
// compile entry point of `mdh-run --target=openmp --config=`
// (mdh/Compiler/Compile.h: HL -> LL with that configuration, handed over in
// memory -> CL-IR -> CL-IR optimizations -> LLVM -> JIT), then run, checked
// and timed in a forked child (mdh/Tuner/Evaluator.h). The inputs are filled
// and the reference is computed once, in the parent; every child starts from
// the same data and from outputs that hold the sentinel, and compares its
// outputs with the stored reference.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNER_HOST_HOSTOBJECTIVE_H
#define MDH_TUNER_HOST_HOSTOBJECTIVE_H

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/Config.h"
#include "mdh/Runner/HostBuffer.h"
#include "mdh/Runner/HostKernels.h"
#include "mdh/Runner/OpenMPRuntime.h"
#include "mdh/Runner/ReferenceSample.h"
#include "mdh/Tuner/Evaluator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <csignal>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::mdh {

struct HostObjectiveOptions {
  /// OpenMP threads the kernel runs on.
  int threads = 1;
  unsigned warmup = 1;
  unsigned reps = 5;
  /// Output points checked when the reference samples.
  int64_t samples = 1000;
  /// Seed of the input data and of the sampled points.
  uint64_t seed = 1;
  /// Seconds a child may run; 0: adaptive (see timeoutSeconds()).
  double timeout = 0;
  /// A candidate whose first warm-up run is this many times slower than
  /// the best time so far is not repeated: its cost is that one run.
  unsigned cutoff = 4;
  /// Testing only: changes this element of the first output after the
  /// checked run of every candidate (as mdh-run's option of that name).
  int64_t corruptElement = -1;
  /// Set asynchronously (a SIGINT handler, another thread): the child that
  /// runs is killed and the evaluation is Interrupted. May be null.
  const volatile std::sig_atomic_t *interrupted = nullptr;
};

class HostObjective {
public:
  /// `func` holds `op` and belongs to `module`; `target` is the openmp
  /// target attribute.
  HostObjective(ModuleOp module, func::FuncOp func, ComputeOp op,
                Attribute target, const OpenMPRuntime &openmp,
                HostObjectiveOptions options);

  /// Computes the reference once (the f64 oracle of Reference.h at the
  /// output points ReferenceSample picks); fails with a located error when
  /// it cannot evaluate the computation.
  LogicalResult computeReference();
  const ReferenceSample &getReference() const { return *reference; }

  /// Compiles `config` (through the compile entry point of mdh-run and the
  /// C API, the configuration handed over in memory) down to machine code;
  /// on failure returns null and the diagnostics in `error`.
  std::unique_ptr<HostKernels> compile(const mdh_ll::Config &config,
                                       std::string &error);
  /// Runs a compiled candidate in a child: the checked first run (its
  /// check skipped when `check` is false), warm-up, timed repetitions. With
  /// `check`, a warm-up run slower than the cut-off ends the measurement.
  tune::EvalResult measure(HostKernels &kernels, bool check = true);
  /// compile + measure.
  tune::EvalResult evaluate(const mdh_ll::Config &config);

  /// The child's time limit: the option, or 20 times the slowest successful
  /// child seen so far, between 2 and 60 s (60 s before any has run).
  double timeoutSeconds() const;
  /// The best time so far (for the cut-off).
  void setBestSeconds(double seconds) { bestSeconds = seconds; }
  /// Seconds spent compiling in the parent, over all candidates.
  double compileSeconds() const { return compileTime; }

private:
  ModuleOp module;
  func::FuncOp func;
  ComputeOp op;
  Attribute target;
  const OpenMPRuntime &openmp;
  HostObjectiveOptions options;
  std::vector<std::unique_ptr<HostBuffer>> storage;
  SmallVector<HostBuffer *> args, ins, outs;
  std::optional<ReferenceSample> reference;
  double slowestChild = 0;
  double bestSeconds = 0;
  double compileTime = 0;
};

} // namespace mlir::mdh

#endif // MDH_TUNER_HOST_HOSTOBJECTIVE_H
