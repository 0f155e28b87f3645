//===- ReduceBuffers.cpp - Drop buffers that mirror an output -------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "Counts.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLREDUCEBUFFERS
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

namespace {

/// The copy `out[I] = buffer[I]` that makes `buffer` mirror `out`.
struct Mirror {
  memref::LoadOp load;
  memref::StoreOp store;
};

/// Whether `indices` enumerate every element of a buffer of `shape` once
/// over the iterations of `loop`: the loop runs from 0 to the number of
/// elements in steps of 1, and the indices are its induction variable
/// taken apart in row-major order (`rem`/`div` by the extents, as the
/// LL-to-CL lowering writes it).
static bool coversAll(ParForOp loop, ValueRange indices,
                      ArrayRef<int64_t> shape) {
  APInt lb, ub, step;
  int64_t elements = 1;
  for (int64_t n : shape)
    elements *= n;
  if (!matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) ||
      !matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) ||
      !matchPattern(loop.getStep(), m_ConstantInt(&step)) || !lb.isZero() ||
      !step.isOne() || ub.getSExtValue() != elements)
    return false;
  Value rest = loop.getInductionVar();
  for (int64_t k = shape.size() - 1; k >= 0; --k) {
    Value index = indices[k];
    if (k == 0 && index == rest)
      return true;
    auto rem = index.getDefiningOp<arith::RemUIOp>();
    APInt extent;
    if (!rem || rem.getLhs() != rest ||
        !matchPattern(rem.getRhs(), m_ConstantInt(&extent)) ||
        extent.getSExtValue() != shape[k])
      return false;
    if (k == 0)
      return true;
    // The next index takes apart rest / extent.
    Value next;
    for (Operation *user : rest.getUsers())
      if (auto div = dyn_cast<arith::DivUIOp>(user))
        if (div.getRhs() == rem.getRhs())
          next = div.getResult();
    if (!next)
      return false;
    rest = next;
  }
  return false;
}

/// The single mirror copy of `buffer`, if the buffer has one, the copy
/// covers the whole buffer and the output has no other use.
static std::optional<Mirror> findMirror(BufferOp buffer) {
  std::optional<Mirror> found;
  for (Operation *user : buffer.getResult().getUsers()) {
    auto load = dyn_cast<memref::LoadOp>(user);
    if (!load || !load.getResult().hasOneUse())
      continue;
    auto store = dyn_cast<memref::StoreOp>(*load->getUsers().begin());
    if (!store || store.getValueToStore() != load.getResult() ||
        store.getIndices() != load.getIndices() ||
        store.getMemRef().getType() != buffer.getType())
      continue;
    if (found)
      return std::nullopt;
    found = Mirror{load, store};
  }
  if (!found)
    return std::nullopt;
  auto loop = found->store->getParentOfType<ParForOp>();
  if (!loop ||
      !coversAll(loop, found->load.getIndices(), buffer.getType().getShape()))
    return std::nullopt;
  Value out = found->store.getMemRef();
  if (!isa<BlockArgument>(out) || !out.hasOneUse())
    return std::nullopt;
  // The copy is what its phase does: nothing else there has effects.
  auto phase = found->store->getParentOfType<PhaseOp>();
  if (!phase)
    return std::nullopt;
  WalkResult other = phase.walk([&](Operation *op) {
    if (op == found->load || op == found->store ||
        isa<ParForOp, ForOp, PhaseOp>(op) || isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (other.wasInterrupted())
    return std::nullopt;
  return found;
}

struct ReduceBuffersPass
    : mdh_cl::impl::MDHCLReduceBuffersBase<ReduceBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<BufferOp> buffers;
    getOperation()->walk([&](BufferOp op) {
      if (op.getRegion() == MemRegion::Device)
        buffers.push_back(op);
    });
    Counts counts, bytes;
    IRRewriter rewriter(&getContext());
    for (BufferOp buffer : buffers) {
      std::optional<Mirror> mirror = findMirror(buffer);
      if (!mirror)
        continue;
      Value out = mirror->store.getMemRef();
      auto phase = mirror->store->getParentOfType<PhaseOp>();
      auto type = cast<MemRefType>(buffer.getType());
      counts.add(buffer);
      bytes.add(buffer,
                type.getNumElements() * type.getElementTypeBitWidth() / 8);
      rewriter.eraseOp(phase);
      rewriter.replaceOp(buffer, out);
    }
    counts.finish(numBuffers, report, getArgument(),
                  "device buffers replaced by outputs");
    bytes.remark(report, getArgument(), "bytes of device memory saved");
  }
};

} // namespace
