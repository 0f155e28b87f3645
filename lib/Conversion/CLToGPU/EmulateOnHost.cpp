//===- EmulateOnHost.cpp - gpu.launch on the CPU, threads shuffled --------===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-gpu-emulate-on-host` (DESIGN §6(b)): the GPU-lowered IR runs on the
// CPU so that the lowering to `gpu` is tested without a GPU. A barrier is
// emulated by loop fission: the body of a launch is cut at its barriers into
// intervals, and each interval runs for all threads of the block, one after
// the other, in an order shuffled per interval (a permutation table, see
// emitSegment). Values that live across a barrier are kept per thread in
// memory. A shuffle also starts an interval: its operand is kept per thread,
// and each thread reads its source lane's (lanes are consecutive linear
// thread ids). Between two barriers, code that shuffles runs warp by warp
// (warps in a shuffled order too): a shuffle synchronises its warp only.
// A missing barrier then shows up as a read of data another thread
// has not written yet: poison (shared memory is poisoned at block start) or
// stale values.
//
//===----------------------------------------------------------------------===//

#include "LaunchEmulator.h"

#include "mdh/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"

#include <random>

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHGPUEMULATEONHOST
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh::emulation;

/// Whether `op` holds an op that threads execute together: a barrier, or a
/// shuffle (emulated by the same cut, its operand kept per thread).
static bool containsSync(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isa<gpu::BarrierOp, gpu::ShuffleOp>(nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `v` is the same on every thread of a block of `launch`: it is
/// computed, without memory reads, from values defined before the launch,
/// block ids, sizes, constants and induction variables of loops whose
/// bounds are.
static bool isBlockUniform(Value v, gpu::LaunchOp launch,
                           DenseMap<Value, bool> &cache) {
  if (auto it = cache.find(v); it != cache.end())
    return it->second;
  cache[v] = false; // Cycles through loop-carried values are not uniform.
  bool result;
  Operation *where = isa<BlockArgument>(v)
                         ? cast<BlockArgument>(v).getOwner()->getParentOp()
                         : v.getDefiningOp();
  if (!launch->isAncestor(where)) {
    // Defined before the launch (a function argument, a host value).
    result = true;
  } else if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (owner == launch) {
      result = false;
      for (gpu::KernelDim3 dims :
           {launch.getBlockIds(), launch.getGridSize(), launch.getBlockSize()})
        result |= arg == dims.x || arg == dims.y || arg == dims.z;
    } else if (auto loop = dyn_cast<scf::ForOp>(owner)) {
      result = arg == loop.getInductionVar() &&
               llvm::all_of(ValueRange{loop.getLowerBound(),
                                       loop.getUpperBound(), loop.getStep()},
                            [&](Value bound) {
                              return isBlockUniform(bound, launch, cache);
                            });
    } else {
      result = false;
    }
  } else {
    Operation *def = v.getDefiningOp();
    result = def->getNumRegions() == 0 && isMemoryEffectFree(def) &&
             llvm::all_of(def->getOperands(), [&](Value operand) {
               return isBlockUniform(operand, launch, cache);
             });
  }
  return cache[v] = result;
}

/// `type` without a GPU address space.
static Type stripAddressSpace(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref ||
      !isa_and_nonnull<gpu::AddressSpaceAttr>(memref.getMemorySpace()))
    return type;
  return MemRefType::get(memref.getShape(), memref.getElementType(),
                         memref.getLayout());
}

/// The value uninitialised memory is filled with: NaN for floats, a marker
/// for integers.
static Value getPoison(OpBuilder &b, Location loc, Type type) {
  if (auto f = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc, f, b.getFloatAttr(f, APFloat::getNaN(f.getFloatSemantics())));
  if (type.isIndex())
    return arith::ConstantIndexOp::create(b, loc, 0x5A5A5A5A);
  if (auto i = dyn_cast<IntegerType>(type))
    return arith::ConstantOp::create(
        b, loc, i,
        b.getIntegerAttr(i, APInt::getSplat(i.getWidth(), APInt(8, 0x5A))));
  return {};
}

/// Fills `buffer` (static shape) with poison.
static void poison(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  Value value = getPoison(b, loc, type.getElementType());
  if (!value)
    return;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(type.getRank(), zero), steps(type.getRank(), one);
  SmallVector<Value> ubs;
  for (int64_t d = 0; d < type.getRank(); ++d)
    ubs.push_back(memref::DimOp::create(b, loc, buffer, d));
  scf::buildLoopNest(b, loc, lbs, ubs, steps,
                     [&](OpBuilder &nb, Location l, ValueRange ivs) {
                       memref::StoreOp::create(nb, l, value, buffer, ivs);
                     });
}

LogicalResult LaunchEmulator::assignSegments(Block &body) {
  int current = -1;
  for (Operation &op : body) {
    if (isa<gpu::BarrierOp, gpu::TerminatorOp>(op) ||
        (isa<scf::YieldOp>(op) && op.getNumOperands() == 0)) {
      current = -1;
      continue;
    }
    if (isa<gpu::DynamicSharedMemoryOp>(op))
      continue;
    if (isa<gpu::ShuffleOp>(op)) {
      // A shuffle starts an interval: every thread's operand is stored
      // before any thread reads another's.
      current = nextSegment++;
      segmentOf[&op] = current;
      continue;
    }
    if (containsSync(&op)) {
      current = -1;
      // A branch on a condition uniform across the block (the CL-IR
      // verifier checked it), like a loop whose bounds are: each block of
      // it is cut at its barriers.
      DenseMap<Value, bool> cache;
      if (auto branch = dyn_cast<scf::IfOp>(op);
          branch && branch.getNumResults() == 0 &&
          isBlockUniform(branch.getCondition(), launch, cache)) {
        for (Region *region :
             {&branch.getThenRegion(), &branch.getElseRegion()})
          if (!region->empty() && failed(assignSegments(region->front())))
            return failure();
        continue;
      }
      auto loop = dyn_cast<scf::ForOp>(op);
      if (!loop || loop.getNumResults() != 0)
        return op.emitOpError("holds a gpu.barrier or gpu.shuffle, which "
                              "the emulation supports only in scf.for loops "
                              "without results and in scf.if branches "
                              "without results on a condition that is the "
                              "same on every thread (uniform control flow)");
      if (failed(assignSegments(*loop.getBody())))
        return failure();
      continue;
    }
    if (current < 0)
      current = nextSegment++;
    op.walk([&](Operation *nested) { segmentOf[nested] = current; });
  }
  return success();
}

LogicalResult LaunchEmulator::run() {
  Location loc = launch.getLoc();
  Block &body = launch.getBody().front();
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty())
    return launch.emitOpError("is asynchronous; the emulation runs "
                              "synchronous launches only");
  int64_t grid[3];
  gpu::KernelDim3 gridSize = launch.getGridSizeOperandValues();
  gpu::KernelDim3 blockSize = launch.getBlockSizeOperandValues();
  Value gridValues[3] = {gridSize.x, gridSize.y, gridSize.z};
  Value blockValues[3] = {blockSize.x, blockSize.y, blockSize.z};
  for (int d = 0; d < 3; ++d) {
    std::optional<int64_t> g = getConstantIntValue(gridValues[d]);
    std::optional<int64_t> t = getConstantIntValue(blockValues[d]);
    if (!g || !t)
      return launch.emitOpError("has a grid or block size that is not a "
                                "constant; the emulation needs static sizes");
    grid[d] = *g;
    block[d] = *t;
  }
  threads = block[0] * block[1] * block[2];
  WalkResult unsupported = body.walk([&](Operation *op) {
    if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect()) &&
        !isa<gpu::BarrierOp, gpu::TerminatorOp, gpu::DynamicSharedMemoryOp,
             gpu::ShuffleOp>(op)) {
      op->emitOpError("cannot be emulated on the host");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (unsupported.wasInterrupted() || failed(assignSegments(body)))
    return failure();
  // Shuffles reach within a warp of kWarpSize threads (of the block's
  // linear thread ids); the emulation needs whole warps.
  WalkResult badShuffle = body.walk([&](gpu::ShuffleOp op) {
    std::optional<int64_t> width = getConstantIntValue(op.getWidth());
    if (!width || *width < 1 || *width > kWarpSize) {
      op.emitOpError("needs a constant width of 1 to ")
          << kWarpSize << " lanes for the emulation";
      return WalkResult::interrupt();
    }
    if (threads % kWarpSize != 0) {
      op.emitOpError("shuffles within warps of ")
          << kWarpSize << " threads, but the block has " << threads
          << "; the emulation needs whole warps";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (badShuffle.wasInterrupted())
    return failure();

  // The host has no GPU address spaces.
  launch.getBody().walk([](Operation *op) {
    for (Value result : op->getResults())
      result.setType(stripAddressSpace(result.getType()));
    for (Region &region : op->getRegions())
      for (BlockArgument arg : region.getArguments())
        arg.setType(stripAddressSpace(arg.getType()));
  });
  for (BlockArgument arg : body.getArguments())
    arg.setType(stripAddressSpace(arg.getType()));

  // Values one interval defines and another uses are kept per thread.
  SmallVector<Value> crossing;
  body.walk([&](Operation *op) {
    auto segment = segmentOf.find(op);
    if (segment == segmentOf.end())
      return;
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            auto it = segmentOf.find(user);
            return it == segmentOf.end() || it->second != segment->second;
          }))
        crossing.push_back(result);
  });

  OpBuilder b(launch);
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  SmallVector<Value> lbs(3, cst(0)), steps(3, cst(1));
  SmallVector<Value> ubs = {cst(grid[0]), cst(grid[1]), cst(grid[2])};
  auto blocks = scf::ParallelOp::create(b, loc, lbs, ubs, steps);
  b.setInsertionPointToStart(blocks.getBody());

  gpu::KernelDim3 blockIds = launch.getBlockIds();
  uniform.map(blockIds.x, blocks.getInductionVars()[0]);
  uniform.map(blockIds.y, blocks.getInductionVars()[1]);
  uniform.map(blockIds.z, blocks.getInductionVars()[2]);
  gpu::KernelDim3 gridArgs = launch.getGridSize();
  gpu::KernelDim3 blockArgs = launch.getBlockSize();
  Value gridArgValues[3] = {gridArgs.x, gridArgs.y, gridArgs.z};
  Value blockArgValues[3] = {blockArgs.x, blockArgs.y, blockArgs.z};
  for (int d = 0; d < 3; ++d) {
    uniform.map(gridArgValues[d], cst(grid[d]));
    uniform.map(blockArgValues[d], cst(block[d]));
  }

  // Memory of the block, poisoned: shared buffers, dynamic shared memory,
  // per-thread private buffers and the storage of crossing values.
  SmallVector<Value> allocs;
  auto allocate = [&](MemRefType type, ValueRange sizes = {}) {
    Value alloc = memref::AllocOp::create(b, loc, type, sizes);
    allocs.push_back(alloc);
    return alloc;
  };
  for (BlockArgument arg : launch.getWorkgroupAttributions()) {
    // 16-byte aligned as on the device (128-bit stores into them).
    Value alloc = memref::AllocOp::create(
        b, loc, cast<MemRefType>(arg.getType()), b.getI64IntegerAttr(16));
    allocs.push_back(alloc);
    poison(b, loc, alloc);
    uniform.map(arg, alloc);
  }
  for (BlockArgument arg : launch.getPrivateAttributions()) {
    auto type = cast<MemRefType>(arg.getType());
    SmallVector<int64_t> shape = {threads};
    llvm::append_range(shape, type.getShape());
    Value alloc = allocate(MemRefType::get(shape, type.getElementType()));
    poison(b, loc, alloc);
    privates[arg] = alloc;
  }
  if (Value size = launch.getDynamicSharedMemorySize()) {
    Value bytes = arith::IndexCastOp::create(b, loc, b.getIndexType(), size);
    Value alloc =
        allocate(MemRefType::get({ShapedType::kDynamic}, b.getI8Type()), bytes);
    poison(b, loc, alloc);
    body.walk([&](gpu::DynamicSharedMemoryOp op) {
      uniform.map(op.getResult(), alloc);
    });
  }
  for (Value value : crossing)
    demoted[value] = allocate(MemRefType::get({threads}, value.getType()));

  emitBlock(body, b);
  for (Value alloc : allocs)
    memref::DeallocOp::create(b, loc, alloc);
  launch.erase();
  return success();
}

/// Device memory is host memory.
static void lowerDeviceMemory(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<gpu::AllocOp, gpu::DeallocOp, gpu::WaitOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
      Value host = memref::AllocOp::create(b, op->getLoc(), alloc.getType(),
                                           alloc.getDynamicSizes());
      alloc.getMemref().replaceAllUsesWith(host);
    } else if (auto dealloc = dyn_cast<gpu::DeallocOp>(op)) {
      memref::DeallocOp::create(b, op->getLoc(), dealloc.getMemref());
    }
    op->dropAllUses();
  }
  for (Operation *op : ops) {
    op->dropAllReferences();
    op->erase();
  }
}

namespace {
struct MDHGPUEmulateOnHost
    : mdh::impl::MDHGPUEmulateOnHostBase<MDHGPUEmulateOnHost> {
  using Base::Base;

  void runOnOperation() override {
    std::mt19937_64 rng(seed);
    SymbolTable symbols(getOperation());
    SmallVector<gpu::LaunchOp> launches;
    getOperation().walk([&](gpu::LaunchOp op) { launches.push_back(op); });
    for (gpu::LaunchOp launch : launches)
      if (failed(LaunchEmulator(launch, rng, symbols).run()))
        return signalPassFailure();
    lowerDeviceMemory(getOperation());
  }
};
} // namespace
