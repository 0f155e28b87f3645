//===- CLToLoops.cpp - CL-IR to scf loops for the host --------------------===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-cl-to-loops` turns CL-IR into the loops of the host target
// (DESIGN §6): `mdh_cl.par_for ... on threads` becomes `scf.parallel`, which
// `--convert-scf-to-openmp` turns into an OpenMP work-sharing loop; the rest
// becomes `scf.for`, `memref` and `arith`. The rewrite is in three steps:
//
//   1. refuse what the host cannot run (shared memory, blocks, barriers),
//      before anything is changed;
//   2. place the buffers: device buffers at the start of their function
//      (freed before every return), per-thread buffers at the start of the
//      body of their parallel loop;
//   3. one post-order walk that rewrites the other ops, so every loop body
//      is already lowered when its loop is.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/HL/Combine.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHCLTOLOOPS
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh_cl;

//===----------------------------------------------------------------------===//
// Step 1: what the host cannot run
//===----------------------------------------------------------------------===//

/// Reports every op the host target has no counterpart for (and device
/// buffers outside functions, accumulations whose custom combiner does not
/// exist); fails if there is one.
static LogicalResult checkHostSupport(Operation *root) {
  bool supported = true;
  root->walk([&](Operation *op) {
    if (auto buffer = dyn_cast<BufferOp>(op);
        buffer && buffer.getRegion() == MemRegion::Shared) {
      buffer.emitOpError("is in shared memory, which the host target does "
                         "not have; CPU threads use 'packed' or 'register' "
                         "buffers");
      supported = false;
    } else if (buffer && buffer.getRegion() == MemRegion::Device &&
               !buffer->getParentOfType<FunctionOpInterface>()) {
      buffer.emitOpError("must be inside a function: a device buffer is "
                         "freed when its function returns");
      supported = false;
    } else if (auto parFor = dyn_cast<ParForOp>(op);
               parFor && parFor.getLayer() != Layer::Threads) {
      parFor.emitOpError("runs on '")
          << stringifyLayer(parFor.getLayer())
          << "', which the host target does not have; it runs parallel "
             "loops on 'threads' only";
      supported = false;
    } else if (auto accumulate = dyn_cast<AccumulateOp>(op)) {
      mdh::CombinerAttr combiner = accumulate.getCombiner();
      if (combiner.getCustom() &&
          !mdh::lookupCustomCombiner(accumulate, combiner)) {
        accumulate.emitOpError("'")
            << combiner.getCustom() << "' does not reference an mdh.combiner";
        supported = false;
      }
    } else if (isa<BarrierOp>(op)) {
      op->emitOpError("cannot be lowered for the host target: its threads "
                      "synchronise only at the end of a parallel loop (a "
                      "new phase)");
      supported = false;
    } else if (isa<ShuffleOp>(op)) {
      op->emitOpError("cannot be lowered for the host target: its threads "
                      "exchange values only through memory");
      supported = false;
    } else if (isa<MmaOp>(op)) {
      op->emitOpError("cannot be lowered for the host target: it is a "
                      "GPU warp's product (--mdh-cl-to-gpu, or "
                      "--mdh-cl-expand-mma for each thread's arithmetic)");
      supported = false;
    }
  });
  return success(supported);
}

//===----------------------------------------------------------------------===//
// Step 2: buffers
//===----------------------------------------------------------------------===//

namespace {
/// Moves buffers to the start of a block, keeping the buffers of one block
/// in their original order.
class BufferPlacer {
public:
  explicit BufferPlacer(RewriterBase &rewriter) : rewriter(rewriter) {}

  /// A device buffer becomes a heap allocation that lives for the whole
  /// function: allocated at the start of the entry block (its shape is
  /// static, so it depends on nothing computed before it) and freed before
  /// every return.
  void lowerDeviceBuffer(BufferOp op) {
    auto func = op->getParentOfType<FunctionOpInterface>();
    Block *entry = &func.getFunctionBody().front();
    setInsertionPointAtStart(entry);
    Value alloc = memref::AllocOp::create(rewriter, op.getLoc(), op.getType());
    last[entry] = alloc.getDefiningOp();
    for (Block &block : func.getFunctionBody()) {
      if (block.empty())
        continue;
      Operation *terminator = &block.back();
      if (terminator->hasTrait<OpTrait::ReturnLike>()) {
        rewriter.setInsertionPoint(terminator);
        memref::DeallocOp::create(rewriter, op.getLoc(), alloc);
      }
    }
    rewriter.replaceOp(op, alloc);
  }

  /// A buffer of one parallel unit (`packed`, `register`) is allocated at
  /// the start of the body of its parallel loop, whatever sequential loops
  /// surround it: an alloca inside a loop would take new stack space on
  /// every trip. After `--convert-scf-to-openmp` the parallel body is a
  /// `memref.alloca_scope`, so the space is released per iteration.
  void lowerUnitBuffer(BufferOp op, int64_t maxStackBytes) {
    auto type = cast<MemRefType>(op.getType());
    Block *body = &op->getParentOfType<ParForOp>().getBody().front();
    setInsertionPointAtStart(body);
    Value buffer;
    if (getSizeInBytes(type) <= maxStackBytes) {
      buffer = memref::AllocaOp::create(rewriter, op.getLoc(), type);
    } else {
      buffer = memref::AllocOp::create(rewriter, op.getLoc(), type);
      // The body has no terminator yet: its end is the end of the
      // iteration.
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToEnd(body);
      memref::DeallocOp::create(rewriter, op.getLoc(), buffer);
    }
    last[body] = buffer.getDefiningOp();
    rewriter.replaceOp(op, buffer);
  }

private:
  /// After the buffers already placed at the start of `block`.
  void setInsertionPointAtStart(Block *block) {
    if (Operation *op = last.lookup(block))
      rewriter.setInsertionPointAfter(op);
    else
      rewriter.setInsertionPointToStart(block);
  }

  RewriterBase &rewriter;
  /// The last allocation placed at the start of each block.
  DenseMap<Block *, Operation *> last;
};
} // namespace

//===----------------------------------------------------------------------===//
// Step 3: loops, copies, the scalar function and accumulations
//===----------------------------------------------------------------------===//

namespace {
/// `mdh_cl.phase`: phases run one after the other, which is program order.
struct PhaseOpLowering : OpRewritePattern<PhaseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(PhaseOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.inlineBlockBefore(&op.getBody().front(), op);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `mdh_cl.aligned` -> the aligned pointer's address modulo the alignment.
struct AlignedOpLowering : OpRewritePattern<AlignedOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AlignedOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address = memref::ExtractAlignedPointerAsIndexOp::create(
        rewriter, loc, op.getBuffer());
    Value mask =
        arith::ConstantIndexOp::create(rewriter, loc, op.getBytes() - 1);
    Value low = arith::AndIOp::create(rewriter, loc, address, mask);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(op, arith::CmpIPredicate::eq,
                                               low, zero);
    return success();
  }
};

/// `mdh_cl.for` -> `scf.for`.
struct ForOpLowering : OpRewritePattern<ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ForOp op,
                                PatternRewriter &rewriter) const override {
    auto loop = scf::ForOp::create(rewriter, op.getLoc(), op.getLowerBound(),
                                   op.getUpperBound(), op.getStep());
    // Such as `loop_annotation` (--mdh-cl-to-gpu), which scf-to-cf moves to
    // the loop's back edge.
    loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.inlineBlockBefore(&op.getBody().front(),
                               loop.getBody()->getTerminator(),
                               loop.getInductionVar());
    rewriter.eraseOp(op);
    return success();
  }
};

/// `mdh_cl.par_for ... on threads` -> `scf.parallel`. Its iterations are
/// independent (CL-IR's contract without barriers), which is what
/// `scf.parallel` requires.
struct ParForOpLowering : OpRewritePattern<ParForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ParForOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLayer() != Layer::Threads)
      return rewriter.notifyMatchFailure(op, "not a loop over threads");
    auto loop = scf::ParallelOp::create(
        rewriter, op.getLoc(), ValueRange{op.getLowerBound()},
        ValueRange{op.getUpperBound()}, ValueRange{op.getStep()});
    rewriter.inlineBlockBefore(&op.getBody().front(),
                               loop.getBody()->getTerminator(),
                               loop.getInductionVars());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The side of the square blocks a copy that changes the innermost
/// dimension moves at a time: 16 rows of 16 elements read and 16 written
/// stay in L1 (a row-by-row transpose writes one element per cache line).
constexpr int64_t kCopyBlock = 16;

/// `mdh_cl.copy` -> `dst[j] = src[offsets + j]` over `j < sizes`, in the
/// row-major order of the source (reads are contiguous); the layout
/// permutes the indices of `dst` (tileDim). When it moves another source
/// dimension innermost (transposed, rotated), that dimension and the
/// source's innermost one are copied in blocks of kCopyBlock x kCopyBlock.
/// A wider float `dst` gets the elements through `arith.extf`. Panels are
/// copied row by row, each row panel by panel (no division per element).
struct CopyOpLowering : OpRewritePattern<CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Loads `src[offsets + at]` and stores it, widened if need be, at `dst`.
  static void copyElement(OpBuilder &b, Location loc, CopyOp op, ValueRange at,
                          ArrayRef<Value> dst) {
    SmallVector<Value> src;
    for (auto [offset, iv] : llvm::zip_equal(op.getOffsets(), at))
      src.push_back(arith::AddIOp::create(b, loc, offset, iv));
    Value v = memref::LoadOp::create(b, loc, op.getSource(), src);
    Type to = cast<MemRefType>(op.getDest().getType()).getElementType();
    if (v.getType() != to)
      v = arith::ExtFOp::create(b, loc, to, v);
    memref::StoreOp::create(b, loc, v, op.getDest(), dst);
  }

  static void lowerPanels(CopyOp op, PatternRewriter &rewriter) {
    Location loc = op.getLoc();
    unsigned rank = op.getOffsets().size();
    auto dstType = cast<MemRefType>(op.getDest().getType());
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value width = arith::ConstantIndexOp::create(rewriter, loc,
                                                 dstType.getShape().back());
    Value size = op.getSizes().back();
    Value panels = arith::CeilDivUIOp::create(rewriter, loc, size, width);
    SmallVector<Value> ubs(op.getSizes().drop_back());
    ubs.push_back(panels);
    scf::buildLoopNest(
        rewriter, loc, SmallVector<Value>(rank, zero), ubs,
        SmallVector<Value>(rank, one),
        [&](OpBuilder &b, Location loc, ValueRange ivs) {
          Value q = ivs.back();
          Value first = arith::MulIOp::create(b, loc, q, width);
          Value left = arith::SubIOp::create(b, loc, size, first);
          Value end = arith::MinUIOp::create(b, loc, left, width);
          auto inner = scf::ForOp::create(b, loc, zero, end, one);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(inner.getBody());
          Value r = inner.getInductionVar();
          SmallVector<Value> at(ivs.drop_back());
          at.push_back(arith::AddIOp::create(b, loc, first, r));
          SmallVector<Value> dst = {q};
          llvm::append_range(dst, ivs.drop_back());
          dst.push_back(r);
          copyElement(b, loc, op, at, dst);
        });
  }

  LogicalResult matchAndRewrite(CopyOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getLayout() == mdh_cl::Layout::Panels) {
      lowerPanels(op, rewriter);
      rewriter.eraseOp(op);
      return success();
    }
    unsigned rank = op.getOffsets().size();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value block = arith::ConstantIndexOp::create(rewriter, loc, kCopyBlock);
    // The source dimension that becomes the destination's innermost.
    unsigned across = rank;
    for (unsigned d = 0; d + 1 < rank; ++d)
      if (mdh_cl::tileDim(op.getLayout(), d, rank) == rank - 1)
        across = d;
    SmallVector<Value> lbs(rank, zero), steps(rank, one);
    if (across < rank)
      steps[across] = steps[rank - 1] = block;
    auto copyAt = [&](OpBuilder &b, Location loc, ValueRange ivs) {
      SmallVector<Value> counters(ivs);
      copyElement(b, loc, op, ivs,
                  toTileOrder(op.getLayout(), ArrayRef<Value>(counters)));
    };
    scf::buildLoopNest(
        rewriter, loc, lbs, op.getSizes(), steps,
        [&](OpBuilder &b, Location loc, ValueRange ivs) {
          if (across == rank)
            return copyAt(b, loc, ivs);
          // The block's points: [iv, min(iv + block, size)) along both.
          auto end = [&](unsigned d) {
            Value next = arith::AddIOp::create(b, loc, ivs[d], block);
            return arith::MinUIOp::create(b, loc, next, op.getSizes()[d])
                .getResult();
          };
          SmallVector<Value> blockLbs = {ivs[across], ivs[rank - 1]};
          SmallVector<Value> blockUbs = {end(across), end(rank - 1)};
          scf::buildLoopNest(
              b, loc, blockLbs, blockUbs, {one, one},
              [&](OpBuilder &b, Location loc, ValueRange points) {
                SmallVector<Value> at(ivs);
                at[across] = points[0];
                at[rank - 1] = points[1];
                copyAt(b, loc, at);
              });
        });
    rewriter.eraseOp(op);
    return success();
  }
};

/// `mdh_cl.scalar` -> its body, with the operands for the block arguments.
struct ScalarOpLowering : OpRewritePattern<ScalarOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScalarOp op,
                                PatternRewriter &rewriter) const override {
    op.inlineBody(rewriter);
    return success();
  }
};

/// `mdh_cl.accumulate` -> per buffer `buf[i] = first ? v : op(buf[i], v)`.
/// The old value is loaded even for the first contribution (where it may be
/// uninitialised): `arith.select` only yields the chosen operand.
struct AccumulateOpLowering : OpRewritePattern<AccumulateOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AccumulateOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    mdh::CombinerAttr combiner = op.getCombiner();
    mdh::CombinerOp custom = mdh::lookupCustomCombiner(op, combiner);
    if (combiner.getCustom() && !custom)
      return rewriter.notifyMatchFailure(op, "combiner not found");
    SmallVector<Value> old;
    for (Value buffer : op.getBuffers())
      old.push_back(
          memref::LoadOp::create(rewriter, loc, buffer, op.getIndices()));
    SmallVector<Value> combined =
        mdh::combine(rewriter, loc, combiner, custom, old, op.getValues());
    for (auto [value, c, buffer] :
         llvm::zip_equal(op.getValues(), combined, op.getBuffers())) {
      Value next =
          arith::SelectOp::create(rewriter, loc, op.getFirst(), value, c);
      memref::StoreOp::create(rewriter, loc, next, buffer, op.getIndices());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct MDHCLToLoops : mdh::impl::MDHCLToLoopsBase<MDHCLToLoops> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkHostSupport(module)))
      return signalPassFailure();
    // Below CL-IR the functions are plain host code: the record of the
    // target their CL-IR was scheduled for (--mdh-ll-to-cl) goes.
    module.walk([](FunctionOpInterface func) {
      func->removeAttr(mdh_ll::MDHLLDialect::TargetAttrHelper::getNameStr());
    });

    IRRewriter rewriter(&getContext());
    BufferPlacer placer(rewriter);
    SmallVector<BufferOp> buffers;
    module.walk([&](BufferOp op) { buffers.push_back(op); });
    for (BufferOp op : buffers) {
      if (op.getRegion() == MemRegion::Device)
        placer.lowerDeviceBuffer(op);
      else
        placer.lowerUnitBuffer(op, maxStackBytes);
    }

    RewritePatternSet patterns(&getContext());
    patterns.add<AlignedOpLowering, PhaseOpLowering, ForOpLowering,
                 ParForOpLowering, CopyOpLowering, ScalarOpLowering,
                 AccumulateOpLowering>(&getContext());
    walkAndApplyPatterns(module, std::move(patterns));

    WalkResult remaining = module.walk([](Operation *op) {
      if (!isa_and_nonnull<MDHCLDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError("could not be lowered to loops");
      return WalkResult::interrupt();
    });
    if (remaining.wasInterrupted())
      return signalPassFailure();

    // Combiners have no meaning below CL-IR and no LLVM translation: erase
    // every one left without users, not only those accumulations used. A
    // combiner may have had none in CL-IR at all: that of a kernel that
    // mdh-run --func dropped, or of a size-1 pw dimension (nothing to
    // combine, so no accumulation refers to it).
    SmallVector<mdh::CombinerOp> combiners;
    module.walk([&](mdh::CombinerOp c) { combiners.push_back(c); });
    for (mdh::CombinerOp c : combiners)
      if (SymbolTable::symbolKnownUseEmpty(c, module))
        c.erase();
  }
};
} // namespace
