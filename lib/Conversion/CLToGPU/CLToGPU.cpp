//===- CLToGPU.cpp - GPU CL-IR to gpu.launch ------------------------------===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-cl-to-gpu` (DESIGN §6, NVIDIA and AMD): each phase of GPU CL-IR in
// SPMD form becomes one `gpu.launch`. The rewrite is in three steps:
//
//   1. check every function and phase (SPMDForm.h) before anything is
//      changed, so bad input is reported and left as it was;
//   2. per phase, build the launch: the loop bounds are the grid and block
//      sizes, the induction variables become block and thread ids, shared
//      and register buffers become the launch's memory attributions, and
//      the per-thread code moves into its body; device buffers become
//      gpu.alloc/gpu.dealloc in the host code;
//   3. lower the remaining CL ops (`for`, `copy`, `scalar`, `accumulate`)
//      with the host path (`--mdh-cl-to-loops`), whose lowering of them is
//      the same on every target; loops over register tiles are marked for
//      full unrolling first (LLVM loop metadata).
//
//===----------------------------------------------------------------------===//

#include "MmaToNVVM.h"
#include "SPMDForm.h"
#include "mdh/Dialect/CL/MmaFragments.h"

#include "mdh/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHCLTOGPU
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh_cl;

/// The most CL-IR operations the loops marked for full unrolling in one
/// nest may hold once unrolled: MatMul's 8x8 register tile over a k-slab of
/// 16 (examples/matmul.mlir, the heuristic's configuration) has about 8,500
/// (530 per k step, counted as lines of its CL-IR after
/// --mdh-cl-optimize-gpu).
static constexpr int64_t kMaxUnrolledOps = 16384;

/// The discardable attribute that `scf-to-cf` and `cf-to-llvm` carry from a
/// loop to its back edge's `llvm.br`.
static constexpr StringLiteral kLoopAnnotation = "loop_annotation";

/// Dynamic shared buffers start at multiples of this many bytes (enough for
/// every vector load the backends emit).
static constexpr int64_t kSharedAlignment = 16;

/// `type` in GPU address space `space`.
static MemRefType inAddressSpace(MemRefType type, gpu::AddressSpace space) {
  auto attr = gpu::AddressSpaceAttr::get(type.getContext(), space);
  return MemRefType::get(type.getShape(), type.getElementType(),
                         type.getLayout(), attr);
}

/// A symbol name made of `name` with every character that is not a letter,
/// a digit or '_' replaced by '_' (phase names are free text).
static std::string sanitize(StringRef name) {
  std::string result;
  for (char c : name)
    result.push_back(llvm::isAlnum(c) || c == '_' ? c : '_');
  return result;
}

/// Marks `loop` (a constant number of trips N, step 1) `unrollFully` and,
/// unless its bounds are constants, rewrites it to run from 0 to N with
/// `lb + j` as its index: LLVM fully unrolls only loops whose trip count it
/// can compute, and `lb + N` as an upper bound, without a no-wrap flag, is
/// not one to it.
static void unrollInLLVM(ForOp loop, LLVM::LoopAnnotationAttr unrollFully) {
  loop->setAttr(kLoopAnnotation, unrollFully);
  if (getConstantIntValue(loop.getLowerBound()) &&
      getConstantIntValue(loop.getUpperBound()))
    return;
  int64_t trips = *loop.getConstantTripCount();
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value lb = loop.getLowerBound();
  loop.getLowerBoundMutable().assign(arith::ConstantIndexOp::create(b, loc, 0));
  loop.getUpperBoundMutable().assign(
      arith::ConstantIndexOp::create(b, loc, trips));
  Block &body = loop.getBody().front();
  b.setInsertionPointToStart(&body);
  Value j = loop.getInductionVar();
  auto index = arith::AddIOp::create(b, loc, lb, j);
  j.replaceAllUsesExcept(index, index);
}

/// `mdh_cl.shuffle` as `gpu.shuffle` (down or up) of 32-bit words, which every
/// backend (NVVM, ROCDL, the emulation) shuffles: the value's bits are cut
/// into words, each shuffled, and put together again. A lane past the end
/// of its group keeps its own value.
static void lowerShuffle(ShuffleOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type type = op.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Type wide = b.getIntegerType(std::max(bits, 32u));
  Value offset = arith::ConstantIntOp::create(b, loc, i32, op.getDelta());
  Value width = arith::ConstantIntOp::create(b, loc, i32, op.getWidth());
  Value value = op.getValue();
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(b, loc, b.getIntegerType(bits), value);
  if (bits < 32)
    value = arith::ExtUIOp::create(b, loc, wide, value);
  Value result;
  for (unsigned low = 0; low < bits; low += 32) {
    Value word = value;
    if (low > 0)
      word = arith::ShRUIOp::create(
          b, loc, word, arith::ConstantIntOp::create(b, loc, wide, low));
    if (bits > 32)
      word = arith::TruncIOp::create(b, loc, i32, word);
    auto shuffle = gpu::ShuffleOp::create(b, loc, word, offset, width,
                                          op.getMode() == ShuffleMode::Down
                                              ? gpu::ShuffleMode::DOWN
                                              : gpu::ShuffleMode::UP);
    Value got = arith::SelectOp::create(b, loc, shuffle.getValid(),
                                        shuffle.getShuffleResult(), word);
    if (bits <= 32) {
      result = got;
      break;
    }
    got = arith::ExtUIOp::create(b, loc, wide, got);
    if (low > 0)
      got = arith::ShLIOp::create(
          b, loc, got, arith::ConstantIntOp::create(b, loc, wide, low));
    result = result ? arith::OrIOp::create(b, loc, result, got) : got;
  }
  if (bits < 32)
    result = arith::TruncIOp::create(b, loc, b.getIntegerType(bits), result);
  if (isa<FloatType>(type))
    result = arith::BitcastOp::create(b, loc, type, result);
  op.replaceAllUsesWith(result);
  op.erase();
}

namespace {
/// Builds the gpu.launch of one phase.
class LaunchBuilder {
public:
  LaunchBuilder(SPMDPhase &nest, int64_t staticSharedBytes)
      : nest(nest), staticSharedBytes(staticSharedBytes) {}

  void build(StringRef funcName, llvm::StringSet<> &usedNames);

private:
  /// Moves the ops of `loop`'s body (but `skip`) to the end of the launch
  /// body, with `id` for its induction variable.
  void moveBody(ParForOp loop, Value id, Operation *skip);

  SPMDPhase &nest;
  int64_t staticSharedBytes;
  gpu::LaunchOp launch;
  Operation *terminator = nullptr;
};
} // namespace

void LaunchBuilder::build(StringRef funcName, llvm::StringSet<> &usedNames) {
  PhaseOp phase = nest.phase;
  Location loc = phase.getLoc();
  OpBuilder b(phase);
  MLIRContext *ctx = b.getContext();

  // The ops of the phase around its loop nest (constants for the bounds) run
  // on the host, before the launch.
  Operation *outer = nest.blockLoops.empty()
                         ? nest.threadLoops.front().getOperation()
                         : nest.blockLoops.front().getOperation();
  for (Operation &op :
       llvm::make_early_inc_range(phase.getBody().front().getOperations()))
    if (&op != outer)
      op.moveBefore(phase);

  // Memory: shared buffers are workgroup attributions unless together they
  // are too large for static shared memory; register buffers are private.
  int64_t sharedBytes = 0;
  SmallVector<int64_t> offsets;
  for (BufferOp buffer : nest.sharedBuffers) {
    sharedBytes = llvm::alignTo(sharedBytes, kSharedAlignment);
    offsets.push_back(sharedBytes);
    sharedBytes += getSizeInBytes(cast<MemRefType>(buffer.getType()));
  }
  bool dynamicShared = sharedBytes > staticSharedBytes;
  SmallVector<Type> workgroupTypes, privateTypes;
  if (!dynamicShared)
    for (BufferOp buffer : nest.sharedBuffers)
      workgroupTypes.push_back(inAddressSpace(
          cast<MemRefType>(buffer.getType()), gpu::AddressSpace::Workgroup));
  for (BufferOp buffer : nest.registerBuffers)
    privateTypes.push_back(inAddressSpace(cast<MemRefType>(buffer.getType()),
                                          gpu::AddressSpace::Private));

  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value grid[3], block[3];
  for (int d = 0; d < 3; ++d) {
    grid[d] = index(nest.grid[d]);
    block[d] = index(nest.block[d]);
  }
  Value dynamicSize;
  if (dynamicShared)
    dynamicSize = arith::ConstantIntOp::create(b, loc, sharedBytes, 32);

  // Kernels are named after their function and phase, made unique.
  std::string name = (funcName + "_" + sanitize(phase.getPhaseName())).str();
  std::string unique = name;
  for (int i = 1; !usedNames.insert(unique).second; ++i)
    unique = name + "_" + std::to_string(i);
  auto symbol = FlatSymbolRefAttr::get(ctx, unique);

  launch = gpu::LaunchOp::create(
      b, loc, grid[0], grid[1], grid[2], block[0], block[1], block[2],
      dynamicSize, /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      workgroupTypes, privateTypes, /*clusterSizeX=*/nullptr,
      /*clusterSizeY=*/nullptr, /*clusterSizeZ=*/nullptr, symbol, symbol);
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  terminator = gpu::TerminatorOp::create(b, loc);
  b.setInsertionPoint(terminator);

  // Shared buffers: the attributions, or views of the dynamic shared memory.
  if (dynamicShared) {
    auto bytes = MemRefType::get(
        {ShapedType::kDynamic}, b.getI8Type(), MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
    Value base = gpu::DynamicSharedMemoryOp::create(b, loc, bytes);
    for (auto [buffer, offset] : llvm::zip_equal(nest.sharedBuffers, offsets)) {
      auto type = inAddressSpace(cast<MemRefType>(buffer.getType()),
                                 gpu::AddressSpace::Workgroup);
      Value view = memref::ViewOp::create(b, buffer.getLoc(), type, base,
                                          index(offset), ValueRange{});
      buffer.getResult().replaceAllUsesWith(view);
    }
  } else {
    for (auto [buffer, arg] :
         llvm::zip_equal(nest.sharedBuffers, launch.getWorkgroupAttributions()))
      buffer.getResult().replaceAllUsesWith(arg);
  }
  for (auto [buffer, arg] :
       llvm::zip_equal(nest.registerBuffers, launch.getPrivateAttributions()))
    buffer.getResult().replaceAllUsesWith(arg);
  for (BufferOp buffer : nest.sharedBuffers)
    buffer.erase();
  for (BufferOp buffer : nest.registerBuffers)
    buffer.erase();

  // The per-thread code, level by level.
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  gpu::KernelDim3 threadIds = launch.getThreadIds();
  auto pick = [](gpu::KernelDim3 ids, HwDim dim) {
    switch (dim) {
    case HwDim::X:
      return ids.x;
    case HwDim::Y:
      return ids.y;
    case HwDim::Z:
      return ids.z;
    }
    llvm_unreachable("unknown hardware dimension");
  };
  SmallVector<ParForOp> loops(nest.blockLoops);
  llvm::append_range(loops, nest.threadLoops);
  for (auto [i, loop] : llvm::enumerate(loops)) {
    bool isBlock = loop.getLayer() == Layer::Blocks;
    Value id = pick(isBlock ? blockIds : threadIds, loop.getDim());
    Operation *next = i + 1 < loops.size() ? loops[i + 1] : nullptr;
    moveBody(loop, id, next);
  }
  launch.getBody().walk([](BarrierOp barrier) {
    OpBuilder b(barrier);
    gpu::BarrierOp::create(b, barrier.getLoc());
    barrier.erase();
  });
  launch.getBody().walk(lowerShuffle);
  phase.erase();
}

void LaunchBuilder::moveBody(ParForOp loop, Value id, Operation *skip) {
  loop.getInductionVar().replaceAllUsesWith(id);
  for (Operation &op :
       llvm::make_early_inc_range(loop.getBody().front().getOperations()))
    if (&op != skip)
      op.moveBefore(terminator);
}

/// Device buffers: allocated where they stand (at function level, so before
/// every phase that uses them) and freed before every return. The async
/// forms are what `--gpu-to-llvm` lowers to the `mgpuMemAlloc`/`mgpuMemFree`
/// runtime calls; each is waited for at once.
static void lowerDeviceBuffer(BufferOp buffer, FunctionOpInterface func) {
  Location loc = buffer.getLoc();
  OpBuilder b(buffer);
  Type token = gpu::AsyncTokenType::get(b.getContext());
  Value start = gpu::WaitOp::create(b, loc, token, {}).getAsyncToken();
  auto alloc = gpu::AllocOp::create(b, loc, buffer.getType(), token, {start},
                                    {}, {}, /*hostShared=*/false);
  gpu::WaitOp::create(b, loc, Type(), {alloc.getAsyncToken()});
  for (Block &block : func.getFunctionBody()) {
    if (block.empty() || !block.back().hasTrait<OpTrait::ReturnLike>())
      continue;
    b.setInsertionPoint(&block.back());
    Value before = gpu::WaitOp::create(b, loc, token, {}).getAsyncToken();
    Value done =
        gpu::DeallocOp::create(b, loc, token, {before}, alloc.getMemref())
            .getAsyncToken();
    gpu::WaitOp::create(b, loc, Type(), {done});
  }
  buffer.getResult().replaceAllUsesWith(alloc.getMemref());
  buffer.erase();
}

namespace {
struct MDHCLToGPU : mdh::impl::MDHCLToGPUBase<MDHCLToGPU> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Below CL-IR the functions are host code that launches kernels: the
    // record of the target their CL-IR was scheduled for goes.
    module.walk([](FunctionOpInterface func) {
      func->removeAttr(mdh_ll::MDHLLDialect::TargetAttrHelper::getNameStr());
    });

    // Step 1: check everything first.
    bool ok = true;
    std::vector<std::pair<FunctionOpInterface, std::vector<SPMDPhase>>> work;
    module.walk([&](FunctionOpInterface func) {
      std::vector<SPMDPhase> phases;
      for (Block &block : func.getFunctionBody())
        for (auto phase : block.getOps<PhaseOp>()) {
          FailureOr<SPMDPhase> nest =
              analyzeSPMDPhase(phase, maxThreadsPerBlock);
          if (failed(nest))
            ok = false;
          else
            phases.push_back(std::move(*nest));
        }
      // Functions without CL-IR are not GPU functions.
      bool hasBuffers = false;
      func.getFunctionBody().walk([&](BufferOp) { hasBuffers = true; });
      if (phases.empty() && !hasBuffers)
        return;
      if (failed(checkHostCode(func)))
        ok = false;
      work.emplace_back(func, std::move(phases));
    });
    // Phases nested anywhere else (in a loop, in another phase) are not in
    // SPMD form.
    module.walk([&](PhaseOp phase) {
      if (!isa<FunctionOpInterface>(phase->getParentOp())) {
        phase.emitOpError("must be directly in a function body (a phase is a "
                          "kernel launch of the function)");
        ok = false;
      }
    });
    if (!ok)
      return signalPassFailure();

    // Warp-level matrix products: nvvm.mma.sync or rocdl.mfma, each for its
    // vendor's shapes, or each lane's arithmetic (while the thread loops
    // that give the lane are still there).
    SmallVector<MmaOp> mmas;
    module.walk([&](MmaOp op) { mmas.push_back(op); });
    for (MmaOp op : mmas) {
      bool mfma = getMmaShapeDims(op.getShape()).mfma;
      if (mfma && matrixCores)
        mdh::lowerMmaToROCDL(op);
      else if (!mfma && tensorCores)
        mdh::lowerMmaToNVVM(op);
      else
        expandMma(op);
    }

    // Loops over register tiles, marked while their buffers are still
    // `mdh_cl.buffer register` (step 2 makes them attributions). LLVM's
    // unroller leaves an 8x8 register tile's loops partly rolled, and its
    // buffer then lives in local memory (MatMul 1024 on sm_90: a 256-byte
    // stack frame); the metadata makes it unroll them whatever their size.
    MLIRContext *ctx = module.getContext();
    auto full = LLVM::LoopUnrollAttr::get(
        ctx, /*disable=*/{}, /*count=*/{}, /*runtimeDisable=*/{},
        /*full=*/BoolAttr::get(ctx, true), {}, {}, {});
    auto unrollFully = LLVM::LoopAnnotationAttr::get(
        ctx, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{}, full,
        {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});
    // Innermost first; a loop counts the unrolled size of the marked loops
    // in it, and one that would grow past kMaxUnrolledOps is left to LLVM.
    DenseMap<Operation *, int64_t> unrolledOps;
    module.walk([&](ForOp loop) {
      if (!loop.isUnrolledRegisterTileLoop())
        return;
      int64_t ops = 0;
      loop.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        auto it = unrolledOps.find(op);
        ops += it == unrolledOps.end() ? 1 : it->second;
        return it == unrolledOps.end() ? WalkResult::advance()
                                       : WalkResult::skip();
      });
      int64_t total = *loop.getConstantTripCount() * ops;
      if (total > kMaxUnrolledOps)
        return;
      unrolledOps[loop] = total;
      unrollInLLVM(loop, unrollFully);
    });

    // Step 2: the launches and device memory.
    // Kernel names must not clash with the module's symbols.
    llvm::StringSet<> usedNames;
    for (Operation &op : module.getOps())
      if (auto name =
              op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
        usedNames.insert(name.getValue());
    for (auto &[func, phases] : work) {
      for (SPMDPhase &nest : phases)
        LaunchBuilder(nest, staticSharedBytes)
            .build(SymbolTable::getSymbolName(func).getValue(), usedNames);
      SmallVector<BufferOp> deviceBuffers;
      func.getFunctionBody().walk(
          [&](BufferOp buffer) { deviceBuffers.push_back(buffer); });
      for (BufferOp buffer : deviceBuffers)
        lowerDeviceBuffer(buffer, func);
    }

    // Step 3: what is left of CL-IR is target-independent.
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(mdh::createMDHCLToLoops());
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();
  }
};
} // namespace
