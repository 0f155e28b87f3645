//===- HostJit.h - In-process compilation for the host ----------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_HOSTJIT_H
#define MDH_RUNNER_HOSTJIT_H

#include "mdh/Runner/HostKernels.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Target/TargetMachine.h"

#include <functional>
#include <memory>

namespace mlir {
class OpPassManager;
namespace mdh {

/// A module lowered to the LLVM dialect and JIT-compiled in process through
/// MLIR's ExecutionEngine; its functions are called through their C
/// interface with host buffers.
class HostJit : public HostKernels {
public:
  /// Marks the functions `funcNames` of `module` for a C interface, lowers
  /// the module in place with `buildPipeline`, and JIT-compiles it at LLVM
  /// optimization level `optLevel`, resolving external calls in the process
  /// and in the shared libraries `sharedLibPaths`. When `optimizedIR` is
  /// not null, it receives the LLVM IR after LLVM's optimizations, as the
  /// JIT compiles it. Errors are reported as diagnostics of the module's
  /// context.
  static FailureOr<std::unique_ptr<HostJit>>
  create(ModuleOp module, ArrayRef<StringRef> funcNames,
         const std::function<void(OpPassManager &)> &buildPipeline,
         unsigned optLevel = 3, ArrayRef<StringRef> sharedLibPaths = {},
         std::string *optimizedIR = nullptr);

  /// Calls `funcName` with one memref argument per buffer.
  llvm::Error invoke(StringRef funcName,
                     ArrayRef<HostBuffer *> buffers) override;

  /// Calls `funcName` with one memref argument per C-interface descriptor
  /// (`{alloc, aligned, offset, sizes[R], strides[R]}`), e.g. descriptors of
  /// device buffers.
  llvm::Error invokeDescriptors(StringRef funcName,
                                ArrayRef<void *> descriptors);

  /// The packed wrapper of `funcName`'s C interface, which takes a pointer
  /// to each argument (here: to a pointer to a memref descriptor), for
  /// callers that call a function many times; runs the module's global
  /// constructors first if no call has.
  llvm::Expected<void (*)(void **)> lookupPacked(StringRef funcName);

private:
  std::unique_ptr<ExecutionEngine> engine;
  /// The host machine the optimizer was tuned for.
  std::unique_ptr<llvm::TargetMachine> machine;
};

} // namespace mdh
} // namespace mlir

#endif // MDH_RUNNER_HOSTJIT_H
