//===- FuzzSupport.h - What the libFuzzer harnesses share -------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The harnesses of test/fuzz (docs/reliability.md, "Fuzzing") parse fuzzed
// bytes in an MLIRContext that lives for many inputs: a fresh context per
// input costs more than most inputs do (dialect loading). Types, attributes
// and identifiers uniqued for one input stay in the context, so it is
// recreated every `kInputsPerContext` inputs to bound the memory.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TEST_FUZZ_FUZZSUPPORT_H
#define MDH_TEST_FUZZ_FUZZSUPPORT_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>

namespace mlir::mdh::fuzz {

/// Inputs parsed in one context before it is recreated; the environment
/// variable MDH_FUZZ_CONTEXT_INPUTS overrides it (1: a context per input).
inline constexpr unsigned kInputsPerContext = 1000;

/// An MLIRContext with the dialects of `registry` loaded, single-threaded
/// (a thread pool per context would dominate), diagnostics dropped; a new
/// one every `kInputsPerContext` calls of `next`, after `onRecreate` (which
/// drops what refers into the old one) ran.
class ContextPool {
public:
  /// MDH_FUZZ_VERBOSE=1 in the environment shows the diagnostics (to see
  /// why an input is refused: `MDH_FUZZ_VERBOSE=1 fuzz-parse input`).
  explicit ContextPool(std::function<void(DialectRegistry &)> registerDialects)
      : registerDialects(std::move(registerDialects)),
        verbose(std::getenv("MDH_FUZZ_VERBOSE") != nullptr) {
    if (const char *inputs = std::getenv("MDH_FUZZ_CONTEXT_INPUTS"))
      inputsPerContext = std::max(1, std::atoi(inputs));
  }

  /// The context for the next input.
  MLIRContext &next(const std::function<void()> &onRecreate = {}) {
    if (!context || ++uses >= inputsPerContext) {
      if (onRecreate)
        onRecreate();
      handler.reset();
      context.reset();
      DialectRegistry registry;
      registerDialects(registry);
      context = std::make_unique<MLIRContext>(registry,
                                              MLIRContext::Threading::DISABLED);
      context->loadAllAvailableDialects();
      context->printOpOnDiagnostic(false);
      context->printStackTraceOnDiagnostic(false);
      handler = std::make_unique<ScopedDiagnosticHandler>(
          context.get(), [this](Diagnostic &diag) {
            if (verbose)
              llvm::errs() << diag << "\n";
            return success();
          });
      uses = 0;
    }
    return *context;
  }

  /// Prints diagnostics instead of dropping them (to explain a finding).
  void setVerbose(bool on) { verbose = on; }

private:
  std::function<void(DialectRegistry &)> registerDialects;
  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
  unsigned uses = 0;
  unsigned inputsPerContext = kInputsPerContext;
  bool verbose;
};

/// Reports a property an input broke and aborts, so that libFuzzer keeps
/// the input as a crash. `what` says which property; `detail` what broke it.
[[noreturn]] void fail(const std::string &what, const std::string &detail);

} // namespace mlir::mdh::fuzz

#endif // MDH_TEST_FUZZ_FUZZSUPPORT_H
