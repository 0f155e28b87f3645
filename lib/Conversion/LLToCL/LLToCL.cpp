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
//   phases "scan_d", "scan_d_carry", "scan_d_add": (per ps dimension d)
//                    the inclusive scan along d, in chunks;
//   phase "write":   the results stored through the output views.
//
// Results go straight into the output buffers when no pw dimension is split
// over threads and no dimension is ps; otherwise into re-composition buffers
// (`mdh_cl.buffer device`) indexed by the part (the threads' tile along the
// split pw dimensions) and the iteration indices of the cc and ps
// dimensions. Every partial result is initialised by its first contribution
// (`first`), so no identity is needed. What both lowerings share is in
// ScheduleAnalysis.cpp and ScheduleLowering.cpp.
//
//===----------------------------------------------------------------------===//

#include "GPULowering.h"
#include "ScheduleLowering.h"

#include "mdh/Conversion/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHLLTOCL
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh;
using mdh_ll::InputRegion;
using mdh_ll::kNumLevels;

namespace {

/// Scan chains a thread interleaves (docs/cl-ir.md, "Scans on the host").
constexpr int64_t kScanChains = 8;
/// The shortest chunk a scan is cut into.
constexpr int64_t kMinScanChunk = 256;

class HostLowering : public ScheduleLowering {
public:
  explicit HostLowering(mdh_ll::ScheduleOp s)
      : ScheduleLowering(s), threads(levels[0]) {}

  void run() {
    createDevicePartials();
    buildMain();
    buildRecomposition(/*writeInCombine=*/false);
    s.erase();
  }

private:
  /// A phase with one parallel loop over threads.
  Value beginPositionPhase(StringRef name, int64_t positions) override {
    beginPhase(name);
    return beginParFor(positions, mdh_cl::Layer::Threads, mdh_cl::HwDim::X);
  }
  const TileCopy *innermostCopy(unsigned i) override {
    return readLevel[i] >= 0 ? &packed[i][readLevel[i]] : nullptr;
  }
  void buildScanPhase(unsigned d) override;
  void buildMain();
  /// The level at whose top input `i`'s copy for level `l` is made: the
  /// outermost one below which every loop over a dimension the input reads
  /// runs once (its tile is the enclosing tile), so the copy's box is the
  /// same for all tiles of the loops in between. A filter that no image,
  /// row or column tile reads differently is copied once per thread, not
  /// once per tile of the image (mcc_capsule: once per 4 x 4 x 4 pixels).
  unsigned copyLevel(unsigned i, unsigned l);

  /// The threads (level 0).
  const LevelSplit &threads;
  /// Per input: its packed copies per level.
  std::vector<std::array<TileCopy, kNumLevels>> packed;
  /// Per input: the innermost level with a packed copy, or -1.
  SmallVector<int> readLevel;
};

} // namespace

void HostLowering::buildMain() {
  Value u = beginPositionPhase("main", computeProduct(threads.units));

  // The threads' packed buffers, one per input and level with a copy.
  for (unsigned i = 0, e = s.getIns().size(); i < e; ++i) {
    packed.emplace_back();
    readLevel.push_back(-1);
    for (unsigned l = 0; l < kNumLevels; ++l) {
      if (c.inputRegions[i][l] != InputRegion::Packed)
        continue;
      packed[i][l] = createCopyBuffer(i, l, mdh_cl::MemRegion::Packed);
      readLevel[i] = l;
    }
  }

  // The thread's tile index per dimension, the first dimension of the
  // order varying slowest.
  SmallVector<int64_t> extents = llvm::map_to_vector(
      c.orders[0], [&](unsigned d) { return threads.units[d]; });
  SmallVector<Value> indices = delinearize(u, extents), unit(numDims);
  for (auto [d, index] : llvm::zip_equal(c.orders[0], indices))
    unit[d] = index;
  mainPart = linearize(threads.splitPW, unit, threads.units);

  // Level 0: a blocked thread owns one box; a strided one the sub-tiles
  // u, u + P, ... of level 1 (the level-1 loop below deals them).
  SmallVector<Value> lo(numDims), hi(numDims), firstIdx(numDims);
  for (unsigned d = 0; d < numDims; ++d) {
    if (threads.strided) {
      firstIdx[d] = mul(unit[d], cst(c.tiles[1][d]));
      continue;
    }
    lo[d] = mul(unit[d], cst(c.tiles[0][d]));
    hi[d] = min(add(lo[d], cst(c.tiles[0][d])), cst(sizes[d]));
    firstIdx[d] = lo[d];
  }

  // Levels 1 to 3: sequential loops in each level's order; copies at the
  // top of their level, or of an enclosing one (copyLevel).
  auto makeCopies = [&](unsigned at) {
    for (auto [i, in] : llvm::enumerate(s.getIns())) {
      for (unsigned l = 1; l < kNumLevels; ++l) {
        TileCopy &copy = packed[i][l];
        if (!copy.buffer || copyLevel(i, l) != at)
          continue;
        SmallVector<Value> boxSizes;
        buildBox(b, loc, boxes[i], lo, hi, copy.offsets, boxSizes);
        copyBox(in, copy.offsets, boxSizes, copy.buffer, copy.layout);
      }
    }
  };
  if (!threads.strided)
    makeCopies(0);
  for (unsigned l = 1; l < kNumLevels; ++l) {
    SmallVector<Value> nlo(numDims), nhi(numDims);
    for (unsigned d : c.orders[l]) {
      Value tile = cst(c.tiles[l][d]);
      if (l == 1 && threads.strided) {
        int64_t subTiles = llvm::divideCeilSigned(sizes[d], c.tiles[1][d]);
        Value sub = beginFor(unit[d], cst(subTiles), cst(threads.units[d]));
        nlo[d] = mul(sub, tile);
        nhi[d] = min(add(nlo[d], tile), cst(sizes[d]));
        continue;
      }
      nlo[d] = beginFor(lo[d], hi[d], tile);
      nhi[d] = min(add(nlo[d], tile), hi[d]);
    }
    lo = nlo;
    hi = nhi;
    makeCopies(l);
  }

  // The panel each register tile reads of a panels copy, known before its
  // points.
  for (unsigned i = 0, e = s.getIns().size(); i < e; ++i)
    if (readLevel[i] >= 0)
      setPanel(packed[i][readLevel[i]], i, lo);

  // The points of the register tile, in the register tile's order.
  SmallVector<Value> point(numDims);
  for (unsigned d : c.orders[kNumLevels - 1])
    point[d] = beginFor(lo[d], hi[d], cst(1));
  buildScalarPhase(point, firstIdx);
}

unsigned HostLowering::copyLevel(unsigned i, unsigned l) {
  SmallVector<AffineMap> maps = s.getInputMaps(i);
  unsigned m = l;
  for (; m > 0 && !(m == 1 && threads.strided); --m) {
    bool once = llvm::all_of(llvm::seq(numDims), [&](unsigned d) {
      bool reads = llvm::any_of(
          maps, [&](AffineMap map) { return map.isFunctionOfDim(d); });
      return !reads || c.tiles[m][d] == c.tiles[m - 1][d];
    });
    if (!once)
      break;
  }
  return m;
}

// The scan along d in chunks (docs/cl-ir.md, "Scans on the host"): a chain is
// the sequential scan of one chunk at one position of the other kept
// dimensions. Each thread runs kScanChains chains interleaved, so that
// their combines overlap instead of waiting on one another; chunks are cut
// only when there are fewer positions than chains to keep the cores busy.
// Then, as on GPUs, the chunks' last elements are scanned (scan_d_carry)
// and the last element of each chunk is combined into the next chunk's
// other elements (scan_d_add).
void HostLowering::buildScanPhase(unsigned d) {
  SmallVector<int64_t> extents = keptSizesWithout(d);
  int64_t positions = computeProduct(extents);
  int64_t n = sizes[d];
  int64_t cores = 1;
  if (auto omp = dyn_cast<mdh_ll::OpenMPTargetAttr>(s.getTarget()))
    cores = std::max<int64_t>(1, omp.getCores());
  int64_t wanted = cores * kScanChains;
  int64_t chunks = 1;
  if (positions < wanted)
    chunks = std::clamp<int64_t>(llvm::divideCeil(wanted, positions), 1,
                                 std::max<int64_t>(1, n / kMinScanChunk));
  int64_t len = llvm::divideCeil(n, chunks);
  chunks = llvm::divideCeil(n, len);
  int64_t chains = positions * chunks;
  int64_t perGroup = std::min(kScanChains, chains);
  int64_t groups = llvm::divideCeil(chains, perGroup);
  SmallVector<int64_t> chainExtents(extents);
  chainExtents.push_back(chunks);

  std::string name = ("scan_" + Twine(d)).str();
  {
    OpBuilder::InsertionGuard guard(b);
    Value g = beginPositionPhase(name, groups);
    // Per chain of the group: its position, first element and whether it
    // exists (the last group may be short).
    SmallVector<SmallVector<Value>> fixed;
    SmallVector<Value> firsts, valid;
    for (int64_t e = 0; e < perGroup; ++e) {
      Value chain = add(mul(g, cst(perGroup)), cst(e));
      SmallVector<Value> idx = delinearize(chain, chainExtents);
      firsts.push_back(mul(idx.back(), cst(len)));
      idx.pop_back();
      fixed.push_back(idx);
      valid.push_back(chains % perGroup ? lt(chain, cst(chains)) : Value());
    }
    Value j = beginFor(cst(1), cst(len), cst(1));
    for (int64_t e = 0; e < perGroup; ++e) {
      OpBuilder::InsertionGuard chainGuard(b);
      Value at = add(firsts[e], j);
      Value cond = valid[e];
      if (n % len)
        cond = cond ? andI(cond, lt(at, cst(n))) : lt(at, cst(n));
      if (cond) {
        auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
        b.setInsertionPointToStart(&ifOp.getThenRegion().front());
      }
      carry(devicePartials, scanIndex(d, fixed[e], sub(at, cst(1))),
            scanIndex(d, fixed[e], at));
    }
  }
  if (chunks == 1)
    return;
  {
    OpBuilder::InsertionGuard guard(b);
    Value q = beginPositionPhase(name + "_carry", positions);
    SmallVector<Value> at = delinearize(q, extents);
    Value k = beginFor(cst(1), cst(chunks), cst(1));
    Value end = sub(min(add(mul(k, cst(len)), cst(len)), cst(n)), cst(1));
    carry(devicePartials, scanIndex(d, at, sub(mul(k, cst(len)), cst(1))),
          scanIndex(d, at, end));
  }
  OpBuilder::InsertionGuard guard(b);
  SmallVector<int64_t> restExtents(extents);
  restExtents.push_back(chunks - 1);
  Value q = beginPositionPhase(name + "_add", positions * (chunks - 1));
  SmallVector<Value> idx = delinearize(q, restExtents);
  Value first = mul(add(idx.back(), cst(1)), cst(len));
  idx.pop_back();
  // The previous chunk's (final) last element, loaded once; this chunk's
  // last element is final already.
  SmallVector<Value> prevIndex = scanIndex(d, idx, sub(first, cst(1)));
  SmallVector<Value> prev =
      llvm::map_to_vector(devicePartials, [&](Value buffer) {
        return memref::LoadOp::create(b, loc, buffer, prevIndex).getResult();
      });
  Value last = sub(min(add(first, cst(len)), cst(n)), cst(1));
  Value j = beginFor(first, last, cst(1));
  accumulate(prev, devicePartials, scanIndex(d, idx, j), boolean(false));
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
      // The code of a function is for one target from here on: the
      // emitters refuse CL-IR of another target (the GPU CL-IR of a cuda
      // schedule is not host code, nor the other way round).
      if (failed(recordTarget(s, recorded)))
        signalPassFailure();
      LogicalResult lowered =
          TypeSwitch<Attribute, LogicalResult>(s.getTarget())
              .Case([&](mdh_ll::OpenMPTargetAttr) {
                HostLowering(s).run();
                return success();
              })
              .Case<mdh_ll::CUDATargetAttr, mdh_ll::HIPTargetAttr>(
                  [&](Attribute) { return lowerGPUSchedule(s); })
              .Default([&](Attribute) {
                return s.emitError("lowering a schedule for target '")
                       << s.getTarget().getTargetName()
                       << "' to CL-IR is not implemented";
              });
      if (failed(lowered))
        signalPassFailure();
    }
  }
};
} // namespace
