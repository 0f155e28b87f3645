//===- TranslateToC.cpp - CL-IR to OpenMP C -------------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// One emitter walks each CL-IR function once and prints C11 with OpenMP
// pragmas (the ABI is in include/mdh/Target/C/TranslateToC.h):
//
//   * every SSA value an op defines becomes a `const` local `vN`, numbered in
//     the order of definition; `mdh_cl.scalar` and custom combiners are
//     inlined, so their block arguments and results are only new names for
//     existing locals;
//   * values nothing uses are not printed (dead code would be "unused
//     variable" warnings under -Wall);
//   * integer arithmetic goes through unsigned types where C would overflow
//     a signed one, so it wraps exactly as `arith` does.
//
// The text is built in a string and printed only when the whole module
// translated, so a refused input prints no C at all.
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/C/TranslateToC.h"

#include "mdh/Target/C/CEmitterBase.h"

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Target/C/CLTarget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Support/IndentedOstream.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::cemit;

/// Packed and register buffers of one parallel loop are arrays on the stack
/// of the thread that runs an iteration, as long as together they fit in
/// this many bytes; the ones beyond it are allocated on the heap once per
/// OpenMP thread. Worker threads have small stacks (libomp's default is
/// 4 MiB), and a stack overflow there is a crash without a message.
static constexpr int64_t kStackBytesPerLoop = 64 * 1024;

namespace {
class CEmitter : public CEmitterBase {
public:
  explicit CEmitter(ModuleOp module) : CEmitterBase(module, "C") {}

  /// Translates the whole module and prints it to `out` on success.
  LogicalResult run(raw_ostream &out);

private:
  LogicalResult emitFunction(func::FuncOp func);
  LogicalResult emitBuffer(mdh_cl::BufferOp op) override;
  LogicalResult emitPhase(mdh_cl::PhaseOp op) override;
  LogicalResult emitParFor(mdh_cl::ParForOp op) override;
  LogicalResult emitBarrier(mdh_cl::BarrierOp op) override;
  void emitHeapAllocation(Value buffer, StringRef name);

  /// Packed and register buffers allocated once per thread by their
  /// parallel loop, rather than declared where the op is.
  llvm::DenseSet<Operation *> perThread;
};
} // namespace

//===----------------------------------------------------------------------===//
// Functions and statements
//===----------------------------------------------------------------------===//

LogicalResult CEmitter::emitFunction(func::FuncOp func) {
  names.clear();
  perThread.clear();
  nextId = 0;

  StringRef name = func.getSymName();
  if (name.empty() || llvm::isDigit(name.front()) ||
      !llvm::all_of(name,
                    [](char c) { return llvm::isAlnum(c) || c == '_'; }) ||
      isReservedName(name))
    return opError(func, "name '")
           << name << "' is not a valid C function name";
  if (name.starts_with("mdh_"))
    return opError(func, "name '")
           << name << "' is reserved: the C code's helpers start with 'mdh_'";
  if (func.isExternal())
    return opError(func, "has no body to translate to C");
  if (func.getNumResults() != 0)
    return opError(func, "returns ")
           << func.getNumResults()
           << " values; in the C ABI a function writes its results through "
              "output memrefs and returns nothing";
  if (!func.getBody().hasOneBlock())
    return opError(func, "has ")
           << func.getBody().getBlocks().size()
           << " blocks; the C target translates single-block functions";

  // Signature.
  SmallVector<std::string> params;
  unsigned numIns = 0, numOuts = 0;
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type)
      return opError(func, "argument #")
             << arg.getArgNumber() << " has type " << arg.getType()
             << "; the C ABI passes memrefs only";
    if (failed(
            checkMemRef(type, func, "argument #" + Twine(arg.getArgNumber()))))
      return failure();
    StringRef elt = *typeName(type.getElementType(), func);
    bool out = isWritten(arg);
    std::string paramName = out ? "out" + std::to_string(numOuts++)
                                : "in" + std::to_string(numIns++);
    params.push_back(
        (Twine(out ? "" : "const ") + elt + " *restrict " + paramName).str());
    names[arg] = paramName;
  }
  os << "void " << name << "(";
  llvm::interleaveComma(params, os);
  os << ") {\n";
  os.indent();

  // Device buffers live for the whole call: allocate them first, wherever
  // the op is, and free them last.
  SmallVector<Value> deviceBuffers;
  func.walk([&](mdh_cl::BufferOp buffer) {
    if (buffer.getRegion() == mdh_cl::MemRegion::Device && isLive(buffer))
      deviceBuffers.push_back(buffer.getResult());
  });
  for (Value buffer : deviceBuffers) {
    if (failed(checkMemRef(cast<MemRefType>(buffer.getType()),
                           buffer.getDefiningOp(), "the buffer")))
      return failure();
    emitHeapAllocation(buffer, declare(buffer));
  }

  if (failed(emitBlock(func.getBody().front())))
    return failure();

  for (Value buffer : llvm::reverse(deviceBuffers))
    os << "free(" << nameOf(buffer) << ");\n";
  os.unindent();
  os << "}\n";
  return success();
}

/// `T *name = (T *)malloc(...)`, aborting when there is no memory (the C ABI
/// has no error channel, and running on would compute garbage).
void CEmitter::emitHeapAllocation(Value buffer, StringRef name) {
  auto type = cast<MemRefType>(buffer.getType());
  StringRef elt = *typeName(type.getElementType(), buffer.getDefiningOp());
  // malloc(0) may return NULL: allocate at least one element.
  int64_t count = std::max<int64_t>(type.getNumElements(), 1);
  os << elt << " *" << name << " = (" << elt << " *)malloc(sizeof(" << elt
     << ") * " << count << ");\n";
  os << "if (!" << name << ")\n";
  os << "  abort();\n";
}

LogicalResult CEmitter::emitBuffer(mdh_cl::BufferOp op) {
  switch (op.getRegion()) {
  case mdh_cl::MemRegion::Device:
    // Allocated at the start of the function.
    return success();
  case mdh_cl::MemRegion::Shared:
    return opError(
        op, "'shared' buffers are not supported by the C target: a CPU has no "
            "memory shared by the threads of a block (use 'packed')");
  case mdh_cl::MemRegion::Packed:
  case mdh_cl::MemRegion::Register:
    break;
  }
  // Allocated once per thread by the enclosing parallel loop.
  if (perThread.contains(op))
    return success();
  auto type = cast<MemRefType>(op.getType());
  if (failed(checkMemRef(type, op, "the buffer")))
    return failure();
  os << *typeName(type.getElementType(), op) << " " << declare(op.getResult())
     << "[" << std::max<int64_t>(type.getNumElements(), 1) << "];\n";
  return success();
}

LogicalResult CEmitter::emitPhase(mdh_cl::PhaseOp op) {
  if (op->getParentOfType<mdh_cl::ParForOp>())
    return opError(op, "is inside a parallel loop; a phase is a whole "
                       "parallel launch");
  os << "// phase \"" << op.getPhaseName() << "\"\n";
  os << "{\n";
  os.indent();
  if (failed(emitBlock(op.getBody().front())))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

LogicalResult CEmitter::emitParFor(mdh_cl::ParForOp op) {
  if (op.getLayer() == mdh_cl::Layer::Blocks)
    return opError(
        op, "runs on 'blocks', which the C target does not have: it runs "
            "parallel loops on 'threads x'");
  if (op.getDim() != mdh_cl::HwDim::X)
    return opError(op, "runs on 'threads ")
           << mdh_cl::stringifyHwDim(op.getDim())
           << "'; the C target runs parallel loops on 'threads x' only";
  if (op->getParentOfType<mdh_cl::ParForOp>())
    return opError(op, "is nested in another parallel loop; the C target "
                       "runs one level of parallel loops");

  // Packed and register buffers beyond the stack budget are allocated once
  // per thread. Reusing one allocation for every iteration a thread runs is
  // exact: a buffer's content is undefined when its op allocates it.
  SmallVector<Value> heap;
  int64_t stackBytes = 0;
  WalkResult walk = op.getBody().walk([&](mdh_cl::BufferOp buffer) {
    if (!isLive(buffer) || buffer.getRegion() == mdh_cl::MemRegion::Shared)
      return WalkResult::advance();
    auto type = cast<MemRefType>(buffer.getType());
    if (failed(checkMemRef(type, buffer, "the buffer")))
      return WalkResult::interrupt();
    int64_t bytes =
        type.getNumElements() * ((type.getElementTypeBitWidth() + 7) / 8);
    if (stackBytes + bytes <= kStackBytesPerLoop) {
      stackBytes += bytes;
    } else {
      heap.push_back(buffer.getResult());
      perThread.insert(buffer);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  if (heap.empty()) {
    os << "#pragma omp parallel for schedule(static)\n";
  } else {
    os << "#pragma omp parallel\n";
    os << "{\n";
    os.indent();
    for (Value buffer : heap)
      emitHeapAllocation(buffer, declare(buffer));
    os << "#pragma omp for schedule(static)\n";
  }
  if (failed(emitLoopHeader(op, op.getInductionVar(), op.getLowerBound(),
                            op.getUpperBound(), op.getStep())))
    return failure();
  os.indent();
  if (failed(emitBlock(op.getBody().front())))
    return failure();
  os.unindent();
  os << "}\n";
  if (!heap.empty()) {
    for (Value buffer : llvm::reverse(heap))
      os << "free(" << nameOf(buffer) << ");\n";
    os.unindent();
    os << "}\n";
  }
  return success();
}

LogicalResult CEmitter::emitBarrier(mdh_cl::BarrierOp op) {
  return opError(op, "is not supported by the C target: OpenMP threads run the "
                     "iterations of a parallel loop independently and cannot "
                     "synchronise inside one");
}

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

LogicalResult CEmitter::run(raw_ostream &out) {
  computeLiveness();
  bool first = true;
  for (Operation &op : module.getBody()->getOperations()) {
    // Custom combiners are inlined where they are used.
    if (isa<mdh::CombinerOp>(op))
      continue;
    auto func = dyn_cast<func::FuncOp>(op);
    if (!func)
      return opError(&op, "cannot be translated to C: a module holds "
                          "func.func and mdh.combiner ops");
    if (!first)
      os << "\n";
    first = false;
    if (failed(emitFunction(func)))
      return failure();
  }

  out << "// Generated by mdh-translate --emit-c from CL-IR. The C ABI is "
         "described in\n// include/mdh/Target/C/TranslateToC.h of "
         "MDH-MLIR.\n\n";
  out << "#include <math.h>\n#include <stdbool.h>\n#include <stdint.h>\n"
         "#include <stdlib.h>\n#include <string.h>\n\n";
  out << "_Static_assert(sizeof(size_t) == sizeof(int64_t),\n"
         "               \"index values are 64-bit, and so is size_t\");\n\n";
  printHelpers(out, "static inline");
  out << body;
  return success();
}

LogicalResult mlir::mdh::translateCLToC(ModuleOp module, raw_ostream &os) {
  if (failed(checkCLTarget(module, "openmp", "--emit-c")))
    return failure();
  return CEmitter(module).run(os);
}
