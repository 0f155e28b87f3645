//===- Callable.h - Functions the C API can call on client buffers -*- C++ -*-//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// What `mdhHostModuleRun` and `mdhGpuModuleRun` share: which public
// functions of an HL-IR module can be called on the client's buffers (all
// arguments statically shaped identity-layout memrefs, no results), which
// arguments they may write, and the checks of a call's buffers (count,
// null pointers, a written buffer overlapping another).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CAPI_CALLABLE_H
#define MDH_LIB_CAPI_CALLABLE_H

#include "mdh/Compiler/Compile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::mdh::capi {

/// A function of a compiled module that a run entry can call.
struct CallableFunction {
  Location loc;
  /// The statically shaped, identity-layout memref type of each argument.
  SmallVector<MemRefType> argTypes;
  /// Whether the function may write each argument.
  SmallVector<bool> argWritten;
};

/// The public functions of a module, by name: those that can be called and,
/// for the others, why not.
struct CallableFunctions {
  llvm::StringMap<CallableFunction> callable;
  llvm::StringMap<std::string> uncallable;
};

/// Collects the public functions of `module` (HL-IR).
CallableFunctions collectCallableFunctions(ModuleOp module);

/// The size in bytes of one element of a buffer of `type`.
int64_t getBufferBytes(MemRefType type);

/// Finds `name` in `functions` and checks a call of it on
/// `buffers[0 .. numBuffers)`; on failure reports a diagnostic at `loc`
/// (or the function's location) prefixed with `entry` ("mdhHostModuleRun")
/// and returns null.
const CallableFunction *checkCall(const CallableFunctions &functions,
                                  Location loc, StringRef entry, StringRef name,
                                  void *const *buffers, intptr_t numBuffers);

/// What `mdhHostCompile` and `mdhGpuCompile` share after their target
/// checks: verifies `module`, reads `config` (as `mdhLowerToCLIR` does),
/// and compiles every function of `functions.callable` with `options`
/// (whose target and runtimes the caller set) through lib/Compiler,
/// registering the LLVM IR translations of the host side. Failures are
/// diagnostics at the module, prefixed with `entry`.
FailureOr<CompileResult> compileCallable(ModuleOp module, StringRef entry,
                                         StringRef config,
                                         const CallableFunctions &functions,
                                         CompileOptions options);

} // namespace mlir::mdh::capi

#endif // MDH_LIB_CAPI_CALLABLE_H
