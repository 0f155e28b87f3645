//===- EmitPTX.cpp - PTX text from lowered GPU modules --------------------===//
//
// Part of the MDH-MLIR project.
//
// `mdh-translate --emit-ptx`: the PTX that `gpu-module-to-binary{format=isa}`
// keeps as a string in each `gpu.binary`, printed as text that ptxas, nvcc or
// the CUDA driver take as it is.
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/PTX/EmitPTX.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

/// The PTX object of `binary`, if it has one.
static std::optional<StringRef> getPTX(gpu::BinaryOp binary) {
  for (Attribute attr : binary.getObjects()) {
    auto object = dyn_cast<gpu::ObjectAttr>(attr);
    if (object && isa<NVVM::NVVMTargetAttr>(object.getTarget()) &&
        object.getFormat() == gpu::CompilationTarget::Assembly)
      return object.getObject().getValue();
  }
  return std::nullopt;
}

LogicalResult mlir::mdh::emitPTX(Operation *root, raw_ostream &os,
                                 StringRef name) {
  SmallVector<std::pair<StringRef, StringRef>> found;
  bool nameSeen = false;
  root->walk([&](gpu::BinaryOp binary) {
    if (!name.empty() && binary.getName() != name)
      return;
    nameSeen = true;
    if (std::optional<StringRef> ptx = getPTX(binary))
      found.emplace_back(binary.getName(), *ptx);
  });
  if (!name.empty() && !nameSeen)
    return emitError(root->getLoc(), "no gpu.binary named '") << name << "'";
  if (found.empty())
    return emitError(
        root->getLoc(),
        "no PTX to emit: expected gpu.binary ops with PTX objects (the "
        "output of --mdh-gpu-to-ptx or --mdh-lower-to-ptx)");
  for (auto [binaryName, ptx] : found) {
    if (name.empty())
      os << "// gpu.binary @" << binaryName << "\n";
    os << ptx;
  }
  return success();
}

void mlir::mdh::registerEmitPTXTranslation() {
  static llvm::cl::opt<std::string> binary(
      "ptx-binary",
      llvm::cl::desc("--emit-ptx: print only the PTX of this gpu.binary"),
      llvm::cl::init(""));
  TranslateFromMLIRRegistration reg(
      "emit-ptx", "print the PTX kernels of a GPU-lowered module",
      [](Operation *op, raw_ostream &os) { return emitPTX(op, os, binary); },
      [](DialectRegistry &registry) {
        // What the output of the GPU pipelines is made of: LLVM host code
        // and gpu.binary ops whose objects carry NVVM or ROCDL targets.
        registry.insert<gpu::GPUDialect, LLVM::LLVMDialect, NVVM::NVVMDialect,
                        ROCDL::ROCDLDialect>();
      });
}
