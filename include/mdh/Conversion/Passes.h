//===- Passes.h - Conversion passes of MDH-MLIR -----------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_CONVERSION_PASSES_H
#define MDH_CONVERSION_PASSES_H

#include "mdh/Dialect/CL/MDHCLDialect.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class RewritePatternSet;

namespace mdh {

#define GEN_PASS_DECL
#include "mdh/Conversion/Passes.h.inc"

/// Adds the pattern that lowers `mdh.compute` to loops.
void populateMDHToLoopsPatterns(RewritePatternSet &patterns);

/// HL-IR -> oracle loops -> LLVM dialect, ready for translation to LLVM IR
/// (`--mdh-oracle-to-llvm`).
void buildOracleToLLVMPipeline(OpPassManager &pm);

/// Options of `--mdh-host-to-llvm`.
struct HostToLLVMOptions : PassPipelineOptions<HostToLLVMOptions> {
  PassOptions::Option<int64_t> maxStackBytes{
      *this, "max-stack-bytes",
      llvm::cl::desc("Per-thread buffers up to this many bytes live on the "
                     "stack, larger ones on the heap (--mdh-cl-to-loops)"),
      llvm::cl::init(262144)};
  PassOptions::ListOption<std::string> disable{
      *this, "disable",
      llvm::cl::desc("CL-IR optimizations to leave out (pass names, e.g. "
                     "mdh-cl-inline-scalar), for ablation")};
  PassOptions::ListOption<std::string> enable{
      *this, "enable",
      llvm::cl::desc("Optional CL-IR optimizations to run (mdh-cl-unroll)")};
};

/// CL-IR -> the CL-IR optimizations -> scf loops -> OpenMP -> LLVM dialect,
/// ready for translation to LLVM IR (`--mdh-host-to-llvm`). The thread count is
/// left to the OpenMP runtime (`omp_set_num_threads`, `OMP_NUM_THREADS`).
void buildHostToLLVMPipeline(OpPassManager &pm,
                             const HostToLLVMOptions &options);

/// Options of `--lower-to-clir`: those of `--mdh-hl-to-ll`.
struct LowerToCLIROptions : PassPipelineOptions<LowerToCLIROptions> {
  PassOptions::Option<std::string> target{
      *this, "target",
      llvm::cl::desc("Target spec (openmp, openmp:host, cuda[:chip], "
                     "hip[:chip]); default: the mdh_ll.target attribute")};
  PassOptions::ListOption<std::string> config{
      *this, "config",
      llvm::cl::desc("JSON configuration files; default: the heuristic's "
                     "configuration")};
  PassOptions::Option<std::string> configFallback{
      *this, "config-fallback",
      llvm::cl::desc("A computation without a configuration in the config "
                     "files: 'error' or 'heuristic'"),
      llvm::cl::init("error")};
};

/// HL-IR -> LL-IR -> CL-IR (`--lower-to-clir`).
void buildLowerToCLIRPipeline(OpPassManager &pm,
                              const LowerToCLIROptions &options);

/// Registers the passes and pipelines of this header.
void registerConversionPasses();

#define GEN_PASS_REGISTRATION
#include "mdh/Conversion/Passes.h.inc"

} // namespace mdh
} // namespace mlir

#endif // MDH_CONVERSION_PASSES_H
