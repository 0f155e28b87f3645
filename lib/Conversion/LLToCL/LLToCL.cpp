//===- LLToCL.cpp - Lower LL-IR schedules to CL-IR ------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `--mdh-ll-to-cl`: every `mdh_ll.schedule` becomes CL-IR of the shape
// docs/cl-ir.md describes. GPU schedules (cuda, hip) are lowered by
// GPULowering.cpp; an openmp schedule becomes:
//
//   phase "main":    one parallel loop over the threads' tiles (level 0),
//                    sequential loops per level in the level's order, packed
//                    copies at the top of their level, the point loops of
//                    the register tile, loads, the scalar function, and the
//                    accumulation of its results;
//   phase "combine": (pw dimensions split over threads) the partial results
//                    of the threads, combined in order;
//   phase "scan_d":  (one per ps dimension d) the inclusive scan along d;
//   phase "write":   the results stored through the output views.
//
// Results go straight into the output buffers when no pw dimension is split
// over threads and no dimension is ps; otherwise into re-composition buffers
// (`mdh_cl.buffer device`) indexed by the part (the threads' tile along the
// split pw dimensions) and the iteration indices of the cc and ps
// dimensions. Every partial result is initialised by its first contribution
// (`first`), so no identity is needed.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/LL/MDHLLOps.h"
#include "GPULowering.h"
#include "ScalarBody.h"
#include "TileBoxes.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHLLTOCL
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh;
using mdh_ll::Config;
using mdh_ll::InputRegion;
using mdh_ll::kNumLevels;

namespace {

/// One output access: the value the scalar function yields for one map of
/// one output.
struct Access {
  unsigned output;
  AffineMap map;
  Type type;
};

/// A packed copy of an input on one level.
struct Packed {
  Value buffer;
  bool transposed = false;
  /// The box's first index per buffer dimension (set where the copy is).
  SmallVector<Value> offsets;
};

class Lowering {
public:
  explicit Lowering(mdh_ll::ScheduleOp s)
      : s(s), c(s.getConfig()), b(s), loc(s.getLoc()) {}

  void run();

private:
  Value cst(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value min(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }

  /// Starts `mdh_cl.for %iv = lb to ub step step` and moves into its body.
  Value beginFor(Value lb, Value ub, Value step);
  /// Starts a phase with one parallel loop of `count` iterations over
  /// threads and moves into the loop's body; returns the iteration.
  Value beginPhase(StringRef name, int64_t count);
  /// The row-major position `q` over `dims` as one index per dimension.
  SmallVector<Value> delinearize(Value q, ArrayRef<unsigned> dims);

  void analyze();
  void buildMain();
  void buildBody(ArrayRef<Value> point, ArrayRef<Value> firstIdx, Value part);
  void buildCombinePhase();
  void buildScanPhase(unsigned d);
  void buildWritePhase();

  /// Indices of a re-composition buffer: the part (if any) and the cc/ps
  /// dimensions' iteration indices.
  SmallVector<Value> partialIndex(Value part, ArrayRef<Value> point);
  /// Accumulates `values` (one per access) at `indices` of `buffers`.
  void accumulate(ValueRange values, ArrayRef<Value> buffers,
                  ArrayRef<Value> indices, Value first);

  mdh_ll::ScheduleOp s;
  Config c;
  OpBuilder b;
  Location loc;

  unsigned numDims = 0;
  SmallVector<int64_t> sizes;
  SmallVector<bool> isPW, isPS;
  mdh::CombinerAttr reduction;
  SmallVector<Access> accesses;

  /// Threads per dimension on level 0 and the pw dimensions they split.
  SmallVector<int64_t> units;
  SmallVector<unsigned> splitPW, keepDims;
  int64_t parts = 1;
  /// Results go through re-composition buffers, one per access.
  bool viaPartials = false;
  SmallVector<Value> partials;

  /// Per input: the box model, and its packed copies per level.
  SmallVector<SmallVector<BoxDim>> boxes;
  std::vector<std::array<Packed, kNumLevels>> packed;
  /// Per input: the innermost level with a packed copy, or -1.
  SmallVector<int> readLevel;
};

} // namespace

Value Lowering::beginFor(Value lb, Value ub, Value step) {
  auto loop = mdh_cl::ForOp::create(b, loc, lb, ub, step);
  Block *body = b.createBlock(&loop.getBody(), {}, {b.getIndexType()}, {loc});
  b.setInsertionPointToStart(body);
  return body->getArgument(0);
}

Value Lowering::beginPhase(StringRef name, int64_t count) {
  auto phase = mdh_cl::PhaseOp::create(b, loc, b.getStringAttr(name));
  b.setInsertionPointToStart(&phase.getBody().emplaceBlock());
  auto parFor = mdh_cl::ParForOp::create(
      b, loc, cst(0), cst(count), cst(1),
      mdh_cl::LayerAttr::get(b.getContext(), mdh_cl::Layer::Threads),
      mdh_cl::HwDimAttr::get(b.getContext(), mdh_cl::HwDim::X));
  Block *body = b.createBlock(&parFor.getBody(), {}, {b.getIndexType()}, {loc});
  b.setInsertionPointToStart(body);
  return body->getArgument(0);
}

SmallVector<Value> Lowering::delinearize(Value q, ArrayRef<unsigned> dims) {
  SmallVector<Value> indices(dims.size());
  Value rest = q;
  for (unsigned k = dims.size(); k-- > 0;) {
    Value extent = cst(sizes[dims[k]]);
    indices[k] = arith::RemUIOp::create(b, loc, rest, extent);
    rest = arith::DivUIOp::create(b, loc, rest, extent);
  }
  return indices;
}

void Lowering::analyze() {
  numDims = s.getNumDims();
  sizes.assign(s.getSizes().begin(), s.getSizes().end());
  for (unsigned d = 0; d < numDims; ++d) {
    mdh::CombinerAttr comb = s.getCombiner(d);
    isPW.push_back(comb.isPW());
    isPS.push_back(comb.getKind() == mdh::CombineKind::ps);
    if (comb.isReduction() && !reduction)
      reduction = comb;
    if (!comb.isPW())
      keepDims.push_back(d);
    int64_t p = (sizes[d] + c.tiles[0][d] - 1) / c.tiles[0][d];
    units.push_back(p);
    if (comb.isPW() && p > 1) {
      splitPW.push_back(d);
      parts *= p;
    }
  }
  for (auto [o, out] : llvm::enumerate(s.getOuts())) {
    Type elt = cast<MemRefType>(out.getType()).getElementType();
    for (AffineMap map : s.getOutputMaps(o))
      accesses.push_back({static_cast<unsigned>(o), map, elt});
  }
  bool hasPS = llvm::is_contained(isPS, true);
  // A custom combiner combines all accesses at one index, so their maps
  // must agree to accumulate into the outputs directly.
  bool mapsAgree = llvm::all_of(
      accesses, [&](const Access &a) { return a.map == accesses.front().map; });
  viaPartials = reduction && (hasPS || !splitPW.empty() ||
                              (reduction.getCustom() && !mapsAgree));

  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    auto type = cast<MemRefType>(in.getType());
    boxes.push_back(analyzeBox(s.getInputMaps(i), type.getShape()));
    packed.emplace_back();
    int level = -1;
    for (unsigned l = 0; l < kNumLevels; ++l)
      if (c.inputRegions[i][l] == InputRegion::Packed)
        level = l;
    readLevel.push_back(level);
  }
}

SmallVector<Value> Lowering::partialIndex(Value part, ArrayRef<Value> point) {
  SmallVector<Value> indices;
  if (!splitPW.empty())
    indices.push_back(part);
  for (unsigned d : keepDims)
    indices.push_back(point[d]);
  return indices;
}

void Lowering::accumulate(ValueRange values, ArrayRef<Value> buffers,
                          ArrayRef<Value> indices, Value first) {
  if (reduction.getCustom()) {
    mdh_cl::AccumulateOp::create(b, loc, values, buffers, indices, first,
                                 reduction);
    return;
  }
  for (auto [value, buffer] : llvm::zip_equal(values, buffers))
    mdh_cl::AccumulateOp::create(b, loc, ValueRange{value}, ValueRange{buffer},
                                 indices, first, reduction);
}

void Lowering::buildMain() {
  int64_t total = 1;
  for (int64_t p : units)
    total *= p;
  Value u = beginPhase("main", total);

  // The threads' packed buffers, one per input and level with a copy.
  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    auto type = cast<MemRefType>(in.getType());
    for (unsigned l = 0; l < kNumLevels; ++l) {
      if (c.inputRegions[i][l] != InputRegion::Packed)
        continue;
      SmallVector<int64_t> shape = boxShape(boxes[i], c.tiles[l]);
      bool transposed = c.inputLayouts[i][l] == mdh_ll::Layout::Transposed &&
                        shape.size() >= 2;
      if (transposed)
        std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
      packed[i][l].transposed = transposed;
      packed[i][l].buffer = mdh_cl::BufferOp::create(
          b, loc, MemRefType::get(shape, type.getElementType()),
          mdh_cl::MemRegionAttr::get(b.getContext(),
                                     mdh_cl::MemRegion::Packed));
    }
  }

  // The thread's tile index per dimension, the first dimension of the
  // order varying slowest.
  SmallVector<Value> unit(numDims);
  Value rest = u;
  for (unsigned k = numDims; k-- > 0;) {
    unsigned d = c.orders[0][k];
    unit[d] = arith::RemUIOp::create(b, loc, rest, cst(units[d]));
    rest = arith::DivUIOp::create(b, loc, rest, cst(units[d]));
  }
  Value part = cst(0);
  for (unsigned d : splitPW)
    part = add(mul(part, cst(units[d])), unit[d]);

  // Level 0: a blocked thread owns one box; a strided one the sub-tiles
  // u, u + P, ... of level 1 (the level-1 loop below deals them).
  bool strided = c.assignmentKind[0] == mdh_ll::AssignmentKind::Strided;
  SmallVector<Value> lo(numDims), hi(numDims), firstIdx(numDims);
  for (unsigned d = 0; d < numDims; ++d) {
    if (strided) {
      firstIdx[d] = mul(unit[d], cst(c.tiles[1][d]));
      continue;
    }
    lo[d] = mul(unit[d], cst(c.tiles[0][d]));
    hi[d] = min(add(lo[d], cst(c.tiles[0][d])), cst(sizes[d]));
    firstIdx[d] = lo[d];
  }

  // Levels 1 to 3: sequential loops in each level's order; copies at the
  // top of their level.
  for (unsigned l = 1; l < kNumLevels; ++l) {
    SmallVector<Value> nlo(numDims), nhi(numDims);
    for (unsigned d : c.orders[l]) {
      Value tile = cst(c.tiles[l][d]);
      if (l == 1 && strided) {
        int64_t subTiles = (sizes[d] + c.tiles[1][d] - 1) / c.tiles[1][d];
        Value sub = beginFor(unit[d], cst(subTiles), cst(units[d]));
        nlo[d] = mul(sub, tile);
        nhi[d] = min(add(nlo[d], tile), cst(sizes[d]));
        continue;
      }
      nlo[d] = beginFor(lo[d], hi[d], tile);
      nhi[d] = min(add(nlo[d], tile), hi[d]);
    }
    lo = nlo;
    hi = nhi;
    for (auto [i, in] : llvm::enumerate(s.getIns())) {
      Packed &copy = packed[i][l];
      if (!copy.buffer)
        continue;
      SmallVector<Value> sizesOfBox;
      buildBox(b, loc, boxes[i], lo, hi, copy.offsets, sizesOfBox);
      mdh_cl::CopyOp::create(
          b, loc, in, copy.offsets, sizesOfBox, copy.buffer,
          mdh_cl::LayoutAttr::get(b.getContext(),
                                  copy.transposed ? mdh_cl::Layout::Transposed
                                                  : mdh_cl::Layout::Identity));
    }
  }

  // The points of the register tile, in the register tile's order.
  SmallVector<Value> point(numDims);
  for (unsigned d : c.orders[kNumLevels - 1])
    point[d] = beginFor(lo[d], hi[d], cst(1));
  buildBody(point, firstIdx, part);
}

void Lowering::buildBody(ArrayRef<Value> point, ArrayRef<Value> firstIdx,
                         Value part) {
  // One value per input access, from the innermost copy or the buffer.
  SmallVector<Value> args(point.begin(), point.end());
  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    for (AffineMap map : s.getInputMaps(i)) {
      SmallVector<Value> indices = *affine::expandAffineMap(b, loc, map, point);
      Value source = in;
      if (readLevel[i] >= 0) {
        Packed &copy = packed[i][readLevel[i]];
        for (auto [r, offset] : llvm::enumerate(copy.offsets))
          indices[r] = arith::SubIOp::create(b, loc, indices[r], offset);
        if (copy.transposed)
          std::swap(indices[indices.size() - 1], indices[indices.size() - 2]);
        source = copy.buffer;
      }
      args.push_back(memref::LoadOp::create(b, loc, source, indices));
    }
  }

  // The scalar function: the LL body with mdh_cl.yield.
  SmallVector<Type> resultTypes;
  for (const Access &a : accesses)
    resultTypes.push_back(a.type);
  auto scalar = createScalarFromSchedule(b, loc, s, resultTypes, args);

  // No reduction at all: every point writes its own elements.
  if (!reduction) {
    for (auto [a, value] : llvm::zip_equal(accesses, scalar.getResults())) {
      SmallVector<Value> indices =
          *affine::expandAffineMap(b, loc, a.map, point);
      memref::StoreOp::create(b, loc, value, s.getOuts()[a.output], indices);
    }
    return;
  }

  // The first contribution to a partial result: every pw dimension at the
  // first index of this thread's range.
  Value first = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (unsigned d = 0; d < numDims; ++d)
    if (isPW[d])
      first = arith::AndIOp::create(
          b, loc, first,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, point[d],
                                firstIdx[d]));

  if (viaPartials) {
    accumulate(scalar.getResults(), partials, partialIndex(part, point), first);
    return;
  }
  // Straight into the outputs. A builtin operator accumulates each access
  // at its own index; a custom one all at the (shared) index.
  if (reduction.getCustom()) {
    SmallVector<Value> outs;
    for (const Access &a : accesses)
      outs.push_back(s.getOuts()[a.output]);
    accumulate(scalar.getResults(), outs,
               *affine::expandAffineMap(b, loc, accesses.front().map, point),
               first);
    return;
  }
  for (auto [a, value] : llvm::zip_equal(accesses, scalar.getResults()))
    accumulate(ValueRange{value}, {s.getOuts()[a.output]},
               *affine::expandAffineMap(b, loc, a.map, point), first);
}

void Lowering::buildCombinePhase() {
  int64_t positions = 1;
  for (unsigned d : keepDims)
    positions *= sizes[d];
  Value q = beginPhase("combine", positions);
  SmallVector<Value> keep = delinearize(q, keepDims);
  Value p = beginFor(cst(1), cst(parts), cst(1));
  SmallVector<Value> from = {p}, to = {cst(0)};
  llvm::append_range(from, keep);
  llvm::append_range(to, keep);
  SmallVector<Value> values;
  for (Value buffer : partials)
    values.push_back(memref::LoadOp::create(b, loc, buffer, from));
  accumulate(values, partials, to, arith::ConstantIntOp::create(b, loc, 0, 1));
}

void Lowering::buildScanPhase(unsigned d) {
  SmallVector<unsigned> others;
  for (unsigned k : keepDims)
    if (k != d)
      others.push_back(k);
  int64_t positions = 1;
  for (unsigned k : others)
    positions *= sizes[k];
  Value q = beginPhase(("scan_" + Twine(d)).str(), positions);
  SmallVector<Value> fixed = delinearize(q, others);
  Value j = beginFor(cst(1), cst(sizes[d]), cst(1));
  Value prev = arith::SubIOp::create(b, loc, j, cst(1));
  auto indexAt = [&](Value along) {
    SmallVector<Value> indices;
    if (!splitPW.empty())
      indices.push_back(cst(0));
    unsigned next = 0;
    for (unsigned k : keepDims)
      indices.push_back(k == d ? along : fixed[next++]);
    return indices;
  };
  SmallVector<Value> values;
  for (Value buffer : partials)
    values.push_back(memref::LoadOp::create(b, loc, buffer, indexAt(prev)));
  accumulate(values, partials, indexAt(j),
             arith::ConstantIntOp::create(b, loc, 0, 1));
}

void Lowering::buildWritePhase() {
  int64_t positions = 1;
  for (unsigned d : keepDims)
    positions *= sizes[d];
  Value q = beginPhase("write", positions);
  SmallVector<Value> keep = delinearize(q, keepDims);
  // pw dimensions do not appear in output maps; any index will do.
  SmallVector<Value> point(numDims, cst(0));
  for (auto [k, d] : llvm::enumerate(keepDims))
    point[d] = keep[k];
  SmallVector<Value> from;
  if (!splitPW.empty())
    from.push_back(cst(0));
  llvm::append_range(from, keep);
  for (auto [a, buffer] : llvm::zip_equal(accesses, partials)) {
    Value value = memref::LoadOp::create(b, loc, buffer, from);
    SmallVector<Value> indices = *affine::expandAffineMap(b, loc, a.map, point);
    memref::StoreOp::create(b, loc, value, s.getOuts()[a.output], indices);
  }
}

void Lowering::run() {
  analyze();
  if (viaPartials) {
    SmallVector<int64_t> shape;
    if (!splitPW.empty())
      shape.push_back(parts);
    for (unsigned d : keepDims)
      shape.push_back(sizes[d]);
    for (const Access &a : accesses)
      partials.push_back(mdh_cl::BufferOp::create(
          b, loc, MemRefType::get(shape, a.type),
          mdh_cl::MemRegionAttr::get(b.getContext(),
                                     mdh_cl::MemRegion::Device)));
  }
  auto after = [&] { b.setInsertionPoint(s); };
  after();
  buildMain();
  if (viaPartials) {
    if (!splitPW.empty()) {
      after();
      buildCombinePhase();
    }
    for (unsigned d = 0; d < numDims; ++d)
      if (isPS[d]) {
        after();
        buildScanPhase(d);
      }
    after();
    buildWritePhase();
  }
  s.erase();
}

/// Sets `mdh_ll.target` on the function around `s` to the schedule's target
/// (replacing what the function said before lowering); the schedules of one
/// function, remembered in `recorded`, must agree on it.
static LogicalResult
recordTarget(mdh_ll::ScheduleOp s,
             DenseMap<Operation *, mdh_ll::TargetAttrInterface> &recorded) {
  auto func = s->getParentOfType<FunctionOpInterface>();
  if (!func)
    return success();
  mdh_ll::TargetAttrInterface target = s.getTarget();
  auto [it, inserted] = recorded.try_emplace(func, target);
  if (!inserted && it->second != target)
    return s.emitError("this schedule's target ")
           << target << " differs from the target " << it->second
           << " of another schedule in the same function; the code of a "
              "function is for one target";
  s->getContext()
      ->getLoadedDialect<mdh_ll::MDHLLDialect>()
      ->getTargetAttrHelper()
      .setAttr(func, target);
  return success();
}

namespace {
struct LLToCLPass : mdh::impl::MDHLLToCLBase<LLToCLPass> {
  void runOnOperation() override {
    SmallVector<mdh_ll::ScheduleOp> schedules;
    getOperation().walk([&](mdh_ll::ScheduleOp s) { schedules.push_back(s); });
    DenseMap<Operation *, mdh_ll::TargetAttrInterface> recorded;
    for (mdh_ll::ScheduleOp s : schedules) {
      StringRef target = s.getTarget().getTargetName();
      // The code of a function is for one target from here on: the
      // emitters refuse CL-IR of another target (the GPU CL-IR of a cuda
      // schedule is not host code, nor the other way round).
      if (failed(recordTarget(s, recorded)))
        signalPassFailure();
      if (target == "cuda" || target == "hip") {
        if (failed(lowerGPUSchedule(s)))
          signalPassFailure();
        continue;
      }
      if (target != "openmp") {
        s.emitError("lowering a schedule for target '")
            << target << "' to CL-IR is not implemented";
        signalPassFailure();
        continue;
      }
      Lowering(s).run();
    }
  }
};
} // namespace
