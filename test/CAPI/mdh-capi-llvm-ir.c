//===- mdh-capi-llvm-ir.c - The LLVM IR of a kernel file, via the C API ---===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
//   mdh-capi-llvm-ir FILE [TARGET [CONFIG]]
//
// Compiles the HL-IR of FILE for the host with `mdhHostCompile` (target
// default `openmp`, configuration default the heuristic's, as the C API
// reads both) and prints the LLVM IR it JIT-compiled
// (`mdhHostModuleGetLLVMIR`) to stdout. The test mdh-capi-same-code-test
// (same-code.cmake) requires it to equal what `mdh-run --save-llvm` writes
// for the same file. Diagnostics go to stderr; the exit code is 1 on any
// failure.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Dialects.h"
#include "mdh-c/Host.h"

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>

/// The contents of `path`, NUL-terminated, or null (with a message).
static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    perror(path);
    return NULL;
  }
  size_t size = 0, capacity = 4096;
  char *text = malloc(capacity);
  size_t n;
  while (text && (n = fread(text + size, 1, capacity - size - 1, file)) > 0) {
    size += n;
    if (size + 1 == capacity)
      text = realloc(text, capacity *= 2);
  }
  fclose(file);
  if (!text) {
    fprintf(stderr, "out of memory\n");
    return NULL;
  }
  text[size] = '\0';
  return text;
}

static void writeToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 4) {
    fprintf(stderr, "usage: %s FILE [TARGET [CONFIG]]\n", argv[0]);
    return 1;
  }
  char *source = readFile(argv[1]);
  if (!source)
    return 1;
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mdhRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  free(source);
  int status = 1;
  if (!mlirModuleIsNull(module)) {
    MdhHostModule host = mdhHostCompile(
        module, mlirStringRefCreateFromCString(argc > 2 ? argv[2] : "openmp"),
        mlirStringRefCreateFromCString(argc > 3 ? argv[3] : ""),
        /*numThreads=*/0);
    mlirModuleDestroy(module);
    if (!mdhHostModuleIsNull(host)) {
      mdhHostModuleGetLLVMIR(host, writeToStdout, NULL);
      status = 0;
    }
    mdhHostModuleDestroy(host);
  }
  mlirDialectRegistryDestroy(registry);
  mlirContextDestroy(ctx);
  return status;
}
