//===- InlineScalar.cpp - Inline the scalar function ----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLINLINESCALAR
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

namespace {
struct InlineScalarPass
    : mdh_cl::impl::MDHCLInlineScalarBase<InlineScalarPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<ScalarOp> scalars;
    getOperation()->walk([&](ScalarOp op) { scalars.push_back(op); });
    IRRewriter rewriter(&getContext());
    Counts counts;
    for (ScalarOp op : scalars) {
      counts.add(op);
      op.inlineBody(rewriter);
    }
    counts.finish(numInlined, report, getArgument(),
                  "mdh_cl.scalar ops inlined");
  }
};
} // namespace
