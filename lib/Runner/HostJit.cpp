//===- HostJit.cpp - In-process compilation of kernels for the host -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/HostJit.h"
#include "mdh/Runner/JitBuiltins.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace mlir::mdh;

FailureOr<std::unique_ptr<HostJit>>
HostJit::create(ModuleOp module, ArrayRef<StringRef> funcNames,
                const std::function<void(OpPassManager &)> &buildPipeline,
                unsigned optLevel, ArrayRef<StringRef> sharedLibPaths,
                std::string *optimizedIR) {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;

  MLIRContext *ctx = module.getContext();
  for (StringRef name : funcNames) {
    Operation *symbol = module.lookupSymbol(name);
    if (!symbol)
      return module.emitError("no function named '") << name << "'";
    // A module lowered already (the C API's) was marked before lowering.
    if (isa<func::FuncOp>(symbol))
      symbol->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(ctx));
  }

  PassManager pm(ctx);
  buildPipeline(pm);
  if (failed(pm.run(module)))
    return failure();

  // The optimizer needs the host's target machine: without one, its cost
  // model sees no vector registers and the loop and SLP vectorizers do
  // nothing (the JIT ran the same CL-IR about 2x slower than clang did).
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return module.emitError("cannot describe the host machine: ")
           << llvm::toString(machineBuilder.takeError());
  machineBuilder->setCodeGenOptLevel(
      static_cast<llvm::CodeGenOptLevel>(optLevel));
  auto machine = machineBuilder->createTargetMachine();
  if (!machine)
    return module.emitError("no code generator for the host: ")
           << llvm::toString(machine.takeError());

  ExecutionEngineOptions options;
  // `transformer` is a function_ref: the function must outlive `create`
  // (which runs it).
  std::function<llvm::Error(llvm::Module *)> optimize =
      makeOptimizingTransformer(optLevel, /*sizeLevel=*/0, machine->get());
  std::function<llvm::Error(llvm::Module *)> transformer =
      [&](llvm::Module *llvmModule) -> llvm::Error {
    if (llvm::Error error = optimize(llvmModule))
      return error;
    if (optimizedIR) {
      optimizedIR->clear();
      llvm::raw_string_ostream os(*optimizedIR);
      llvmModule->print(os, /*AAW=*/nullptr);
    }
    return llvm::Error::success();
  };
  options.transformer = transformer;
  options.jitCodeGenOptLevel = static_cast<llvm::CodeGenOptLevel>(optLevel);
  options.sharedLibPaths = sharedLibPaths;
  auto engine = ExecutionEngine::create(module, options);
  if (!engine) {
    std::string message = llvm::toString(engine.takeError());
    return module.emitError("JIT compilation failed: ") << message;
  }
  registerJitBuiltins(**engine);
  auto jit = std::make_unique<HostJit>();
  jit->engine = std::move(*engine);
  jit->machine = std::move(*machine);
  return jit;
}

llvm::Error HostJit::invoke(StringRef funcName,
                            ArrayRef<HostBuffer *> buffers) {
  // The C interface takes a pointer to each memref descriptor; the packed
  // wrapper takes a pointer to each argument.
  SmallVector<void *> descriptors;
  for (HostBuffer *buffer : buffers)
    descriptors.push_back(buffer->getDescriptor().data());
  return invokeDescriptors(funcName, descriptors);
}

llvm::Error HostJit::invokeDescriptors(StringRef funcName,
                                       ArrayRef<void *> descriptors) {
  SmallVector<void *> pointers(descriptors), args;
  for (void *&descriptor : pointers)
    args.push_back(&descriptor);
  return engine->invokePacked(("_mlir_ciface_" + funcName).str(), args);
}

llvm::Expected<void (*)(void **)> HostJit::lookupPacked(StringRef funcName) {
  engine->initialize();
  return engine->lookupPacked(("_mlir_ciface_" + funcName).str());
}
