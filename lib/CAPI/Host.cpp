//===- Host.cpp - C API for the host target of MDH-MLIR -------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Host.h"

#include "Pipelines.h"

#include "mdh/Compiler/Compile.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/Runner/OpenMPRuntime.h"
#include "mdh/Target/C/TranslateToC.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/CAPI/Wrap.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>
#include <string>

using namespace mlir;

//===----------------------------------------------------------------------===//
// C source
//===----------------------------------------------------------------------===//

MlirLogicalResult mdhEmitC(MlirModule module, MlirStringCallback callback,
                           void *userData) {
  detail::CallbackOstream stream(callback, userData);
  return wrap(mdh::translateCLToC(unwrap(module), stream));
}

//===----------------------------------------------------------------------===//
// Compiled host kernels
//===----------------------------------------------------------------------===//

namespace {
/// A function of the compiled module that `mdhHostModuleRun` can call.
struct HostFunction {
  Location loc;
  /// The statically shaped, identity-layout memref type of each argument.
  SmallVector<MemRefType> argTypes;
  /// Whether the function may write each argument (it is then checked not
  /// to overlap any other).
  SmallVector<bool> argWritten;
  /// The packed wrapper of the function's C interface: takes a pointer to
  /// each argument, here a pointer to a pointer to a memref descriptor.
  void (*packed)(void **) = nullptr;
};

/// What an MdhHostModule points to.
struct HostModule {
  /// The location of the module it was compiled from (diagnostics of runs
  /// that concern no function go there).
  Location loc;
  /// The compiled module: compiled by the same entry point as mdh-run's
  /// (lib/Compiler), with the optimized LLVM IR kept.
  mdh::CompileResult compiled;
  const mdh::OpenMPRuntime *openmp;
  int numThreads;
  llvm::StringMap<HostFunction> functions;
  /// The public functions that cannot be called, with the reason.
  llvm::StringMap<std::string> uncallable;
};
} // namespace

DEFINE_C_API_PTR_METHODS(MdhHostModule, HostModule)

/// The OpenMP runtime the compiled code calls, loaded into the process on
/// the first call; null, with the reason in `error`, when it cannot be
/// loaded.
static const mdh::OpenMPRuntime *getOpenMPRuntime(std::string &error) {
  struct Loaded {
    std::optional<mdh::OpenMPRuntime> runtime;
    std::string error;
  };
  static const Loaded loaded = [] {
    Loaded result;
    FailureOr<mdh::OpenMPRuntime> runtime = mdh::OpenMPRuntime::load(
        mdh::OpenMPRuntime::getDefaultPath(), result.error);
    if (succeeded(runtime))
      result.runtime = *runtime;
    return result;
  }();
  if (!loaded.runtime) {
    error = loaded.error;
    return nullptr;
  }
  return &*loaded.runtime;
}

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

/// Records how `mdhHostModuleRun` calls each public function of `module`
/// (HL-IR), or why it cannot.
static void collectFunctions(ModuleOp module, HostModule &host) {
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isDeclaration() || !func.isPublic())
      continue;
    std::string reason;
    llvm::raw_string_ostream os(reason);
    FunctionType type = func.getFunctionType();
    HostFunction callable{func.getLoc(), {}, {}, nullptr};
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
      host.uncallable[func.getSymName()] = reason;
      continue;
    }
    host.functions.try_emplace(func.getSymName(), std::move(callable));
  }
}

MdhHostModule mdhHostCompile(MlirModule module, MlirStringRef target,
                             MlirStringRef config, int numThreads) {
  auto null = [] { return wrap(static_cast<HostModule *>(nullptr)); };
  ModuleOp original = unwrap(module);
  MLIRContext *ctx = original.getContext();

  StringRef spec = unwrap(target);
  if (spec.empty())
    spec = "openmp";
  FailureOr<Attribute> targetAttr = mdh_ll::parseTargetSpec(ctx, spec, [&] {
    return emitError(original.getLoc()) << "mdhHostCompile: ";
  });
  if (failed(targetAttr))
    return null();
  if (!isa<mdh_ll::OpenMPTargetAttr>(*targetAttr)) {
    emitError(original.getLoc())
        << "mdhHostCompile: target '" << spec
        << "' is not a host target; expected 'openmp' or 'openmp:host' "
           "(with optional ',fact=value' overrides)";
    return null();
  }
  if (numThreads < 0) {
    emitError(original.getLoc())
        << "mdhHostCompile: the thread count must be positive, or 0 for the "
           "OpenMP runtime's default, got "
        << numThreads;
    return null();
  }
  // Loaded before compiling: the JIT resolves the `__kmpc_*` calls of the
  // compiled code in it.
  std::string error;
  const mdh::OpenMPRuntime *openmp = getOpenMPRuntime(error);
  if (!openmp) {
    emitError(original.getLoc()) << "mdhHostCompile: " << error;
    return null();
  }

  // The lowerings assume verified HL-IR; IR built or edited through the C
  // API may not be.
  if (failed(verify(original)))
    return null();
  FailureOr<mdh::ConfigOptions> configs =
      mdh::capi::parseConfigArgument(original, unwrap(config));
  if (failed(configs))
    return null();

  auto host = std::make_unique<HostModule>(
      HostModule{original.getLoc(), {}, openmp, numThreads, {}, {}});
  collectFunctions(original, *host);
  // Idempotent: a context that already has them is left as it is.
  registerBuiltinDialectTranslation(*ctx);
  registerLLVMDialectTranslation(*ctx);
  registerOpenMPDialectTranslation(*ctx);

  // As `mdh-run --target=openmp` compiles, but every callable function and
  // nothing dropped; the client's module stays HL-IR (a copy is lowered).
  mdh::CompileOptions options;
  options.target = spec.str();
  options.configs = std::move(*configs);
  for (auto &entry : host->functions)
    options.funcNames.push_back(entry.getKey().str());
  options.openmp = openmp;
  options.keepLLVMIR = true;
  FailureOr<mdh::CompileResult> compiled =
      mdh::compile(original, options, error);
  if (failed(compiled)) {
    if (!error.empty())
      emitError(original.getLoc()) << "mdhHostCompile: " << error;
    return null();
  }
  host->compiled = std::move(*compiled);
  for (auto &entry : host->functions) {
    auto packed = host->compiled.jit->lookupPacked(entry.getKey());
    if (!packed) {
      emitError(original.getLoc()) << "mdhHostCompile: JIT compilation failed: "
                                   << llvm::toString(packed.takeError());
      return null();
    }
    entry.getValue().packed = *packed;
  }
  return wrap(host.release());
}

void mdhHostModuleDestroy(MdhHostModule hostModule) {
  delete unwrap(hostModule);
}

void mdhHostModuleGetLLVMIR(MdhHostModule hostModule,
                            MlirStringCallback callback, void *userData) {
  const std::string &ir = unwrap(hostModule)->compiled.llvmIR;
  callback(mlirStringRefCreate(ir.data(), ir.size()), userData);
}

/// The size in bytes of an element of type `type` in a buffer.
static int64_t getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  return (type.getIntOrFloatBitWidth() + 7) / 8;
}

MlirLogicalResult mdhHostModuleRun(MdhHostModule hostModule,
                                   MlirStringRef funcName, void **buffers,
                                   intptr_t numBuffers) {
  HostModule &host = *unwrap(hostModule);
  StringRef name = unwrap(funcName);
  auto it = host.functions.find(name);
  if (it == host.functions.end()) {
    auto reason = host.uncallable.find(name);
    if (reason != host.uncallable.end()) {
      emitError(host.loc) << "mdhHostModuleRun: function '" << name
                          << "' cannot be called: " << reason->getValue();
      return wrap(failure());
    }
    InFlightDiagnostic diag = emitError(host.loc)
                              << "mdhHostModuleRun: no function named '" << name
                              << "'";
    SmallVector<StringRef> names;
    for (auto &entry : host.functions)
      names.push_back(entry.getKey());
    llvm::sort(names);
    if (names.empty()) {
      diag << "; the module has no callable function";
    } else {
      diag << "; callable: ";
      llvm::interleaveComma(names, diag);
    }
    return wrap(failure());
  }
  HostFunction &func = it->getValue();
  intptr_t numArgs = func.argTypes.size();
  if (numBuffers != numArgs) {
    emitError(func.loc) << "mdhHostModuleRun: function '" << name << "' takes "
                        << numArgs << " buffer(s), got " << numBuffers;
    return wrap(failure());
  }
  if (numArgs && !buffers) {
    emitError(func.loc) << "mdhHostModuleRun: function '" << name
                        << "': the array of buffers is null";
    return wrap(failure());
  }

  // The byte range of each buffer, to check for overlaps with the written
  // ones.
  SmallVector<std::pair<uintptr_t, uintptr_t>> ranges;
  for (intptr_t i = 0; i < numArgs; ++i) {
    if (!buffers[i]) {
      emitError(func.loc) << "mdhHostModuleRun: function '" << name
                          << "': buffer #" << i << " is null";
      return wrap(failure());
    }
    MemRefType type = func.argTypes[i];
    uintptr_t begin = reinterpret_cast<uintptr_t>(buffers[i]);
    ranges.push_back(
        {begin, begin + static_cast<uintptr_t>(
                            type.getNumElements() *
                            getElementBytes(type.getElementType()))});
  }
  for (intptr_t i = 0; i < numArgs; ++i) {
    for (intptr_t j = i + 1; j < numArgs; ++j) {
      if (!func.argWritten[i] && !func.argWritten[j])
        continue;
      if (ranges[i].first < ranges[j].second &&
          ranges[j].first < ranges[i].second) {
        emitError(func.loc)
            << "mdhHostModuleRun: function '" << name << "': buffers #" << i
            << " and #" << j << " overlap, and the function writes #"
            << (func.argWritten[i] ? i : j)
            << " (docs/semantics.md: no aliasing)";
        return wrap(failure());
      }
    }
  }

  // One C-interface memref descriptor per buffer: {allocated, aligned,
  // offset, sizes[rank], strides[rank]}, each an int64-sized word.
  SmallVector<SmallVector<int64_t, 8>> descriptors(numArgs);
  SmallVector<void *> descriptorPtrs, args;
  for (intptr_t i = 0; i < numArgs; ++i) {
    MemRefType type = func.argTypes[i];
    SmallVector<int64_t, 8> &d = descriptors[i];
    int64_t pointer = static_cast<int64_t>(ranges[i].first);
    d = {pointer, pointer, /*offset=*/0};
    llvm::append_range(d, type.getShape());
    SmallVector<int64_t> strides(type.getRank(), 1);
    for (int64_t r = type.getRank() - 2; r >= 0; --r)
      strides[r] = strides[r + 1] * type.getDimSize(r + 1);
    llvm::append_range(d, strides);
    descriptorPtrs.push_back(d.data());
  }
  for (void *&descriptor : descriptorPtrs)
    args.push_back(&descriptor);

  if (host.numThreads > 0) {
    int previous = host.openmp->getMaxThreads();
    host.openmp->setNumThreads(host.numThreads);
    func.packed(args.data());
    host.openmp->setNumThreads(previous);
  } else {
    func.packed(args.data());
  }
  return wrap(success());
}
