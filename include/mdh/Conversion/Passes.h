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
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

#include <memory>

namespace mlir {
class RewritePatternSet;

namespace mdh_ll {
class ConfigSet;
} // namespace mdh_ll

namespace mdh {

#define GEN_PASS_DECL
#include "mdh/Conversion/Passes.h.inc"

/// `--mdh-hl-to-ll` with `options` and the configurations `configs` (of the
/// module's context; null: none), pooled with those of the files
/// `options.configPaths`. Tools and libraries hand configurations over this
/// way, in memory; the options are for the command line.
std::unique_ptr<Pass>
createMDHHLToLL(const MDHHLToLLOptions &options,
                std::shared_ptr<const mdh_ll::ConfigSet> configs);

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

/// Options of `--mdh-lower-to-clir`: those of `--mdh-hl-to-ll`.
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

/// HL-IR -> LL-IR -> CL-IR (`--mdh-lower-to-clir`), with the configurations
/// `configs` in memory pooled with the files of `options.config` (see
/// `createMDHHLToLL`).
void buildLowerToCLIRPipeline(
    OpPassManager &pm, const LowerToCLIROptions &options,
    std::shared_ptr<const mdh_ll::ConfigSet> configs = nullptr);

/// Registers the passes and pipelines of this header.
void registerConversionPasses();

#define GEN_PASS_REGISTRATION
#include "mdh/Conversion/Passes.h.inc"

} // namespace mdh
} // namespace mlir

#endif // MDH_CONVERSION_PASSES_H
