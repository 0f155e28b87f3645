//===- AccumulateInRegisters.cpp - Register tiles of partial results ------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// For an accumulation
//
//   for i3 ... step 6 {                      <- S: the body of this loop
//     for k3 ... {                           reduction loop
//       for i = i3 to min(i3 + 6, hi) {     point loop (<= 6 trips)
//         for k = k3 to min(k3 + 1, hk) {   reduction loop
//           accumulate v into C[i] first F
//
// the result becomes
//
//   for i3 ... step 6 {
//     acc = buffer register : memref<6xf32>
//     for k3 ... { for i ... { for k ... {               <- the nest
//       accumulate v into acc[i - i3] first (k3 == lb(k3) && k == k3)
//       flag = (k3 == lb(k3) && k == k3) ? F : flag
//     }}}
//     for i = i3 to min(i3 + 6, hi) {                    <- the flush
//       accumulate acc[i - i3] into C[i] first flag
//     }
//
// The loops between the accumulation and S are point loops with a small
// trip count, loops over a thread's part of a tile that run at most once
// (one point, index 0), and reduction loops; S is the body of the first
// loop (or thread loop) of any other kind, or the branch of an `scf.if`
// (the GPU lowering's version for full blocks). The flush follows the outermost
// of those loops (the nest), so code after the nest in S may read the
// partial results (the combine of the threads' results in GPU code); inside
// the nest only the accumulation may touch them.
//
// "First trip of every reduction loop" marks a cell's first contribution
// when every reduction loop runs whenever it is reached (`k = k3 to
// min(k3 + 1, hk)` inside `k3 < hk`). GPU code also has reduction loops
// that may run zero times (the k range of an idle thread in the last shared
// tile, `[lo + t, min(lo + t + 1, hi))`); then a register flag per cell,
// cleared before the nest, says whether the cell holds a contribution: the
// first is where it is clear, and the flush skips the cells that hold
// nothing.
//
// The flags are cleared before the nest too: their update reads them at a
// cell's first contribution, before anything was written.
//
// With `start-at-identity` (GPU code; the CPU vectorizer rebuilds the nest
// from the `first` flags instead), when every reduction loop runs whenever
// it is reached and the combiner
// is a builtin operator with an exact identity for the tile's element types
// (-0 for floating-point add), the tile starts at that identity instead and
// every contribution inside the nest combines unconditionally: one FMA per
// point of a contraction instead of `first ? v : acc + v`.
//
// `acc` is private to the thread and small, so the LLVM lowering keeps it
// in registers (or at least in L1, unshared).
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"
#include "LoopBounds.h"
#include "TargetFacts.h"
#include "TileVectorizer.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLACCUMULATEINREGISTERS
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

namespace {

/// One loop between the accumulation and the boundary of its register
/// tile.
struct Loop {
  ForOp op;
  /// The induction variable does not reach the accumulation's indices.
  bool reduction;
  /// Point loops: at most this many trips.
  int64_t trips = 0;
};

/// Whether `v` is computed from `iv`; the induction variable of a loop
/// depends on whatever its bounds depend on.
static bool dependsOn(Value v, Value iv, DenseMap<Value, bool> &cache) {
  if (v == iv)
    return true;
  auto it = cache.find(v);
  if (it != cache.end())
    return it->second;
  bool result = false;
  auto any = [&](ValueRange values) {
    return llvm::any_of(
        values, [&](Value operand) { return dependsOn(operand, iv, cache); });
  };
  if (Operation *def = v.getDefiningOp()) {
    result = any(def->getOperands());
  } else if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<ForOp, ParForOp>(owner))
      result = any(owner->getOperands());
  }
  cache[v] = result;
  return result;
}

/// Whether `v` is available just after `nest`, an op of block `s`: defined
/// outside the ops nested in `s`, or in `s` before `nest`.
static bool availableAfter(Value v, Block *s, Operation *nest) {
  Operation *owner = s->getParentOp();
  Region *region = v.getParentRegion();
  Operation *defOp = region ? region->getParentOp() : nullptr;
  if (!defOp)
    return true;
  if (v.getParentBlock() == s) {
    Operation *def = v.getDefiningOp();
    return !def || def->isBeforeInBlock(nest);
  }
  return !owner->isAncestor(defOp);
}

class Rewriter {
public:
  Rewriter(AccumulateOp op, int64_t maxCells, bool startAtIdentity)
      : op(op), maxCells(maxCells), startAtIdentity(startAtIdentity) {}

  /// Rewrites the accumulation; false (and nothing changed) when it does
  /// not have the shape this pass handles.
  bool run();

private:
  bool analyze();
  /// Clones into `b`, after the nest, what `v` needs from inside it (pure
  /// ops, and the point loops' induction variables through `mapping`);
  /// sets `failedToMaterialize` when that is not possible.
  Value materialize(OpBuilder &b, Value v, IRMapping &mapping);

  /// The outermost loop of the register tile's nest, an op of S: the flush
  /// follows it.
  Operation *nest() const { return loops.back().op; }

  AccumulateOp op;
  int64_t maxCells;
  bool startAtIdentity;
  Block *s = nullptr;
  SmallVector<Loop> loops; // inner to outer
  /// Whether a reduction loop may run zero times (an idle GPU thread's
  /// range): then `started`, a register flag per cell, says whether the
  /// cell holds a contribution yet (the first one is where it is false),
  /// and the flush skips the cells that hold nothing.
  bool trackStarted = false;
  /// Start the register tiles at the combiner's identity (see above).
  bool fromIdentity = false;
  bool failedToMaterialize = false;
};

} // namespace

bool Rewriter::analyze() {
  Operation *child = op;
  // The cells of the point loops so far, and whether a reduction loop
  // among the loops so far may run more than once (the tile then saves
  // combines into memory).
  int64_t cells = 1;
  bool accumulates = false;
  for (Operation *p = op->getParentOp(); p; child = p, p = p->getParentOp()) {
    if (auto parFor = dyn_cast<ParForOp>(p)) {
      s = &parFor.getBody().front();
      break;
    }
    // A version of the code (GPU blocks whose tiles are full): the nest
    // ends at the branch.
    if (isa<scf::IfOp>(p)) {
      s = child->getBlock();
      break;
    }
    auto loop = dyn_cast<ForOp>(p);
    if (!loop)
      return false;
    Value iv = loop.getInductionVar();
    // The cache holds the answers for one induction variable.
    DenseMap<Value, bool> cache;
    bool reduction = llvm::none_of(op.getIndices(), [&](Value index) {
      return dependsOn(index, iv, cache);
    });
    if (reduction) {
      std::optional<int64_t> span =
          spanBound(loop.getLowerBound(), loop.getUpperBound());
      std::optional<int64_t> stride = getConstantIntValue(loop.getStep());
      accumulates |= !span || !stride || *span > *stride;
      loops.push_back({loop, true});
      continue;
    }
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    std::optional<int64_t> trips =
        spanBound(loop.getLowerBound(), loop.getUpperBound());
    if (step == 1 && trips && *trips >= 1) {
      // A loop over the tiles of a level whose tile is one point looks like
      // a point loop (the tile loop of a register tile that spans the whole
      // extent was removed as single-trip): the tile ends below it when it
      // would take too many cells and the nest below accumulates.
      if (accumulates && cells > 1 && cells * *trips > maxCells) {
        s = &loop.getBody().front();
        break;
      }
      cells *= *trips;
      loops.push_back({loop, false, *trips});
      continue;
    }
    // A loop over a thread's part of a tile that runs at most once (its
    // span is at most its step; GPU code has one per level between the
    // threads and the register tile): one point of the register tile, so
    // that the tile can live across the shared tiles' reduction loops
    // around it.
    if (step && *step > 1 && trips && *trips <= *step) {
      loops.push_back({loop, false, 1});
      continue;
    }
    s = &loop.getBody().front();
    break;
  }
  if (!s || loops.empty())
    return false;

  // The register tile must be small and the flag must not depend on the
  // points. (The point loops' bounds are recomputed after the nest by
  // `run`, which gives up when it cannot.)
  for (Loop &loop : loops) {
    if (loop.reduction)
      continue;
    DenseMap<Value, bool> cache;
    if (dependsOn(op.getFirst(), loop.op.getInductionVar(), cache))
      return false;
  }
  if (cells > maxCells)
    return false;
  // The first contribution to a cell is at the first trip of every
  // reduction loop when they all run whenever they are reached; otherwise a
  // register flag per cell says whether the cell holds anything yet.
  trackStarted = llvm::any_of(loops, [](Loop &loop) {
    return loop.reduction &&
           !provablyNonEmpty(loop.op.getLowerBound(), loop.op.getUpperBound());
  });
  mdh::CombinerAttr combiner = op.getCombiner();
  fromIdentity = startAtIdentity && !trackStarted && combiner.isReduction() &&
                 combiner.getOp() && llvm::all_of(op.getValues(), [&](Value v) {
                   return v.getType().isIntOrFloat() &&
                          vectorize::identityOf(*combiner.getOp(), v.getType());
                 });
  // Nothing else in the nest may touch the partial results (the flush
  // comes right after it).
  for (Value buffer : op.getBuffers())
    for (Operation *user : buffer.getUsers())
      if (user != op && nest()->isAncestor(user))
        return false;
  return true;
}

Value Rewriter::materialize(OpBuilder &b, Value v, IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(v))
    return mapped;
  if (availableAfter(v, s, nest()))
    return v;
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumRegions() != 0 || !isMemoryEffectFree(def)) {
    failedToMaterialize = true;
    return v;
  }
  for (Value operand : def->getOperands())
    materialize(b, operand, mapping);
  Operation *clone = b.clone(*def, mapping);
  return clone->getResult(cast<OpResult>(v).getResultNumber());
}

bool Rewriter::run() {
  if (!analyze())
    return false;
  Location loc = op.getLoc();
  OpBuilder b(op.getContext());
  auto region = MemRegionAttr::get(op.getContext(), MemRegion::Register);
  Type i1 = b.getI1Type();

  SmallVector<Loop *> points;
  for (Loop &loop : llvm::reverse(loops))
    if (!loop.reduction)
      points.push_back(&loop);
  SmallVector<int64_t> shape;
  for (Loop *loop : points)
    shape.push_back(loop->trips);
  if (shape.empty())
    shape.push_back(1);
  // With `trackStarted`, per cell: whether it holds a contribution, and the
  // original flag at its first one. Unlinked until the rewrite is certain.
  BufferOp started, flag;
  if (trackStarted)
    started = BufferOp::create(b, loc, MemRefType::get(shape, i1), region);
  flag = BufferOp::create(
      b, loc,
      MemRefType::get(trackStarted ? shape : SmallVector<int64_t>{1}, i1),
      region);

  // The flush is built first, into a detached block: if an index cannot be
  // recomputed there, nothing has been changed yet.
  Block flush;
  b.setInsertionPointToStart(&flush);
  IRMapping mapping;
  SmallVector<Value> accIndex;
  for (Loop *loop : points) {
    Value lb = materialize(b, loop->op.getLowerBound(), mapping);
    Value ub = materialize(b, loop->op.getUpperBound(), mapping);
    auto copy = ForOp::create(b, loc, lb, ub, loop->op.getStep());
    Block *body = b.createBlock(&copy.getBody(), {}, {b.getIndexType()}, {loc});
    mapping.map(loop->op.getInductionVar(), body->getArgument(0));
    b.setInsertionPointToStart(body);
    // A loop of one trip at most has the one index 0 (a constant, which
    // GPU compilers need to keep the tile in registers).
    accIndex.push_back(
        loop->trips == 1
            ? Value(arith::ConstantIndexOp::create(b, loc, 0))
            : Value(arith::SubIOp::create(b, loc, body->getArgument(0), lb)));
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  if (accIndex.empty())
    accIndex.push_back(zero);
  SmallVector<Value> targetIndex;
  for (Value index : op.getIndices())
    targetIndex.push_back(materialize(b, index, mapping));
  if (failedToMaterialize) {
    flush.dropAllDefinedValueUses();
    flush.clear();
    for (BufferOp buffer : {started, flag})
      if (buffer)
        buffer->destroy();
    return false;
  }

  // The register tiles and the flags, at the start of S.
  OpBuilder top = OpBuilder::atBlockBegin(s);
  SmallVector<Value> accs;
  for (Value value : op.getValues())
    accs.push_back(BufferOp::create(
        top, loc, MemRefType::get(shape, value.getType()), region));
  top.insert(flag);
  if (started)
    top.insert(started);
  // Before every run of the nest: no cell holds anything, and the flags are
  // defined. The update in the nest (`select(first here, F, flag)`) loads
  // the flag also at a cell's first contribution, where it has not been
  // written yet; a `bool` with an indeterminate value is undefined behavior
  // in the emitted C (UBSan: "load of value 16, which is not a valid value
  // for type 'bool'"), so the flags start false.
  {
    OpBuilder before(nest());
    Value no = arith::ConstantIntOp::create(before, loc, 0, 1);
    SmallVector<Value> cell;
    Value lb = arith::ConstantIndexOp::create(before, loc, 0);
    Value step = arith::ConstantIndexOp::create(before, loc, 1);
    for (int64_t extent : flag.getResult().getType().getShape()) {
      if (extent == 1) {
        cell.push_back(lb);
        continue;
      }
      Value ub = arith::ConstantIndexOp::create(before, loc, extent);
      auto loop = ForOp::create(before, loc, lb, ub, step);
      Block *body = before.createBlock(&loop.getBody(), {},
                                       {before.getIndexType()}, {loc});
      cell.push_back(body->getArgument(0));
      before.setInsertionPointToStart(body);
    }
    memref::StoreOp::create(before, loc, no, flag, cell);
    if (started)
      memref::StoreOp::create(before, loc, no, started, cell);
  }
  if (fromIdentity) {
    // Every cell of every tile starts at the identity (constant indices,
    // which GPU compilers need to keep the tiles in registers).
    OpBuilder before(nest());
    mdh::ReductionOp combiner = *op.getCombiner().getOp();
    SmallVector<Value> identities;
    for (Value value : op.getValues())
      identities.push_back(arith::ConstantOp::create(
          before, loc, vectorize::identityOf(combiner, value.getType())));
    SmallVector<int64_t> cell(shape.size(), 0);
    for (int64_t n = 0, e = computeProduct(shape); n < e; ++n) {
      int64_t rest = n;
      for (unsigned k = shape.size(); k-- > 0;) {
        cell[k] = rest % shape[k];
        rest /= shape[k];
      }
      SmallVector<Value> index;
      for (int64_t i : cell)
        index.push_back(arith::ConstantIndexOp::create(before, loc, i));
      for (auto [acc, identity] : llvm::zip_equal(accs, identities))
        memref::StoreOp::create(before, loc, identity, acc, index);
    }
  }

  // Finish the flush: read the tiles and the flag, combine into the
  // original partial results (cells that hold something).
  SmallVector<Value> flagIndex = started ? accIndex : SmallVector<Value>{zero};
  if (started) {
    Value any = memref::LoadOp::create(b, loc, started, accIndex);
    auto guard = scf::IfOp::create(b, loc, any, /*withElseRegion=*/false);
    b.setInsertionPoint(guard.thenBlock()->getTerminator());
  }
  SmallVector<Value> values;
  for (Value acc : accs)
    values.push_back(memref::LoadOp::create(b, loc, acc, accIndex));
  Value first = memref::LoadOp::create(b, loc, flag, flagIndex);
  AccumulateOp::create(b, loc, values, op.getBuffers(), targetIndex, first,
                       op.getCombiner());
  s->getOperations().splice(std::next(nest()->getIterator()),
                            flush.getOperations());

  // Inside the nest: the first contribution to a tile cell is at the first
  // trip of every reduction loop, or where the cell's `started` is false.
  b.setInsertionPoint(op);
  Value yes = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value firstInS = yes;
  for (Loop &loop : loops) {
    if (!loop.reduction || started)
      continue;
    Value atFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          loop.op.getInductionVar(),
                                          loop.op.getLowerBound());
    firstInS = arith::AndIOp::create(b, loc, firstInS, atFirst);
  }
  Value zeroIn = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> inner;
  for (Loop *loop : points)
    inner.push_back(loop->trips == 1 ? zeroIn
                                     : Value(arith::SubIOp::create(
                                           b, loc, loop->op.getInductionVar(),
                                           loop->op.getLowerBound())));
  if (inner.empty())
    inner.push_back(zeroIn);
  if (started) {
    Value was = memref::LoadOp::create(b, loc, started, inner);
    firstInS = arith::XOrIOp::create(b, loc, was, yes);
  }
  Value firstInTile = fromIdentity
                          ? Value(arith::ConstantIntOp::create(b, loc, 0, 1))
                          : firstInS;
  AccumulateOp::create(b, loc, op.getValues(), accs, inner, firstInTile,
                       op.getCombiner());
  SmallVector<Value> flagIn = started ? inner : SmallVector<Value>{zeroIn};
  Value old = memref::LoadOp::create(b, loc, flag, flagIn);
  Value updated = arith::SelectOp::create(b, loc, firstInS, op.getFirst(), old);
  memref::StoreOp::create(b, loc, updated, flag, flagIn);
  if (started)
    memref::StoreOp::create(b, loc, yes, started, inner);
  op.erase();
  return true;
}

/// The register tiles of the two branches of an `scf.if` (GPU code's full
/// and partial blocks), at any depth, become one tile created before it.
/// The branches are exclusive and every tile is written before it is read
/// wherever it is created, so sharing is free; separate tiles are not: LLVM
/// merges the branches' identical flushes into one load through a phi of the
/// two tiles' addresses, which keeps them in local memory (an 8-byte stack
/// frame in MCC_Capsule's NVVM code).
static void shareBranchTiles(Operation *root) {
  root->walk([](scf::IfOp ifOp) {
    if (ifOp.getElseRegion().empty())
      return;
    // Not across a parallel loop: a tile is private to its unit (thread).
    auto tiles = [&](Block *block) {
      SmallVector<BufferOp> result;
      block->walk([&](BufferOp buffer) {
        if (buffer.getRegion() != MemRegion::Register)
          return;
        for (Operation *p = buffer->getParentOp(); p != ifOp;
             p = p->getParentOp())
          if (isa<ParForOp>(p))
            return;
        result.push_back(buffer);
      });
      return result;
    };
    SmallVector<BufferOp> others = tiles(ifOp.elseBlock());
    for (BufferOp tile : tiles(ifOp.thenBlock())) {
      auto *other = llvm::find_if(others, [&](BufferOp o) {
        return o && o.getType() == tile.getType();
      });
      if (other == others.end())
        continue;
      tile->moveBefore(ifOp);
      other->replaceAllUsesWith(tile.getResult());
      other->erase();
      *other = nullptr;
    }
  });
}

namespace {
struct AccumulateInRegistersPass
    : mdh_cl::impl::MDHCLAccumulateInRegistersBase<AccumulateInRegistersPass> {
  using Base::Base;

  void runOnOperation() override {
    // Point-loop bounds must be available at the end of S.
    hoistLoopInvariants(getOperation());
    SmallVector<AccumulateOp> ops;
    getOperation()->walk([&](AccumulateOp op) { ops.push_back(op); });
    Counts counts;
    for (AccumulateOp op : ops) {
      // The op is gone after a rewrite; its parent is not.
      Operation *parent = op->getParentOp();
      // A CPU target whose vector registers hold more than the default
      // (AVX-512: 384 f32 words) allows register tiles that large.
      int64_t cells = maxCells;
      if (cells == 0) {
        cells = 256;
        if (mdh_ll::OpenMPTargetAttr target = getCPUTarget(op))
          cells = std::max<int64_t>(cells, getRegisterTileWords(target));
      }
      if (Rewriter(op, cells, startAtIdentity).run())
        counts.add(parent);
    }
    shareBranchTiles(getOperation());
    counts.finish(numAccumulations, report, getArgument(),
                  "accumulations moved into register tiles");
  }
};
} // namespace
