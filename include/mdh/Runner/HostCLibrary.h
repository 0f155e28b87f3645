//===- HostCLibrary.h - CL-IR compiled as C into a shared library -*- C++
//-*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_HOSTCLIBRARY_H
#define MDH_RUNNER_HOSTCLIBRARY_H

#include "mdh/Runner/HostKernels.h"
#include "mdh/Runner/OpenMPRuntime.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <string>

namespace mlir::mdh {

/// How `HostCLibrary` compiles the C code.
struct HostCOptions {
  /// The C compiler (a path, see `HostCLibrary::findCompiler`); it must
  /// accept clang's options.
  std::string compiler;
  /// The `-O` level.
  unsigned optLevel = 3;
  /// The OpenMP runtime this process has loaded. The library is linked
  /// against the libomp in its directory and must resolve its OpenMP calls
  /// to this very runtime (so its thread count is the one the library runs
  /// on); `create` checks that it does.
  const OpenMPRuntime *openmp = nullptr;
  /// When set, the compiler's command line is printed here (one line,
  /// starting with `# `) before it runs.
  raw_ostream *commandLog = nullptr;
  /// When not empty, the C file is also written here (and kept).
  std::string savePath;
};

/// The CL-IR functions of a module translated to C11 with OpenMP
/// (`translateCLToC`, the C ABI of include/mdh/Target/C/TranslateToC.h),
/// compiled by a C compiler into a shared library (temporary files), and
/// loaded into this process; its functions are called with one pointer per
/// host buffer. The temporary files are removed once the library is loaded
/// (or its compilation failed), and on a signal that ends the process.
class HostCLibrary : public HostKernels {
public:
  /// The C compiler to use: `requested` when it is not empty (a path, or a
  /// name looked up on PATH), else `clang-22` on PATH, in /usr/bin or in
  /// /usr/lib/llvm-22/bin. Fails with a message in `error` when there is
  /// none that can be run.
  static FailureOr<std::string> findCompiler(StringRef requested,
                                             std::string &error);

  /// Translates every function of `module` (CL-IR) to one C file, compiles
  /// it with
  ///
  ///   CC -std=c11 -O<n> -march=native -fopenmp=libomp -fPIC -shared
  ///      [-L<dir of the OpenMP runtime>] -o LIB.so FILE.c -lm
  ///
  /// and loads it. `funcNames` are the functions `invoke` calls. Input the C
  /// target refuses is reported as diagnostics of the module's context
  /// (`error` stays empty); a failing compiler, loader or runtime check
  /// fails with a message in `error` (the compiler's output included).
  static FailureOr<std::unique_ptr<HostCLibrary>>
  create(ModuleOp module, ArrayRef<StringRef> funcNames,
         const HostCOptions &options, std::string &error);

  /// The most memref arguments a function `invoke` calls may have.
  static constexpr unsigned kMaxArguments = 32;

  ~HostCLibrary() override;

  /// Calls `funcName` with a pointer to the data of each buffer.
  llvm::Error invoke(StringRef funcName,
                     ArrayRef<HostBuffer *> buffers) override;

private:
  HostCLibrary() = default;

  struct Function {
    void *address;
    unsigned numArguments;
  };
  void *handle = nullptr;
  llvm::StringMap<Function> functions;
};

} // namespace mlir::mdh

#endif // MDH_RUNNER_HOSTCLIBRARY_H
