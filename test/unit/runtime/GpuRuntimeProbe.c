/*===- GpuRuntimeProbe.c - Loads a GPU runtime and lists its devices ------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * mdh-gpu-runtime-probe cuda|hip [runtime.so]
 *
 * Opens the runtime through the loader, as mdh-run does for a GPU target,
 * prints the devices and round-trips a buffer through device memory. On
 * failure prints the loader's message and exits 1.
 */

#include "mdh/gpu_loader.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3 ||
      (strcmp(argv[1], "cuda") != 0 && strcmp(argv[1], "hip") != 0)) {
    fprintf(stderr, "usage: %s cuda|hip [runtime.so]\n", argv[0]);
    return 2;
  }
  MdhGpuKind kind = strcmp(argv[1], "cuda") == 0 ? MDH_GPU_CUDA : MDH_GPU_HIP;
  const char *path = argc == 3 ? argv[2] : NULL;
  MdhGpuRuntime runtime;
  char error[1024];
  if (mdhGpuRuntimeOpen(kind, path, &runtime, error, sizeof(error))) {
    fprintf(stderr, "error: %s\n", error);
    return 1;
  }
  int count = runtime.deviceCount();
  printf("%s devices: %d\n", mdhGpuKindName(kind), count);
  for (int device = 0; device < count; ++device) {
    char name[256];
    if (runtime.deviceName(device, name, sizeof(name)) == 0)
      printf("device %d: %s\n", device, name);
  }

  float host[256], back[256];
  for (int i = 0; i < 256; ++i)
    host[i] = (float)i * 0.5f;
  memset(back, 0, sizeof(back));
  void *device = runtime.alloc(sizeof(host));
  int failed = !device || runtime.copyToDevice(device, host, sizeof(host)) ||
               runtime.copyToHost(back, device, sizeof(back)) ||
               runtime.synchronize() || runtime.free(device) ||
               memcmp(host, back, sizeof(host)) != 0;
  printf("buffer round trip: %s\n", failed ? "FAILED" : "ok");
  if (failed || runtime.errorCount() != 0) {
    fprintf(stderr, "error: %s\n", runtime.lastError());
    return 1;
  }
  return 0;
}
