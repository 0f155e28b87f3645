/*===- Loader.c - Loads the MDH GPU runtime on demand ---------------------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE /* dladdr */
#include "mdh/gpu_loader.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *mdhGpuKindName(MdhGpuKind kind) {
  return kind == MDH_GPU_CUDA ? "cuda" : "hip";
}

/* The runtime of an installed tree: <prefix>/lib/libmdh_<kind>_runtime.so
 * next to the tool or library this code is linked into
 * (<prefix>/bin/mdh-run, <prefix>/lib/libMDHCAPI.so); null if absent. */
static const char *installedPath(MdhGpuKind kind) {
  static char paths[2][PATH_MAX + 64];
  char self[PATH_MAX];
  Dl_info info;
  if (!dladdr((void *)&mdhGpuKindName, &info) || !info.dli_fname ||
      !realpath(info.dli_fname, self)) {
    ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (n <= 0)
      return NULL;
    self[n] = 0;
  }
  char *slash = strrchr(self, '/');
  if (!slash)
    return NULL;
  *slash = 0;
  char *path = paths[kind == MDH_GPU_CUDA ? 0 : 1];
  snprintf(path, sizeof(paths[0]), "%s/../lib/libmdh_%s_runtime.so", self,
           mdhGpuKindName(kind));
  return access(path, R_OK) == 0 ? path : NULL;
}

const char *mdhGpuRuntimeDefaultPath(MdhGpuKind kind) {
  const char *path =
      getenv(kind == MDH_GPU_CUDA ? "MDH_CUDA_RUNTIME" : "MDH_HIP_RUNTIME");
  if (path && path[0])
    return path;
  /* The build tree's runtime, else an installed one. */
  const char *built =
      kind == MDH_GPU_CUDA ? MDH_CUDA_RUNTIME_PATH : MDH_HIP_RUNTIME_PATH;
  if (built[0] && access(built, R_OK) == 0)
    return built;
  const char *installed = installedPath(kind);
  return installed ? installed : built;
}

/* The address of `name` in the runtime, or null (and a message). */
/// `uint64_t (*)(void)` as a function type: clang-format 14 and 22 format
/// that cast differently.
typedef uint64_t CountFn(void);

static void *lookup(void *handle, const char *path, const char *name,
                    char *error, size_t errorSize) {
  void *symbol = dlsym(handle, name);
  if (!symbol)
    snprintf(error, errorSize, "'%s' is not an MDH GPU runtime: it lacks %s",
             path, name);
  return symbol;
}

int mdhGpuRuntimeOpen(MdhGpuKind kind, const char *path, MdhGpuRuntime *runtime,
                      char *error, size_t errorSize) {
  const char *api = kind == MDH_GPU_CUDA ? "CUDA" : "HIP";
  const char *driver =
      kind == MDH_GPU_CUDA ? "libcuda.so.1" : "libamdhip64.so.5";
  if (!path)
    path = mdhGpuRuntimeDefaultPath(kind);
  if (!path[0]) {
    snprintf(error, errorSize,
             "this build of MDH-MLIR has no %s runtime (its headers were not "
             "found at configure time)",
             api);
    return 1;
  }
  memset(runtime, 0, sizeof(*runtime));
  runtime->kind = kind;
  if (access(path, R_OK) != 0) {
    snprintf(error, errorSize, "cannot find the MDH %s runtime '%s'", api,
             path);
    return 1;
  }
  /* RTLD_GLOBAL: the JIT resolves the lowered host code's mgpu* calls
   * against the process's global symbols. */
  runtime->handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
  if (!runtime->handle) {
    const char *reason = dlerror();
    if (!reason)
      reason = "unknown dlopen error";
    /* A missing dependency is the driver library in practice; a missing
     * symbol, a driver older than the API the runtime was built with. */
    if (strstr(reason, "undefined symbol"))
      snprintf(error, errorSize,
               "the %s driver is too old for '%s' (%s lacks a function): %s",
               api, path, driver, reason);
    else
      snprintf(error, errorSize,
               "no %s driver: cannot load '%s' (%s needed): %s", api, path,
               driver, reason);
    return 1;
  }

  void *handle = runtime->handle;
  const char *(*kindName)(void) = (const char *(*)(void))lookup(
      handle, path, "mdhGpuRuntimeKind", error, errorSize);
  int (*init)(void) =
      (int (*)(void))lookup(handle, path, "mdhGpuInit", error, errorSize);
  runtime->deviceCount = (int (*)(void))lookup(
      handle, path, "mdhGpuDeviceCount", error, errorSize);
  runtime->deviceName = (int (*)(int, char *, size_t))lookup(
      handle, path, "mdhGpuDeviceName", error, errorSize);
  runtime->alloc =
      (void *(*)(size_t))lookup(handle, path, "mdhGpuAlloc", error, errorSize);
  runtime->free =
      (int (*)(void *))lookup(handle, path, "mdhGpuFree", error, errorSize);
  runtime->copyToDevice = (int (*)(void *, const void *, size_t))lookup(
      handle, path, "mdhGpuCopyToDevice", error, errorSize);
  runtime->copyToHost = (int (*)(void *, const void *, size_t))lookup(
      handle, path, "mdhGpuCopyToHost", error, errorSize);
  runtime->synchronize = (int (*)(void))lookup(
      handle, path, "mdhGpuSynchronize", error, errorSize);
  runtime->lastError = (const char *(*)(void))lookup(
      handle, path, "mdhGpuLastError", error, errorSize);
  runtime->errorCount =
      (CountFn *)lookup(handle, path, "mdhGpuErrorCount", error, errorSize);
  if (!kindName || !init || !runtime->deviceCount || !runtime->deviceName ||
      !runtime->alloc || !runtime->free || !runtime->copyToDevice ||
      !runtime->copyToHost || !runtime->synchronize || !runtime->lastError ||
      !runtime->errorCount)
    return 1;
  if (strcmp(kindName(), mdhGpuKindName(kind)) != 0) {
    snprintf(error, errorSize, "'%s' is the %s runtime, not the %s runtime",
             path, kindName(), mdhGpuKindName(kind));
    return 1;
  }
  if (init()) {
    snprintf(error, errorSize, "%s", runtime->lastError());
    return 1;
  }
  return 0;
}
