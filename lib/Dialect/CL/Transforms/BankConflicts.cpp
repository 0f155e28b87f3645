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

/// Bytes of an element of `type`, if it has a fixed width (not `index`,
/// whose width the back ends choose).
std::optional<int64_t> elementBytes(Type type) {
  if (!type.isIntOrFloat())
    return std::nullopt;
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

/// Whether every row of `type` starts at a multiple of `width` bytes, as
/// the compiler must know to merge neighbours along a row into one access
/// of `width` bytes (a padded row of an odd number of words does not).
bool rowsAligned(MemRefType type, int64_t width) {
  std::optional<int64_t> bytes = elementBytes(type.getElementType());
  if (!bytes)
    return false;
  return type.getRank() < 2 || type.getShape().back() * *bytes % width == 0;
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

/// The index of a lane's `k`-th buffer dimension for one access.
using IndexFn = function_ref<std::optional<int64_t>(LaneEvaluator &, unsigned)>;

/// The model of one kernel: the outermost thread loop `loop` of a block and
/// the first warp's `lanes`, whose accesses it adds to `traffic`.
class KernelTraffic {
public:
  KernelTraffic(ParForOp loop, ArrayRef<ParForOp> threads,
                const std::array<int64_t, 3> &extents, int64_t lanes,
                SharedTraffic &traffic, bool remarks)
      : loop(loop), lanes(lanes), traffic(traffic), remarks(remarks) {
    for (int64_t l = 0; l < lanes; ++l) {
      int64_t id[3] = {l % extents[0], l / extents[0] % extents[1],
                       l / (extents[0] * extents[1])};
      DenseMap<Value, int64_t> fixed;
      for (ParForOp p : threads)
        fixed[p.getInductionVar()] = id[unsigned(p.getDim())];
      ids.push_back(fixed);
      evaluators.emplace_back(std::move(fixed));
    }
  }

  void run() {
    loop.walk([&](Operation *op) {
      current = op;
      if (llvm::none_of(evaluators, [&](LaneEvaluator &lane) {
            return runs(op, loop, lane);
          }))
        return;
      int64_t times = executions(op, loop, evaluators.front());
      if (std::optional<Access> access = getAccess(op))
        return analyzeAccess(*access, times);
      if (auto copy = dyn_cast<CopyOp>(op))
        analyzeCopy(copy, times);
    });
    for (auto &[block, run] : pending)
      if (run.first)
        flush(run);
  }

private:
  /// The byte addresses of the lanes `at` for the access being analysed;
  /// none for lanes that a condition of theirs keeps out.
  SmallVector<std::optional<int64_t>>
  addressesOf(MemRefType type, int64_t eltBytes,
              MutableArrayRef<LaneEvaluator> at, IndexFn indexOf) {
    SmallVector<int64_t> strides(type.getRank(), 1);
    for (int64_t k = type.getRank() - 1; k > 0; --k)
      strides[k - 1] = strides[k] * type.getDimSize(k);
    SmallVector<std::optional<int64_t>> addresses;
    for (LaneEvaluator &lane : at) {
      if (!runs(current, loop, lane)) {
        addresses.push_back(std::nullopt);
        continue;
      }
      std::optional<int64_t> offset = 0;
      for (auto [k, stride] : llvm::enumerate(strides)) {
        std::optional<int64_t> i = indexOf(lane, k);
        offset =
            i && offset ? std::optional(*offset + *i * stride) : std::nullopt;
      }
      addresses.push_back(offset ? std::optional(*offset * eltBytes)
                                 : std::nullopt);
    }
    return addresses;
  }

  /// Counts `times` accesses of `bytes` per lane at `addresses`; returns
  /// {wavefronts, phases} of one.
  std::pair<int64_t, int64_t>
  account(ArrayRef<std::optional<int64_t>> addresses, int64_t bytes,
          int64_t times) {
    if (llvm::all_of(addresses, [](auto a) { return !a; })) {
      ++traffic.unknown;
      return {0, 0};
    }
    auto [waves, phases] = wavefronts(addresses, bytes);
    traffic.accesses += times;
    traffic.wavefronts += times * waves;
    traffic.ideal += times * phases;
    return {waves, phases};
  }

  /// Says that `op` takes `waves` wavefronts where `phases` would do.
  void conflict(Operation *op, int64_t waves, int64_t phases, int64_t bytes,
                int64_t times) {
    traffic.conflicted += times;
    if (remarks)
      op->emitRemark() << "bank conflict: " << waves << " wavefronts where "
                       << phases << " would do (" << lanes << " lanes, "
                       << bytes << " bytes each), " << times
                       << " times per thread";
  }

  void accountScalar(Operation *op, ArrayRef<std::optional<int64_t>> addresses,
                     int64_t bytes, int64_t times) {
    auto [waves, phases] = account(addresses, bytes, times);
    if (waves > phases)
      conflict(op, waves, phases, bytes, times);
  }

  static bool aligned(ArrayRef<std::optional<int64_t>> addresses,
                      int64_t width) {
    return llvm::all_of(addresses,
                        [&](auto a) { return !a || *a % width == 0; });
  }

  /// Whether `next` is `first` moved by `bytes` in every lane, from a
  /// `width`-byte boundary: the compiler's unrolled neighbours then make one
  /// access of `width` bytes.
  static bool merges(ArrayRef<std::optional<int64_t>> first,
                     ArrayRef<std::optional<int64_t>> next, int64_t bytes,
                     int64_t width) {
    for (auto [a, b] : llvm::zip_equal(first, next))
      if (a && (!b || *b - *a != bytes || *a % width != 0))
        return false;
    return llvm::any_of(first, [](auto a) { return a.has_value(); });
  }

  /// The width of the access that the compiler makes of the access
  /// `indexOf` of the current op (at `addresses`), repeated by an unrolled
  /// loop around it (a loop over a register tile with a constant trip count
  /// of at most 64, a multiple of the vector: `#pragma unroll` in CUDA and
  /// HIP, `mdh-cl-unroll` on the NVVM path) along aligned rows: 16 or 8
  /// bytes where ptxas and LLVM merge such neighbours, else `bytes`.
  int64_t mergedAlongLoop(MemRefType type,
                          ArrayRef<std::optional<int64_t>> addresses,
                          int64_t bytes, IndexFn indexOf) {
    for (int64_t width : {16, 8}) {
      if (bytes >= width || width % bytes != 0 || !rowsAligned(type, width))
        continue;
      for (auto inner = current->getParentOfType<ForOp>();
           inner && loop->isProperAncestor(inner);
           inner = inner->getParentOfType<ForOp>()) {
        std::optional<int64_t> lb = evaluators[0].eval(inner.getLowerBound());
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
        if (merges(addresses, addressesOf(type, bytes, next, indexOf), bytes,
                   width))
          return width;
      }
    }
    return bytes;
  }

  /// Scalar accesses of one kind to one buffer that follow each other in a
  /// block, each one element on from the last in every lane from an 8- or
  /// 16-byte boundary: ptxas and LLVM merge them into one 64- or 128-bit
  /// access (the element-wise stores of widened copies).
  struct Run {
    Operation *first = nullptr;
    Value memref;
    bool store = false;
    int64_t bytes = 0, times = 0;
    SmallVector<Operation *> ops;
    SmallVector<SmallVector<std::optional<int64_t>>> addresses;
  };

  /// A run cut short: its first 8 bytes one 64-bit access, the rest as
  /// they are.
  void flush(Run &run) {
    size_t pair = 8 / run.bytes, k = 0;
    if (run.ops.size() >= pair) {
      accountScalar(run.first, run.addresses.front(), 8, run.times);
      k = pair;
    }
    for (; k < run.ops.size(); ++k)
      accountScalar(run.ops[k], run.addresses[k], run.bytes, run.times);
    run = Run();
  }

  /// Whether the access at `addresses` continues `run`; then it is added,
  /// and a run that reached its width is counted as one access.
  bool extends(Run &run, const Access &access,
               ArrayRef<std::optional<int64_t>> addresses, bool store,
               int64_t times) {
    if (!run.first || run.memref != access.memref || run.store != store ||
        run.bytes != access.bytes || run.times != times ||
        !llvm::all_of(llvm::zip_equal(run.addresses.back(), addresses),
                      [&](auto pair) {
                        auto [a, b] = pair;
                        return a.has_value() == b.has_value() &&
                               (!a || *b - *a == access.bytes);
                      }))
      return false;
    run.ops.push_back(access.op);
    run.addresses.emplace_back(addresses);
    auto type = cast<MemRefType>(run.memref.getType());
    int64_t width =
        aligned(run.addresses.front(), 16) && rowsAligned(type, 16) ? 16 : 8;
    if (int64_t(run.ops.size()) * access.bytes == width) {
      auto [waves, phases] = account(run.addresses.front(), width, times);
      if (waves > phases)
        conflict(run.first, waves, phases, width, times);
      run = Run();
    }
    return true;
  }

  void analyzeAccess(const Access &access, int64_t times) {
    auto type = cast<MemRefType>(access.memref.getType());
    std::optional<int64_t> eltBytes = elementBytes(type.getElementType());
    if (!eltBytes) {
      ++traffic.unknown;
      return;
    }
    auto indexOf = [&](LaneEvaluator &lane, unsigned k) {
      return lane.eval(access.indices[k]);
    };
    SmallVector<std::optional<int64_t>> addresses =
        addressesOf(type, *eltBytes, evaluators, indexOf);
    Run &run = pending[access.op->getBlock()];
    bool store = isa<memref::StoreOp, vector::StoreOp>(access.op);
    if (extends(run, access, addresses, store, times))
      return;
    if (run.first)
      flush(run);
    int64_t bytes = access.bytes;
    if (int64_t width = mergedAlongLoop(type, addresses, bytes, indexOf);
        width != bytes) {
      times /= width / bytes;
      bytes = width;
    }
    if (bytes < 8 && 8 % bytes == 0 && aligned(addresses, 8) &&
        rowsAligned(type, 8) &&
        isa<memref::LoadOp, memref::StoreOp>(access.op)) {
      run = Run{access.op, access.memref, store,      bytes,
                times,     {access.op},   {addresses}};
      return;
    }
    accountScalar(access.op, addresses, bytes, times);
  }

  /// A copy out of a shared buffer reads each point of its box.
  void analyzeCopy(CopyOp copy, int64_t times) {
    auto buffer = copy.getSource().getDefiningOp<BufferOp>();
    if (!buffer || buffer.getRegion() != MemRegion::Shared)
      return;
    auto type = cast<MemRefType>(copy.getSource().getType());
    std::optional<int64_t> eltBytes = elementBytes(type.getElementType());
    SmallVector<int64_t> box;
    int64_t points = 1;
    for (Value size : copy.getSizes()) {
      std::optional<int64_t> n = evaluators.front().eval(size);
      if (!n || *n < 0 || !eltBytes) {
        ++traffic.unknown;
        return;
      }
      box.push_back(*n);
      points *= *n;
    }
    int64_t bytes = *eltBytes;
    // Neighbouring points along the innermost dimension of the box that
    // start at 16-byte boundaries are one 128-bit load, as above.
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
            type, bytes, evaluators,
            [&](LaneEvaluator &lane, unsigned k) -> std::optional<int64_t> {
              std::optional<int64_t> o = lane.eval(copy.getOffsets()[k]);
              if (!o)
                return std::nullopt;
              return *o + point[k] + (k + 1 == box.size() ? shift : 0);
            });
      };
      SmallVector<std::optional<int64_t>> addresses = at(0);
      int64_t access = group > 1 && rowsAligned(type, 16) &&
                               merges(addresses, at(1), bytes, 16)
                           ? 16
                           : bytes;
      int64_t n = access == 16 ? 1 : group, perThread = times;
      // A box one element wide along its rows, inside a loop along them
      // (MatMul's A column per k).
      if (box.empty() || box.back() == 1) {
        access = mergedAlongLoop(
            type, addresses, bytes,
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
      conflict(copy, worst.first, worst.second, width, conflicted);
  }

  ParForOp loop;
  int64_t lanes;
  SharedTraffic &traffic;
  bool remarks;
  /// Per lane: the thread ids, and an evaluator with them fixed.
  SmallVector<DenseMap<Value, int64_t>> ids;
  SmallVector<LaneEvaluator> evaluators;
  /// The operation being analysed.
  Operation *current = nullptr;
  DenseMap<Block *, Run> pending;
};

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
    KernelTraffic(loop, threads, *extents, std::min(warp, blockThreads),
                  traffic, remarks)
        .run();
  });
  if (remarks)
    func->emitRemark() << "mdh-cl-bank-conflicts: " << traffic.accesses
                       << " shared-memory accesses per thread take "
                       << traffic.wavefronts << " wavefronts per warp, "
                       << traffic.ideal << " without conflicts"
                       << (traffic.unknown
                               ? " (" + std::to_string(traffic.unknown) +
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
