//===- Compile.h - Compiling the kernels of mdh-run -------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TOOLS_MDH_RUN_COMPILE_H
#define MDH_TOOLS_MDH_RUN_COMPILE_H

#include "Kernels.h"
#include "Options.h"
#include "mdh/Runner/GpuKernels.h"
#include "mdh/Runner/HostKernels.h"
#include "mdh/Runner/OpenMPRuntime.h"

#include <memory>
#include <optional>

namespace mdh_run {

/// What compiling for the target needs beyond the options: the C compiler,
/// the OpenMP runtime, the GPU runtime.
struct TargetSetup {
  TargetKind target;
  std::string compilerPath;
  std::optional<mlir::mdh::OpenMPRuntime> openmp;
  std::optional<MdhGpuRuntime> gpuRuntime;
  std::string deviceText;
  /// Where -v prints the commands run (null: nowhere).
  llvm::raw_ostream *commandLog = nullptr;
};

/// Finds the C compiler (c), loads the OpenMP runtime (openmp, c: it must be
/// there before the JIT resolves `__kmpc_*` and the C library links against
/// it) or checks the GPU target spec and loads the GPU runtime (cuda, hip,
/// not emulated). Prints "mdh-run: error: ..." and fails when one is
/// missing; this comes before the kernel file is read.
mlir::LogicalResult setUpTarget(mlir::MLIRContext &context, TargetSetup &setup);

struct CompiledKernels {
  std::unique_ptr<mlir::mdh::HostKernels> kernels;
  /// The target as the report names it: "openmp, 2 thread(s)".
  std::string targetText;
  double seconds = 0;
};

/// Lowers and compiles `kernels` of `module` (a clone of it; the kernels
/// keep pointing into `module`) through mlir::mdh::compile, and writes
/// --save-llvm. Fails after a located error or an "mdh-run: error: ..."
/// line.
mlir::FailureOr<CompiledKernels> compileKernels(mlir::ModuleOp module,
                                                llvm::ArrayRef<Kernel> kernels,
                                                TargetSetup &setup);

} // namespace mdh_run

#endif // MDH_TOOLS_MDH_RUN_COMPILE_H
