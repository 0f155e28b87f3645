//===- BufferizableOpInterfaceImpl.cpp - Bufferization of mdh.compute -----===//
//
// Part of the MDH-MLIR project.
//
// The tensor form of mdh.compute is in destination-passing style, so it
// bufferizes as linalg's structured ops do
// (mlir/lib/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.cpp): each
// tensor output becomes the buffer of its result, in place where One-Shot's
// analysis allows and a copy otherwise. The difference is which operands are
// read: an output is read only where its maps leave elements unwritten
// (those keep their value), never for accumulation.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/HL/Transforms/BufferizableOpInterfaceImpl.h"

#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace {
struct ComputeOpInterface
    : DstBufferizableOpInterfaceExternalModel<ComputeOpInterface,
                                              mdh::ComputeOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &) const {
    auto compute = cast<mdh::ComputeOp>(op);
    if (!compute.isDpsInit(&operand))
      return true;
    // An output whose maps cover it is overwritten without being read, so
    // its old buffer (e.g. of a tensor.empty) needs no defined content and a
    // copy of it none of the old values.
    unsigned i =
        operand.getOperandNumber() - compute.getOuts().getBeginOperandIndex();
    return !compute.writesWholeOutput(i);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto compute = cast<mdh::ComputeOp>(op);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(op);
    auto buffersOf = [&](ValueRange values,
                         SmallVectorImpl<Value> &buffers) -> LogicalResult {
      for (Value v : values) {
        if (!isa<TensorType>(v.getType())) {
          buffers.push_back(v);
          continue;
        }
        FailureOr<Value> buffer = getBuffer(rewriter, v, options, state);
        if (failed(buffer))
          return failure();
        buffers.push_back(*buffer);
      }
      return success();
    };
    SmallVector<Value> ins, outs;
    if (failed(buffersOf(compute.getIns(), ins)) ||
        failed(buffersOf(compute.getOuts(), outs)))
      return failure();

    // The memref form: no results; the body moves over unchanged.
    auto memrefOp = mdh::ComputeOp::create(
        rewriter, op->getLoc(), TypeRange(), ins, outs, compute.getNameAttr(),
        compute.getSizesAttr(), compute.getCombiners(), compute.getInMaps(),
        compute.getOutMaps(), compute.getPrecisionAttr());
    memrefOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(compute.getBody(), memrefOp.getBody(),
                                memrefOp.getBody().end());
    // Tensor outputs are all outputs or none (the verifier).
    replaceOpWithBufferizedValues(rewriter, op,
                                  compute.getNumResults() ? ValueRange(outs)
                                                          : ValueRange());
    return success();
  }
};
} // namespace

void mlir::mdh::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, MDHDialect *) {
    ComputeOp::attachInterface<ComputeOpInterface>(*ctx);
  });
}
