//===- EmulateIntervals.cpp - Barrier intervals as loops over threads -----===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The code of an emulated gpu.launch (LaunchEmulator.h): each barrier
// interval a loop over the block's threads (or, between barriers, over a
// warp's lanes, warp by warp, where the code shuffles) in a shuffled
// order; values that cross intervals go through per-thread storage, and a
// shuffle reads its source lane's.
//
//===----------------------------------------------------------------------===//

#include "LaunchEmulator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <numeric>

using namespace mlir;
using namespace mlir::mdh::emulation;

/// A value the same on all threads, at the level of the block (outside the
/// thread loops): mapped, or kept per thread (then the copy of thread 0, or
/// of the warp's first thread: the warp may run before thread 0's).
Value LaunchEmulator::getUniform(Value v, OpBuilder &b, Value warp) {
  if (Value mapped = uniform.lookupOrNull(v))
    return mapped;
  if (Value storage = demoted.lookup(v)) {
    Value first =
        warp ? warp : arith::ConstantIndexOp::create(b, v.getLoc(), 0);
    return memref::LoadOp::create(b, v.getLoc(), storage, first);
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

Value LaunchEmulator::permute(OpBuilder &outer, OpBuilder &inner, Location loc,
                              int64_t count, Value iv) {
  // A shuffled order, read from a constant table: iteration i is order[i].
  // An order computed from i (such as (a * i + c) mod threads) makes the
  // thread id an affine recurrence wrapped by a mask, and LLVM 22's loop
  // vectorizer then vectorizes the thread loop as if consecutive threads
  // accessed consecutive elements, ignoring the wrap: wrong results and
  // writes out of bounds (a scan over a `ps` dimension, issue 19). A table
  // load is opaque to it. Fisher-Yates with the raw generator, so that a
  // seed gives the same order with every C++ library.
  //
  // The identity order (the only one of one thread, one in two of two
  // threads) is the loop index itself, without a table: its table, [0] or
  // [0, 1], holds the low-bits masks (1 << i) - 1, and LLVM 22's X86 backend
  // (hosts with BMI2) takes `and (load table[i]), m` for a BZHI (m with the
  // bits from i up cleared) and then folds it for m = 1 to the constant 1,
  // wrong for i = 0: `tid & 1` of two threads was 1 for both, which left
  // outputs unwritten and wrote out of bounds (issue 19). No other
  // permutation is such a table (three threads would need order[2] = 3).
  SmallVector<int32_t> order(count);
  std::iota(order.begin(), order.end(), 0);
  for (int64_t i = count - 1; i > 0; --i)
    std::swap(order[i], order[rng() % static_cast<uint64_t>(i + 1)]);
  if (llvm::equal(order, llvm::seq<int32_t>(0, count)))
    return iv;
  auto tableType = MemRefType::get({count}, outer.getI32Type());
  memref::GlobalOp table;
  {
    OpBuilder b(outer.getContext());
    b.setInsertionPointToStart(&symbols.getOp()->getRegion(0).front());
    table = memref::GlobalOp::create(
        b, loc, "__mdh_thread_order", b.getStringAttr("private"), tableType,
        DenseElementsAttr::get(RankedTensorType::get({count}, b.getI32Type()),
                               ArrayRef<int32_t>(order)),
        /*constant=*/true, /*alignment=*/IntegerAttr());
    symbols.insert(table); // Renamed if the name is taken.
  }
  Value orderTable =
      memref::GetGlobalOp::create(outer, loc, tableType, table.getSymName());
  Value entry = memref::LoadOp::create(inner, loc, orderTable, ValueRange{iv});
  return arith::IndexCastUIOp::create(inner, loc, inner.getIndexType(), entry);
}

void LaunchEmulator::emitSegment(ArrayRef<Operation *> ops, OpBuilder &b,
                                 Value warp) {
  Location loc = ops.front()->getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // All threads of the block, or the lanes of one warp, in a shuffled order.
  int64_t count = warp ? kWarpSize : threads;
  auto loop = scf::ForOp::create(b, loc, cst(0), cst(count), cst(1));
  OpBuilder tb = OpBuilder::atBlockBegin(loop.getBody());
  auto tcst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(tb, loc, v);
  };
  OpBuilder before(loop);
  Value tid = permute(before, tb, loc, count, loop.getInductionVar());
  if (warp)
    tid = arith::AddIOp::create(tb, loc, warp, tid);
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

/// Whether `op` is or holds a barrier / a shuffle.
static bool holds(Operation *op, bool barrier) {
  return op
      ->walk([&](Operation *nested) {
        return (barrier ? isa<gpu::BarrierOp>(nested)
                        : isa<gpu::ShuffleOp>(nested))
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

void LaunchEmulator::emitBlock(Block &body, OpBuilder &b, Value warp) {
  SmallVector<Operation *> ops =
      llvm::map_to_vector(body, [](Operation &op) { return &op; });
  if (warp) {
    emitOps(ops, b, warp);
    return;
  }
  // Between barriers, the ops that shuffle run warp by warp (the warps in a
  // shuffled order, every interval of one warp before the next warp's):
  // shuffles synchronise a warp, not the block, so code that reads another
  // warp's writes without a barrier in between reads poison or stale data.
  SmallVector<Operation *> span;
  auto flush = [&] {
    if (span.empty())
      return;
    if (!llvm::any_of(span, [](Operation *op) { return holds(op, false); })) {
      emitOps(span, b, {});
    } else {
      Location loc = span.front()->getLoc();
      auto cst = [&](int64_t v) -> Value {
        return arith::ConstantIndexOp::create(b, loc, v);
      };
      auto loop =
          scf::ForOp::create(b, loc, cst(0), cst(threads / kWarpSize), cst(1));
      OpBuilder wb = OpBuilder::atBlockBegin(loop.getBody());
      OpBuilder before(loop);
      Value w =
          permute(before, wb, loc, threads / kWarpSize, loop.getInductionVar());
      Value first = arith::MulIOp::create(
          wb, loc, w, arith::ConstantIndexOp::create(wb, loc, kWarpSize));
      emitOps(span, wb, first);
    }
    span.clear();
  };
  for (Operation *op : ops) {
    if (holds(op, true) || isa<gpu::TerminatorOp>(op)) {
      flush();
      emitOps({op}, b, {});
      continue;
    }
    span.push_back(op);
  }
  flush();
}

void LaunchEmulator::emitOps(ArrayRef<Operation *> ops, OpBuilder &b,
                             Value warp) {
  SmallVector<Operation *> run;
  int runSegment = -1;
  auto flush = [&] {
    if (!run.empty())
      emitSegment(run, b, warp);
    run.clear();
  };
  for (Operation *opPtr : ops) {
    Operation &op = *opPtr;
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
          b, loop.getLoc(), getUniform(loop.getLowerBound(), b, warp),
          getUniform(loop.getUpperBound(), b, warp),
          getUniform(loop.getStep(), b, warp));
      uniform.map(loop.getInductionVar(), emulated.getInductionVar());
      OpBuilder lb = OpBuilder::atBlockBegin(emulated.getBody());
      emitBlock(*loop.getBody(), lb, warp);
    } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
      // Thread 0's condition (the warp's first thread's): it is the same on
      // every thread.
      bool withElse = !branch.getElseRegion().empty();
      auto emulated = scf::IfOp::create(
          b, branch.getLoc(), getUniform(branch.getCondition(), b, warp),
          withElse);
      OpBuilder tb = OpBuilder::atBlockBegin(emulated.thenBlock());
      emitBlock(*branch.thenBlock(), tb, warp);
      if (withElse) {
        OpBuilder eb = OpBuilder::atBlockBegin(emulated.elseBlock());
        emitBlock(*branch.elseBlock(), eb, warp);
      }
    }
    // Barriers, terminators and dynamic shared memory need no code here.
  }
  flush();
}
