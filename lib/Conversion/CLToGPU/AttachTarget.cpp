//===- AttachTarget.cpp - Checked GPU targets for gpu.module ops ----------===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-gpu-attach-target`: the chip of a GPU pipeline is checked against
// the chips the project supports, and the target attribute the serializer
// needs is attached. Upstream's `nvvm-attach-target` accepts any chip and
// any PTX version; a chip the NVPTX backend does not know, or a PTX version
// too old for the chip, then stops the process with an unlocated "LLVM
// ERROR" during serialization. Here it is a located error before anything
// chip-specific runs.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/CLToGPU/GPUTargets.h"
#include "mdh/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHGPUATTACHTARGET
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;

namespace {
/// An NVIDIA chip and the oldest PTX ISA version that supports it (PTX ISA
/// reference, "Release Notes"). Every entry is checked with `ptxas` in the
/// tests.
struct NvidiaChip {
  StringRef chip;
  StringRef ptx;
};
} // namespace

static constexpr NvidiaChip kNvidiaChips[] = {
    {"sm_75", "+ptx63"},  {"sm_80", "+ptx70"},  {"sm_86", "+ptx71"},
    {"sm_87", "+ptx74"},  {"sm_89", "+ptx78"},  {"sm_90", "+ptx78"},
    {"sm_90a", "+ptx80"}, {"sm_100", "+ptx86"}, {"sm_120", "+ptx87"}};

/// AMD chips whose ISA the tests assemble with llvm-mc.
static constexpr StringRef kAmdChips[] = {"gfx908", "gfx90a", "gfx942",
                                          "gfx1030"};

/// The PTX features of an NVIDIA chip; none when it is not supported.
static std::optional<StringRef> getPtxFeatures(StringRef chip) {
  for (const NvidiaChip &entry : kNvidiaChips)
    if (entry.chip == chip)
      return entry.ptx;
  return std::nullopt;
}

std::string mlir::mdh::getSupportedGPUChips(StringRef vendor) {
  std::string list;
  auto add = [&](StringRef chip) {
    if (!list.empty())
      list += ", ";
    list += chip;
  };
  if (vendor == "nvidia")
    for (const NvidiaChip &entry : kNvidiaChips)
      add(entry.chip);
  else
    for (StringRef chip : kAmdChips)
      add(chip);
  return list;
}

LogicalResult
mlir::mdh::checkGPUChip(StringRef vendor, StringRef chip,
                        function_ref<InFlightDiagnostic()> emitError) {
  if (vendor != "nvidia" && vendor != "amd")
    return emitError() << "unknown GPU vendor '" << vendor
                       << "' (expected nvidia or amd)";
  bool known = vendor == "nvidia" ? getPtxFeatures(chip).has_value()
                                  : llvm::is_contained(kAmdChips, chip);
  if (known)
    return success();
  InFlightDiagnostic diag = emitError();
  if (chip.empty())
    diag << "no " << vendor << " chip given";
  else
    diag << "unsupported " << vendor << " chip '" << chip << "'";
  return diag << "; supported chips: " << getSupportedGPUChips(vendor);
}

namespace {
struct MDHGPUAttachTarget
    : mdh::impl::MDHGPUAttachTargetBase<MDHGPUAttachTarget> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());

    // Reported at every kernel module (their locations are the phases'),
    // or at the module when it has none.
    bool ok = true;
    auto check = [&](Operation *at) {
      if (failed(
              mdh::checkGPUChip(vendor, chip, [&] { return at->emitError(); })))
        ok = false;
    };
    if (gpuModules.empty())
      check(module);
    for (gpu::GPUModuleOp gpuModule : gpuModules)
      check(gpuModule);
    if (!ok)
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    Attribute target;
    if (vendor == "nvidia")
      target = NVVM::NVVMTargetAttr::get(ctx, optLevel, "nvptx64-nvidia-cuda",
                                         chip, *getPtxFeatures(chip));
    else
      target =
          ROCDL::ROCDLTargetAttr::get(ctx, optLevel, "amdgcn-amd-amdhsa", chip);
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      gpuModule.setTargetsAttr(ArrayAttr::get(ctx, {target}));
      // Static shared buffers start at 16-byte boundaries, as the dynamic
      // ones do: the cooperative copies store 128-bit vectors into them.
      for (auto func : gpuModule.getOps<gpu::GPUFuncOp>())
        for (unsigned i = 0; i < func.getNumWorkgroupAttributions(); ++i)
          func.setWorkgroupAttributionAttr(
              i, LLVM::LLVMDialect::getAlignAttrName(),
              IntegerAttr::get(IntegerType::get(ctx, 64), 16));
    }
  }
};
} // namespace
