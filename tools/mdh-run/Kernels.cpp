//===- Kernels.cpp - The kernels of an mdh-run input file -----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "mdh/Runner/HostBuffer.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mdh_run;

const KernelArg *Kernel::lookup(StringRef name) const {
  unsigned position;
  if (name.consume_front("arg") && !name.getAsInteger(10, position))
    return position < args.size() ? &args[position] : nullptr;
  for (const KernelArg &arg : args)
    if (arg.name == name)
      return &arg;
  return nullptr;
}

std::string Kernel::describeArgs() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(args, os, [&](const KernelArg &arg) {
    os << arg.name << " (arg" << arg.index << ": " << arg.type << ")";
  });
  return text;
}

/// Checks that mdh-run can allocate, fill and check every argument of
/// `func`, whose one mdh.compute is `compute`.
static LogicalResult checkKernel(func::FuncOp func, ComputeOp compute) {
  if (failed(checkHostBufferTypes(func, func.getArgumentTypes(), "mdh-run")))
    return failure();
  for (auto [k, operand] : llvm::enumerate(compute->getOperands())) {
    auto arg = dyn_cast<BlockArgument>(operand);
    if (!arg || arg.getOwner() != &func.getBody().front())
      return compute.emitError("operand #")
             << k << " is not an argument of the enclosing function; "
             << "mdh-run only allocates function arguments";
  }
  if (func.getNumResults() != 0)
    return func.emitError("mdh-run needs a function without results");
  return success();
}

FailureOr<SmallVector<Kernel>>
mdh_run::collectKernels(ModuleOp module, ArrayRef<std::string> funcNames) {
  // An implicit module has no location of its own; point at its first op.
  Location moduleLoc = module.getBody()->empty()
                           ? module.getLoc()
                           : module.getBody()->front().getLoc();
  SmallVector<Kernel> kernels;
  SmallVector<StringRef> allNames;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    SmallVector<ComputeOp> computes;
    func.walk([&](ComputeOp op) { computes.push_back(op); });
    if (computes.empty())
      continue;
    allNames.push_back(func.getSymName());
    if (!funcNames.empty() &&
        !llvm::is_contained(funcNames, func.getSymName().str()))
      continue;
    if (computes.size() != 1)
      return func.emitError("mdh-run runs functions with exactly one "
                            "mdh.compute, this one has ")
             << computes.size();
    if (failed(checkKernel(func, computes[0])))
      return failure();
    Kernel kernel{func, computes[0], "", {}};
    llvm::raw_string_ostream os(kernel.sizes);
    llvm::interleave(computes[0].getSizes(), os, "x");
    // Named as the C ABI names the parameters: outputs are what the
    // computation writes, everything else is read (or unused).
    unsigned numIns = 0, numOuts = 0;
    for (BlockArgument arg : func.getArguments()) {
      bool isOutput = llvm::is_contained(computes[0].getOuts(), arg);
      std::string name = isOutput ? "out" + std::to_string(numOuts++)
                                  : "in" + std::to_string(numIns++);
      kernel.args.push_back({arg.getArgNumber(), name, isOutput,
                             cast<MemRefType>(arg.getType())});
    }
    kernels.push_back(std::move(kernel));
  }
  for (const std::string &name : funcNames) {
    if (llvm::any_of(kernels, [&](Kernel &k) { return k.getName() == name; }))
      continue;
    InFlightDiagnostic diag = emitError(moduleLoc, "no kernel function named '")
                              << name
                              << "' (a func.func holding one mdh.compute); ";
    if (allNames.empty())
      diag << "this file has none";
    else
      diag << "kernels in this file: " << llvm::join(allNames, ", ");
    return diag;
  }
  if (kernels.empty())
    return emitError(moduleLoc, "no kernel in this file: expected a "
                                "func.func holding an mdh.compute");
  return kernels;
}
