//===- Callable.cpp - Functions the C API can call on client buffers ------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Callable.h"

#include "Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh::capi;

/// Whether `value`, an argument of a function, may be written by one of its
/// users: anything that does not declare its memory effects counts as a
/// writer.
static bool mayBeWritten(Value value) {
  for (Operation *user : value.getUsers()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    if (!effects || effects.getEffectOnValue<MemoryEffects::Write>(value) ||
        effects.getEffectOnValue<MemoryEffects::Free>(value))
      return true;
  }
  return false;
}

CallableFunctions mlir::mdh::capi::collectCallableFunctions(ModuleOp module) {
  CallableFunctions functions;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isDeclaration() || !func.isPublic())
      continue;
    std::string reason;
    llvm::raw_string_ostream os(reason);
    FunctionType type = func.getFunctionType();
    CallableFunction callable{func.getLoc(), {}, {}};
    if (type.getNumResults()) {
      os << "it returns values";
    } else {
      for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
        auto memref = dyn_cast<MemRefType>(argType);
        if (!memref || !memref.hasStaticShape() ||
            !memref.getLayout().isIdentity()) {
          os << "its argument #" << i << " has type " << argType
             << "; only statically shaped memrefs with the identity layout "
                "can be passed";
          break;
        }
        callable.argTypes.push_back(memref);
        callable.argWritten.push_back(mayBeWritten(func.getArgument(i)));
      }
    }
    if (!reason.empty()) {
      functions.uncallable[func.getSymName()] = reason;
      continue;
    }
    functions.callable.try_emplace(func.getSymName(), std::move(callable));
  }
  return functions;
}

int64_t mlir::mdh::capi::getBufferBytes(MemRefType type) {
  Type element = type.getElementType();
  int64_t elementBytes =
      element.isIndex() ? 8 : (element.getIntOrFloatBitWidth() + 7) / 8;
  return type.getNumElements() * elementBytes;
}

const CallableFunction *
mlir::mdh::capi::checkCall(const CallableFunctions &functions, Location loc,
                           StringRef entry, StringRef name,
                           void *const *buffers, intptr_t numBuffers) {
  auto it = functions.callable.find(name);
  if (it == functions.callable.end()) {
    auto reason = functions.uncallable.find(name);
    if (reason != functions.uncallable.end()) {
      emitError(loc) << entry << ": function '" << name
                     << "' cannot be called: " << reason->getValue();
      return nullptr;
    }
    InFlightDiagnostic diag = emitError(loc) << entry << ": no function named '"
                                             << name << "'";
    SmallVector<StringRef> names;
    for (auto &function : functions.callable)
      names.push_back(function.getKey());
    llvm::sort(names);
    if (names.empty()) {
      diag << "; the module has no callable function";
    } else {
      diag << "; callable: ";
      llvm::interleaveComma(names, diag);
    }
    return nullptr;
  }
  const CallableFunction &func = it->getValue();
  intptr_t numArgs = func.argTypes.size();
  if (numBuffers != numArgs) {
    emitError(func.loc) << entry << ": function '" << name << "' takes "
                        << numArgs << " buffer(s), got " << numBuffers;
    return nullptr;
  }
  if (numArgs && !buffers) {
    emitError(func.loc) << entry << ": function '" << name
                        << "': the array of buffers is null";
    return nullptr;
  }
  SmallVector<std::pair<uintptr_t, uintptr_t>> ranges;
  for (intptr_t i = 0; i < numArgs; ++i) {
    if (!buffers[i]) {
      emitError(func.loc) << entry << ": function '" << name << "': buffer #"
                          << i << " is null";
      return nullptr;
    }
    uintptr_t begin = reinterpret_cast<uintptr_t>(buffers[i]);
    ranges.push_back({begin, begin + static_cast<uintptr_t>(
                                         getBufferBytes(func.argTypes[i]))});
  }
  for (intptr_t i = 0; i < numArgs; ++i) {
    for (intptr_t j = i + 1; j < numArgs; ++j) {
      if (!func.argWritten[i] && !func.argWritten[j])
        continue;
      if (ranges[i].first < ranges[j].second &&
          ranges[j].first < ranges[i].second) {
        emitError(func.loc)
            << entry << ": function '" << name << "': buffers #" << i
            << " and #" << j << " overlap, and the function writes #"
            << (func.argWritten[i] ? i : j)
            << " (docs/semantics.md: no aliasing)";
        return nullptr;
      }
    }
  }
  return &func;
}

FailureOr<mdh::CompileResult> mlir::mdh::capi::compileCallable(
    ModuleOp module, StringRef entry, StringRef config,
    const CallableFunctions &functions, CompileOptions options) {
  // The lowerings assume verified HL-IR; IR built or edited through the C
  // API may not be.
  if (failed(verify(module)))
    return failure();
  FailureOr<ConfigOptions> configs = parseConfigArgument(module, config);
  if (failed(configs))
    return failure();
  // Idempotent: a context that already has them is left as it is.
  registerBuiltinDialectTranslation(*module.getContext());
  registerLLVMDialectTranslation(*module.getContext());
  // As mdh-run compiles, but every callable function and nothing dropped;
  // the client's module stays HL-IR (a copy is lowered).
  options.configs = std::move(*configs);
  for (auto &function : functions.callable)
    options.funcNames.push_back(function.getKey().str());
  std::string error;
  FailureOr<CompileResult> compiled = compile(module, options, error);
  if (failed(compiled) && !error.empty())
    emitError(module.getLoc()) << entry << ": " << error;
  return compiled;
}
