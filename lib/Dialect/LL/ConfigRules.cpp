//===- ConfigRules.cpp - The rules of MDH configurations ------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/ConfigRules.h"
#include "mdh/Dialect/LL/Staging.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;

int64_t rules::mulSat(int64_t a, int64_t b, int64_t cap) {
  if (a == 0 || b == 0)
    return 0;
  if (a > cap / b)
    return cap;
  return std::min(a * b, cap);
}

int64_t rules::addSat(int64_t a, int64_t b, int64_t cap) {
  if (a > cap - b)
    return cap;
  return a + b;
}

int64_t Buffer::footprint(ArrayRef<int64_t> tile, int64_t cap) const {
  int64_t product = 1;
  for (const BufferDim &dim : dims) {
    int64_t partial = 0;
    for (unsigned d = 0, e = tile.size(); d < e; ++d)
      partial = addSat(partial, partialOf(dim, d, tile[d]));
    product = mulSat(product, dimRange(dim, partial), cap);
  }
  return product;
}

//===----------------------------------------------------------------------===//
// Problem
//===----------------------------------------------------------------------===//

bool rules::isCompact(const Problem &p) {
  return p.numDims() > kCompactSpaceDims;
}

std::string Problem::levelName(unsigned level) const {
  return ("level " + Twine(level) + " (" + levels[level].name + ")").str();
}

SmallVector<InputRegion, 2> Problem::copyRegions(unsigned level) const {
  SmallVector<InputRegion, 2> regions;
  for (InputRegion region :
       {InputRegion::Packed, InputRegion::Shared, InputRegion::Register})
    if (mdh_ll::isLegalInputRegion(targetName, level, region))
      regions.push_back(region);
  return regions;
}

SmallVector<CombineRegion, 2> Problem::combineRegions(unsigned level) const {
  if (!isParallel(level))
    return {CombineRegion::Register};
  if (gpu && level == kGPUThreadLevel)
    return {CombineRegion::Shared, CombineRegion::Register};
  // Blocks and CPU threads share no fast memory: their partial results meet
  // in device (main) memory, combined by a second phase.
  return {CombineRegion::Device};
}

int64_t Problem::maxRegisterWords() const {
  if (gpu)
    return gpuFacts.registersPerThread / kGPURegisterShareDenominator;
  return cpuRegisterTileWords(vectorRegisters, vectorWidth);
}

/// Bounds result `b` of `maps` over a box for the footprint model: weights
/// summed over the maps' bounding linear forms, one element per map. False
/// when some map's result has none.
static bool boundOutputDim(ArrayRef<AffineMap> maps, unsigned b,
                           BufferDim &dim) {
  unsigned numDims = dim.weights.size();
  SmallVector<int64_t, 8> weights(numDims, 0);
  for (AffineMap map : maps) {
    SmallVector<int64_t, 8> bound(numDims, 0);
    if (!mdh::boundingLinearForm(map.getResult(b), bound))
      return false;
    for (unsigned d = 0; d < numDims; ++d)
      weights[d] = addSat(weights[d], bound[d] < 0 ? -bound[d] : bound[d]);
  }
  dim.weights.assign(weights.begin(), weights.end());
  dim.base = maps.size();
  return true;
}

/// The footprint model of a buffer of type `type` read or written through
/// `maps` (docs/tuning-parameters.md, "Footprints"); `isOutput` records the
/// maps' constants (BufferDim::offsets). `agree` (when given) says whether
/// every result is affine-linear with the same coefficients in every map.
static Buffer modelBuffer(ShapedType type, ArrayRef<AffineMap> maps,
                          unsigned numDims, bool isOutput,
                          bool *agree = nullptr) {
  if (agree)
    *agree = true;
  Buffer buffer;
  buffer.bytes = std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  buffer.words = ceilDiv(buffer.bytes, 4);
  buffer.loadBytes = buffer.bytes;
  for (unsigned b = 0, rank = type.getRank(); b < rank; ++b) {
    BufferDim dim;
    dim.extent = type.getDimSize(b);
    dim.weights.assign(numDims, 0);
    SmallVector<int64_t, 8> first, constants;
    int64_t lo = 0, hi = 0;
    bool linear = true;
    for (auto [m, map] : llvm::enumerate(maps)) {
      SmallVector<int64_t, 8> coeffs(numDims, 0);
      int64_t constant = 0;
      if (!mdh::linearizeAffineExpr(map.getResult(b), coeffs, constant) ||
          (m > 0 && coeffs != first)) {
        linear = false;
        if (agree)
          *agree = false;
        break;
      }
      if (m == 0) {
        first = coeffs;
        lo = hi = constant;
      }
      lo = std::min(lo, constant);
      hi = std::max(hi, constant);
      constants.push_back(constant);
    }
    if (linear) {
      for (unsigned d = 0; d < numDims; ++d)
        dim.weights[d] = first[d] < 0 ? -first[d] : first[d];
      dim.base = hi - lo + 1;
      llvm::sort(constants);
      constants.erase(llvm::unique(constants), constants.end());
      if (isOutput && constants.size() > 1)
        for (int64_t constant : constants)
          dim.offsets.push_back(constant - lo);
    } else if (isOutput && boundOutputDim(maps, b, dim)) {
      // An output written through maps with floordiv or mod (a view such
      // as (i floordiv 2, i mod 2)), or through maps with different
      // coefficients: each map's range is bounded by its dividends', and
      // the union by the sum (the accumulators of a register tile are one
      // per point and map, not one per element of the whole dimension).
      // Input copies hold such dimensions whole (docs/cl-ir.md), so inputs
      // keep the extent.
    } else {
      dim.base = dim.extent;
    }
    buffer.dims.push_back(std::move(dim));
  }
  return buffer;
}

/// Declaration order of the dimensions: in index order, except that once a
/// buffer dimension is read by a declared dimension, the other dimensions
/// reading it follow at once (MCC's p + r), so that few partial sums are
/// open at a time.
static SmallVector<unsigned, 8> declarationOrder(const Problem &p) {
  unsigned numDims = p.numDims();
  SmallVector<const BufferDim *> all;
  for (const Buffer &buffer : llvm::concat<const Buffer>(p.inputs, p.outputs))
    for (const BufferDim &dim : buffer.dims)
      all.push_back(&dim);
  llvm::SetVector<unsigned> order;
  for (unsigned start = 0; start < numDims; ++start) {
    SmallVector<unsigned> work = {start};
    while (!work.empty()) {
      unsigned d = work.pop_back_val();
      if (!order.insert(d))
        continue;
      // Dimensions sharing a buffer dimension with d, in reverse index order
      // so that the smallest is declared next.
      for (unsigned e = numDims; e-- > 0;)
        if (!order.contains(e) && llvm::any_of(all, [&](const BufferDim *b) {
              return b->weights[d] != 0 && b->weights[e] != 0;
            }))
          work.push_back(e);
    }
  }
  return SmallVector<unsigned, 8>(order.begin(), order.end());
}

FailureOr<Problem>
rules::analyze(mdh::ComputationOpInterface op, Attribute target,
               function_ref<InFlightDiagnostic()> emitError) {
  auto iface = dyn_cast_or_null<mdh_ll::TargetAttrInterface>(target);
  if (!iface) {
    emitError() << "expected a target attribute (#mdh_ll.openmp, "
                   "#mdh_ll.cuda or #mdh_ll.hip), got "
                << target;
    return failure();
  }
  Problem p;
  p.targetName = iface.getTargetName().str();
  p.levels = iface.getLevels();
  if (auto cuda = dyn_cast<mdh_ll::CUDATargetAttr>(target)) {
    p.gpu = true;
    p.gpuFacts = cuda.getFacts();
  } else if (auto hip = dyn_cast<mdh_ll::HIPTargetAttr>(target)) {
    p.gpu = true;
    p.gpuFacts = hip.getFacts();
  } else if (auto omp = dyn_cast<mdh_ll::OpenMPTargetAttr>(target)) {
    p.vectorWidth = omp.getVectorWidth();
    p.vectorRegisters = omp.getVectorRegisters();
    p.cores = omp.getCores();
    p.l1CacheSize = omp.getL1CacheSize();
    p.l2CacheSize = omp.getL2CacheSize();
  } else {
    emitError() << "unknown target '" << p.targetName << "'";
    return failure();
  }
  if (p.levels.size() != kNumLevels) {
    emitError() << "target '" << p.targetName << "' has " << p.levels.size()
                << " levels, expected " << kNumLevels;
    return failure();
  }

  unsigned numDims = op.getNumDims();
  p.sizes.assign(op.getSizes().begin(), op.getSizes().end());
  for (unsigned d = 0; d < numDims; ++d) {
    mdh::CombinerAttr combiner = op.getCombiner(d);
    p.reduction.push_back(combiner.isReduction());
    if (combiner.isReduction() && combiner.getCustom())
      p.customCombiner = true;
  }
  for (auto [i, value] : llvm::enumerate(op.getIns())) {
    p.inputs.push_back(modelBuffer(cast<ShapedType>(value.getType()),
                                   op.getInputMaps(i), numDims,
                                   /*isOutput=*/false));
    // The tiles hold the elements in the type the scalar function widens
    // them to (Staging.h).
    Type staged = mdh_ll::stagedElementType(op, i);
    p.inputs.back().bytes =
        std::max<int64_t>(1, staged.getIntOrFloatBitWidth() / 8);
    p.inputs.back().words = ceilDiv(p.inputs.back().bytes, 4);
  }
  for (auto [o, value] : llvm::enumerate(op.getOuts())) {
    auto type = cast<ShapedType>(value.getType());
    SmallVector<AffineMap> maps(op.getOutputMaps(o));
    bool agree;
    p.outputs.push_back(
        modelBuffer(type, maps, numDims, /*isOutput=*/true, &agree));
    if (agree) {
      p.accumulators.push_back(p.outputs.back());
      continue;
    }
    for (AffineMap map : maps)
      p.accumulators.push_back(modelBuffer(type, map, numDims, true));
  }
  p.dimOrder = declarationOrder(p);
  return p;
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

Problem rules::analyzeOrDie(mdh::ComputationOpInterface op, Attribute target) {
  FailureOr<Problem> p =
      analyze(op, target, [&] { return op->emitError("tuning space: "); });
  if (failed(p))
    llvm::reportFatalUsageError("tuning space of an op on an unknown target");
  return std::move(*p);
}

int64_t rules::enclosingTile(const Problem &p, const mdh_ll::Config &c,
                             unsigned level, unsigned d) {
  return level == 0 ? p.sizes[d] : c.tiles[level - 1][d];
}

int64_t rules::unitsOf(const Problem &p, const mdh_ll::Config &c,
                       unsigned level, unsigned d) {
  return ceilDiv(enclosingTile(p, c, level, d), c.tiles[level][d]);
}

bool rules::strideMatters(const Problem &p, const mdh_ll::Config &c,
                          unsigned level) {
  for (unsigned d = 0; d < p.numDims(); ++d) {
    int64_t subTiles = level + 1 < kNumLevels
                           ? ceilDiv(c.tiles[level][d], c.tiles[level + 1][d])
                           : 1;
    if (strideMatters(unitsOf(p, c, level, d), subTiles))
      return true;
  }
  return false;
}

bool rules::reductionSplit(const Problem &p, const mdh_ll::Config &c,
                           unsigned level) {
  for (unsigned d = 0; d < p.numDims(); ++d)
    if (p.reduction[d] && isActive(unitsOf(p, c, level, d)))
      return true;
  return false;
}

int64_t rules::threadsPerBlock(const Problem &p, const mdh_ll::Config &c) {
  int64_t threads = 1;
  for (unsigned d = 0; d < p.numDims(); ++d)
    threads = mulSat(threads, unitsOf(p, c, kGPUThreadLevel, d));
  return threads;
}

int64_t rules::combineReserve(const Problem &p) {
  if (!p.gpu || !p.hasReduction())
    return 0;
  int64_t perThread = 0;
  for (const Buffer &buffer : p.outputs)
    perThread = addSat(perThread, buffer.bytes);
  return mulSat(p.maxThreadsPerBlock(), perThread);
}

int64_t rules::sharedBytes(const Problem &p,
                           ArrayRef<int64_t> inputFootprints) {
  int64_t bytes = combineReserve(p);
  for (auto [buffer, elements] : llvm::zip_equal(p.inputs, inputFootprints))
    bytes = addSat(bytes, mulSat(elements, buffer.bytes));
  return bytes;
}

int64_t rules::registerWords(const Problem &p,
                             ArrayRef<int64_t> inputFootprints,
                             ArrayRef<int64_t> accumulatorFootprints) {
  int64_t words = 0;
  for (auto [buffer, elements] : llvm::zip_equal(p.inputs, inputFootprints))
    words = addSat(words, mulSat(elements, buffer.words));
  for (auto [buffer, elements] :
       llvm::zip_equal(p.accumulators, accumulatorFootprints))
    words = addSat(words, mulSat(elements, buffer.words));
  return words;
}

SmallVector<unsigned> rules::canonicalOrder(ArrayRef<unsigned> order,
                                            ArrayRef<bool> active,
                                            ArrayRef<int64_t> sizes) {
  SmallVector<unsigned> result;
  for (unsigned d : order)
    if (active[d])
      result.push_back(d);
  for (bool unit : {false, true})
    for (unsigned d = 0, e = active.size(); d < e; ++d)
      if (!active[d] && (sizes[d] == 1) == unit)
        result.push_back(d);
  return result;
}

mdh_ll::Config rules::canonicalize(const Problem &p, mdh_ll::Config c,
                                   Canon mode) {
  unsigned numDims = p.numDims();
  for (unsigned l = 0; l < kNumLevels; ++l) {
    SmallVector<bool, 8> active, mayBeActive;
    // The register tile's order is also the order of its point loops
    // (LL-to-CL): there a dimension with more than one point counts even
    // when its tile runs once per enclosing tile.
    bool points = l + 1 == kNumLevels;
    for (unsigned d = 0; d < numDims; ++d) {
      active.push_back(isActive(unitsOf(p, c, l, d)) ||
                       (points && c.tiles[l][d] > 1));
      mayBeActive.push_back(p.sizes[d] > 1);
    }
    c.orders[l] = canonicalOrder(
        c.orders[l], mode == Canon::Full ? active : mayBeActive, p.sizes);
    if (!p.isParallel(l)) {
      c.assignment[l].clear();
      c.assignmentKind[l] = mdh_ll::AssignmentKind::Blocked;
    } else {
      bool keep = mode == Canon::Space && isCompact(p);
      for (unsigned d = 0; d < numDims; ++d)
        if (!active[d] && (!keep || p.sizes[d] == 1))
          c.assignment[l][d] = 0;
      if (mode == Canon::Full && !strideMatters(p, c, l))
        c.assignmentKind[l] = mdh_ll::AssignmentKind::Blocked;
    }
    // Without a pw/ps dimension split among its units, a level combines
    // nothing: the combine region is fixed to the level's first one.
    if (!p.isParallel(l) || !reductionSplit(p, c, l))
      for (auto &regions : c.outputRegions)
        regions[l] = p.combineRegions(l).front();
  }
  for (auto [buffer, regions, layouts] :
       llvm::zip_equal(p.inputs, c.inputRegions, c.inputLayouts))
    for (unsigned l = 0; l < kNumLevels; ++l)
      if (regions[l] == InputRegion::InPlace || buffer.rank() < 2)
        layouts[l] = mdh_ll::Layout::Identity;
  return c;
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

std::string Names::tile(unsigned l, unsigned d) {
  return ("tiles[" + Twine(l) + "][" + Twine(d) + "]").str();
}
std::string Names::order(unsigned l, unsigned d) {
  return ("orders[" + Twine(l) + "].code[" + Twine(d) + "]").str();
}
std::string Names::assignment(unsigned l, unsigned d) {
  return ("assignment[" + Twine(l) + "][" + Twine(d) + "]").str();
}
std::string Names::kind(unsigned l) {
  return ("assignment_kind[" + Twine(l) + "]").str();
}
std::string Names::inputRegion(unsigned i, unsigned l) {
  return ("inputs[" + Twine(i) + "].regions[" + Twine(l) + "]").str();
}
std::string Names::inputLayout(unsigned i, unsigned l) {
  return ("inputs[" + Twine(i) + "].layouts[" + Twine(l) + "]").str();
}
std::string Names::outputRegion(unsigned o, unsigned l) {
  return ("outputs[" + Twine(o) + "].regions[" + Twine(l) + "]").str();
}
