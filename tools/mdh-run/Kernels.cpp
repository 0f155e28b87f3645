//===- Kernels.cpp - The kernels of an mdh-run input file -----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <unistd.h>

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

/// Physical memory of this machine in bytes.
static uint64_t hostMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return UINT64_MAX;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
}

/// Checks that mdh-run can allocate, fill and check every argument of
/// `func`, whose one mdh.compute is `compute`.
static LogicalResult checkKernel(func::FuncOp func, ComputeOp compute) {
  for (Type t : func.getArgumentTypes()) {
    auto memref = dyn_cast<MemRefType>(t);
    if (!memref || !memref.hasStaticShape())
      return func.emitError("mdh-run needs statically shaped memref "
                            "arguments, got ")
             << t;
    // Host buffers are dense and row-major in the default memory space.
    if (!memref.getLayout().isIdentity() || memref.getMemorySpace())
      return func.emitError("mdh-run needs memrefs with the identity "
                            "layout in the default memory space, got ")
             << t;
    // Host buffers hold MDH element types only (fills, sentinels and the
    // reference read them as such).
    Type elt = memref.getElementType();
    auto integer = dyn_cast<IntegerType>(elt);
    if (!isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(elt) &&
        !(integer && integer.isSignless() &&
          llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth())))
      return func.emitError("mdh-run needs memrefs of f16, bf16, f32, f64, "
                            "i8, i16, i32 or i64, got ")
             << t;
  }
  // All arguments are allocated at once; refuse what cannot fit instead of
  // failing (or overflowing the size) in the allocator.
  uint64_t totalBytes = 0;
  bool overflow = false;
  for (Type t : func.getArgumentTypes()) {
    auto memref = cast<MemRefType>(t);
    uint64_t bytes = memref.getElementTypeBitWidth() / 8;
    if (llvm::is_contained(memref.getShape(), 0))
      continue;
    for (int64_t n : memref.getShape()) {
      bool o = false;
      bytes = llvm::SaturatingMultiply(bytes, static_cast<uint64_t>(n), &o);
      overflow |= o;
    }
    bool o = false;
    totalBytes = llvm::SaturatingAdd(totalBytes, bytes, &o);
    overflow |= o;
    if (overflow || totalBytes > hostMemoryBytes())
      return func.emitError("mdh-run cannot allocate the arguments of this "
                            "kernel: they need ")
             << (overflow ? std::string("more than 2^64")
                          : std::to_string(totalBytes))
             << " bytes, more than the " << hostMemoryBytes()
             << " bytes of memory of this machine";
  }
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
