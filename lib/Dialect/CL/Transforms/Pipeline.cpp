//===- Pipeline.cpp - All CL-IR optimizations -----------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::mdh_cl;

ArrayRef<StringRef> mlir::mdh_cl::getCLOptimizationNames() {
  static const StringRef names[] = {"mdh-cl-eliminate-partition-indices",
                                    "mdh-cl-eliminate-combines",
                                    "mdh-cl-reduce-buffers",
                                    "mdh-cl-accumulate-in-registers",
                                    "mdh-cl-unroll",
                                    "mdh-cl-inline-scalar",
                                    "mdh-cl-vectorize-register-tiles",
                                    "mdh-cl-simplify-indices"};
  return names;
}

ArrayRef<StringRef> mlir::mdh_cl::getOptionalCLOptimizationNames() {
  // Unrolling the full register tiles multiplied compile times (MCC: 0.11 s
  // to 3.65 s) without a measured speed-up on the examples: opt-in.
  static const StringRef names[] = {"mdh-cl-unroll"};
  return names;
}

/// Adds those of `names` (in the order of getCLOptimizationNames) that are
/// on: those of `optionalNames` named in `optional`, the others unless
/// named in `disabled`. `gpu`: the GPU variants of the passes.
static void addOptimizations(OpPassManager &pm, ArrayRef<StringRef> names,
                             ArrayRef<StringRef> optionalNames,
                             ArrayRef<std::string> disabled,
                             ArrayRef<std::string> optional, bool gpu) {
  auto enabled = [&](StringRef name) {
    if (!llvm::is_contained(names, name))
      return false;
    if (llvm::is_contained(optionalNames, name))
      return llvm::is_contained(optional, name.str());
    return !llvm::is_contained(disabled, name.str());
  };
  // Constants first: the other passes read bounds and flags as constants.
  pm.addPass(createCanonicalizerPass());
  if (enabled("mdh-cl-eliminate-partition-indices"))
    pm.addPass(createMDHCLEliminatePartitionIndices());
  if (enabled("mdh-cl-eliminate-combines"))
    pm.addPass(createMDHCLEliminateCombines());
  if (enabled("mdh-cl-reduce-buffers"))
    pm.addPass(createMDHCLReduceBuffers());
  if (enabled("mdh-cl-accumulate-in-registers")) {
    // GPUs: register tiles start at the combiner's identity, so a
    // contraction's body is one FMA (the CPU vectorizer reads `first`).
    MDHCLAccumulateInRegistersOptions options;
    options.startAtIdentity = gpu;
    pm.addPass(createMDHCLAccumulateInRegisters(options));
  }
  // GPUs: constant trip counts over the register tiles made above.
  if (enabled("mdh-cl-pad-register-tiles"))
    pm.addPass(createMDHCLPadRegisterTiles());
  // Full register tiles get constant trip counts (unrolled in CL-IR; on
  // GPUs also #pragma unroll in the emitted CUDA/HIP).
  if (enabled("mdh-cl-unroll")) {
    pm.addPass(createMDHCLUnroll());
    pm.addPass(createCanonicalizerPass());
    // The partial tiles that the split made.
    if (enabled("mdh-cl-pad-register-tiles"))
      pm.addPass(createMDHCLPadRegisterTiles());
  }
  if (enabled("mdh-cl-inline-scalar"))
    pm.addPass(createMDHCLInlineScalar());
  // After inlining: the vectorizer works on the scalar function's ops.
  if (enabled("mdh-cl-vectorize-register-tiles"))
    pm.addPass(createMDHCLVectorizeRegisterTiles());
  if (enabled("mdh-cl-simplify-indices"))
    pm.addPass(createMDHCLSimplifyIndices());
  pm.addPass(createCSEPass());
}

void mlir::mdh_cl::buildCLOptimizationPipeline(OpPassManager &pm,
                                               ArrayRef<std::string> disabled,
                                               ArrayRef<std::string> optional) {
  addOptimizations(pm, getCLOptimizationNames(),
                   getOptionalCLOptimizationNames(), disabled, optional,
                   /*gpu=*/false);
}

ArrayRef<StringRef> mlir::mdh_cl::getGPUCLOptimizationNames() {
  // Those whose result on GPU CL-IR the CUDA emulation test
  // (test/lit/Target/CUDA/emulate.test) checks. Not the vectorizer: its
  // vector register tiles are written for the CPU.
  static const StringRef names[] = {"mdh-cl-eliminate-partition-indices",
                                    "mdh-cl-accumulate-in-registers",
                                    "mdh-cl-pad-register-tiles",
                                    "mdh-cl-unroll",
                                    "mdh-cl-inline-scalar",
                                    "mdh-cl-simplify-indices"};
  return names;
}

void mlir::mdh_cl::buildGPUCLOptimizationPipeline(
    OpPassManager &pm, ArrayRef<std::string> disabled) {
  // mdh-cl-unroll runs by default here: after mdh-cl-pad-register-tiles the
  // register tiles' loops have constant trip counts, and LLVM alone does
  // not unroll all of them (MCC 1x7x7x512 on sm_90: a 56-byte stack frame
  // and spills without it, none with it). Its full/partial split, which
  // grew a random 10-dimensional mcc_capsule configuration to 28 MB of
  // CL-IR before the padding, finds little left to split after it (the
  // ten mcc_capsule configurations of gpu-configs-sm_80: at most 44 KB).
  addOptimizations(pm, getGPUCLOptimizationNames(), {}, disabled, {},
                   /*gpu=*/true);
}
