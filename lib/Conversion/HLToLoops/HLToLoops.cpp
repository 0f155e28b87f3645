//===- HLToLoops.cpp - HL-IR to scf loops: the oracle lowering ------------===//
//
// Part of the MDH-MLIR project.
//
// This lowering is the semantic reference of the project, so it follows
// docs/semantics.md literally and favours obviousness over speed:
//
//   for each point c of the cc and ps dimensions:
//     acc = combination of f(p) over every point p of the box with
//           p_d == c_d (cc), p_d <= c_d (ps), any p_d (pw)
//     store acc through every output map at c
//
// The first summand initializes the accumulator, so no identity is needed
// (sizes are at least 1).
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/HL/Combine.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHLOWERTOLOOPS
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh;

/// Evaluates the scalar function of `op` at iteration point `point`.
static SmallVector<Value> evaluateScalarFunction(OpBuilder &b, Location loc,
                                                 ComputeOp op,
                                                 ValueRange point) {
  Block &body = op.getBody().front();
  IRMapping mapping;
  unsigned arg = 0;
  for (auto [i, buffer] : llvm::enumerate(op.getIns())) {
    for (AffineMap map : op.getInputMaps(i)) {
      auto indices = affine::expandAffineMap(b, loc, map, point);
      Value v = memref::LoadOp::create(b, loc, buffer, *indices);
      mapping.map(body.getArgument(arg++), v);
    }
  }
  for (Operation &inner : body.without_terminator()) {
    if (auto index = dyn_cast<IndexOp>(inner)) {
      mapping.map(index.getResult(), point[index.getDim()]);
      continue;
    }
    b.clone(inner, mapping);
  }
  SmallVector<Value> results;
  for (Value v : op.getYield().getValues())
    results.push_back(mapping.lookupOrDefault(v));
  return results;
}

namespace {
struct ComputeOpLowering : OpRewritePattern<ComputeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ComputeOp op,
                                PatternRewriter &rewriter) const override {
    // The loops load and store memrefs; the tensor form is bufferized first.
    if (op.hasTensorOperands())
      return rewriter.notifyMatchFailure(op, "has tensor operands");
    Location loc = op.getLoc();
    unsigned numDims = op.getNumDims();
    CombinerAttr combiner = op.getReductionCombiner();
    CombinerOp custom = lookupCustomCombiner(op, combiner);
    if (combiner && combiner.getCustom() && !custom)
      return rewriter.notifyMatchFailure(op, "combiner not found");

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> sizes;
    for (int64_t n : op.getSizes())
      sizes.push_back(arith::ConstantIndexOp::create(rewriter, loc, n));

    // Outer nest: the cc and ps dimensions, in dimension order.
    SmallVector<unsigned> outerDims, innerDims;
    for (unsigned d = 0; d < numDims; ++d) {
      if (!op.getCombiner(d).isPW())
        outerDims.push_back(d);
      if (op.getCombiner(d).isReduction())
        innerDims.push_back(d);
    }
    SmallVector<Value> outerLbs(outerDims.size(), zero),
        outerSteps(outerDims.size(), one), outerUbs;
    for (unsigned d : outerDims)
      outerUbs.push_back(sizes[d]);

    SmallVector<Type> types = op.getYieldedTypes();
    auto body = [&](OpBuilder &b, Location loc, ValueRange outerIvs) {
      // The output point: pw dimensions do not occur in output maps.
      SmallVector<Value> outPoint(numDims, zero);
      for (auto [d, iv] : llvm::zip_equal(outerDims, outerIvs))
        outPoint[d] = iv;

      SmallVector<Value> results;
      if (innerDims.empty()) {
        results = evaluateScalarFunction(b, loc, op, outPoint);
      } else {
        // Inner nest: all of each pw dimension, the prefix [0, c_d] of each
        // ps dimension; the accumulator and a "first summand" flag are
        // carried through it.
        SmallVector<Value> lbs(innerDims.size(), zero),
            steps(innerDims.size(), one), ubs;
        for (unsigned d : innerDims)
          ubs.push_back(op.getCombiner(d).isPW()
                            ? sizes[d]
                            : arith::AddIOp::create(b, loc, outPoint[d], one)
                                  .getResult());
        SmallVector<Value> init;
        for (Type t : types)
          init.push_back(arith::ConstantOp::create(
              b, loc, cast<TypedAttr>(b.getZeroAttr(t))));
        init.push_back(arith::ConstantIntOp::create(b, loc, 1, 1));
        scf::LoopNest nest = scf::buildLoopNest(
            b, loc, lbs, ubs, steps, init,
            [&](OpBuilder &b, Location loc, ValueRange ivs,
                ValueRange iterArgs) -> scf::ValueVector {
              SmallVector<Value> point(outPoint);
              for (auto [d, iv] : llvm::zip_equal(innerDims, ivs))
                point[d] = iv;
              SmallVector<Value> value =
                  evaluateScalarFunction(b, loc, op, point);
              ValueRange acc = iterArgs.drop_back();
              Value first = iterArgs.back();
              SmallVector<Value> combined =
                  combine(b, loc, combiner, custom, acc, value);
              scf::ValueVector next;
              for (auto [v, c] : llvm::zip_equal(value, combined))
                next.push_back(arith::SelectOp::create(b, loc, first, v, c));
              next.push_back(arith::ConstantIntOp::create(b, loc, 0, 1));
              return next;
            });
        results.assign(nest.results.begin(), std::prev(nest.results.end()));
      }

      unsigned k = 0;
      for (auto [i, buffer] : llvm::enumerate(op.getOuts())) {
        for (AffineMap map : op.getOutputMaps(i)) {
          auto indices = affine::expandAffineMap(b, loc, map, outPoint);
          memref::StoreOp::create(b, loc, results[k++], buffer, *indices);
        }
      }
    };

    if (outerDims.empty()) {
      body(rewriter, loc, {});
    } else {
      scf::buildLoopNest(rewriter, loc, outerLbs, outerUbs, outerSteps, body);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct MDHLowerToLoops : mdh::impl::MDHLowerToLoopsBase<MDHLowerToLoops> {
  void runOnOperation() override {
    WalkResult tensors = getOperation()->walk([](ComputeOp op) {
      return failed(checkBufferized(op, "--mdh-lower-to-loops"))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (tensors.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateMDHToLoopsPatterns(patterns);
    // One walk, no folding: the oracle's output is exactly what the pattern
    // builds, and the rest of the IR is left alone.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
    WalkResult remaining = getOperation()->walk([](ComputeOp op) {
      op.emitError("could not lower mdh.compute to loops");
      return WalkResult::interrupt();
    });
    if (remaining.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

void mlir::mdh::populateMDHToLoopsPatterns(RewritePatternSet &patterns) {
  patterns.add<ComputeOpLowering>(patterns.getContext());
}
