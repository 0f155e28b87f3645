//===- GPU.cpp - C API for the GPU targets of MDH-MLIR --------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/GPU.h"

#include "mdh/Conversion/CLToGPU/GPUPipelines.h"
#include "mdh/Conversion/Passes.h"
#include "mdh/Target/CUDA/TranslateToCUDA.h"
#include "mdh/Target/PTX/EmitPTX.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

/// Splits "a.json,b.json" into the options' list.
template <typename Options>
static void setConfig(Options &options, StringRef config) {
  SmallVector<StringRef> files;
  config.split(files, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef file : files)
    options.config.push_back(file.trim().str());
}

/// Runs `build`'s pipeline on a copy of `module`; on success the copy
/// replaces the module's body, so a failure leaves the module unchanged.
static MlirLogicalResult lowerCopy(MlirModule module,
                                   function_ref<void(OpPassManager &)> build) {
  ModuleOp op = unwrap(module);
  OwningOpRef<ModuleOp> lowered = op.clone();
  PassManager pm(op.getContext());
  build(pm);
  if (failed(pm.run(*lowered)))
    return wrap(failure());
  op.getBodyRegion().takeBody(lowered->getBodyRegion());
  op->setAttrs((*lowered)->getAttrDictionary());
  return wrap(success());
}

MlirLogicalResult mdhEmitCUDA(MlirModule module, MlirStringCallback callback,
                              void *userData) {
  detail::CallbackOstream stream(callback, userData);
  return wrap(mdh::translateCLToGPUSource(unwrap(module), stream,
                                          mdh::GPULanguage::CUDA));
}

MlirLogicalResult mdhEmitHIP(MlirModule module, MlirStringCallback callback,
                             void *userData) {
  detail::CallbackOstream stream(callback, userData);
  return wrap(mdh::translateCLToGPUSource(unwrap(module), stream,
                                          mdh::GPULanguage::HIP));
}

MlirLogicalResult mdhLowerToPTX(MlirModule module, MlirStringRef chip,
                                MlirStringRef config) {
  mdh::NvidiaPipelineOptions options;
  options.chip = unwrap(chip).str();
  setConfig(options, unwrap(config));
  return lowerCopy(module, [&](OpPassManager &pm) {
    mdh::buildHLToGPUCLPipeline(pm, "cuda:" + options.chip.getValue(),
                                options.config);
    mdh::buildGPUToNvidiaPipeline(pm, options, /*cubin=*/false);
  });
}

MlirLogicalResult mdhLowerToAMDGPU(MlirModule module, MlirStringRef chip,
                                   MlirStringRef format, MlirStringRef config) {
  ModuleOp op = unwrap(module);
  mdh::AmdPipelineOptions options;
  options.chip = unwrap(chip).str();
  options.format = unwrap(format).str();
  if (options.format != "isa" && options.format != "bin")
    return wrap(op.emitError("mdhLowerToAMDGPU: format '")
                << options.format
                << "' is neither isa (AMDGPU assembly) nor bin (code object)");
  setConfig(options, unwrap(config));
  return lowerCopy(module, [&](OpPassManager &pm) {
    mdh::buildHLToGPUCLPipeline(pm, "hip:" + options.chip.getValue(),
                                options.config);
    mdh::buildGPUToAmdPipeline(pm, options);
  });
}

MlirLogicalResult mdhEmitPTX(MlirModule module, MlirStringCallback callback,
                             void *userData) {
  detail::CallbackOstream stream(callback, userData);
  return wrap(
      mdh::emitPTX(unwrap(module).getOperation(), stream, /*binary=*/""));
}
