//===- TranslateToCUDA.cpp - GPU CL-IR to CUDA and HIP --------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The CUDA/HIP sibling of the C emitter (lib/Target/C/), sharing its
// statements and expressions through CEmitterBase. What is GPU-specific:
//
//   * one `__global__` kernel per `mdh_cl.phase`; its `blocks`/`threads`
//     parallel loops (lower bound 0, step 1, constant upper bound) are not
//     loops but `blockIdx`/`threadIdx`, and their upper bounds the launch
//     geometry;
//   * `shared` buffers are `__shared__` arrays, or slices of the dynamic
//     shared memory when a kernel needs more than the 48 KiB of static
//     shared memory; `register` buffers are local arrays;
//   * `mdh_cl.barrier` is `__syncthreads()`;
//   * `device` buffers are 256-byte aligned slices of a workspace that the
//     caller allocates once (`<f>_workspace_size()` bytes) and passes to
//     the host launch function, which passes them to the kernels that use
//     them: nothing is allocated or freed per call.
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/CUDA/TranslateToCUDA.h"

#include "mdh/Target/C/CEmitterBase.h"
#include "mdh/Target/C/CLTarget.h"

#include "IndexWidth.h"
#include "ScheduleComment.h"

#include "mdh/Dialect/LL/MDHLLDialect.h"
#include "mdh/Dialect/LL/MmaRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::cemit;

/// Static shared memory per block; more needs dynamic shared memory and an
/// opt-in attribute on the kernel (CUDA and HIP alike).
static constexpr int64_t kStaticSharedBytes = 48 * 1024;
/// The alignment of the workspace and of each device buffer in it: what
/// cudaMalloc/hipMalloc return, so that no access to it is misaligned (and
/// a buffer starts at a memory transaction boundary).
static constexpr int64_t kWorkspaceAlign = 256;

namespace {

/// The launch of one phase.
struct Kernel {
  std::string name;
  std::array<int64_t, 3> grid = {1, 1, 1}, block = {1, 1, 1};
  /// Bytes of shared memory, and whether it is dynamic.
  int64_t sharedBytes = 0;
  bool dynamicShared = false;
  /// Function arguments and device buffers the kernel uses, in order.
  SmallVector<Value> params;
};

class GPUEmitter : public CEmitterBase {
public:
  GPUEmitter(ModuleOp module, GPULanguage language)
      : CEmitterBase(module, language == GPULanguage::CUDA ? "CUDA" : "HIP"),
        language(language) {
    spellOutFloatClassification = true;
    inlineConstants = true;
    unrollRegisterTiles = true;
    gpuVectors = true;
    halfStyle =
        language == GPULanguage::CUDA ? HalfStyle::CUDA : HalfStyle::HIP;
  }

  LogicalResult run(raw_ostream &out);

private:
  LogicalResult emitFunction(func::FuncOp func);
  LogicalResult planKernel(mdh_cl::PhaseOp phase, Kernel &kernel);
  LogicalResult emitKernel(mdh_cl::PhaseOp phase, Kernel &kernel);
  void emitHost(func::FuncOp func, ArrayRef<Value> deviceBuffers,
                ArrayRef<Kernel> kernels);
  LogicalResult emitBuffer(mdh_cl::BufferOp op) override;
  LogicalResult emitPhase(mdh_cl::PhaseOp op) override;
  LogicalResult emitParFor(mdh_cl::ParForOp op) override;
  LogicalResult emitBarrier(mdh_cl::BarrierOp op) override;
  LogicalResult emitShuffle(mdh_cl::ShuffleOp op) override;
  LogicalResult emitMma(mdh_cl::MmaOp op) override {
    return language == GPULanguage::CUDA ? printMmaSync(op) : printMfma(op);
  }
  /// `cudaX` or `hipX`.
  std::string api(StringRef name) const {
    return (language == GPULanguage::CUDA ? "cuda" : "hip") + name.str();
  }

  GPULanguage language;
  /// The kernel being printed, and the next free byte of its dynamic
  /// shared memory.
  Kernel *current = nullptr;
  int64_t sharedOffset = 0;
  /// The kernel has cp.async copies: its barriers wait for them.
  bool waitForCopies = false;
  /// The configuration comments of the functions.
  std::string configs;
  /// The names of the printed functions, which share one namespace.
  llvm::StringSet<> globalNames;
};

} // namespace

/// Whether `user` writes memref `value`.
static bool writes(Operation *user, Value value) {
  if (auto store = dyn_cast<memref::StoreOp>(user))
    return store.getMemRef() == value;
  if (auto copy = dyn_cast<mdh_cl::CopyOp>(user))
    return copy.getDest() == value;
  if (auto acc = dyn_cast<mdh_cl::AccumulateOp>(user))
    return llvm::is_contained(acc.getBuffers(), value);
  return false;
}

LogicalResult GPUEmitter::planKernel(mdh_cl::PhaseOp phase, Kernel &kernel) {
  std::array<bool, 3> seenGrid = {}, seenBlock = {};
  WalkResult walk = phase.walk([&](Operation *op) -> WalkResult {
    if (auto parFor = dyn_cast<mdh_cl::ParForOp>(op)) {
      std::optional<int64_t> lb = getConstantIntValue(parFor.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(parFor.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(parFor.getStep());
      if (!lb || *lb != 0 || !step || *step != 1 || !ub || *ub < 1)
        return opError(op, "must run from 0 in steps of 1 to a constant "
                           "positive bound: its bound is the launch "
                           "geometry of the ")
               << targetName << " kernel";
      bool blocks = parFor.getLayer() == mdh_cl::Layer::Blocks;
      unsigned h = static_cast<unsigned>(parFor.getDim());
      std::array<int64_t, 3> &geometry = blocks ? kernel.grid : kernel.block;
      std::array<bool, 3> &seen = blocks ? seenGrid : seenBlock;
      if (seen[h] && geometry[h] != *ub)
        return opError(op, "runs ")
               << *ub << " " << stringifyLayer(parFor.getLayer()) << " on "
               << stringifyHwDim(parFor.getDim()) << ", but another loop of "
               << "the phase runs " << geometry[h];
      seen[h] = true;
      geometry[h] = *ub;
    }
    if (auto buffer = dyn_cast<mdh_cl::BufferOp>(op))
      if (buffer.getRegion() == mdh_cl::MemRegion::Shared && isLive(buffer))
        kernel.sharedBytes +=
            (mdh_cl::getSizeInBytes(buffer.getType()) + 15) / 16 * 16;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  int64_t threads = kernel.block[0] * kernel.block[1] * kernel.block[2];
  if (threads > 1024)
    return opError(phase, "needs ") << threads << " threads per block; "
                                    << targetName << " allows at most 1024";
  kernel.dynamicShared = kernel.sharedBytes > kStaticSharedBytes;
  return success();
}

LogicalResult GPUEmitter::emitKernel(mdh_cl::PhaseOp phase, Kernel &kernel) {
  current = &kernel;
  sharedOffset = 0;
  int64_t threads = kernel.block[0] * kernel.block[1] * kernel.block[2];
  os << "// Phase \"" << phase.getPhaseName() << "\": grid (" << kernel.grid[0]
     << ", " << kernel.grid[1] << ", " << kernel.grid[2] << "), block ("
     << kernel.block[0] << ", " << kernel.block[1] << ", " << kernel.block[2]
     << ")";
  if (kernel.sharedBytes)
    os << ", " << kernel.sharedBytes << " bytes of "
       << (kernel.dynamicShared ? "dynamic " : "") << "shared memory";
  os << ".\n";
  // cp.async (sm_80 and later) for the 128-bit copies into shared tiles;
  // every barrier then waits for the thread's copies first.
  auto cuda = dyn_cast_or_null<mdh_ll::CUDATargetAttr>(
      phase->getParentOfType<func::FuncOp>()->getAttr(
          mdh_ll::MDHLLDialect::TargetAttrHelper::getNameStr()));
  asyncCopies = language == GPULanguage::CUDA && cuda &&
                mdh_ll::chipHasMmaSync(cuda.getChip());
  auto hasAsyncCopy = [](vector::StoreOp store) {
    return isAsyncCopy(store) ? WalkResult::interrupt() : WalkResult::advance();
  };
  waitForCopies = asyncCopies && phase.walk(hasAsyncCopy).wasInterrupted();
  // 32-bit index arithmetic where it provably computes the same values.
  index32 = indicesFitInt32(phase);
  if (index32)
    os << "// Index values fit 32 bits (checked): index arithmetic is "
          "32-bit.\n";
  // At least one block per SM (HIP: one wave per SIMD): ptxas otherwise
  // held bMatMul's main kernel (192 threads) to 64 registers and spilled 28
  // bytes; with it, 114 registers and no spills.
  os << "__global__ void __launch_bounds__(" << threads << ", 1)\n"
     << kernel.name << "(";
  SmallVector<std::string> params;
  for (Value value : kernel.params) {
    auto type = cast<MemRefType>(value.getType());
    bool written = llvm::any_of(value.getUsers(), [&](Operation *user) {
      return phase->isAncestor(user) && writes(user, value);
    });
    params.push_back((Twine(written ? "" : "const ") +
                      *typeName(type.getElementType(), phase) +
                      " *__restrict__ " + nameOf(value))
                         .str());
  }
  llvm::interleaveComma(params, os);
  os << ") {\n";
  os.indent();
  if (kernel.dynamicShared)
    os << "extern __shared__ __align__(16) unsigned char mdh_smem[];\n";
  if (failed(emitBlock(phase.getBody().front())))
    return failure();
  os.unindent();
  os << "}\n\n";
  current = nullptr;
  index32 = false;
  return success();
}

LogicalResult GPUEmitter::emitFunction(func::FuncOp func) {
  names.clear();
  nextId = 0;
  StringRef name = func.getSymName();
  if (name.empty() || llvm::isDigit(name.front()) ||
      !llvm::all_of(name,
                    [](char c) { return llvm::isAlnum(c) || c == '_'; }) ||
      isReservedName(name))
    return opError(func, "name '")
           << name << "' is not a valid " << targetName << " function name";
  if (name.starts_with("mdh_"))
    return opError(func, "name '")
           << name << "' is reserved: the generated code's helpers start "
           << "with 'mdh_'";
  if (func.isExternal())
    return opError(func, "has no body to translate to ") << targetName;
  if (func.getNumResults() != 0)
    return opError(func, "returns ")
           << func.getNumResults()
           << " values; the launch function writes its results through "
              "output memrefs";
  if (!func.getBody().hasOneBlock())
    return opError(func, "has ")
           << func.getBody().getBlocks().size()
           << " blocks; the GPU targets translate single-block functions";

  unsigned numIns = 0, numOuts = 0;
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type)
      return opError(func, "argument #")
             << arg.getArgNumber() << " has type " << arg.getType()
             << "; the launch function takes device pointers to memrefs only";
    if (failed(
            checkMemRef(type, func, "argument #" + Twine(arg.getArgNumber()))))
      return failure();
    names[arg] = isWritten(arg) ? "out" + std::to_string(numOuts++)
                                : "in" + std::to_string(numIns++);
  }

  // Function level: device buffers, phases, constants, the return.
  SmallVector<Value> deviceBuffers;
  SmallVector<mdh_cl::PhaseOp> phases;
  for (Operation &op : func.getBody().front()) {
    if (auto buffer = dyn_cast<mdh_cl::BufferOp>(op)) {
      if (failed(checkMemRef(buffer.getType(), buffer, "the buffer")))
        return failure();
      names[buffer] = "buf" + std::to_string(deviceBuffers.size());
      deviceBuffers.push_back(buffer);
      continue;
    }
    if (auto phase = dyn_cast<mdh_cl::PhaseOp>(op)) {
      phases.push_back(phase);
      continue;
    }
    if (isa<func::ReturnOp>(op) || !isLive(&op))
      continue;
    // Constants (which canonicalization hoists out of the phases) are
    // printed where they are used.
    if (isa<arith::ConstantOp>(op)) {
      if (failed(emitOperation(op)))
        return failure();
      continue;
    }
    return opError(&op, "is outside a phase; the ")
           << targetName
           << " target runs code in kernels, one per mdh_cl.phase";
  }

  SmallVector<Kernel> kernels(phases.size());
  for (auto [phaseRef, kernelRef] : llvm::zip_equal(phases, kernels)) {
    mdh_cl::PhaseOp phase = phaseRef;
    Kernel &kernel = kernelRef;
    std::string suffix;
    for (char c : phase.getPhaseName())
      suffix += llvm::isAlnum(c) ? c : '_';
    kernel.name = (name + "_" + suffix).str();
    for (unsigned k = 2; !globalNames.insert(kernel.name).second; ++k)
      kernel.name = (name + "_" + suffix + "_" + Twine(k)).str();
    auto usedIn = [&](Value v) {
      return llvm::any_of(v.getUsers(), [&](Operation *user) {
        return phase->isAncestor(user);
      });
    };
    for (Value arg : func.getArguments())
      if (usedIn(arg))
        kernel.params.push_back(arg);
    for (Value buffer : deviceBuffers)
      if (usedIn(buffer))
        kernel.params.push_back(buffer);
    if (failed(planKernel(phase, kernel)) || failed(emitKernel(phase, kernel)))
      return failure();
  }
  emitHost(func, deviceBuffers, kernels);

  // The configurations of the function's schedules, which --mdh-ll-to-cl
  // keeps on their main phases.
  std::string schedules;
  llvm::raw_string_ostream schedulesOs(schedules);
  for (mdh_cl::PhaseOp phase : phases)
    if (failed(printScheduleComment(phase, schedulesOs)))
      return failure();
  if (!schedules.empty())
    configs += "//\n// @" + name.str() + ":\n" + schedules;
  return success();
}

void GPUEmitter::emitHost(func::FuncOp func, ArrayRef<Value> deviceBuffers,
                          ArrayRef<Kernel> kernels) {
  std::string error = api("Error_t"), success = api("Success");
  StringRef name = func.getSymName();

  // The device buffers are slices of the caller's workspace, each at a
  // multiple of kWorkspaceAlign bytes.
  SmallVector<int64_t> offsets;
  int64_t size = 0;
  for (Value buffer : deviceBuffers) {
    offsets.push_back(size);
    size = llvm::alignTo(
        size + mdh_cl::getSizeInBytes(cast<MemRefType>(buffer.getType())),
        kWorkspaceAlign);
  }
  os << "// The bytes of device memory that " << name
     << "() needs as its workspace (0: none).\n";
  for (auto [buffer, offset] : llvm::zip_equal(deviceBuffers, offsets))
    os << "// " << nameOf(buffer) << ": bytes [" << offset << ", "
       << offset + mdh_cl::getSizeInBytes(cast<MemRefType>(buffer.getType()))
       << ").\n";
  os << "extern \"C\" size_t " << name << "_workspace_size(void) {\n";
  os << "  return " << size << ";\n}\n\n";

  os << "// Launches the phases of @" << name
     << " on `stream`. The pointers are device memory;\n";
  if (deviceBuffers.empty())
    os << "// `workspace` is not used (0 bytes).\n";
  else
    os << "// `workspace` holds the device buffers: at least " << size
       << " bytes, " << kWorkspaceAlign << "-byte\n// aligned (NULL or "
       << "misaligned: " << api("ErrorInvalidValue")
       << ", nothing launched).\n";
  os << "extern \"C\" " << error << " " << name << "(";
  for (BlockArgument arg : func.getArguments()) {
    auto type = cast<MemRefType>(arg.getType());
    os << (isWritten(arg) ? "" : "const ")
       << *typeName(type.getElementType(), func) << " *" << nameOf(arg) << ", ";
  }
  os << "void *workspace, " << api("Stream_t") << " stream) {\n";
  os.indent();
  if (deviceBuffers.empty()) {
    os << "(void)workspace;\n";
  } else {
    os << "if (workspace == nullptr || "
       << "reinterpret_cast<uintptr_t>(workspace) % " << kWorkspaceAlign
       << " != 0)\n";
    os << "  return " << api("ErrorInvalidValue") << ";\n";
  }
  for (auto [buffer, offset] : llvm::zip_equal(deviceBuffers, offsets)) {
    auto type = cast<MemRefType>(buffer.getType());
    StringRef elt = *typeName(type.getElementType(), func);
    os << elt << " *" << nameOf(buffer) << " = reinterpret_cast<" << elt
       << " *>(static_cast<unsigned char *>(workspace) + " << offset << ");\n";
  }
  os << error << " err = " << success << ";\n";
  for (const Kernel &k : kernels) {
    if (k.dynamicShared) {
      os << "if (err == " << success << ")\n";
      os << "  err = " << api("FuncSetAttribute") << "(";
      if (language == GPULanguage::HIP)
        os << "reinterpret_cast<const void *>(" << k.name << ")";
      else
        os << k.name;
      os << ", " << api("FuncAttributeMaxDynamicSharedMemorySize") << ", "
         << k.sharedBytes << ");\n";
    }
    os << "if (err == " << success << ") {\n";
    os.indent();
    os << k.name << "<<<dim3(" << k.grid[0] << ", " << k.grid[1] << ", "
       << k.grid[2] << "), dim3(" << k.block[0] << ", " << k.block[1] << ", "
       << k.block[2] << "), " << (k.dynamicShared ? k.sharedBytes : 0)
       << ", stream>>>(";
    llvm::interleaveComma(k.params, os, [&](Value v) { os << nameOf(v); });
    os << ");\n";
    os << "err = " << api("GetLastError") << "();\n";
    os.unindent();
    os << "}\n";
  }
  os << "return err;\n";
  os.unindent();
  os << "}\n\n";
}

LogicalResult GPUEmitter::emitBuffer(mdh_cl::BufferOp op) {
  auto type = cast<MemRefType>(op.getType());
  if (failed(checkMemRef(type, op, "the buffer")))
    return failure();
  StringRef elt = *typeName(type.getElementType(), op);
  int64_t count = std::max<int64_t>(type.getNumElements(), 1);
  switch (op.getRegion()) {
  case mdh_cl::MemRegion::Device:
    return opError(op, "is inside a phase; device buffers are allocated by "
                       "the launch function");
  case mdh_cl::MemRegion::Shared:
    if (!op->getParentOfType<mdh_cl::ParForOp>() ||
        op->getParentOfType<mdh_cl::ParForOp>().getLayer() !=
            mdh_cl::Layer::Blocks)
      return opError(op, "'shared' buffers belong to a block: allocate them "
                         "in the body of a blocks loop, outside thread loops");
    if (current && current->dynamicShared) {
      os << elt << " *" << declare(op) << " = reinterpret_cast<" << elt
         << " *>(mdh_smem + " << sharedOffset << ");\n";
      sharedOffset += (mdh_cl::getSizeInBytes(type) + 15) / 16 * 16;
      return success();
    }
    // 16-byte aligned, as the dynamic ones: 128-bit copies store into them.
    os << "__shared__ __align__(16) " << elt << " " << declare(op) << "["
       << count << "];\n";
    return success();
  case mdh_cl::MemRegion::Packed:
  case mdh_cl::MemRegion::Register:
    break;
  }
  os << elt << " " << declare(op) << "[" << count << "];\n";
  return success();
}

LogicalResult GPUEmitter::emitPhase(mdh_cl::PhaseOp op) {
  return opError(op, "is nested in another op; a phase is a whole kernel at "
                     "function level");
}

LogicalResult GPUEmitter::emitParFor(mdh_cl::ParForOp op) {
  bool blocks = op.getLayer() == mdh_cl::Layer::Blocks;
  for (Operation *p = op->getParentOp(); p && !isa<mdh_cl::PhaseOp>(p);
       p = p->getParentOp()) {
    auto outer = dyn_cast<mdh_cl::ParForOp>(p);
    if (!outer)
      return opError(op, "is nested in '")
             << p->getName() << "'; parallel loops of a kernel sit directly "
             << "in each other and in the phase";
    if (blocks && outer.getLayer() == mdh_cl::Layer::Threads)
      return opError(op, "runs blocks inside a loop over threads");
    if (outer.getLayer() == op.getLayer() && outer.getDim() == op.getDim())
      return opError(op, "runs on ")
             << stringifyLayer(op.getLayer()) << " "
             << stringifyHwDim(op.getDim())
             << " inside a loop on the same hardware dimension";
  }
  BlockArgument iv = op.getInductionVar();
  if (isNeeded(iv))
    os << "const " << *typeName(iv.getType(), op) << " " << declare(iv)
       << " = (" << *typeName(iv.getType(), op) << ")"
       << (blocks ? "blockIdx." : "threadIdx.")
       << mdh_cl::stringifyHwDim(op.getDim()) << ";\n";
  return emitBlock(op.getBody().front());
}

LogicalResult GPUEmitter::emitBarrier(mdh_cl::BarrierOp op) {
  if (waitForCopies)
    os << "mdh_cp_async_wait();\n";
  os << "__syncthreads();\n";
  return success();
}

/// `__shfl_{down,up}_sync` (CUDA) and `__shfl_{down,up}` (HIP, whose waves
/// of 64 shuffle in groups of `width` as well) take 32- and 64-bit integers
/// and floats; narrower integers and bool go through `int`, f16 and bf16
/// through `float`.
LogicalResult GPUEmitter::emitShuffle(mdh_cl::ShuffleOp op) {
  Type type = op.getType();
  FailureOr<StringRef> name = typeName(type, op);
  if (failed(name))
    return failure();
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits > 64)
    return opError(op, "shuffles a ") << bits << "-bit value; " << targetName
                                      << " shuffles values of at most 64 bits";
  std::string value = nameOf(op.getValue()).str();
  if (type.isInteger() && bits < 32)
    value = "(int)" + paren(value);
  // 16-bit floats travel as floats (both conversions are exact).
  if (isHalf(type))
    value = widen(type, value);
  StringRef mode = mdh_cl::stringifyShuffleMode(op.getMode());
  std::string call =
      language == GPULanguage::CUDA
          ? llvm::formatv("__shfl_{0}_sync(0xffffffffu, {1}, {2}, {3})", mode,
                          value, op.getDelta(), op.getWidth())
                .str()
          : llvm::formatv("__shfl_{0}({1}, {2}, {3})", mode, value,
                          op.getDelta(), op.getWidth())
                .str();
  if (type.isInteger(1))
    return emitAssign(*op, "(" + call + " != 0)");
  if (isHalf(type))
    return emitAssign(*op, narrow(type, call));
  return emitAssign(*op, ("(" + *name + ")" + call).str());
}

LogicalResult GPUEmitter::run(raw_ostream &out) {
  computeLiveness();
  // The launch and workspace-size functions are named by the input; the
  // kernels, named after their phases, take other names where they clash.
  for (auto func : module.getOps<func::FuncOp>())
    globalNames.insert(func.getSymName());
  for (auto func : module.getOps<func::FuncOp>()) {
    std::string sizeName = (func.getSymName() + "_workspace_size").str();
    if (auto other = module.lookupSymbol<func::FuncOp>(sizeName))
      return opError(other, "name '")
             << sizeName << "' is taken by the workspace size function of @"
             << func.getSymName();
    globalNames.insert(sizeName);
  }
  for (Operation &op : module.getBody()->getOperations()) {
    if (isa<mdh::CombinerOp>(op))
      continue;
    auto func = dyn_cast<func::FuncOp>(op);
    if (!func)
      return opError(&op, "cannot be translated to ")
             << targetName << ": a module holds func.func and mdh.combiner ops";
    if (failed(emitFunction(func)))
      return failure();
  }

  bool cuda = language == GPULanguage::CUDA;
  out << "// Generated by MDH-MLIR (--emit-" << (cuda ? "cuda" : "hip")
      << ") from GPU CL-IR. The launch\n// functions are described in "
         "include/mdh/Target/CUDA/TranslateToCUDA.h.\n";
  if (!configs.empty())
    out << "//\n// Schedules (the configuration of each computation):\n"
        << configs;
  out << "\n"
      << (cuda ? "#include <cuda_runtime.h>\n"
               : "#include <hip/hip_runtime.h>\n")
      << "#include <math.h>\n#include <stddef.h>\n#include <stdint.h>\n";
  printHalfIncludes(out);
  out << "\n";
  out << "static_assert(sizeof(size_t) == sizeof(int64_t),\n"
         "              \"index values are 64-bit, and so is size_t\");\n\n";
  printHelpers(out, "static __device__ __forceinline__");
  out << body;
  return success();
}

LogicalResult mlir::mdh::translateCLToGPUSource(ModuleOp module,
                                                raw_ostream &os,
                                                GPULanguage language) {
  bool cuda = language == GPULanguage::CUDA;
  if (failed(checkCLTarget(module, cuda ? "cuda" : "hip",
                           cuda ? "--emit-cuda" : "--emit-hip")))
    return failure();
  return GPUEmitter(module, language).run(os);
}
