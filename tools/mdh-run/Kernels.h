//===- Kernels.h - The kernels of an mdh-run input file ---------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TOOLS_MDH_RUN_KERNELS_H
#define MDH_TOOLS_MDH_RUN_KERNELS_H

#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mdh_run {

struct InputSpec;

/// One function argument of a kernel with its names: `argK` by position,
/// and `inK` / `outK` as in the C ABI (include/mdh/Target/C/TranslateToC.h):
/// the K-th argument, in argument order, that the kernel reads / writes.
struct KernelArg {
  unsigned index;
  /// "inK" or "outK".
  std::string name;
  bool isOutput;
  mlir::MemRefType type;
  /// The --input that fills it, or null for random data.
  const InputSpec *input = nullptr;
};

/// One kernel: a function whose body holds one mdh.compute over its
/// arguments.
struct Kernel {
  mlir::func::FuncOp func;
  mlir::mdh::ComputeOp compute;
  /// The sizes as printed: "13x7".
  std::string sizes;
  mlir::SmallVector<KernelArg> args;

  llvm::StringRef getName() const {
    return mlir::func::FuncOp(func).getSymName();
  }
  /// The argument called `name` (argK, inK or outK), or null.
  const KernelArg *lookup(llvm::StringRef name) const;
  /// Every argument with its names: "in0 (arg0: memref<13x7xf32>), ...".
  std::string describeArgs() const;
};

/// The kernels of `module` to run: all, or those named in `funcNames`.
/// Fails with a located error on a function mdh-run cannot run, or on a
/// name in `funcNames` that is no kernel (the error lists the kernels).
mlir::FailureOr<mlir::SmallVector<Kernel>>
collectKernels(mlir::ModuleOp module, llvm::ArrayRef<std::string> funcNames);

} // namespace mdh_run

#endif // MDH_TOOLS_MDH_RUN_KERNELS_H
