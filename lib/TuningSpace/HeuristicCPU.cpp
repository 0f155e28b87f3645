//===- HeuristicCPU.cpp - The default configuration on a CPU --------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The CPU half of tuning::defaultConfig (docs/tuning-parameters.md, "The
// heuristic"): a register tile whose accumulators fill the vector
// registers, packed copies that make its lanes contiguous where they pay,
// the outer `cc` dimensions over the cores, L2 and L1 tiles shrunk until
// their footprint fits half of the cache.
//
//===----------------------------------------------------------------------===//

#include "Heuristic.h"

#include "llvm/ADT/STLExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::tuning;
using namespace mlir::mdh::tuning::heuristic;
using namespace mlir::mdh::tuning::rules;
using mdh_ll::CombineRegion;
using mdh_ll::InputRegion;

/// Longest reduction slab of a CPU L2 tile.
static constexpr int64_t kCPUSlab = 256;
/// Most rows of an input a CPU register tile reads at once when its vector
/// lanes run along a reduction (MatVec): each row is a memory stream of its
/// own, and more than the prefetchers follow costs bandwidth (MatVec 4096
/// on Zen 5, 2 threads: 0.96 ms with 12 rows, 1.48 ms with 24).
static constexpr int64_t kCPUMaxRowStreams = 12;
/// Vectors of a pure reduction's register tile along its lanes (1024
/// floats on AVX-512): its lane loop runs 16 groups of 4 independent
/// vectors of partial results. With 4 vectors (one group) the maximum of
/// 2^24 floats ran at 2.3 ms, with 64 at 1.6 ms (2 threads, Zen 5).
static constexpr int64_t kCPUReductionVectors = 64;
/// Vectors of the lanes' loop of a computation without reduction
/// dimensions (stencils, elementwise; 256 floats on AVX-512). Jacobi 1-D
/// over 2^24 floats, 2 threads: 5.7 ms with 2 vectors per tile, 4.0 ms
/// with 16 (the loop's entry and its remainder paid per 32 elements);
/// plain C loops 3.9 ms.
static constexpr int64_t kCPUStreamVectors = 16;
/// Transposed or rotated copies where a reduction could carry the lanes
/// instead: only when it is at most this many vectors long, and each copied
/// element serves at least this many rows (copiesPay).
static constexpr int64_t kCPUShortReduction = 4;
static constexpr int64_t kCPUMinCopyReuse = 8;
/// The CPU level whose tiles the relaid-out copies hold (GotoBLAS packs B
/// in panels of L2).
static constexpr unsigned kCPUL2Level = 1;

/// An input read in place along the register tile's lanes, larger than L2
/// over a thread's tile, whose rows a reduction walks at least this many
/// bytes apart, is packed per L2 tile in panels (GotoBLAS' packed B). In
/// place, each L2 tile of rows reads it from L3 again, and a column strip
/// walked down its rows touches a line per row in a few L1 sets (rows 4 KiB
/// apart: all in one) and a page per row. Packed, the L2 tile spans the
/// thread's rows, so that it is read from memory once per thread, and each
/// register tile walks a contiguous panel. MatMul on 2 cores with AVX-512,
/// medians over five interleaved rounds of `mdh-run --reps=10`: 1024^3
/// 8.17 -> 7.25 ms, 1000^3 8.02 -> 7.00 ms, 512 x 2048 x 300 2.41 ->
/// 2.27 ms; 333 x 4096 x 512 (B of 8 MB, rows 16 KiB apart) unchanged.
/// Smaller ones stay in place: packed (in padded rows), 2048 x 512 x 768
/// (B of 1.5 MB) ran as fast, a 16 x 10 x 500 x 64 batched product 2x
/// slower and an attention context product (V of 0.6 MB per thread, rows
/// 3 KiB apart) 1.2x slower; rows of 256 bytes (4096 x 64 x 4096) ran 4%
/// slower so, 7% in panels.
static constexpr int64_t kCPUPackRowBytes = 1024;
/// An input widened on the way (Staging.h) is packed per L2 tile where each
/// element serves at least this many rows of a thread (rowPacked): on
/// smaller tiles the copy costs more than the conversions it saves (an
/// f16 19 x 50 x 33 MatMul, B reused by 12 rows: 3 -> 5 us packed).
static constexpr int64_t kCPUMinWidenReuse = 16;

/// Whether dimension `d` indexes an outer (not the innermost) dimension of
/// an input.
static bool indexesRows(const Problem &p, unsigned d) {
  for (const Buffer &b : p.inputs)
    for (auto [i, dim] : llvm::enumerate(b.dims))
      if (dim.weights[d] != 0 && i + 1 != b.rank())
        return true;
  return false;
}

/// An input's packed copy whose layout makes its reads along a dimension
/// contiguous.
struct Relayout {
  unsigned input;
  mdh_ll::Layout layout;
};

/// Whether output `b` reads dimension `d` with stride 1 along one buffer
/// dimension whose inner buffer dimensions (none, or those of a capsule's
/// 4 x 4 matrices) are indexed only by the dimensions `spanned`, which the
/// register tile spans whole.
static bool writesAlong(const Buffer &b, unsigned d,
                        ArrayRef<unsigned> spanned) {
  for (auto [i, dim] : llvm::enumerate(b.dims)) {
    if (dim.weights[d] == 0)
      continue;
    if (dim.weights[d] != 1)
      return false;
    for (const BufferDim &inner : ArrayRef(b.dims).drop_front(i + 1))
      for (auto [e, weight] : llvm::enumerate(inner.weights))
        if (weight != 0 && !llvm::is_contained(spanned, e))
          return false;
    if (i + 1 != b.rank() && spanned.empty())
      return false;
  }
  return true;
}

/// The inputs whose packed copy makes the reads along dimension `d`
/// contiguous: those that read `d` with stride 1 along their second-to-last
/// buffer dimension only (C = A B^T reads B[j][k] along j: transposed) or
/// along their first one only (a KRSC filter along its output channels k:
/// rotated), each read identically along another `cc` dimension, so that
/// the copy is reused there. Empty when an output is not written along `d`
/// (writesAlong, with the dimensions `spanned` inside it), or some input
/// reads `d` another way.
static SmallVector<Relayout> relayoutsAlong(const Problem &p, unsigned d,
                                            ArrayRef<unsigned> cc,
                                            ArrayRef<unsigned> spanned) {
  for (const Buffer &b : p.outputs)
    if (!writesAlong(b, d, spanned))
      return {};
  SmallVector<Relayout> result;
  for (auto [n, input] : llvm::enumerate(p.inputs)) {
    // A reference: structured bindings cannot be captured before C++20.
    const Buffer &b = input;
    unsigned rank = b.rank();
    std::optional<mdh_ll::Layout> layout;
    for (auto [i, dim] : llvm::enumerate(b.dims)) {
      if (dim.weights[d] == 0 || (i + 1 == rank && dim.weights[d] == 1))
        continue;
      if (layout || dim.weights[d] != 1)
        return {};
      if (i + 2 == rank)
        layout = mdh_ll::Layout::Transposed;
      else if (i == 0)
        layout = mdh_ll::Layout::Rotated;
      else
        return {};
    }
    if (!layout)
      continue;
    if (b.dims.back().weights[d] != 0 || llvm::none_of(cc, [&](unsigned e) {
          return e != d && p.sizes[e] > 1 && ignores(b, e);
        }))
      return {};
    result.push_back({unsigned(n), *layout});
  }
  return result;
}

/// Whether the packed copies `relayouts` (relayoutsAlong) pay for
/// themselves. Without them the lanes run along a reduction that every
/// input reads contiguously, if there is one: that reads each input once,
/// where a copy reads and writes it once more, so copies pay only where
/// that reduction is short (at most kCPUShortReduction vectors per tile
/// cell: a cell's horizontal sum then costs as much as its FMAs) and each
/// copied element serves at least kCPUMinCopyReuse rows. Measured with 2
/// threads on Zen 5 (AVX-512): C[r][j] = sum_k A[r][k] B[j][k] with
/// j = 4096, k = 512 ran 1.15x (r = 16) to 2.8x (r = 2) slower with the
/// copy; a 7 x 37 x 45 x 61 batched product (k = 61) 2.9x faster. Without
/// such a reduction (C = A^T B^T: A[k][i] is not contiguous along k) the
/// tile is not vectorized at all, and the copies always pay.
static bool copiesPay(const Problem &p, ArrayRef<unsigned> cc,
                      ArrayRef<Relayout> relayouts, int64_t lanes) {
  std::optional<int64_t> reduction;
  for (unsigned d = 0; d < p.numDims(); ++d)
    if (p.reduction[d] && p.sizes[d] > 1 && readsContiguously(p, d))
      reduction = std::max(reduction.value_or(0), p.sizes[d]);
  if (!reduction)
    return true;
  int64_t reuse = std::numeric_limits<int64_t>::max();
  for (auto [n, layout] : relayouts) {
    int64_t rows = 1;
    for (unsigned d : cc)
      if (ignores(p.inputs[n], d))
        rows = mulSat(rows, p.sizes[d]);
    reuse = std::min(reuse, rows);
  }
  return *reduction <= kCPUShortReduction * lanes && reuse >= kCPUMinCopyReuse;
}

/// The inputs to pack per L2 tile without a relayout, each reused by at
/// least kCPUMinCopyReuse rows of a thread's tile `thread`: in panels,
/// those read along the lanes' dimension `lane` with stride 1 (only it
/// indexing their innermost dimension) that have a reduction indexing an
/// outer dimension whose rows lie at least kCPUPackRowBytes apart and are
/// larger than L2 over `thread`; and every input widened on the way
/// (Staging.h), in panels where it is read so, else as it is. A widened
/// copy takes the conversions out of the register tile's loop: an f16
/// MatMul 1024^3 (f32 products) ran 11.4 ms with both inputs converted
/// there, 10.4 ms with B's panels widened, 7.6 ms with A's L2 copy widened
/// too; a bf16 512 x 768 x 1000 3.57, 3.58 and 2.96 ms (medians of three
/// interleaved rounds of `mdh-run --reps=10`, 2 threads, AVX-512).
static SmallVector<Relayout> rowPacked(const Problem &p, unsigned lane,
                                       ArrayRef<int64_t> thread) {
  SmallVector<Relayout> result;
  for (auto [n, input] : llvm::enumerate(p.inputs)) {
    const Buffer &b = input;
    if (b.rank() == 0)
      continue;
    bool alongLanes =
        b.rank() >= 2 && b.dims.back().weights[lane] == 1 &&
        llvm::none_of(llvm::enumerate(b.dims.back().weights), [&](auto w) {
          return w.index() != lane && w.value() != 0;
        });
    int64_t reuse = 1;
    for (unsigned d = 0; d < p.numDims(); ++d)
      if (ignores(b, d))
        reuse = mulSat(reuse, thread[d]);
    int64_t stride = b.loadBytes;
    bool longRows = false;
    for (unsigned i = b.rank() - 1; i-- > 0;) {
      stride = mulSat(stride, b.dims[i + 1].extent);
      for (unsigned d = 0; d < p.numDims(); ++d)
        if (p.reduction[d] && p.sizes[d] > 1 && b.dims[i].weights[d] != 0 &&
            stride >= kCPUPackRowBytes)
          longRows = true;
    }
    int64_t bytes = mulSat(b.footprint(thread), b.loadBytes);
    bool widened = b.bytes > b.loadBytes && reuse >= kCPUMinWidenReuse;
    if (reuse < kCPUMinCopyReuse ||
        !(widened || (alongLanes && longRows && bytes > p.l2CacheSize)))
      continue;
    result.push_back({unsigned(n), alongLanes ? mdh_ll::Layout::Panels
                                              : mdh_ll::Layout::Identity});
  }
  return result;
}

/// `pack`: transposed or rotated packed copies where they make the register
/// tile's lanes contiguous (defaultConfig tries without them when they break a
/// rule).
mdh_ll::Config heuristic::cpuConfig(const Problem &p, bool pack) {
  mdh_ll::Config c = plainConfig(p);
  unsigned numDims = p.numDims();
  SmallVector<unsigned> cc = outputOrderedCC(p);
  // Inputs read along the lanes through an L2 copy with the last two
  // dimensions swapped: the register tile then runs as MatMul's does,
  // instead of with its lanes along a reduction (or not vectorized).
  int64_t words = p.outputs.empty() ? 1 : p.outputs.front().words;
  int64_t lanes = std::max<int64_t>(1, p.vectorWidth / (32 * words));
  int64_t budget = p.maxRegisterWords() / words;
  // Copies for lanes along cc[0] only where it has a whole vector of them.
  // When it has not, the lanes may run along the first output dimension
  // that has, cc[lane], with the shorter ones inside it (cc[0..lane))
  // spanned whole by the register tile: a capsule convolution's output
  // channels k, its 4 x 4 matrices inside (O[n][p][q][k][i][j]), through a
  // rotated copy of its filter F[k][r][s][c][m][j]. mcc_capsule on 2 cores
  // with AVX-512: 18-19 s with 4 x 4 scalar tiles, 2.0-2.2 s so.
  SmallVector<Relayout> relayouts;
  unsigned lane = 0;
  if (pack && !cc.empty() && p.sizes[cc[0]] >= lanes &&
      !readsContiguously(p, cc[0])) {
    relayouts = relayoutsAlong(p, cc[0], cc, {});
  } else if (pack && !cc.empty()) {
    int64_t inner = 1;
    unsigned t = 0;
    for (; t < cc.size() && p.sizes[cc[t]] < lanes; ++t)
      inner = mulSat(inner, p.sizes[cc[t]]);
    if (t > 0 && t < cc.size() && mulSat(inner, lanes) <= budget) {
      relayouts = relayoutsAlong(p, cc[t], cc, ArrayRef(cc).take_front(t));
      lane = t;
    }
  }
  if (!relayouts.empty() && !copiesPay(p, cc, relayouts, lanes))
    relayouts.clear();
  if (relayouts.empty())
    lane = 0;

  // Register tile: the lanes' output dimension gets two vectors' worth of
  // lanes (within the budget left by the dimensions inside it, spanned
  // whole), a row dimension as many rows as the accumulator budget allows:
  // the first other output dimension that the inputs read along the lanes
  // ignore, so that each vector loaded serves every row (MatMul's i for
  // B[k][j]), else the next one. C[a][b][c][d] = sum A[a][e][b][f]
  // B[d][f][c][e] took rows along c, which B reads too: a vector load of B
  // per FMA (bench/kernels/contractions.mlir, 2 cores: 3.2 ms; with rows
  // along b 0.76 ms; NumPy 2.0 ms).
  SmallVector<int64_t> reg(numDims, 1);
  unsigned rows = cc.size();
  if (!cc.empty() && (readsContiguously(p, cc[0]) || !relayouts.empty())) {
    rows = lane + 1;
    int64_t room = budget;
    for (unsigned t = 0; t < lane; ++t) {
      reg[cc[t]] = p.sizes[cc[t]];
      room /= p.sizes[cc[t]];
    }
    unsigned d = cc[lane];
    // Whole vectors: the vectorizer's point mode takes a tile of them
    // (masked where a partial tile ends early); 20 output channels on
    // AVX-512 are a tile of 16 and a partial one, not one tile of 20 that
    // stays scalar.
    // Without a reduction the tile holds no accumulators, only the trip
    // count of the lanes' loop: a long one (kCPUStreamVectors).
    bool streaming = llvm::none_of(p.reduction, [](bool r) { return r; });
    int64_t vectors = streaming ? kCPUStreamVectors : 2;
    int64_t width = std::min(p.sizes[d], std::min(vectors * lanes, room));
    reg[d] = width >= lanes ? width / lanes * lanes : width;
    for (unsigned t = lane + 1; t < cc.size(); ++t) {
      if (llvm::all_of(p.inputs, [&](const Buffer &b) {
            return ignores(b, d) || ignores(b, cc[t]);
          })) {
        rows = t;
        break;
      }
    }
    if (rows < cc.size())
      reg[cc[rows]] =
          std::max<int64_t>(1, std::min(p.sizes[cc[rows]], room / reg[d]));
  } else if (!cc.empty()) {
    // The lanes cannot run along the output (MatVec's rows, the output
    // channels of a convolution over many input channels, copiesPay):
    // they run along a reduction loop instead, with one vector
    // of partial results per tile cell, 3/4 of the vector registers but
    // at most kCPUMaxRowStreams.
    int64_t cells =
        std::clamp<int64_t>(p.vectorRegisters * 3 / 4, 1, kCPUMaxRowStreams);
    // A custom combiner's cell is a vector per output and a mask of the
    // lanes that hold a partial result.
    if (p.customCombiner)
      cells = std::max<int64_t>(1, cells / int64_t(p.outputs.size() + 1));
    reg[cc[0]] = std::min(p.sizes[cc[0]], cc.size() > 1 ? int64_t(4) : cells);
    if (cc.size() > 1)
      reg[cc[1]] =
          std::max<int64_t>(1, std::min(p.sizes[cc[1]], cells / reg[cc[0]]));
  } else {
    // A pure reduction or scan: a vector-length chunk of each dimension;
    // a long one of the innermost pw dimension that the lanes can run
    // along, whose lane loop then keeps several vectors of partial results
    // (mdh-cl-vectorize-register-tiles) over many trips.
    for (unsigned d = 0; d < numDims; ++d)
      reg[d] = std::min(p.sizes[d], 4 * lanes);
    for (unsigned d = numDims; d-- > 0;) {
      bool pointwise = llvm::all_of(
          p.outputs, [&](const Buffer &b) { return ignores(b, d); });
      if (p.reduction[d] && pointwise && readsContiguously(p, d)) {
        reg[d] = std::min(p.sizes[d], kCPUReductionVectors * lanes);
        break;
      }
    }
  }

  // Threads: outer cc dimensions (by index) over the cores; pw/ps
  // dimensions too when the cc dimensions have fewer tiles than cores.
  // With such copies, first the dimensions every copied input
  // depends on: each thread then copies a part of its own, not all of it;
  // unless the inputs that ignore such a dimension are larger than the
  // copied ones (each thread would read them all instead). mcc_capsule's
  // output channels k: every thread read the 162 MB image for its half of
  // the channels, 2.4 s against 1.5 s with the images split (n).
  auto bytesOf = [&](const Buffer &b) {
    return mulSat(b.footprint(p.sizes), b.loadBytes);
  };
  int64_t copiedBytes = 0;
  for (const Relayout &r : relayouts)
    copiedBytes = addSat(copiedBytes, bytesOf(p.inputs[r.input]));
  SmallVector<unsigned> splitOrder;
  auto copied = [&](unsigned d) {
    int64_t shared = 0;
    for (const Buffer &b : p.inputs)
      if (ignores(b, d))
        shared = addSat(shared, bytesOf(b));
    return !relayouts.empty() && shared <= copiedBytes &&
           llvm::all_of(relayouts, [&](const Relayout &r) {
             return !ignores(p.inputs[r.input], d);
           });
  };
  for (int pass = 0; pass < 3; ++pass)
    for (unsigned d = 0; d < numDims; ++d)
      if (pass == 2 ? p.reduction[d]
                    : !p.reduction[d] && copied(d) == (pass == 0))
        splitOrder.push_back(d);
  SmallVector<int64_t> thread(p.sizes.begin(), p.sizes.end());
  int64_t units = 1;
  for (unsigned d : splitOrder) {
    if (units >= p.cores)
      break;
    if (p.sizes[d] <= reg[d])
      continue;
    int64_t want = ceilDiv(p.cores, units);
    thread[d] = roundUp(ceilDiv(p.sizes[d], want), reg[d], p.sizes[d]);
    units *= ceilDiv(p.sizes[d], thread[d]);
  }

  // L2 and L1 tiles: the footprint over the tile fits half of the cache;
  // in L1 only the inputs count, since the register tile holds the
  // outputs' partial results.
  auto fitsIn = [&](int64_t cache, bool outputs) {
    return [&p, cache, outputs](ArrayRef<int64_t> tile) {
      int64_t bytes = 0;
      for (const Buffer &b : llvm::concat<const Buffer>(
               p.inputs, outputs ? p.outputs : ArrayRef<Buffer>()))
        bytes = addSat(bytes, mulSat(b.footprint(tile), b.bytes));
      return bytes <= cache / 2;
    };
  };
  // The cc dimensions shrink first: the register tile accumulates over the
  // whole pw/ps extent of its L1 tile, so a long one keeps the
  // accumulators in (vector) registers instead of flushing them to memory
  // every few iterations.
  auto shrinkCCFirst = [&](SmallVectorImpl<int64_t> &tiles, auto fits) {
    SmallVector<int64_t> floor = reg;
    for (unsigned d = 0; d < numDims; ++d)
      if (p.reduction[d])
        floor[d] = tiles[d];
    shrinkUntil(tiles, floor, fits);
    shrinkUntil(tiles, reg, fits);
  };
  // A reduction dimension that indexes rows of an input (MatMul's B[k][j])
  // gets a slab of at most kCPUSlab per L2 tile (GotoBLAS' kc): a longer one
  // touches a page per row and thrashes the TLB (MatMul 1024^3: 21.6 ms with
  // 1024, 15.3 ms with 256 here). Along rows (MatVec's k) long is better.
  SmallVector<int64_t> l2 = thread;
  for (unsigned d = 0; d < numDims; ++d)
    if (p.reduction[d] && indexesRows(p, d))
      l2[d] = std::min(l2[d], roundUp(kCPUSlab, reg[d], p.sizes[d]));
  SmallVector<Relayout> packed;
  if (pack && relayouts.empty() && !cc.empty() &&
      readsContiguously(p, cc[lane]))
    packed = rowPacked(p, cc[lane], thread);
  SmallVector<unsigned> panels;
  for (auto [n, layout] : packed)
    if (layout == mdh_ll::Layout::Panels)
      panels.push_back(n);
  if (!panels.empty()) {
    // The thread's rows and the reduction slabs stay whole; the panels
    // take at most a quarter of L2, the rest is for the rows streaming
    // past them. The other dimensions the panels read shrink before the
    // lanes' one, so that each register tile of rows meets many panels: a
    // 6 x 300 x 1100 x 700 batched product ran 12.5 ms with L2 tiles of
    // 3 batches x 160 columns and 11.1 ms with 1 x 512 in one set of three
    // interleaved rounds of `mdh-run --reps=10`; 11.4, 11.1 (1 x 288, what
    // this gives) and 10.7 ms in another.
    SmallVector<int64_t> floor = reg;
    for (unsigned d = 0; d < numDims; ++d)
      if (p.reduction[d] || llvm::all_of(panels, [&](unsigned n) {
            return ignores(p.inputs[n], d);
          }))
        floor[d] = l2[d];
    auto fits = [&](ArrayRef<int64_t> tile) {
      int64_t bytes = 0;
      for (unsigned n : panels)
        bytes = addSat(bytes,
                       mulSat(p.inputs[n].footprint(tile), p.inputs[n].bytes));
      return bytes <= p.l2CacheSize / 4;
    };
    SmallVector<int64_t> lanesLast = floor;
    lanesLast[cc[lane]] = l2[cc[lane]];
    shrinkUntil(l2, lanesLast, fits);
    shrinkUntil(l2, floor, fits);
  } else {
    shrinkCCFirst(l2, fitsIn(p.l2CacheSize, /*outputs=*/true));
  }
  // The packed inputs stream from their L2 copies, a strip per L1 tile,
  // so the L1 tile is one register tile along the cc dimensions and the
  // whole L2 slab along the reductions, as long as the other inputs fit a
  // quarter of L1. MatMul 1024^3 with B packed in padded rows, medians of
  // two `mdh-run --reps=20`: 8.1 ms with an L1 tile of 12 x 32 x 128 (A's
  // and B's strips in half of L1), 7.2 ms with 12 x 32 x 256, 7.3 and 7.7
  // ms with 24 x 64 x 256 and 12 x 64 x 256; 1000^3 7.4, 6.6, 6.9 and 6.9.
  SmallVector<int64_t> l1 = l2;
  if (panels.empty()) {
    shrinkCCFirst(l1, fitsIn(p.l1CacheSize, /*outputs=*/false));
  } else {
    for (unsigned d = 0; d < numDims; ++d)
      if (!p.reduction[d])
        l1[d] = reg[d];
    shrinkUntil(l1, reg, [&](ArrayRef<int64_t> tile) {
      int64_t bytes = 0;
      for (auto [n, b] : llvm::enumerate(p.inputs))
        if (llvm::none_of(
                packed, [&, n = n](const Relayout &r) { return r.input == n; }))
          bytes = addSat(bytes, mulSat(b.footprint(tile), b.bytes));
      return bytes <= p.l1CacheSize / 4;
    });
  }

  c.tiles = {thread, l2, l1, reg};
  setOrders(p, c);
  // The register tile's point loops in this order: the lanes' dimension
  // after the others it spans (the vectorizer holds the tile in vectors
  // along the last cc point loop).
  if (lane > 0 || (rows < cc.size() && cc[rows] > cc[lane])) {
    SmallVector<unsigned> &order = c.orders[kRegisterLevel];
    llvm::erase(order, cc[lane]);
    auto firstReduction =
        llvm::find_if(order, [&](unsigned d) { return p.reduction[d]; });
    order.insert(firstReduction, cc[lane]);
  }
  for (auto [n, layout] : relayouts) {
    c.inputRegions[n][kCPUL2Level] = InputRegion::Packed;
    c.inputLayouts[n][kCPUL2Level] = layout;
  }
  for (auto [n, layout] : packed) {
    c.inputRegions[n][kCPUL2Level] = InputRegion::Packed;
    c.inputLayouts[n][kCPUL2Level] = layout;
  }
  return c;
}
