//===- GPUPipelines.h - Pipelines to PTX, cubins and AMDGPU -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The named GPU pipelines (docs/gpu-lowering.md): CL-IR, or HL-IR through
// --mdh-lower-to-clir, to host code in the LLVM dialect that launches kernels
// through the `mgpu*` runtime ABI, plus a `gpu.binary` per kernel with PTX,
// a cubin, AMDGPU assembly or an AMDGPU code object.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_CONVERSION_CLTOGPU_GPUPIPELINES_H
#define MDH_CONVERSION_CLTOGPU_GPUPIPELINES_H

#include "mlir/Pass/PassOptions.h"

#include <memory>

namespace mlir {
class DialectRegistry;
class OpPassManager;

namespace mdh_ll {
class ConfigSet;
} // namespace mdh_ll

namespace mdh {

/// Options of the NVIDIA pipelines (`--mdh-gpu-to-ptx`, `--mdh-gpu-to-cubin`
/// and their HL-IR forms).
struct NvidiaPipelineOptions : PassPipelineOptions<NvidiaPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("NVIDIA chip (sm_80, sm_90, ...)"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<unsigned> optLevel{
      *this, "O", llvm::cl::desc("LLVM optimization level of the kernels"),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> ptxas{
      *this, "ptxas",
      llvm::cl::desc("Path of ptxas (cubin only); default: PATH, then "
                     "/usr/local/cuda/bin")};
  PassOptions::Option<bool> ptxasVerbose{
      *this, "ptxas-verbose",
      llvm::cl::desc("Keep ptxas -v's report in the objects (cubin only)"),
      llvm::cl::init(false)};
  PassOptions::ListOption<std::string> config{
      *this, "config",
      llvm::cl::desc("JSON configuration files (HL-IR pipelines only); "
                     "default: the heuristic's configuration")};
  PassOptions::Option<std::string> configFallback{
      *this, "config-fallback",
      llvm::cl::desc("A computation without a configuration in the config "
                     "files: 'error' or 'heuristic' (HL-IR pipelines only)"),
      llvm::cl::init("error")};
  PassOptions::ListOption<std::string> disable{
      *this, "disable",
      llvm::cl::desc("GPU CL-IR optimizations to leave out (HL-IR pipelines "
                     "only; pass names, e.g. mdh-cl-inline-scalar)")};
};

/// Options of the AMD pipelines (`--mdh-gpu-to-amdgpu` and its HL-IR form).
struct AmdPipelineOptions : PassPipelineOptions<AmdPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("AMD chip (gfx90a, gfx942, ...)"),
      llvm::cl::init("gfx90a")};
  PassOptions::Option<unsigned> optLevel{
      *this, "O", llvm::cl::desc("LLVM optimization level of the kernels"),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("isa (AMDGPU assembly) or bin (code object)"),
      llvm::cl::init("isa")};
  PassOptions::Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("Prefix that holds amdgcn/bitcode (the ROCm device "
                     "libraries)"),
      llvm::cl::init("/usr/lib/x86_64-linux-gnu")};
  PassOptions::Option<std::string> llvmMc{
      *this, "llvm-mc", llvm::cl::desc("Path of llvm-mc (format=bin)")};
  PassOptions::Option<std::string> ldLld{
      *this, "ld-lld", llvm::cl::desc("Path of ld.lld (format=bin)")};
  PassOptions::ListOption<std::string> config{
      *this, "config",
      llvm::cl::desc("JSON configuration files (HL-IR pipeline only); "
                     "default: the heuristic's configuration")};
  PassOptions::Option<std::string> configFallback{
      *this, "config-fallback",
      llvm::cl::desc("A computation without a configuration in the config "
                     "files: 'error' or 'heuristic' (HL-IR pipeline only)"),
      llvm::cl::init("error")};
  PassOptions::ListOption<std::string> disable{
      *this, "disable",
      llvm::cl::desc("GPU CL-IR optimizations to leave out (HL-IR pipeline "
                     "only; pass names, e.g. mdh-cl-inline-scalar)")};
};

/// Options of `--mdh-cl-optimize-gpu`: the CL-IR optimizations that are
/// correct on GPU CL-IR (mdh_cl::buildGPUCLOptimizationPipeline).
struct GPUCLOptimizationOptions
    : PassPipelineOptions<GPUCLOptimizationOptions> {
  PassOptions::ListOption<std::string> disable{
      *this, "disable",
      llvm::cl::desc("Optimizations to leave out (pass names, e.g. "
                     "mdh-cl-inline-scalar), for ablation")};
};

/// HL-IR -> GPU CL-IR for `target` (`cuda:<chip>`, `hip:<chip>`):
/// `--mdh-lower-to-clir` with the configuration files `config`, the set
/// `configs` in memory and `config-fallback=configFallback`, then the GPU
/// CL-IR optimizations but those named in `disabled`
/// (`--mdh-cl-optimize-gpu`). The first half of the HL-IR GPU pipelines
/// (`--mdh-lower-to-*`, the C API's `mdhLowerToPTX`/`mdhLowerToAMDGPU`) and
/// of lib/Compiler's GPU targets.
void buildHLToGPUCLPipeline(
    OpPassManager &pm, StringRef target, ArrayRef<std::string> config,
    ArrayRef<std::string> disabled = {}, StringRef configFallback = "error",
    std::shared_ptr<const mdh_ll::ConfigSet> configs = nullptr);

/// Checks that `disabled` names GPU CL-IR optimizations; the error names
/// `pipeline` and the first bad name.
LogicalResult
checkGPUCLOptimizationNames(StringRef pipeline, ArrayRef<std::string> disabled,
                            function_ref<LogicalResult(const Twine &)> error);

/// CL-IR -> gpu.launch -> NVVM -> PTX (`cubin`: -> ptxas -> cubin).
void buildGPUToNvidiaPipeline(OpPassManager &pm,
                              const NvidiaPipelineOptions &options, bool cubin);

/// CL-IR -> gpu.launch -> ROCDL -> AMDGPU assembly or code object.
void buildGPUToAmdPipeline(OpPassManager &pm,
                           const AmdPipelineOptions &options);

/// Registers `--mdh-gpu-to-ptx`, `--mdh-gpu-to-cubin`, `--mdh-gpu-to-amdgpu`,
/// `--mdh-lower-to-ptx`, `--mdh-lower-to-cubin`, `--mdh-lower-to-amdgpu` and
/// `--mdh-cl-optimize-gpu`.
void registerGPUPipelines();

/// Registers the upstream dialects, target attributes, LLVM IR translations
/// and conversion interfaces the GPU pipelines need.
void registerGPUDialects(DialectRegistry &registry);

/// Registers the upstream GPU passes the pipelines are made of, so that each
/// stage can be run alone (gpu-kernel-outlining, convert-gpu-to-nvvm, ...).
void registerUpstreamGPUPasses();

} // namespace mdh
} // namespace mlir

#endif // MDH_CONVERSION_CLTOGPU_GPUPIPELINES_H
