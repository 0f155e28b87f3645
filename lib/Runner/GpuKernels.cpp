//===- GpuKernels.cpp - Kernels lowered for a GPU, run through mgpu* ------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/GpuKernels.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::mdh;

FailureOr<std::unique_ptr<GpuKernels>>
GpuKernels::create(ModuleOp module, ArrayRef<StringRef> funcNames,
                   const std::function<void(OpPassManager &)> &buildPipeline,
                   unsigned optLevel, const MdhGpuRuntime &runtime) {
  // Loading a module happens in the JIT's global constructors; a failure
  // there is counted by the runtime, not returned.
  uint64_t before = runtime.errorCount();
  FailureOr<std::unique_ptr<HostJit>> jit =
      HostJit::create(module, funcNames, buildPipeline, optLevel);
  if (failed(jit))
    return failure();
  if (runtime.errorCount() != before)
    return module.emitError("loading the GPU kernels failed: ")
           << runtime.lastError();
  auto kernels = std::unique_ptr<GpuKernels>(new GpuKernels());
  kernels->jit = std::move(*jit);
  kernels->runtime = runtime;
  return kernels;
}

GpuKernels::~GpuKernels() { release(); }

void GpuKernels::release() {
  for (DeviceBuffer &buffer : resident)
    runtime.free(buffer.pointer);
  resident.clear();
}

llvm::Error GpuKernels::check(uint64_t errorsBefore, StringRef what) {
  if (runtime.errorCount() == errorsBefore)
    return llvm::Error::success();
  return llvm::createStringError(
      llvm::formatv("{0}: {1}", what, runtime.lastError()).str());
}

llvm::Error GpuKernels::upload(ArrayRef<HostBuffer *> buffers) {
  bool same = resident.size() == buffers.size();
  for (auto [device, host] : llvm::zip(resident, buffers))
    same &= device.hostId == host->getId();
  if (same)
    return llvm::Error::success();
  release();
  uint64_t before = runtime.errorCount();
  for (HostBuffer *host : buffers) {
    size_t bytes = host->getSizeInBytes();
    // Zero-sized buffers still get a distinct (one-element) allocation.
    void *pointer = runtime.alloc(bytes ? bytes : 1);
    if (!pointer) {
      release();
      return llvm::createStringError(
          llvm::formatv("allocating {0} bytes on the device failed: {1}", bytes,
                        runtime.lastError())
              .str());
    }
    std::vector<int64_t> descriptor = host->getDescriptor();
    descriptor[0] = descriptor[1] = reinterpret_cast<int64_t>(pointer);
    resident.push_back({host->getId(), pointer, std::move(descriptor)});
    // Outputs go up too: they hold the sentinel that the check looks for.
    if (bytes && runtime.copyToDevice(pointer, host->data(), bytes)) {
      release();
      return llvm::createStringError(
          llvm::formatv("copying {0} bytes to the device failed: {1}", bytes,
                        runtime.lastError())
              .str());
    }
  }
  if (runtime.synchronize())
    return check(before, "copying the inputs to the device failed");
  return llvm::Error::success();
}

llvm::Error GpuKernels::invoke(StringRef funcName,
                               ArrayRef<HostBuffer *> buffers) {
  if (llvm::Error error = upload(buffers))
    return error;
  SmallVector<void *> descriptors;
  for (DeviceBuffer &buffer : resident)
    descriptors.push_back(buffer.descriptor.data());
  uint64_t before = runtime.errorCount();
  if (llvm::Error error = jit->invokeDescriptors(funcName, descriptors))
    return error;
  // Launches are asynchronous; a fault shows at the synchronization.
  runtime.synchronize();
  return check(before, "the kernel failed on the device");
}

llvm::Error GpuKernels::fetch(ArrayRef<HostBuffer *> buffers) {
  uint64_t before = runtime.errorCount();
  for (HostBuffer *host : buffers) {
    auto device = llvm::find_if(resident, [&](const DeviceBuffer &d) {
      // The device copy of this host buffer.
      return d.hostId == host->getId();
    });
    if (device == resident.end())
      return llvm::createStringError(
          "fetch: the buffer is not on the device (no call used it)");
    size_t bytes = host->getSizeInBytes();
    if (bytes && runtime.copyToHost(host->data(), device->pointer, bytes))
      break;
  }
  runtime.synchronize();
  return check(before, "copying the results to the host failed");
}
