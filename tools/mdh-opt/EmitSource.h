//===- EmitSource.h - mdh-opt --emit-c/--emit-cuda/--emit-hip ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TOOLS_MDH_OPT_EMITSOURCE_H
#define MDH_TOOLS_MDH_OPT_EMITSOURCE_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class DialectRegistry;
class MlirOptMainConfig;
} // namespace mlir

namespace mdh_opt {

/// The source languages mdh-opt prints instead of IR.
enum class Emit { None, C, CUDA, HIP };

/// Options of the emission that are not the pass pipeline's.
struct EmitOptions {
  Emit language = Emit::None;
  /// Run the CL-IR optimizations of the target before printing.
  bool optimize = true;
};

/// Parses `inputFilename`, schedules on the emitter's target where the IR
/// names none, runs the pass pipeline of `config`, then the target's CL-IR
/// optimizations (unless turned off) and prints the result as source to
/// `outputFilename`. Diagnostics point into the input file.
mlir::LogicalResult emitSource(const EmitOptions &options,
                               const mlir::MlirOptMainConfig &config,
                               mlir::DialectRegistry &registry,
                               llvm::StringRef inputFilename,
                               llvm::StringRef outputFilename);

} // namespace mdh_opt

#endif // MDH_TOOLS_MDH_OPT_EMITSOURCE_H
