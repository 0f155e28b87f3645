//===- OpenMPRuntime.cpp - The OpenMP runtime of JIT-compiled host code ---===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/OpenMPRuntime.h"

#include "llvm/Support/DynamicLibrary.h"

using namespace mlir;
using namespace mlir::mdh;

StringRef OpenMPRuntime::getDefaultPath() { return MDH_LIBOMP_PATH; }

FailureOr<OpenMPRuntime> OpenMPRuntime::load(StringRef path,
                                             std::string &error) {
  std::string message;
  llvm::sys::DynamicLibrary library =
      llvm::sys::DynamicLibrary::getPermanentLibrary(path.str().c_str(),
                                                     &message);
  if (!library.isValid()) {
    error = "cannot load the OpenMP runtime '" + path.str() + "': " + message;
    return failure();
  }
  OpenMPRuntime runtime;
  runtime.path = path.str();
  runtime.handle = library.getOSSpecificHandle();
  runtime.setNumThreadsFn = reinterpret_cast<void (*)(int)>(
      library.getAddressOfSymbol("omp_set_num_threads"));
  runtime.getMaxThreadsFn = reinterpret_cast<int (*)()>(
      library.getAddressOfSymbol("omp_get_max_threads"));
  if (!runtime.setNumThreadsFn || !runtime.getMaxThreadsFn ||
      !library.getAddressOfSymbol("__kmpc_fork_call")) {
    error = "'" + path.str() +
            "' is not an OpenMP runtime: it lacks omp_set_num_threads, "
            "omp_get_max_threads or __kmpc_fork_call";
    return failure();
  }
  return runtime;
}

void OpenMPRuntime::setNumThreads(int numThreads) const {
  setNumThreadsFn(numThreads);
}

int OpenMPRuntime::getMaxThreads() const { return getMaxThreadsFn(); }

void *OpenMPRuntime::getAddressOfSymbol(StringRef name) const {
  return llvm::sys::DynamicLibrary(handle).getAddressOfSymbol(
      name.str().c_str());
}
