//===- VectorizeRegisterTiles.cpp - Register tiles as vector values -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// After `mdh-cl-accumulate-in-registers`, a register tile is a `register`
// buffer that a loop nest N accumulates into:
//
//   acc = buffer register : memref<6x16xf32>
//   for k ...                                  reduction loops
//     for i = i0 to min(i0 + 6, ..)            point loops, one per acc dim
//       for j = j0 to min(j0 + 16, ..)
//         v = mulf(A[i, k], B[k, j])
//         accumulate v into acc[i - i0, j - j0] first (k == lb(k))
//
// On a full tile (every point loop runs its whole extent) this pass
// replaces N by
//
//   %r:12 = scf.for k ... iter_args(%a = identity x 12) {
//     per row i (unrolled) and 8-lane chunk c of j:
//       %a_ic = vector.fma(broadcast(A[i0 + i, k]),
//                          vector.load B[k, j0 + 8c], %a_ic)
//   }
//   vector.store %r_ic, acc[i, 8c]
//
// so the accumulators are vector SSA values (DESIGN §9: register tiles
// must not be memref buffers) and partial tiles keep the scalar nest. The
// point loop of the last acc dimension becomes the vector lanes (point
// mode); every load that depends on it must be contiguous along it. If
// that fails, the trips of a reduction loop become the lanes (reduction
// mode): whole vectors, one masked vector for the rest, and a
// vector.reduction per tile cell at the end (few cells: groups of vectors
// with partial results of their own, emitLaneGroups). Starting from the
// combiner's identity is exact because `first` holds exactly at the first
// trip of N's reduction loops (checked). A lane-wise custom combiner
// (isLaneWise) has no identity: reduction mode only, with a mask of the
// lanes that hold a partial result, folded lane by lane at the end.
//
//===----------------------------------------------------------------------===//
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"
#include "TargetFacts.h"
#include "TileVectorizer.h"

#include "mdh/Dialect/HL/Combine.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLVECTORIZEREGISTERTILES
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;
using namespace mlir::mdh_cl::vectorize;

TypedAttr vectorize::identityOf(ReductionOp op, Type type) {
  Builder b(type.getContext());
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    switch (op) {
    case ReductionOp::add:
      // -0 + x == x for every x, including -0 (+0 + -0 is +0).
      return b.getFloatAttr(ft, llvm::APFloat::getZero(sem, /*Negative=*/true));
    case ReductionOp::mul:
      return b.getFloatAttr(ft, 1.0);
    case ReductionOp::max:
      return b.getFloatAttr(ft, llvm::APFloat::getInf(sem, /*Negative=*/true));
    case ReductionOp::min:
      return b.getFloatAttr(ft, llvm::APFloat::getInf(sem));
    default:
      return {};
    }
  }
  auto it = dyn_cast<IntegerType>(type);
  if (!it)
    return {};
  unsigned w = it.getWidth();
  switch (op) {
  case ReductionOp::add:
  case ReductionOp::Or:
  case ReductionOp::Xor:
  case ReductionOp::maxui:
    return b.getIntegerAttr(it, llvm::APInt::getZero(w));
  case ReductionOp::mul:
    return b.getIntegerAttr(it, llvm::APInt(w, 1));
  case ReductionOp::maxsi:
    return b.getIntegerAttr(it, llvm::APInt::getSignedMinValue(w));
  case ReductionOp::minsi:
    return b.getIntegerAttr(it, llvm::APInt::getSignedMaxValue(w));
  case ReductionOp::minui:
  case ReductionOp::And:
    return b.getIntegerAttr(it, llvm::APInt::getAllOnes(w));
  default:
    return {};
  }
}

bool Vectorizer::checkFirst(Value first) {
  // `first` is the conjunction of `iv == lb` over N's reduction loops.
  DenseSet<Operation *> seen;
  SmallVector<Value> work{first};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (matchPattern(v, m_One()))
      continue;
    if (auto andOp = v.getDefiningOp<arith::AndIOp>()) {
      work.append({andOp.getLhs(), andOp.getRhs()});
      continue;
    }
    auto cmp = v.getDefiningOp<arith::CmpIOp>();
    if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::eq)
      return false;
    auto arg = dyn_cast<BlockArgument>(cmp.getLhs());
    auto loop = arg ? dyn_cast<ForOp>(arg.getOwner()->getParentOp()) : ForOp();
    if (!loop || !reductions.contains(loop) ||
        cmp.getRhs() != loop.getLowerBound())
      return false;
    seen.insert(loop);
  }
  return seen.size() == reductions.size();
}

/// Whether the body of `combiner` applies to vectors lane by lane: every op
/// element-wise (or a scalar constant), and the order of the partial
/// results free to change (the lanes and the final fold reorder them).
static bool isLaneWise(mdh::CombinerOp combiner) {
  if (!combiner || !combiner.getAssociative() || !combiner.getCommutative())
    return false;
  for (Operation &nested : combiner.getBody().front().without_terminator()) {
    if (nested.getNumResults() != 1 || nested.getNumRegions() != 0 ||
        !isMemoryEffectFree(&nested) ||
        !nested.getResult(0).getType().isIntOrFloat())
      return false;
    if (!isa<arith::ConstantOp>(nested) &&
        !nested.hasTrait<OpTrait::Elementwise>())
      return false;
  }
  return true;
}

bool Vectorizer::analyze() {
  auto combinerAttr = op.getCombiner();
  if (!combinerAttr.isReduction())
    return false;
  if (combinerAttr.getOp()) {
    combiner = *combinerAttr.getOp();
  } else {
    custom = mdh::lookupCustomCombiner(op, combinerAttr);
    if (!isLaneWise(custom))
      return false;
  }

  // The register buffers: one shape, element types that vectorize.
  Block *s = nullptr;
  for (Value buffer : op.getBuffers()) {
    auto alloc = buffer.getDefiningOp<BufferOp>();
    if (!alloc || alloc.getRegion() != MemRegion::Register)
      return false;
    if (s && alloc->getBlock() != s)
      return false;
    s = alloc->getBlock();
    auto type = cast<MemRefType>(buffer.getType());
    if (!shape.empty() && type.getShape() != ArrayRef(shape))
      return false;
    shape.assign(type.getShape().begin(), type.getShape().end());
    Type element = type.getElementType();
    if (!element.isIntOrFloat() || (!custom && !identityOf(combiner, element)))
      return false;
    int64_t width = vectorBits / element.getIntOrFloatBitWidth();
    if (lanes && lanes != width)
      return false;
    lanes = width;
    // The only accumulation into it.
    for (Operation *user : buffer.getUsers())
      if (isa<AccumulateOp>(user) && user != op)
        return false;
  }
  if (!s || lanes < 2)
    return false;
  bufferBlock = s;

  // N: the loops from the accumulation up to S. The acc indices are
  // `iv - lb` of the point loops, as accumulate-in-registers makes them.
  points.assign(shape.size(), ForOp());
  for (auto [d, index] : llvm::enumerate(op.getIndices())) {
    // A tile without point loops (a pure reduction) has one cell.
    if (shape[d] == 1 && matchPattern(index, m_Zero()))
      continue;
    auto sub = index.getDefiningOp<arith::SubIOp>();
    auto arg = sub ? dyn_cast<BlockArgument>(sub.getLhs()) : BlockArgument();
    auto loop = arg ? dyn_cast<ForOp>(arg.getOwner()->getParentOp()) : ForOp();
    if (!loop || sub.getRhs() != loop.getLowerBound() ||
        !matchPattern(loop.getStep(), m_One()))
      return false;
    points[d] = loop;
  }
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    auto loop = dyn_cast<ForOp>(p);
    if (!loop)
      return false;
    if (!llvm::is_contained(points, loop))
      reductions.insert(loop);
    root = p;
    if (p->getBlock() == s)
      break;
  }
  if (!root || root->getBlock() != s || llvm::any_of(points, [&](ForOp loop) {
        return loop &&
               (!root->isAncestor(loop) || inNest(loop.getLowerBound()) ||
                inNest(loop.getUpperBound()));
      }))
    return false;

  return checkFirst(op.getFirst());
}

static vector::CombiningKind combiningKind(ReductionOp op) {
  switch (op) {
  case ReductionOp::add:
    return vector::CombiningKind::ADD;
  case ReductionOp::mul:
    return vector::CombiningKind::MUL;
  case ReductionOp::max:
    return vector::CombiningKind::MAXIMUMF;
  case ReductionOp::min:
    return vector::CombiningKind::MINIMUMF;
  case ReductionOp::maxsi:
    return vector::CombiningKind::MAXSI;
  case ReductionOp::maxui:
    return vector::CombiningKind::MAXUI;
  case ReductionOp::minsi:
    return vector::CombiningKind::MINSI;
  case ReductionOp::minui:
    return vector::CombiningKind::MINUI;
  case ReductionOp::And:
    return vector::CombiningKind::AND;
  case ReductionOp::Or:
    return vector::CombiningKind::OR;
  case ReductionOp::Xor:
    return vector::CombiningKind::XOR;
  }
  llvm_unreachable("unknown reduction operator");
}

bool Vectorizer::run() {
  if (!analyze())
    return false;
  // Point mode: the last tile dimension over the lanes.
  if (shape.back() % lanes == 0 && !custom) {
    chunks = shape.back() / lanes;
    instances = chunks;
    for (int64_t e : ArrayRef(shape).drop_back())
      instances *= e;
    if (instances * int64_t(op.getBuffers().size()) <= maxVectors && rewrite())
      return true;
  }
  // Reduction mode: the trips of a reduction loop over the lanes (inner
  // loops first), one vector of partial results per tile cell. Its last
  // vector is masked: not for a nest that may trap on the masked lanes.
  if (mayTrap())
    return false;
  chunks = 1;
  instances = 1;
  for (int64_t e : shape)
    instances *= e;
  int64_t perInstance = op.getBuffers().size() + (custom ? 1 : 0);
  if (instances * perInstance > maxVectors)
    return false;
  SmallVector<ForOp> candidates;
  for (Operation *p = op->getParentOp(); p != root->getParentOp();
       p = p->getParentOp())
    if (reductions.contains(p))
      candidates.push_back(cast<ForOp>(p));
  for (ForOp candidate : candidates) {
    if (!matchPattern(candidate.getStep(), m_One()))
      continue;
    laneLoop = candidate;
    pointDependence.clear();
    if (rewrite())
      return true;
  }
  return false;
}

bool Vectorizer::mayTrap() {
  return root
      ->walk([](Operation *nested) {
        return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp,
                   arith::RemUIOp, arith::CeilDivSIOp, arith::CeilDivUIOp,
                   arith::FloorDivSIOp>(nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

bool Vectorizer::flushReadsInside() {
  for (Value buffer : op.getBuffers())
    for (Operation *user : buffer.getUsers()) {
      if (user == op.getOperation())
        continue;
      auto load = dyn_cast<memref::LoadOp>(user);
      if (!load)
        return false;
      for (auto [d, index] : llvm::enumerate(load.getIndices())) {
        if (!points[d]) {
          if (!matchPattern(index, m_Zero()))
            return false;
          continue;
        }
        auto sub = index.getDefiningOp<arith::SubIOp>();
        auto arg =
            sub ? dyn_cast<BlockArgument>(sub.getLhs()) : BlockArgument();
        auto loop =
            arg ? dyn_cast<ForOp>(arg.getOwner()->getParentOp()) : ForOp();
        if (!loop || sub.getRhs() != loop.getLowerBound() ||
            loop.getLowerBound() != points[d].getLowerBound() ||
            loop.getUpperBound() != points[d].getUpperBound())
          return false;
      }
    }
  return true;
}

LogicalResult Vectorizer::emitTile() {
  scopes.clear();
  newInductionVars.clear();
  scopes.emplace_back();
  SmallVector<Value> accs = initialAccs();
  if (failed(emitOp(*root, accs)))
    return failure();
  for (int instance = 0; custom && instance < instances; ++instance) {
    SmallVector<Value> at;
    for (unsigned d = 0; d < shape.size(); ++d)
      at.push_back(
          arith::ConstantIndexOp::create(b, loc, position(instance, d)));
    for (auto [buffer, total] :
         llvm::zip_equal(op.getBuffers(), foldLanes(accs, instance)))
      memref::StoreOp::create(b, loc, total, buffer, at);
  }
  for (auto [i, buffer] : llvm::enumerate(op.getBuffers()))
    for (int instance = 0; !custom && instance < instances; ++instance) {
      SmallVector<Value> at;
      for (unsigned d = 0; d < shape.size(); ++d) {
        int64_t p = position(instance, d);
        if (isLaneDim(d))
          p *= lanes;
        at.push_back(arith::ConstantIndexOp::create(b, loc, p));
      }
      Value acc = accs[i * instances + instance];
      if (!laneLoop) {
        vector::StoreOp::create(b, loc, acc, buffer, at);
        continue;
      }
      // Reduction mode: the lanes' partial results combined.
      Value total =
          vector::ReductionOp::create(b, loc, combiningKind(combiner), acc);
      memref::StoreOp::create(b, loc, total, buffer, at);
    }
  return success();
}

bool Vectorizer::rewrite() {
  bool partialVersion = !mayTrap() && flushReadsInside();
  Operation *before = root->getPrevNode();
  b.setInsertionPoint(root);

  // A full tile: every point loop runs its whole extent; a tile that is
  // not empty: every point loop runs at least once.
  SmallVector<Value> tripCounts(shape.size());
  Value full, nonEmpty;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [d, loop] : llvm::enumerate(points)) {
    if (!loop)
      continue;
    Value span = arith::SubIOp::create(b, loc, loop.getUpperBound(),
                                       loop.getLowerBound());
    tripCounts[d] = span;
    Value isFull =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, span,
                              arith::ConstantIndexOp::create(b, loc, shape[d]));
    full = full ? arith::AndIOp::create(b, loc, full, isFull) : isFull;
    Value some =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, span, zero);
    nonEmpty = nonEmpty ? arith::AndIOp::create(b, loc, nonEmpty, some) : some;
  }
  if (!full)
    full = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, full,
                                /*withElseRegion=*/true);

  // The vector version, in the then-branch: accumulators from the
  // identity, N with its point loops unrolled, the tile stored at the end.
  b.setInsertionPointToStart(ifOp.thenBlock());
  if (failed(emitTile())) {
    // Undo: drop everything built before N.
    ifOp.erase();
    while (root->getPrevNode() != before)
      root->getPrevNode()->erase();
    return false;
  }
  root->moveBefore(ifOp.elseBlock()->getTerminator());

  // Partial tiles that are not empty: the same vector version over the
  // whole tile, its rows past the end repeating the last one and its lanes
  // past the end masked; the flush reads only the cells inside the tile.
  // Empty tiles (and nests that may trap on masked lanes) keep the scalar
  // nest.
  if (!nonEmpty || !partialVersion)
    return true;
  b.setInsertionPoint(root);
  auto partialIf = scf::IfOp::create(b, loc, TypeRange{}, nonEmpty,
                                     /*withElseRegion=*/true);
  b.setInsertionPointToStart(partialIf.thenBlock());
  partial = true;
  spans = tripCounts;
  chunkMasks.clear();
  maskBlock = partialIf.thenBlock();
  LogicalResult result = emitTile();
  partial = false;
  if (failed(result)) {
    partialIf.erase();
    return true;
  }
  root->moveBefore(partialIf.elseBlock()->getTerminator());
  return true;
}

namespace {
struct VectorizeRegisterTilesPass
    : mdh_cl::impl::MDHCLVectorizeRegisterTilesBase<
          VectorizeRegisterTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<AccumulateOp> ops;
    getOperation()->walk([&](AccumulateOp op) { ops.push_back(op); });
    Counts counts;
    for (AccumulateOp op : ops) {
      Operation *parent = op->getParentOp();
      // The function's CPU target sizes the vectors unless the option does.
      int64_t bits = vectorBits;
      if (bits == 0) {
        mdh_ll::OpenMPTargetAttr target = getCPUTarget(op);
        bits = target ? target.getVectorWidth() : 256;
      }
      if (Vectorizer(op, bits, maxVectors).run())
        counts.add(parent);
    }
    counts.finish(numTiles, report, getArgument(),
                  "register tiles held in vector values");
  }
};
} // namespace
