//===- BankConflicts.cpp - Shared-memory bank conflicts of GPU CL-IR ------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// An analysis that changes nothing: for every load and store of a `shared`
// buffer in a GPU kernel, the addresses that the lanes of the block's first
// warp access together, evaluated from the index arithmetic, and the number
// of shared-memory wavefronts (passes through the banks) they take.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "BankConflicts.h"
#include "LaneEvaluator.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLBANKCONFLICTS
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

namespace {

/// Banks of the shared memory (LDS) of every supported chip, each 4 bytes
/// wide.
constexpr int64_t kBanks = 32;
constexpr int64_t kBankBytes = 4;

/// A shared-memory access: the buffer, its indices and the bytes one lane
/// moves.
struct Access {
  Operation *op;
  Value memref;
  ValueRange indices;
  int64_t bytes;
};

std::optional<Access> getAccess(Operation *op) {
  auto make = [&](Value memref, ValueRange indices,
                  Type valueType) -> std::optional<Access> {
    auto buffer = memref.getDefiningOp<BufferOp>();
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!buffer || buffer.getRegion() != MemRegion::Shared || !type ||
        !type.hasStaticShape() || !type.getLayout().isIdentity())
      return std::nullopt;
    int64_t bits = 0;
    if (auto vec = dyn_cast<VectorType>(valueType))
      bits = vec.getNumElements() * vec.getElementTypeBitWidth();
    else if (valueType.isIntOrFloat())
      bits = valueType.getIntOrFloatBitWidth();
    if (bits == 0)
      return std::nullopt;
    return Access{op, memref, indices, std::max<int64_t>(1, bits / 8)};
  };
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return make(load.getMemRef(), load.getIndices(), load.getType());
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return make(store.getMemRef(), store.getIndices(),
                store.getValue().getType());
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return make(load.getBase(), load.getIndices(), load.getVectorType());
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return make(store.getBase(), store.getIndices(), store.getVectorType());
  return std::nullopt;
}

/// Wavefronts of one access by `lanes` (byte addresses; empty for lanes
/// whose address is unknown), after NVIDIA's rule: accesses of 4 bytes or
/// less go through the banks in one phase per 32 lanes, 8-byte ones in
/// phases of 16 lanes and 16-byte ones in phases of 8; in each phase, as
/// many wavefronts as the most distinct 4-byte words that fall into one
/// bank (lanes that read one word share it). Returns {wavefronts, phases}.
std::pair<int64_t, int64_t> wavefronts(ArrayRef<std::optional<int64_t>> lanes,
                                       int64_t bytes) {
  int64_t perPhase = bytes <= 4 ? 32 : std::max<int64_t>(1, 128 / bytes);
  int64_t total = 0, phases = 0;
  for (size_t first = 0; first < lanes.size(); first += perPhase) {
    DenseMap<int64_t, DenseSet<int64_t>> words;
    for (size_t l = first; l < std::min(lanes.size(), first + perPhase); ++l) {
      if (!lanes[l])
        continue;
      for (int64_t w = *lanes[l] / kBankBytes,
                   e = (*lanes[l] + bytes - 1) / kBankBytes;
           w <= e; ++w)
        words[w % kBanks].insert(w);
    }
    if (words.empty())
      continue;
    int64_t most = 0;
    for (auto &[bank, set] : words)
      most = std::max<int64_t>(most, set.size());
    total += most;
    ++phases;
  }
  return {total, phases};
}

/// Whether every row of `type` starts at a multiple of `width` bytes, as
/// the compiler must know to merge neighbours along a row into one access
/// of `width` bytes (a padded row of an odd number of words does not).
bool rowsAligned(MemRefType type, int64_t width) {
  if (type.getRank() < 2)
    return true;
  int64_t bytes = std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  return type.getShape().back() * bytes % width == 0;
}

/// Whether `op` runs in `lane` as far as the conditions of the `scf.if`s
/// around it inside `threadLoop` can be evaluated (the full-tile versions
/// of the kernels run for block 0; unknown conditions count as taken).
bool runs(Operation *op, Operation *threadLoop, LaneEvaluator &lane) {
  for (Operation *p = op; p != threadLoop && p->getParentOp() != threadLoop;
       p = p->getParentOp()) {
    auto branch = dyn_cast<scf::IfOp>(p->getParentOp());
    if (!branch)
      continue;
    std::optional<int64_t> cond = lane.eval(branch.getCondition());
    if (!cond)
      continue;
    Region *taken = *cond ? &branch.getThenRegion() : &branch.getElseRegion();
    if (p->getParentRegion() != taken)
      return false;
  }
  return true;
}

/// The times one thread runs `op` per run of the block: the product of the
/// trip counts of its loops inside the thread loop, as lane 0 sees them.
int64_t executions(Operation *op, Operation *threadLoop, LaneEvaluator &lane0) {
  int64_t n = 1;
  for (Operation *p = op->getParentOp(); p && p != threadLoop;
       p = p->getParentOp()) {
    auto loop = dyn_cast<ForOp>(p);
    if (!loop)
      continue;
    std::optional<int64_t> lb = lane0.eval(loop.getLowerBound());
    std::optional<int64_t> ub = lane0.eval(loop.getUpperBound());
    std::optional<int64_t> step = lane0.eval(loop.getStep());
    if (!lb || !ub || !step || *step <= 0)
      continue;
    n *= std::max<int64_t>(0, (*ub - *lb + *step - 1) / *step);
  }
  return n;
}

/// The block's threads along x, y and z.
std::optional<std::array<int64_t, 3>> blockExtents(ArrayRef<ParForOp> threads) {
  std::array<int64_t, 3> extents = {1, 1, 1};
  LaneEvaluator constants{DenseMap<Value, int64_t>()};
  for (ParForOp p : threads) {
    std::optional<int64_t> lb = constants.eval(p.getLowerBound());
    std::optional<int64_t> ub = constants.eval(p.getUpperBound());
    std::optional<int64_t> step = constants.eval(p.getStep());
    if (!lb || !ub || !step || *lb != 0 || *step != 1 || *ub < 1)
      return std::nullopt;
    extents[unsigned(p.getDim())] = *ub;
  }
  return extents;
}

} // namespace

std::optional<SharedTraffic>
mlir::mdh_cl::analyzeSharedTraffic(func::FuncOp func, bool remarks) {
  Attribute target = func->getAttr("mdh_ll.target");
  int64_t warp;
  if (isa_and_nonnull<mdh_ll::CUDATargetAttr>(target))
    warp = 32;
  else if (isa_and_nonnull<mdh_ll::HIPTargetAttr>(target))
    warp = 64;
  else
    return std::nullopt;
  SharedTraffic traffic;
  int64_t &requests = traffic.accesses, &total = traffic.wavefronts,
          &ideal = traffic.ideal, &unknown = traffic.unknown;
  /// Says that `op` takes `waves` wavefronts where `phases` would do.
  auto conflict = [&](Operation *op, int64_t waves, int64_t phases,
                      int64_t lanes, int64_t bytes, int64_t times) {
    traffic.conflicted += times;
    if (remarks)
      op->emitRemark() << "bank conflict: " << waves << " wavefronts where "
                       << phases << " would do (" << lanes << " lanes, "
                       << bytes << " bytes each), " << times
                       << " times per thread";
  };
  {
    // The outermost thread loops: one per block's kernel.
    func.walk([&](ParForOp loop) {
      auto parent = loop->getParentOfType<ParForOp>();
      if (loop.getLayer() != Layer::Threads ||
          (parent && parent.getLayer() == Layer::Threads))
        return;
      SmallVector<ParForOp, 3> threads;
      for (ParForOp p = loop; p;) {
        threads.push_back(p);
        ParForOp next;
        for (Operation &op : p.getBody().front())
          if (auto inner = dyn_cast<ParForOp>(op);
              inner && inner.getLayer() == Layer::Threads)
            next = inner;
        p = next;
      }
      std::optional<std::array<int64_t, 3>> extents = blockExtents(threads);
      if (!extents)
        return;
      int64_t blockThreads = (*extents)[0] * (*extents)[1] * (*extents)[2];
      int64_t lanes = std::min(warp, blockThreads);
      SmallVector<DenseMap<Value, int64_t>> ids;
      for (int64_t l = 0; l < lanes; ++l) {
        int64_t id[3] = {l % (*extents)[0], l / (*extents)[0] % (*extents)[1],
                         l / ((*extents)[0] * (*extents)[1])};
        DenseMap<Value, int64_t> fixed;
        for (ParForOp p : threads)
          fixed[p.getInductionVar()] = id[unsigned(p.getDim())];
        ids.push_back(std::move(fixed));
      }
      SmallVector<LaneEvaluator> evaluators;
      for (const DenseMap<Value, int64_t> &fixed : ids)
        evaluators.emplace_back(fixed);
      // The byte addresses of the lanes: `indexOf(lane, k)` gives a lane's
      // k-th index.
      // The access being analysed.
      Operation *current = nullptr;
      auto addressesOf = [&](MemRefType type, MutableArrayRef<LaneEvaluator> at,
                             auto indexOf) {
        SmallVector<int64_t> strides(type.getRank(), 1);
        for (int64_t k = type.getRank() - 1; k > 0; --k)
          strides[k - 1] = strides[k] * type.getDimSize(k);
        int64_t eltBytes =
            std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
        SmallVector<std::optional<int64_t>> addresses;
        for (LaneEvaluator &lane : at) {
          // Lanes that a condition of theirs keeps out do not access.
          if (current && !runs(current, loop, lane)) {
            addresses.push_back(std::nullopt);
            continue;
          }
          std::optional<int64_t> offset = 0;
          for (auto [k, stride] : llvm::enumerate(strides)) {
            std::optional<int64_t> i = indexOf(lane, k);
            offset = i && offset ? std::optional(*offset + *i * stride)
                                 : std::nullopt;
          }
          addresses.push_back(offset ? std::optional(*offset * eltBytes)
                                     : std::nullopt);
        }
        return addresses;
      };
      // Counts `times` accesses of `bytes` per lane at `addresses`.
      auto account = [&](ArrayRef<std::optional<int64_t>> addresses,
                         int64_t bytes, int64_t times) {
        if (llvm::all_of(addresses, [](auto a) { return !a; })) {
          ++unknown;
          return std::pair<int64_t, int64_t>(0, 0);
        }
        auto [waves, phases] = wavefronts(addresses, bytes);
        requests += times;
        total += times * waves;
        ideal += times * phases;
        return std::pair<int64_t, int64_t>(waves, phases);
      };
      // Whether `next` is `first` moved by `bytes` in every lane, from a
      // 16-byte boundary: the compiler's unrolled neighbours then make one
      // 128-bit access.
      auto merges = [](ArrayRef<std::optional<int64_t>> first,
                       ArrayRef<std::optional<int64_t>> next, int64_t bytes,
                       int64_t width = 16) {
        for (auto [a, b] : llvm::zip_equal(first, next))
          if (a && (!b || *b - *a != bytes || *a % width != 0))
            return false;
        return llvm::any_of(first, [](auto a) { return a.has_value(); });
      };
      // The width of the access that the compiler makes of the access
      // `indexOf` of `op` (at `addresses`), repeated by an unrolled loop
      // around it (step 1, a constant trip count of at most 64 that is a
      // multiple of the vector) along aligned rows: 16 or 8 bytes where
      // ptxas and LLVM merge such neighbours into a 128- or 64-bit access,
      // else `bytes`.
      auto mergedAlongLoop = [&](Operation *op, MemRefType type,
                                 ArrayRef<std::optional<int64_t>> addresses,
                                 int64_t bytes, auto indexOf) -> int64_t {
        for (int64_t width : {16, 8}) {
          if (bytes >= width || width % bytes != 0 || !rowsAligned(type, width))
            continue;
          // Any unrolled loop around it whose next trip moves every lane by
          // one element (MatMul's k around the loops over A's rows).
          for (auto inner = op->getParentOfType<ForOp>();
               inner && loop->isProperAncestor(inner);
               inner = inner->getParentOfType<ForOp>()) {
            std::optional<int64_t> lb =
                evaluators[0].eval(inner.getLowerBound());
            // Loops over register tiles with a constant trip count are the
            // ones the compilers unroll (`#pragma unroll` in CUDA and HIP,
            // `mdh-cl-unroll` on the NVVM path); others stay rolled.
            std::optional<int64_t> trips = inner.getConstantTripCount();
            if (!lb || !trips || !inner.isUnrolledRegisterTileLoop() ||
                *trips > 64 || *trips % (width / bytes) != 0)
              continue;
            SmallVector<LaneEvaluator> next;
            for (const DenseMap<Value, int64_t> &fixed : ids) {
              DenseMap<Value, int64_t> moved = fixed;
              moved[inner.getInductionVar()] = *lb + 1;
              next.emplace_back(std::move(moved));
            }
            if (merges(addresses, addressesOf(type, next, indexOf), bytes,
                       width))
              return width;
          }
        }
        return bytes;
      };
      auto aligned = [](ArrayRef<std::optional<int64_t>> addresses,
                        int64_t width) {
        return llvm::all_of(addresses,
                            [&](auto a) { return !a || *a % width == 0; });
      };
      // Scalar accesses of one kind to one buffer that follow each other
      // in a block, each one element on from the last in every lane from a
      // 16-byte boundary: ptxas and LLVM merge four (two, eight) into one
      // 128-bit access (the element-wise stores of widened copies).
      struct Run {
        Operation *first = nullptr;
        Value memref;
        bool store = false;
        int64_t bytes = 0, times = 0;
        SmallVector<Operation *> ops;
        SmallVector<SmallVector<std::optional<int64_t>>> addresses;
      };
      DenseMap<Block *, Run> runs_;
      auto accountScalar = [&](Operation *op,
                               ArrayRef<std::optional<int64_t>> addresses,
                               int64_t bytes, int64_t times) {
        auto [waves, phases] = account(addresses, bytes, times);
        if (waves > phases)
          conflict(op, waves, phases, lanes, bytes, times);
      };
      // A run cut short: its first 8 bytes one 64-bit access, the rest
      // as they are.
      auto flush = [&](Run &run) {
        size_t pair = 8 / run.bytes, k = 0;
        if (run.ops.size() >= pair) {
          accountScalar(run.first, run.addresses.front(), 8, run.times);
          k = pair;
        }
        for (; k < run.ops.size(); ++k)
          accountScalar(run.ops[k], run.addresses[k], run.bytes, run.times);
        run = Run();
      };
      loop.walk([&](Operation *op) {
        current = op;
        if (llvm::none_of(evaluators, [&](LaneEvaluator &lane) {
              return runs(op, loop, lane);
            }))
          return;
        int64_t times = executions(op, loop, evaluators.front());
        if (std::optional<Access> access = getAccess(op)) {
          auto type = cast<MemRefType>(access->memref.getType());
          auto indexOf = [&](LaneEvaluator &lane, unsigned k) {
            return lane.eval(access->indices[k]);
          };
          SmallVector<std::optional<int64_t>> addresses =
              addressesOf(type, evaluators, indexOf);
          int64_t bytes = access->bytes;
          Run &run = runs_[op->getBlock()];
          bool store = isa<memref::StoreOp, vector::StoreOp>(op);
          if (run.first && run.memref == access->memref && run.store == store &&
              run.bytes == bytes && run.times == times &&
              llvm::all_of(llvm::zip_equal(run.addresses.back(), addresses),
                           [&](auto pair) {
                             auto [a, b] = pair;
                             return a.has_value() == b.has_value() &&
                                    (!a || *b - *a == bytes);
                           })) {
            run.ops.push_back(op);
            run.addresses.push_back(addresses);
            auto runType = cast<MemRefType>(run.memref.getType());
            int64_t width =
                aligned(run.addresses.front(), 16) && rowsAligned(runType, 16)
                    ? 16
                    : 8;
            if (int64_t(run.ops.size()) * bytes == width) {
              auto [waves, phases] =
                  account(run.addresses.front(), width, times);
              if (waves > phases)
                conflict(run.first, waves, phases, lanes, width, times);
              run = Run();
            }
            return;
          }
          if (run.first)
            flush(run);
          if (int64_t width =
                  mergedAlongLoop(op, type, addresses, bytes, indexOf);
              width != bytes) {
            times /= width / bytes;
            bytes = width;
          }
          if (bytes < 8 && 8 % bytes == 0 && aligned(addresses, 8) &&
              rowsAligned(type, 8) &&
              isa<memref::LoadOp, memref::StoreOp>(op)) {
            run.first = op;
            run.memref = access->memref;
            run.store = store;
            run.bytes = bytes;
            run.times = times;
            run.ops = {op};
            run.addresses = {addresses};
            return;
          }
          accountScalar(op, addresses, bytes, times);
          return;
        }
        // A copy out of a shared buffer reads each point of its box.
        auto copy = dyn_cast<CopyOp>(op);
        auto buffer =
            copy ? copy.getSource().getDefiningOp<BufferOp>() : nullptr;
        if (!buffer || buffer.getRegion() != MemRegion::Shared)
          return;
        auto type = cast<MemRefType>(copy.getSource().getType());
        SmallVector<int64_t> box;
        for (Value size : copy.getSizes()) {
          std::optional<int64_t> n = evaluators.front().eval(size);
          if (!n || *n < 0) {
            ++unknown;
            return;
          }
          box.push_back(*n);
        }
        int64_t points = 1;
        for (int64_t n : box)
          points *= n;
        int64_t bytes = std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
        // Neighbouring points along the innermost dimension of the box
        // that start at 16-byte boundaries are one 128-bit load, as above.
        int64_t group = 16 % bytes == 0 ? 16 / bytes : 1;
        if (box.empty() || box.back() % group != 0)
          group = 1;
        std::pair<int64_t, int64_t> worst = {0, 0};
        int64_t conflicted = 0, width = bytes;
        for (int64_t p = 0; p < points; p += group) {
          SmallVector<int64_t> point(box.size());
          for (int64_t k = box.size(), rest = p; k-- > 0; rest /= box[k])
            point[k] = rest % box[k];
          auto at = [&](int64_t shift) {
            return addressesOf(
                type, evaluators,
                [&](LaneEvaluator &lane, unsigned k) -> std::optional<int64_t> {
                  std::optional<int64_t> o = lane.eval(copy.getOffsets()[k]);
                  if (!o)
                    return std::nullopt;
                  return *o + point[k] + (k + 1 == box.size() ? shift : 0);
                });
          };
          SmallVector<std::optional<int64_t>> addresses = at(0);
          int64_t access = group > 1 && rowsAligned(type, 16) &&
                                   merges(addresses, at(1), bytes)
                               ? 16
                               : bytes;
          int64_t n = access == 16 ? 1 : group, perThread = times;
          // A box one element wide along its rows, inside a loop along them
          // (MatMul's A column per k).
          if (box.empty() || box.back() == 1) {
            access = mergedAlongLoop(
                op, type, addresses, bytes,
                [&](LaneEvaluator &lane, unsigned k) -> std::optional<int64_t> {
                  std::optional<int64_t> o = lane.eval(copy.getOffsets()[k]);
                  if (!o)
                    return std::nullopt;
                  return *o + point[k];
                });
            perThread = times / (access / bytes);
          }
          for (int64_t g = 0; g < n; ++g) {
            auto [waves, phases] =
                account(g == 0 ? addresses : at(g), access, perThread);
            if (waves > phases) {
              conflicted += perThread;
              width = access;
              if (!worst.second || waves * worst.second > worst.first * phases)
                worst = {waves, phases};
            }
          }
        }
        if (conflicted)
          conflict(op, worst.first, worst.second, lanes, width, conflicted);
      });
      for (auto &[block, run] : runs_)
        if (run.first)
          flush(run);
    });
  }
  if (remarks)
    func->emitRemark() << "mdh-cl-bank-conflicts: " << requests
                       << " shared-memory accesses per thread take " << total
                       << " wavefronts per warp, " << ideal
                       << " without conflicts"
                       << (unknown ? " (" + std::to_string(unknown) +
                                         " accesses not evaluated)"
                                   : "");
  return traffic;
}

namespace {

struct MDHCLBankConflictsPass
    : mdh_cl::impl::MDHCLBankConflictsBase<MDHCLBankConflictsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](func::FuncOp func) {
      if (std::optional<SharedTraffic> t = analyzeSharedTraffic(func, true)) {
        numAccesses += t->accesses;
        numConflicted += t->conflicted;
      }
    });
  }
};

} // namespace
