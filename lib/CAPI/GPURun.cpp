//===- GPURun.cpp - C API: GPU kernels run on a device
//---------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `mdhGpuCompile` compiles through the entry point of `mdh-run
// --target=cuda|hip` (lib/Compiler: HL -> GPU CL-IR -> PTX or a code object,
// host code calling the mgpu* ABI, JIT-compiled) against the MDH GPU runtime
// (runtime/), opened once per process and kind. `mdhGpuModuleRun` copies the
// client's host buffers to the device, runs, and copies back the buffers
// the function may write.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/GPU.h"

#include "Callable.h"

#include "mdh/Compiler/Compile.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/Runner/HostBuffer.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Wrap.h"
#include "mlir/IR/Diagnostics.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

using namespace mlir;

namespace {
/// What an MdhGpuModule points to.
struct GpuModule {
  Location loc;
  mdh::CompileResult compiled;
  std::string deviceName;
  mdh::capi::CallableFunctions functions;
};

/// The outcome of opening the runtime of one kind, kept for the process.
struct OpenedRuntime {
  std::optional<MdhGpuRuntime> runtime;
  std::string error;
};
} // namespace

DEFINE_C_API_PTR_METHODS(MdhGpuModule, GpuModule)

/// The MDH GPU runtime of `kind`, opened on the first call; null, with the
/// loader's reason in `error`, when there is no driver or device.
static const MdhGpuRuntime *getGpuRuntime(MdhGpuKind kind, std::string &error) {
  static std::mutex mutex;
  static OpenedRuntime opened[2];
  std::lock_guard<std::mutex> lock(mutex);
  OpenedRuntime &slot = opened[kind == MDH_GPU_CUDA ? 0 : 1];
  if (!slot.runtime && slot.error.empty()) {
    MdhGpuRuntime runtime;
    char message[1024] = "";
    if (mdhGpuRuntimeOpen(kind, nullptr, &runtime, message, sizeof(message)))
      slot.error = message;
    else
      slot.runtime = runtime;
  }
  if (!slot.runtime) {
    error = slot.error;
    return nullptr;
  }
  return &*slot.runtime;
}

MdhGpuModule mdhGpuCompile(MlirModule module, MlirStringRef target,
                           MlirStringRef config) {
  auto null = [] { return wrap(static_cast<GpuModule *>(nullptr)); };
  ModuleOp original = unwrap(module);
  MLIRContext *ctx = original.getContext();
  StringRef spec = unwrap(target);
  FailureOr<Attribute> targetAttr = mdh_ll::parseTargetSpec(ctx, spec, [&] {
    return emitError(original.getLoc()) << "mdhGpuCompile: ";
  });
  if (failed(targetAttr))
    return null();
  MdhGpuKind kind;
  if (isa<mdh_ll::CUDATargetAttr>(*targetAttr)) {
    kind = MDH_GPU_CUDA;
  } else if (isa<mdh_ll::HIPTargetAttr>(*targetAttr)) {
    kind = MDH_GPU_HIP;
  } else {
    emitError(original.getLoc())
        << "mdhGpuCompile: target '" << spec
        << "' is not a GPU target; expected 'cuda[:chip]' or 'hip[:chip]' "
           "(host targets: mdhHostCompile)";
    return null();
  }
  std::string error;
  const MdhGpuRuntime *runtime = getGpuRuntime(kind, error);
  if (!runtime) {
    emitError(original.getLoc())
        << "mdhGpuCompile: target '" << spec << "': " << error
        << " (mdhEmitCUDA/mdhEmitHIP and mdhLowerToPTX/mdhLowerToAMDGPU "
           "need no device)";
    return null();
  }
  auto gpu =
      std::make_unique<GpuModule>(GpuModule{original.getLoc(), {}, "", {}});
  gpu->functions = mdh::capi::collectCallableFunctions(original);
  char name[256] = "";
  if (!runtime->deviceName(0, name, sizeof(name)))
    gpu->deviceName = name;
  mdh::CompileOptions options;
  options.target = spec.str();
  options.gpuRuntime = runtime;
  FailureOr<mdh::CompileResult> compiled = mdh::capi::compileCallable(
      original, "mdhGpuCompile", unwrap(config), gpu->functions, options);
  if (failed(compiled))
    return null();
  gpu->compiled = std::move(*compiled);
  return wrap(gpu.release());
}

void mdhGpuModuleDestroy(MdhGpuModule gpuModule) { delete unwrap(gpuModule); }

void mdhGpuModuleGetDeviceName(MdhGpuModule gpuModule,
                               MlirStringCallback callback, void *userData) {
  const std::string &name = unwrap(gpuModule)->deviceName;
  callback(mlirStringRefCreate(name.data(), name.size()), userData);
}

MlirLogicalResult mdhGpuModuleRun(MdhGpuModule gpuModule,
                                  MlirStringRef funcName, void **buffers,
                                  intptr_t numBuffers) {
  GpuModule &gpu = *unwrap(gpuModule);
  StringRef name = unwrap(funcName);
  const mdh::capi::CallableFunction *func = mdh::capi::checkCall(
      gpu.functions, gpu.loc, "mdhGpuModuleRun", name, buffers, numBuffers);
  if (!func)
    return wrap(failure());

  // Staged through HostBuffers, which the kernels keep device copies of;
  // fresh ones on every call, so every call copies its inputs up.
  std::vector<std::unique_ptr<mdh::HostBuffer>> staged;
  SmallVector<mdh::HostBuffer *> args, written;
  for (auto [i, type] : llvm::enumerate(func->argTypes)) {
    staged.push_back(std::make_unique<mdh::HostBuffer>(type));
    std::memcpy(staged.back()->data(), buffers[i],
                mdh::capi::getBufferBytes(type));
    args.push_back(staged.back().get());
    if (func->argWritten[i])
      written.push_back(staged.back().get());
  }
  mdh::HostKernels &kernels = *gpu.compiled.kernels;
  llvm::Error error = kernels.invoke(name, args);
  if (!error)
    error = kernels.fetch(written);
  if (error) {
    emitError(func->loc) << "mdhGpuModuleRun: function '" << name
                         << "': " << llvm::toString(std::move(error));
    return wrap(failure());
  }
  for (auto [i, buffer] : llvm::enumerate(staged))
    if (func->argWritten[i])
      std::memcpy(buffers[i], buffer->data(), buffer->getSizeInBytes());
  return wrap(success());
}
