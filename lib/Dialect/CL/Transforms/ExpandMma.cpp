//===- ExpandMma.cpp - The pass around mdh_cl::expandMma ------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLEXPANDMMA
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

namespace {
struct ExpandMmaPass : mdh_cl::impl::MDHCLExpandMmaBase<ExpandMmaPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<MmaOp> ops;
    getOperation()->walk([&](MmaOp op) { ops.push_back(op); });
    Counts counts;
    for (MmaOp op : ops) {
      counts.add(op);
      expandMma(op);
    }
    counts.finish(numExpanded, report, getArgument(),
                  "mdh_cl.mma ops expanded");
  }
};
} // namespace
