//===- ScheduleLowering.cpp - What both LL-to-CL lowerings emit -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "ScheduleLowering.h"

#include "mdh/Dialect/LL/Staging.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::mdh;

//===----------------------------------------------------------------------===//
// Index arithmetic
//===----------------------------------------------------------------------===//

/// The other operand when one of `x`, `y` is the constant `identity`.
static Value withoutIdentity(Value x, Value y, int64_t identity) {
  auto is = [&](Value v) {
    std::optional<int64_t> c = getConstantIntValue(v);
    return c && *c == identity;
  };
  if (is(x))
    return y;
  if (is(y))
    return x;
  return {};
}

Value ScheduleLowering::cst(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value ScheduleLowering::boolean(bool v) {
  return arith::ConstantIntOp::create(b, loc, v, 1);
}

Value ScheduleLowering::add(Value x, Value y) {
  if (Value other = withoutIdentity(x, y, 0))
    return other;
  return arith::AddIOp::create(b, loc, x, y);
}

Value ScheduleLowering::sub(Value x, Value y) {
  std::optional<int64_t> c = getConstantIntValue(y);
  if (c && *c == 0)
    return x;
  return arith::SubIOp::create(b, loc, x, y);
}

Value ScheduleLowering::mul(Value x, Value y) {
  if (withoutIdentity(x, y, 0))
    return cst(0);
  if (Value other = withoutIdentity(x, y, 1))
    return other;
  return arith::MulIOp::create(b, loc, x, y);
}

Value ScheduleLowering::andI(Value x, Value y) {
  // An i1 true reads as -1.
  if (Value other = withoutIdentity(x, y, -1))
    return other;
  return arith::AndIOp::create(b, loc, x, y);
}

Value ScheduleLowering::div(Value x, Value y) {
  return arith::DivUIOp::create(b, loc, x, y);
}

Value ScheduleLowering::rem(Value x, Value y) {
  return arith::RemUIOp::create(b, loc, x, y);
}

Value ScheduleLowering::min(Value x, Value y) {
  return arith::MinUIOp::create(b, loc, x, y);
}

Value ScheduleLowering::lt(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
}

Value ScheduleLowering::eq(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
}

Value ScheduleLowering::max(Value x, Value y) {
  return arith::MaxUIOp::create(b, loc, x, y);
}

Value ScheduleLowering::linearize(ArrayRef<unsigned> dims, ArrayRef<Value> idx,
                                  ArrayRef<int64_t> extents) {
  Value r = cst(0);
  for (unsigned d : dims)
    r = add(mul(r, cst(extents[d])), idx[d]);
  return r;
}

SmallVector<Value> ScheduleLowering::delinearize(Value q,
                                                 ArrayRef<int64_t> extents) {
  SmallVector<Value> idx(extents.size());
  for (unsigned k = extents.size(); k-- > 0;) {
    idx[k] = rem(q, cst(extents[k]));
    q = div(q, cst(extents[k]));
  }
  return idx;
}

//===----------------------------------------------------------------------===//
// Loops, phases, buffers and copies
//===----------------------------------------------------------------------===//

Value ScheduleLowering::enterBody(Region &body) {
  Block *block = b.createBlock(&body, {}, {b.getIndexType()}, {loc});
  b.setInsertionPointToStart(block);
  return block->getArgument(0);
}

Value ScheduleLowering::beginFor(Value lb, Value ub, Value step) {
  return enterBody(mdh_cl::ForOp::create(b, loc, lb, ub, step).getBody());
}

Value ScheduleLowering::beginParFor(int64_t count, mdh_cl::Layer layer,
                                    mdh_cl::HwDim dim) {
  auto parFor =
      mdh_cl::ParForOp::create(b, loc, cst(0), cst(count), cst(1),
                               mdh_cl::LayerAttr::get(b.getContext(), layer),
                               mdh_cl::HwDimAttr::get(b.getContext(), dim));
  return enterBody(parFor.getBody());
}

mdh_cl::PhaseOp ScheduleLowering::beginPhase(StringRef name) {
  b.setInsertionPoint(s);
  auto phase = mdh_cl::PhaseOp::create(b, loc, b.getStringAttr(name));
  b.setInsertionPointToStart(&phase.getBody().emplaceBlock());
  return phase;
}

static mdh_cl::Layout clLayout(mdh_ll::Layout layout) {
  switch (layout) {
  case mdh_ll::Layout::Identity:
    return mdh_cl::Layout::Identity;
  case mdh_ll::Layout::Transposed:
    return mdh_cl::Layout::Transposed;
  case mdh_ll::Layout::Rotated:
    return mdh_cl::Layout::Rotated;
  case mdh_ll::Layout::Panels:
    return mdh_cl::Layout::Panels;
  }
  llvm_unreachable("unknown layout");
}

/// The cache line of the CPUs the packed copies are laid out for.
static constexpr int64_t kCacheLineBytes = 64;

SmallVector<Value> ScheduleLowering::inStage(const TileCopy &copy,
                                             ArrayRef<Value> idx) {
  SmallVector<Value> result(idx);
  if (copy.stageOffset && !result.empty())
    result.front() = add(result.front(), copy.stageOffset);
  return result;
}

TileCopy ScheduleLowering::createCopyBuffer(unsigned i, unsigned l,
                                            mdh_cl::MemRegion region,
                                            int64_t stages) {
  TileCopy copy;
  SmallVector<int64_t> shape = boxShape(boxes[i], c.tiles[l]);
  if (shape.size() >= 2)
    copy.layout = clLayout(c.inputLayouts[i][l]);
  // Converted while copied where the scalar function only widens the
  // input (Staging.h).
  Type elt = mdh_ll::stagedElementType(s, i);
  if (copy.layout == mdh_cl::Layout::Panels) {
    // As wide as a register tile reads the innermost dimension; walked
    // along their rows, so not padded.
    int64_t width = boxShape(boxes[i], c.tiles[3]).back();
    copy.panelWidth = width;
    copy.panelDim = alignedPanelDim(i, l, width);
    SmallVector<int64_t> panels = {
        int64_t(llvm::divideCeil(shape.back(), width))};
    llvm::append_range(panels, ArrayRef(shape).drop_back());
    panels.push_back(width);
    copy.buffer = mdh_cl::BufferOp::create(
        b, loc, MemRefType::get(panels, elt),
        mdh_cl::MemRegionAttr::get(b.getContext(), region));
    return copy;
  }
  shape = mdh_cl::toTileOrder(copy.layout, ArrayRef<int64_t>(shape));
  // A packed copy's rows: an odd number of 64-byte cache lines apart, so
  // that walking down its rows touches every set of the L1 cache. Rows of
  // a multiple of 128 bytes fall into a few sets (256 floats: 4 of 64 on
  // a 48 KiB 12-way L1) and evict each other: a 10 x 256 x 64 tile of
  // C = A B^T took 4.5x as long as one of 250.
  // Rows of exactly two lines are left as they are: a walk down them
  // still uses half the sets, and a panel of such rows (a micro-kernel's
  // 32 floats) stays contiguous instead of taking 1.5x the space.
  unsigned bytes = std::max(1u, elt.getIntOrFloatBitWidth() / 8);
  if (region == mdh_cl::MemRegion::Packed && shape.size() >= 2 &&
      (shape.back() * bytes) % (2 * kCacheLineBytes) == 0 &&
      shape.back() * bytes > 2 * kCacheLineBytes &&
      kCacheLineBytes % bytes == 0)
    shape.back() += kCacheLineBytes / bytes;
  if (!shape.empty()) {
    copy.stageRows = shape.front();
    shape.front() *= stages;
  }
  copy.buffer = mdh_cl::BufferOp::create(
      b, loc, MemRefType::get(shape, elt),
      mdh_cl::MemRegionAttr::get(b.getContext(), region));
  return copy;
}

std::optional<unsigned>
ScheduleLowering::alignedPanelDim(unsigned i, unsigned l, int64_t width) {
  std::optional<unsigned> dim;
  std::optional<int64_t> constant;
  for (AffineMap map : s.getInputMaps(i)) {
    AffineExpr last = map.getResults().back();
    int64_t k = 0;
    if (auto sum = dyn_cast<AffineBinaryOpExpr>(last);
        sum && sum.getKind() == AffineExprKind::Add) {
      auto cst = dyn_cast<AffineConstantExpr>(sum.getRHS());
      if (!cst)
        return std::nullopt;
      k = cst.getValue();
      last = sum.getLHS();
    }
    auto d = dyn_cast<AffineDimExpr>(last);
    if (!d || (dim && *dim != d.getPosition()) || (constant && *constant != k))
      return std::nullopt;
    dim = d.getPosition();
    constant = k;
  }
  if (!dim || c.tiles[3][*dim] != width)
    return std::nullopt;
  for (unsigned m = l + 1; m < 3; ++m)
    if (c.tiles[m][*dim] % width != 0 &&
        c.tiles[m][*dim] < c.tiles[m - 1][*dim])
      return std::nullopt;
  return dim;
}

void ScheduleLowering::setPanel(TileCopy &copy, unsigned i,
                                ArrayRef<Value> lo) {
  if (!copy.panelDim)
    return;
  // The innermost index of the register tile's first point, relative to
  // the copy: a multiple of the width (alignedPanelDim).
  AffineMap map = s.getInputMaps(i).front();
  Value first = affine::expandAffineMap(b, loc, map, lo)->back();
  copy.panel = div(sub(first, copy.offsets.back()), cst(copy.panelWidth));
}

void ScheduleLowering::copyBox(Value src, ArrayRef<Value> offsets,
                               ArrayRef<Value> sizes, Value dst,
                               mdh_cl::Layout layout) {
  mdh_cl::CopyOp::create(b, loc, src, offsets, sizes, dst,
                         mdh_cl::LayoutAttr::get(b.getContext(), layout));
}

SmallVector<Value> ScheduleLowering::createPartials(ArrayRef<int64_t> shape,
                                                    mdh_cl::MemRegion region) {
  auto regionAttr = mdh_cl::MemRegionAttr::get(b.getContext(), region);
  return llvm::map_to_vector(accesses, [&](const Access &a) -> Value {
    return mdh_cl::BufferOp::create(b, loc, MemRefType::get(shape, a.type),
                                    regionAttr);
  });
}

void ScheduleLowering::createDevicePartials() {
  if (viaDevice)
    devicePartials =
        createPartials(devicePartialShape(), mdh_cl::MemRegion::Device);
}

//===----------------------------------------------------------------------===//
// The scalar phase
//===----------------------------------------------------------------------===//

/// An `mdh_cl.scalar` applied to `args` whose body is a copy of the body
/// of `s`'s `mdh_ll.scalar`, ending in `mdh_cl.yield`.
/// An argument read from a tile copy that holds the input already widened
/// (Staging.h) has the wide type; the body's `arith.extf` of it goes.
static mdh_cl::ScalarOp createScalar(OpBuilder &b, Location loc,
                                     mdh_ll::ScheduleOp s,
                                     TypeRange resultTypes, ValueRange args) {
  mdh_ll::ScalarOp scalarLL;
  s.walk([&](mdh_ll::ScalarOp op) { scalarLL = op; });
  auto scalar = mdh_cl::ScalarOp::create(b, loc, resultTypes, args);
  OpBuilder::InsertionGuard guard(b);
  Block &from = scalarLL.getBody().front();
  SmallVector<Location> locs(from.getNumArguments(), loc);
  Block *to = b.createBlock(&scalar.getBody(), {}, TypeRange(args), locs);
  IRMapping mapping;
  mapping.map(from.getArguments(), to->getArguments());
  for (Operation &op : from.without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> yielded;
  for (Value v : from.getTerminator()->getOperands())
    yielded.push_back(mapping.lookup(v));
  mdh_cl::YieldOp::create(b, loc, yielded);
  // extf of an argument that is wide already (the clone of `extf %a : f16
  // to f32` with %a now f32), the yield included among its users.
  SmallVector<arith::ExtFOp> widened;
  to->walk([&](arith::ExtFOp extend) {
    if (extend.getIn().getType() == extend.getType())
      widened.push_back(extend);
  });
  for (arith::ExtFOp extend : widened) {
    extend.getResult().replaceAllUsesWith(extend.getIn());
    extend.erase();
  }
  return scalar;
}

SmallVector<Value> ScheduleLowering::panelIndices(const TileCopy &copy,
                                                  ArrayRef<Value> indices) {
  // The register tile's panel, known above its points, keeps the innermost
  // index `point - constant`: lanes stay contiguous for the vectorizer.
  Value width = cst(copy.panelWidth);
  Value along = indices.back();
  Value panel = copy.panel ? copy.panel : div(along, width);
  Value inPanel =
      copy.panel ? sub(along, mul(panel, width)) : rem(along, width);
  SmallVector<Value> result = {panel};
  llvm::append_range(result, indices.drop_back());
  result.push_back(inPanel);
  return result;
}

void ScheduleLowering::buildScalarPhase(ArrayRef<Value> point,
                                        ArrayRef<Value> firstIdx) {
  SmallVector<Value> args(point.begin(), point.end());
  for (auto [i, in] : llvm::enumerate(s.getIns())) {
    const TileCopy *copy = innermostCopy(i);
    for (AffineMap map : s.getInputMaps(i)) {
      SmallVector<Value> indices = *affine::expandAffineMap(b, loc, map, point);
      Value source = in;
      if (copy) {
        for (auto [r, offset] : llvm::enumerate(copy->offsets))
          indices[r] = sub(indices[r], offset);
        if (copy->layout == mdh_cl::Layout::Panels)
          indices = panelIndices(*copy, indices);
        else
          indices = inStage(*copy, mdh_cl::toTileOrder(
                                       copy->layout, ArrayRef<Value>(indices)));
        source = copy->buffer;
      }
      args.push_back(memref::LoadOp::create(b, loc, source, indices));
    }
  }
  ValueRange results =
      createScalar(b, loc, s, resultTypes(), args).getResults();

  // No reduction at all: every point writes its own elements.
  if (!reduction) {
    storeResults([&](unsigned k) { return results[k]; }, point);
    return;
  }
  // The first contribution to a partial result: every pw index at the
  // first of the thread's range.
  Value first = boolean(true);
  for (unsigned d = 0; d < numDims; ++d)
    if (isPW[d])
      first = andI(first, eq(point[d], firstIdx[d]));
  if (accumulatePartials(results, point, first))
    return;
  // Straight into the outputs. A builtin operator accumulates each access
  // at its own index; a custom one all at the (shared) index.
  if (reduction.getCustom()) {
    SmallVector<Value> outs = llvm::map_to_vector(
        accesses, [&](const Access &a) { return s.getOuts()[a.output]; });
    accumulate(results, outs,
               *affine::expandAffineMap(b, loc, accesses.front().map, point),
               first);
    return;
  }
  for (auto [a, value] : llvm::zip_equal(accesses, results))
    accumulate(ValueRange{value}, {s.getOuts()[a.output]},
               *affine::expandAffineMap(b, loc, a.map, point), first);
}

bool ScheduleLowering::accumulatePartials(ValueRange results,
                                          ArrayRef<Value> point, Value first) {
  if (!viaDevice)
    return false;
  accumulate(results, devicePartials, deviceIndex(mainPart, keptOf(point)),
             first);
  return true;
}

void ScheduleLowering::accumulate(ValueRange values, ArrayRef<Value> buffers,
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

void ScheduleLowering::carry(ArrayRef<Value> buffers, ArrayRef<Value> from,
                             ArrayRef<Value> to) {
  SmallVector<Value> values = llvm::map_to_vector(buffers, [&](Value buffer) {
    return memref::LoadOp::create(b, loc, buffer, from).getResult();
  });
  accumulate(values, buffers, to, boolean(false));
}

void ScheduleLowering::storeResults(function_ref<Value(unsigned)> valueOf,
                                    ArrayRef<Value> point) {
  for (auto [k, a] : llvm::enumerate(accesses)) {
    Value value = valueOf(k);
    SmallVector<Value> indices = *affine::expandAffineMap(b, loc, a.map, point);
    memref::StoreOp::create(b, loc, value, s.getOuts()[a.output], indices);
  }
}

//===----------------------------------------------------------------------===//
// Re-composition
//===----------------------------------------------------------------------===//

SmallVector<Value> ScheduleLowering::keptOf(ArrayRef<Value> point) {
  return llvm::map_to_vector(keepDims, [&](unsigned d) { return point[d]; });
}

SmallVector<Value> ScheduleLowering::deviceIndex(Value part,
                                                 ArrayRef<Value> keep) {
  SmallVector<Value> indices;
  if (levels[0].parts > 1)
    indices.push_back(part);
  llvm::append_range(indices, keep);
  return indices;
}

SmallVector<Value>
ScheduleLowering::scanIndex(unsigned d, ArrayRef<Value> fixed, Value along) {
  SmallVector<Value> keep;
  unsigned next = 0;
  for (unsigned k : keepDims)
    keep.push_back(k == d ? along : fixed[next++]);
  return deviceIndex(cst(0), keep);
}

void ScheduleLowering::writeOutputs(ArrayRef<Value> buffers,
                                    ArrayRef<Value> from,
                                    ArrayRef<Value> keep) {
  // pw dimensions do not appear in output maps; any index will do.
  SmallVector<Value> point(numDims, cst(0));
  for (auto [k, d] : llvm::enumerate(keepDims))
    point[d] = keep[k];
  storeResults(
      [&](unsigned k) {
        return memref::LoadOp::create(b, loc, buffers[k], from).getResult();
      },
      point);
}

void ScheduleLowering::buildPartsCombine(bool write) {
  Value q = beginPositionPhase("combine", keptPositions);
  SmallVector<Value> keep = delinearize(q, keptSizes);
  {
    OpBuilder::InsertionGuard guard(b);
    Value p = beginFor(cst(1), cst(levels[0].parts), cst(1));
    carry(devicePartials, deviceIndex(p, keep), deviceIndex(cst(0), keep));
  }
  if (write)
    writeOutputs(devicePartials, deviceIndex(cst(0), keep), keep);
}

void ScheduleLowering::buildRecomposition(bool writeInCombine) {
  if (!viaDevice)
    return;
  bool split = levels[0].parts > 1;
  bool written = split && writeInCombine && !hasPS;
  if (split)
    buildPartsCombine(written);
  for (unsigned d = 0; d < numDims; ++d)
    if (isPS[d])
      buildScanPhase(d);
  if (written)
    return;
  Value q = beginPositionPhase("write", keptPositions);
  SmallVector<Value> keep = delinearize(q, keptSizes);
  writeOutputs(devicePartials, deviceIndex(cst(0), keep), keep);
}
