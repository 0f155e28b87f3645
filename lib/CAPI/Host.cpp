//===- Host.cpp - C API for the host target of MDH-MLIR -------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Host.h"

#include "Callable.h"
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
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
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
  mdh::capi::CallableFunctions functions;
  /// The packed wrapper of each callable function's C interface: takes a
  /// pointer to each argument, here a pointer to a pointer to a memref
  /// descriptor.
  llvm::StringMap<void (*)(void **)> packed;
};
} // namespace

DEFINE_C_API_PTR_METHODS(MdhHostModule, HostModule)

const mdh::OpenMPRuntime *mdh::capi::getOpenMPRuntime(std::string &error) {
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

MdhHostModule mdhHostCompile(MlirModule module, MlirStringRef target,
                             MlirStringRef config, int numThreads) {
  auto null = [] { return wrap(static_cast<HostModule *>(nullptr)); };
  ModuleOp original = unwrap(module);
  MLIRContext *ctx = original.getContext();

  StringRef spec = unwrap(target);
  if (spec.empty())
    spec = "openmp:host";
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
  if (numThreads < 0 || numThreads > mdh::OpenMPRuntime::kMaxThreads) {
    emitError(original.getLoc())
        << "mdhHostCompile: the thread count must be between 1 and "
        << mdh::OpenMPRuntime::kMaxThreads
        << ", or 0 for the OpenMP runtime's default, got " << numThreads;
    return null();
  }
  // Loaded before compiling: the JIT resolves the `__kmpc_*` calls of the
  // compiled code in it.
  std::string error;
  const mdh::OpenMPRuntime *openmp = mdh::capi::getOpenMPRuntime(error);
  if (!openmp) {
    emitError(original.getLoc()) << "mdhHostCompile: " << error;
    return null();
  }

  auto host = std::make_unique<HostModule>(
      HostModule{original.getLoc(), {}, openmp, numThreads, {}, {}});
  host->functions = mdh::capi::collectCallableFunctions(original);
  registerOpenMPDialectTranslation(*ctx);
  mdh::CompileOptions options;
  options.target = spec.str();
  options.openmp = openmp;
  options.keepLLVMIR = true;
  FailureOr<mdh::CompileResult> compiled = mdh::capi::compileCallable(
      original, "mdhHostCompile", unwrap(config), host->functions, options);
  if (failed(compiled))
    return null();
  host->compiled = std::move(*compiled);
  for (auto &entry : host->functions.callable) {
    auto packed = host->compiled.jit->lookupPacked(entry.getKey());
    if (!packed) {
      emitError(original.getLoc()) << "mdhHostCompile: JIT compilation failed: "
                                   << llvm::toString(packed.takeError());
      return null();
    }
    host->packed[entry.getKey()] = *packed;
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

MlirLogicalResult mdhHostModuleRun(MdhHostModule hostModule,
                                   MlirStringRef funcName, void **buffers,
                                   intptr_t numBuffers) {
  HostModule &host = *unwrap(hostModule);
  StringRef name = unwrap(funcName);
  const mdh::capi::CallableFunction *func = mdh::capi::checkCall(
      host.functions, host.loc, "mdhHostModuleRun", name, buffers, numBuffers);
  if (!func)
    return wrap(failure());
  intptr_t numArgs = func->argTypes.size();

  // One C-interface memref descriptor per buffer: {allocated, aligned,
  // offset, sizes[rank], strides[rank]}, each an int64-sized word.
  SmallVector<SmallVector<int64_t, 8>> descriptors(numArgs);
  SmallVector<void *> descriptorPtrs, args;
  for (intptr_t i = 0; i < numArgs; ++i) {
    MemRefType type = func->argTypes[i];
    SmallVector<int64_t, 8> &d = descriptors[i];
    int64_t pointer = reinterpret_cast<int64_t>(buffers[i]);
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

  void (*packed)(void **) = host.packed.lookup(name);
  if (host.numThreads > 0) {
    int previous = host.openmp->getMaxThreads();
    host.openmp->setNumThreads(host.numThreads);
    packed(args.data());
    host.openmp->setNumThreads(previous);
  } else {
    packed(args.data());
  }
  return wrap(success());
}
