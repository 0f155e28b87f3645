//===- ScheduleLowering.h - What both LL-to-CL lowerings emit ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Private to LLToCL: the base of the host lowering (LLToCL.cpp) and the GPU
// lowering (GPULowering.cpp) of one schedule. It holds the schedule's
// analysis and emits what both emit the same way: index arithmetic, loops
// and phases, the buffers and copies of input tiles, the scalar phase at a
// point with the accumulation of its results, and the re-composition of the
// device partial results (combine, write), which differ between the targets
// only in how a phase runs over positions.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_LLTOCL_SCHEDULELOWERING_H
#define MDH_LIB_CONVERSION_LLTOCL_SCHEDULELOWERING_H

#include "ScheduleAnalysis.h"

#include "mdh/Dialect/CL/MDHCLOps.h"

#include "mlir/IR/Builders.h"

namespace mlir::mdh {

/// A copy of an input tile in packed, shared or register memory.
struct TileCopy {
  Value buffer;
  mdh_cl::Layout layout = mdh_cl::Layout::Identity;
  /// The box's first index per buffer dimension (set where the copy is).
  SmallVector<Value> offsets;
  /// Panels: their width, and the iteration dimension whose register tiles
  /// each read one whole panel, if there is one (alignedPanelDim).
  int64_t panelWidth = 0;
  std::optional<unsigned> panelDim;
  /// The panel of the current register tile (set above its points).
  Value panel;
  /// GPU multi-buffered copies: the buffer holds the stages' tiles one
  /// after another along its first dimension; the first index of the
  /// current stage's tile (set where the copy or its reader is; null: 0).
  Value stageOffset;
  /// The rows (first-dimension extent) of one stage's tile.
  int64_t stageRows = 0;
};

class ScheduleLowering : protected ScheduleAnalysis {
public:
  explicit ScheduleLowering(mdh_ll::ScheduleOp s)
      : ScheduleAnalysis(s), b(s), loc(s.getLoc()) {}
  virtual ~ScheduleLowering() = default;

protected:
  // Index arithmetic. add, sub, mul and andI leave out the trivial cases
  // (x + 0, x * 1, true and x), so that the CL-IR stays readable.
  /// The indices of `copy`'s buffer of the element at `idx` of its tile
  /// (in the buffer's order): the stage's offset added to the first.
  SmallVector<Value> inStage(const TileCopy &copy, ArrayRef<Value> idx);
  Value cst(int64_t v);
  Value boolean(bool v);
  Value add(Value x, Value y);
  Value sub(Value x, Value y);
  Value mul(Value x, Value y);
  Value div(Value x, Value y);
  Value rem(Value x, Value y);
  Value min(Value x, Value y);
  Value lt(Value x, Value y);
  Value eq(Value x, Value y);
  Value max(Value x, Value y);
  Value andI(Value x, Value y);
  /// The row-major position of `idx[d]` over the dimensions `dims`, with
  /// extent `extents[d]` each.
  Value linearize(ArrayRef<unsigned> dims, ArrayRef<Value> idx,
                  ArrayRef<int64_t> extents);
  /// The row-major position `q` over `extents` as one index per extent.
  SmallVector<Value> delinearize(Value q, ArrayRef<int64_t> extents);

  /// Starts `mdh_cl.for %iv = lb to ub step step`, moves into its body and
  /// returns %iv.
  Value beginFor(Value lb, Value ub, Value step);
  /// Starts `mdh_cl.par_for` over [0, count) on `layer` and hardware
  /// dimension `dim`, moves into its body and returns its iteration.
  Value beginParFor(int64_t count, mdh_cl::Layer layer, mdh_cl::HwDim dim);
  /// Starts phase `name` before the schedule and moves into its body.
  mdh_cl::PhaseOp beginPhase(StringRef name);

  /// A buffer in `region` for the copy of input `i` on level `l`, in the
  /// copy's layout.
  /// With `stages` > 1 the buffer holds that many tiles one after another
  /// along its first dimension (GPU multi-buffering; rank >= 1).
  TileCopy createCopyBuffer(unsigned i, unsigned l, mdh_cl::MemRegion region,
                            int64_t stages = 1);
  /// The dimension d whose register tiles each read one whole panel of
  /// width `width` of input `i`'s copy on level `l`: every map's innermost
  /// result is d + the same constant, d's register tile is `width` and its
  /// tiles on the levels below `l` are multiples of it or single, so that
  /// every register tile starts a panel. None when some tile straddles two.
  std::optional<unsigned> alignedPanelDim(unsigned i, unsigned l,
                                          int64_t width);
  /// Sets `copy.panel` for the register tile starting at `lo`, when the
  /// copy has an aligned panel dimension.
  void setPanel(TileCopy &copy, unsigned i, ArrayRef<Value> lo);
  /// The indices into a panels copy of the element at `indices` (relative
  /// to the copy, one per source dimension).
  SmallVector<Value> panelIndices(const TileCopy &copy,
                                  ArrayRef<Value> indices);
  /// Copies the box [offsets, offsets + sizes) of `src` into `dst`.
  void copyBox(Value src, ArrayRef<Value> offsets, ArrayRef<Value> sizes,
               Value dst, mdh_cl::Layout layout);
  /// One buffer of `shape` in `region` per access.
  SmallVector<Value> createPartials(ArrayRef<int64_t> shape,
                                    mdh_cl::MemRegion region);
  /// The device partial results, when the analysis asks for them, before
  /// the schedule.
  void createDevicePartials();

  /// The scalar phase at `point`: every input access read from the input's
  /// innermost copy (or the buffer), the scalar function, and its results
  /// stored through the output views (no reduction) or accumulated, first
  /// at the thread's first point `firstIdx` of every pw dimension, into the
  /// partial results or else straight into the outputs.
  void buildScalarPhase(ArrayRef<Value> point, ArrayRef<Value> firstIdx);
  /// The copy that the scalar phase reads input `i` from, or null.
  virtual const TileCopy *innermostCopy(unsigned i) = 0;
  /// Accumulates the results at `point` into partial results and returns
  /// true, or returns false when they go straight into the outputs. By
  /// default: the device partials at the part `mainPart`.
  virtual bool accumulatePartials(ValueRange results, ArrayRef<Value> point,
                                  Value first);
  void accumulate(ValueRange values, ArrayRef<Value> buffers,
                  ArrayRef<Value> indices, Value first);
  /// buffers[to] = buffers[to] (+) buffers[from], per buffer.
  void carry(ArrayRef<Value> buffers, ArrayRef<Value> from, ArrayRef<Value> to);
  /// Stores the value of every access, `valueOf(k)` for access k (made
  /// right before its store), through the output views at `point`.
  void storeResults(function_ref<Value(unsigned)> valueOf,
                    ArrayRef<Value> point);
  /// Loads `buffers` (one per access) at `from` and stores them through the
  /// output views at the iteration point of kept position `keep`.
  void writeOutputs(ArrayRef<Value> buffers, ArrayRef<Value> from,
                    ArrayRef<Value> keep);

  /// The indices of the kept dimensions of `point`.
  SmallVector<Value> keptOf(ArrayRef<Value> point);
  /// The device partials' index of part `part` at kept position `keep`.
  SmallVector<Value> deviceIndex(Value part, ArrayRef<Value> keep);
  /// The device index of element `along` of the scan along ps dimension
  /// `d` at the position `fixed` of the other kept dimensions.
  SmallVector<Value> scanIndex(unsigned d, ArrayRef<Value> fixed, Value along);

  /// The phases after the main one over the device partials: the combine
  /// of the parts of level 0, the scans, the write. `writeInCombine`: the
  /// combine phase writes the outputs when no scan follows (a GPU saves a
  /// kernel launch; the host keeps the phases apart).
  void buildRecomposition(bool writeInCombine);
  /// Phase "combine": at every kept position the parts of level 0 combined
  /// in part order, into part 0 or, with `write`, through the output views.
  /// By default one thread per position combines the parts one after
  /// another.
  virtual void buildPartsCombine(bool write);
  /// Starts a phase that runs once per position in [0, positions) and
  /// returns the position.
  virtual Value beginPositionPhase(StringRef name, int64_t positions) = 0;
  /// The phases of the scan along ps dimension `d` of the device partials.
  virtual void buildScanPhase(unsigned d) = 0;

  OpBuilder b;
  Location loc;
  SmallVector<Value> devicePartials;
  /// In the main phase: the part of the level-0 unit that runs the code.
  Value mainPart;

private:
  /// Gives the empty body of a loop its index argument and moves into it.
  Value enterBody(Region &body);
};

} // namespace mlir::mdh

#endif // MDH_LIB_CONVERSION_LLTOCL_SCHEDULELOWERING_H
