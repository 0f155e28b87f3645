//===- EmitObject.cpp - Host object files from the LLVM dialect -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/Object/EmitObject.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;

LogicalResult mlir::mdh::emitHostObject(ModuleOp module, raw_ostream &os,
                                        unsigned optLevel) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return module.emitError("cannot describe the host machine: ")
           << llvm::toString(builder.takeError());
  // Position-independent, so that the object can go into a shared library.
  builder->setRelocationModel(llvm::Reloc::PIC_);
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto machine = builder->createTargetMachine();
  if (!machine)
    return module.emitError("no code generator for the host: ")
           << llvm::toString(machine.takeError());

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule)
    return module.emitError("cannot translate the module to LLVM IR; lower "
                            "it with --mdh-host-to-llvm first");
  llvmModule->setDataLayout((*machine)->createDataLayout());
  llvmModule->setTargetTriple((*machine)->getTargetTriple());

  if (llvm::Error error = makeOptimizingTransformer(
          optLevel, /*sizeLevel=*/0, machine->get())(llvmModule.get()))
    return module.emitError("LLVM optimization failed: ")
           << llvm::toString(std::move(error));

  SmallVector<char, 0> object;
  llvm::raw_svector_ostream objectStream(object);
  llvm::legacy::PassManager codegen;
  if ((*machine)->addPassesToEmitFile(codegen, objectStream, nullptr,
                                      llvm::CodeGenFileType::ObjectFile))
    return module.emitError("the host code generator cannot emit objects");
  codegen.run(*llvmModule);
  os.write(object.data(), object.size());
  return success();
}

void mlir::mdh::registerEmitObjectTranslation() {
  TranslateFromMLIRRegistration reg(
      "emit-object",
      "translate the LLVM dialect (after --mdh-host-to-llvm) to a host "
      "object file",
      [](ModuleOp module, raw_ostream &os) {
        return emitHostObject(module, os);
      },
      [](DialectRegistry &registry) {
        // What --mdh-host-to-llvm leaves: llvm and omp ops in a builtin
        // module, each with its translation to LLVM IR.
        registry.insert<LLVM::LLVMDialect, omp::OpenMPDialect>();
        registerBuiltinDialectTranslation(registry);
        registerLLVMDialectTranslation(registry);
        registerOpenMPDialectTranslation(registry);
      });
}
