//===- FuzzSupport.cpp - What the libFuzzer harnesses share ---------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include <cstdlib>

// The run-time options of scripts/test-sanitizers.sh, built in so that a
// harness run by hand behaves alike (ASAN_OPTIONS and UBSAN_OPTIONS still
// override them). allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons
// slabs in our instrumented code that the uninstrumented libMLIR.so then
// allocates from (docs/reliability.md, "Sanitizers").
extern "C" __attribute__((used)) const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=0:abort_on_error=1";
}
extern "C" __attribute__((used)) const char *__ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1";
}

void mlir::mdh::fuzz::fail(const std::string &what, const std::string &detail) {
  llvm::errs() << "fuzz finding: " << what << "\n" << detail << "\n";
  llvm::errs().flush();
  std::abort();
}
