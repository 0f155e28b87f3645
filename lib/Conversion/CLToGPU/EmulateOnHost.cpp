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
// thread ids). A missing barrier then shows up as a read of data another thread
// has not written yet: poison (shared memory is poisoned at block start) or
// stale values.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <numeric>
#include <random>

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHGPUEMULATEONHOST
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;

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

namespace {
/// Emulates one gpu.launch.
class LaunchEmulator {
public:
  LaunchEmulator(gpu::LaunchOp launch, std::mt19937_64 &rng,
                 SymbolTable &symbols)
      : launch(launch), rng(rng), symbols(symbols) {}

  LogicalResult run();

private:
  LogicalResult assignSegments(Block &block);
  void emitBlock(Block &block, OpBuilder &b);
  void emitSegment(ArrayRef<Operation *> ops, OpBuilder &b);
  Value getUniform(Value v, OpBuilder &b);
  void mapOperand(Value v, IRMapping &map, Value tid, OpBuilder &b);
  void indexPrivates(Operation *root, Value tid);
  void emitShuffle(gpu::ShuffleOp op, IRMapping &map, Value tid, OpBuilder &b);

  gpu::LaunchOp launch;
  std::mt19937_64 &rng;
  /// The module's symbols, for the thread-order tables.
  SymbolTable &symbols;
  int64_t block[3] = {1, 1, 1};
  int64_t threads = 1;
  int nextSegment = 0;
  /// The barrier interval of each op of the body (nested ops included);
  /// ops with barriers inside have none.
  DenseMap<Operation *, int> segmentOf;
  /// Values of the body that one interval defines and another uses, with
  /// their per-thread storage.
  DenseMap<Value, Value> demoted;
  /// Values that are the same for all threads of a block: block ids,
  /// sizes, shared memory, induction variables of loops with barriers.
  IRMapping uniform;
  /// Private attributions and their per-thread storage.
  DenseMap<Value, Value> privates;
};
} // namespace

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

/// A value the same on all threads, at the level of the block (outside the
/// thread loops): mapped, or kept per thread (then thread 0's copy).
Value LaunchEmulator::getUniform(Value v, OpBuilder &b) {
  if (Value mapped = uniform.lookupOrNull(v))
    return mapped;
  if (Value storage = demoted.lookup(v)) {
    Value zero = arith::ConstantIndexOp::create(b, v.getLoc(), 0);
    return memref::LoadOp::create(b, v.getLoc(), storage, zero);
  }
  return v;
}

void LaunchEmulator::mapOperand(Value v, IRMapping &map, Value tid,
                                OpBuilder &b) {
  if (map.contains(v))
    return;
  if (Value mapped = uniform.lookupOrNull(v)) {
    map.map(v, mapped);
  } else if (Value storage = privates.lookup(v)) {
    // Indexed by the thread first; see indexPrivates.
    map.map(v, storage);
  } else if (Value storage = demoted.lookup(v)) {
    map.map(v, memref::LoadOp::create(b, v.getLoc(), storage, tid));
  }
}

/// Accesses to private buffers in `root` (now to the buffer of all threads)
/// get the thread as their first index.
void LaunchEmulator::indexPrivates(Operation *root, Value tid) {
  // Not yet indexed by the thread: one index fewer than the buffer's rank.
  auto isPrivate = [&](Value memref, size_t numIndices) {
    return numIndices + 1 ==
               static_cast<size_t>(
                   cast<MemRefType>(memref.getType()).getRank()) &&
           llvm::any_of(privates,
                        [&](auto &entry) { return entry.second == memref; });
  };
  // In place, so that the mapping of the results stays valid.
  root->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op);
        load && isPrivate(load.getMemRef(), load.getIndices().size()))
      op->insertOperands(1, tid);
    else if (auto store = dyn_cast<memref::StoreOp>(op);
             store && isPrivate(store.getMemRef(), store.getIndices().size()))
      op->insertOperands(2, tid);
  });
}

/// Thread `tid` reads the operand of the shuffle's source lane from the
/// operand's per-thread storage (its interval ended before this one). The
/// lanes of a group of `width` are consecutive linear thread ids; a source
/// outside the group or the block is invalid and reads the thread's own.
void LaunchEmulator::emitShuffle(gpu::ShuffleOp op, IRMapping &map, Value tid,
                                 OpBuilder &b) {
  Location loc = op.getLoc();
  auto index = [&](Value v) -> Value {
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                        map.lookupOrDefault(v));
  };
  auto cmp = [&](arith::CmpIPredicate pred, Value x, Value y) -> Value {
    return arith::CmpIOp::create(b, loc, pred, x, y);
  };
  Value offset = index(op.getOffset()), width = index(op.getWidth());
  Value lane = arith::RemUIOp::create(b, loc, tid, width);
  Value src;
  Value valid;
  switch (op.getMode()) {
  case gpu::ShuffleMode::DOWN:
    src = arith::AddIOp::create(b, loc, lane, offset);
    break;
  case gpu::ShuffleMode::UP:
    src = arith::SubIOp::create(b, loc, lane, offset);
    valid = cmp(arith::CmpIPredicate::uge, lane, offset);
    break;
  case gpu::ShuffleMode::XOR:
    src = arith::XOrIOp::create(b, loc, lane, offset);
    break;
  case gpu::ShuffleMode::IDX:
    src = offset;
    break;
  }
  Value inGroup = cmp(arith::CmpIPredicate::ult, src, width);
  valid = valid ? arith::AndIOp::create(b, loc, valid, inGroup) : inGroup;
  Value from = arith::AddIOp::create(
      b, loc, arith::SubIOp::create(b, loc, tid, lane), src);
  valid = arith::AndIOp::create(
      b, loc, valid,
      cmp(arith::CmpIPredicate::ult, from,
          arith::ConstantIndexOp::create(b, loc, threads)));
  Value result;
  if (Value storage = demoted.lookup(op.getValue())) {
    from = arith::SelectOp::create(b, loc, valid, from, tid);
    result = memref::LoadOp::create(b, loc, storage, from);
  } else {
    // The same on every thread (defined outside the intervals).
    result = map.lookupOrDefault(op.getValue());
  }
  map.map(op.getShuffleResult(), result);
  map.map(op.getValid(), valid);
}

void LaunchEmulator::emitSegment(ArrayRef<Operation *> ops, OpBuilder &b) {
  Location loc = ops.front()->getLoc();
  // A shuffled order, read from a constant table: thread i of the loop is
  // order[i]. An order computed from i (such as (a * i + c) mod threads)
  // makes the thread id an affine recurrence wrapped by a mask, and LLVM 22's
  // loop vectorizer then vectorizes the thread loop as if consecutive
  // threads accessed consecutive elements, ignoring the wrap: wrong results
  // and writes out of bounds (a scan over a `ps` dimension, issue 19). A
  // table load is opaque to it. Fisher-Yates with the raw generator, so that
  // a seed gives the same order with every C++ library.
  //
  // The identity order (the only one of one thread, one in two of two
  // threads) is the loop index itself, without a table: its table, [0] or
  // [0, 1], holds the low-bits masks (1 << i) - 1, and LLVM 22's X86 backend
  // (hosts with BMI2) takes `and (load table[i]), m` for a BZHI (m with the
  // bits from i up cleared) and then folds it for m = 1 to the constant 1,
  // wrong for i = 0: `tid & 1` of two threads was 1 for both, which left
  // outputs unwritten and wrote out of bounds (issue 19). No other
  // permutation is such a table (three threads would need order[2] = 3).
  SmallVector<int32_t> order(threads);
  std::iota(order.begin(), order.end(), 0);
  for (int64_t i = threads - 1; i > 0; --i)
    std::swap(order[i], order[rng() % static_cast<uint64_t>(i + 1)]);
  bool identity = llvm::equal(order, llvm::seq<int32_t>(0, threads));
  auto tableType = MemRefType::get({threads}, b.getI32Type());
  memref::GlobalOp table;
  if (!identity) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&symbols.getOp()->getRegion(0).front());
    table = memref::GlobalOp::create(
        b, loc, "__mdh_thread_order", b.getStringAttr("private"), tableType,
        DenseElementsAttr::get(RankedTensorType::get({threads}, b.getI32Type()),
                               ArrayRef<int32_t>(order)),
        /*constant=*/true, /*alignment=*/IntegerAttr());
    symbols.insert(table); // Renamed if the name is taken.
  }
  Value orderTable;
  if (table)
    orderTable =
        memref::GetGlobalOp::create(b, loc, tableType, table.getSymName());
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto loop = scf::ForOp::create(b, loc, cst(0), cst(threads), cst(1));
  OpBuilder tb = OpBuilder::atBlockBegin(loop.getBody());
  auto tcst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(tb, loc, v);
  };
  Value tid = loop.getInductionVar();
  if (orderTable) {
    Value entry = memref::LoadOp::create(tb, loc, orderTable, ValueRange{tid});
    tid = arith::IndexCastUIOp::create(tb, loc, tb.getIndexType(), entry);
  }
  Value tx = arith::RemUIOp::create(tb, loc, tid, tcst(block[0]));
  Value rest = arith::DivUIOp::create(tb, loc, tid, tcst(block[0]));
  Value ty = arith::RemUIOp::create(tb, loc, rest, tcst(block[1]));
  Value tz = arith::DivUIOp::create(tb, loc, rest, tcst(block[1]));

  IRMapping map;
  gpu::KernelDim3 ids = launch.getThreadIds();
  map.map(ids.x, tx);
  map.map(ids.y, ty);
  map.map(ids.z, tz);
  for (Operation *op : ops) {
    // Operands of the op and of the ops nested in it that come from outside.
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        mapOperand(operand, map, tid, tb);
    });
    if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op)) {
      emitShuffle(shuffle, map, tid, tb);
    } else {
      // (Maps the op's results to the clone's.)
      indexPrivates(tb.clone(*op, map), tid);
    }
    for (Value result : op->getResults())
      if (Value storage = demoted.lookup(result))
        memref::StoreOp::create(tb, loc, map.lookup(result), storage, tid);
  }
}

void LaunchEmulator::emitBlock(Block &body, OpBuilder &b) {
  SmallVector<Operation *> run;
  int runSegment = -1;
  auto flush = [&] {
    if (!run.empty())
      emitSegment(run, b);
    run.clear();
  };
  for (Operation &op : body) {
    auto it = segmentOf.find(&op);
    if (it != segmentOf.end()) {
      if (it->second != runSegment)
        flush();
      runSegment = it->second;
      run.push_back(&op);
      continue;
    }
    flush();
    runSegment = -1;
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      auto emulated = scf::ForOp::create(
          b, loop.getLoc(), getUniform(loop.getLowerBound(), b),
          getUniform(loop.getUpperBound(), b), getUniform(loop.getStep(), b));
      uniform.map(loop.getInductionVar(), emulated.getInductionVar());
      OpBuilder lb = OpBuilder::atBlockBegin(emulated.getBody());
      emitBlock(*loop.getBody(), lb);
    } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
      // Thread 0's condition: it is the same on every thread.
      bool withElse = !branch.getElseRegion().empty();
      auto emulated = scf::IfOp::create(
          b, branch.getLoc(), getUniform(branch.getCondition(), b), withElse);
      OpBuilder tb = OpBuilder::atBlockBegin(emulated.thenBlock());
      emitBlock(*branch.thenBlock(), tb);
      if (withElse) {
        OpBuilder eb = OpBuilder::atBlockBegin(emulated.elseBlock());
        emitBlock(*branch.elseBlock(), eb);
      }
    }
    // Barriers, terminators and dynamic shared memory need no code here.
  }
  flush();
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
    Value alloc = allocate(cast<MemRefType>(arg.getType()));
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
