//===- SPMDForm.cpp - The SPMD form of GPU CL-IR --------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "SPMDForm.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::mdh_cl;

static StringRef getDimName(HwDim dim) { return stringifyHwDim(dim); }

/// Whether `op` may stand between the loops of the nest: it is computed by
/// every thread, so it must not write memory or hold code.
static bool isBetweenLoopsOp(Operation *op) {
  return op->getNumRegions() == 0 && isPure(op);
}

/// Checks a loop of the nest: lower bound 0, step 1, a constant upper bound
/// (the grid or block size along its hardware dimension), a dimension not
/// yet used by its layer. Records the size in `sizes`.
static LogicalResult checkLoop(ParForOp loop, int64_t sizes[3], bool used[3]) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  StringRef layer = stringifyLayer(loop.getLayer());
  if (!lb || *lb != 0 || !step || *step != 1)
    return loop.emitOpError("on ")
           << layer << " must have lower bound 0 and step 1 (one iteration "
           << "per hardware unit)";
  if (!ub || *ub < 1)
    return loop.emitOpError("on ")
           << layer << " must have a constant positive upper bound (the "
           << (loop.getLayer() == Layer::Blocks ? "grid" : "block")
           << " size along '" << getDimName(loop.getDim()) << "')";
  auto dim = static_cast<unsigned>(loop.getDim());
  if (used[dim])
    return loop.emitOpError("uses hardware dimension '")
           << getDimName(loop.getDim()) << "' of " << layer << " a second time";
  used[dim] = true;
  sizes[dim] = *ub;
  return success();
}

/// The one parallel loop among the ops of `block`, which may otherwise hold
/// only pure ops (and, where `shared` is given, shared buffers). Null with
/// an error when there is another op, no loop or more than one.
static ParForOp findNestedLoop(Block &block, Operation *parent,
                               SmallVectorImpl<BufferOp> *shared) {
  ParForOp found;
  for (Operation &op : block) {
    if (auto loop = dyn_cast<ParForOp>(op)) {
      if (found) {
        InFlightDiagnostic diag =
            loop.emitOpError("is a second parallel loop in the same body; a "
                             "phase in SPMD form is one nest of block and "
                             "thread loops");
        diag.attachNote(found.getLoc()) << "the first one";
        return {};
      }
      found = loop;
      continue;
    }
    auto buffer = dyn_cast<BufferOp>(op);
    if (buffer && buffer.getRegion() == MemRegion::Shared && shared) {
      shared->push_back(buffer);
      continue;
    }
    if (isBetweenLoopsOp(&op))
      continue;
    if (buffer && buffer.getRegion() == MemRegion::Shared)
      buffer.emitOpError("must be directly in the body of the innermost "
                         "block loop (shared memory belongs to a block)");
    else if (buffer)
      buffer.emitOpError("cannot stand between the parallel loops: device "
                         "buffers belong at function level, register buffers "
                         "in the innermost thread loop");
    else
      op.emitOpError("is not allowed between the parallel loops of a GPU "
                     "phase: only shared buffers and pure ops (constants, "
                     "index arithmetic) may stand there");
    return {};
  }
  if (!found)
    parent->emitOpError("must contain a mdh_cl.par_for on ")
        << (isa<PhaseOp>(parent) ? "blocks or threads" : "threads")
        << " (GPU CL-IR in SPMD form)";
  return found;
}

/// Whether `op` may be part of the per-thread code of a kernel.
static LogicalResult checkThreadOp(Operation *op) {
  if (auto buffer = dyn_cast<BufferOp>(op)) {
    if (buffer.getRegion() == MemRegion::Register)
      return success();
    return buffer.emitOpError("cannot be allocated by one thread: in the "
                              "per-thread code only 'register' buffers are "
                              "allowed (shared buffers belong in the "
                              "innermost block loop, device buffers at "
                              "function level)");
  }
  if (auto loop = dyn_cast<ParForOp>(op))
    return loop.emitOpError("on ")
           << stringifyLayer(loop.getLayer())
           << " is nested in per-thread code; block and thread loops must "
              "be directly nested (z, y, x), thread loops inside block loops";
  if (isa<PhaseOp>(op))
    return op->emitOpError("cannot be nested in another phase");
  Dialect *dialect = op->getDialect();
  StringRef ns = dialect ? dialect->getNamespace() : "";
  if (ns == "mdh_cl" || ns == "arith" || ns == "math" || ns == "vector" ||
      ns == "ub" ||
      isa<memref::LoadOp, memref::StoreOp, memref::AssumeAlignmentOp>(op) ||
      isa<scf::IfOp, scf::ForOp, scf::YieldOp>(op) ||
      isa<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(op))
    return success();
  return op->emitOpError("is not allowed in GPU CL-IR (allowed: mdh_cl, "
                         "arith, math, vector, memref.load/store/"
                         "assume_alignment, scf.if/for/yield)");
}

FailureOr<SPMDPhase> mlir::mdh_cl::analyzeSPMDPhase(PhaseOp phase,
                                                    int64_t maxThreads) {
  SPMDPhase nest;
  nest.phase = phase;
  bool usedGrid[3] = {false, false, false};
  bool usedBlock[3] = {false, false, false};

  ParForOp loop = findNestedLoop(phase.getBody().front(), phase, nullptr);
  if (!loop)
    return failure();
  while (loop.getLayer() == Layer::Blocks) {
    if (failed(checkLoop(loop, nest.grid, usedGrid)))
      return failure();
    nest.blockLoops.push_back(loop);
    SmallVector<BufferOp> shared;
    ParForOp inner = findNestedLoop(loop.getBody().front(), loop, &shared);
    if (!inner)
      return failure();
    if (inner.getLayer() == Layer::Threads)
      nest.sharedBuffers = std::move(shared);
    else if (!shared.empty())
      return shared.front().emitOpError(
          "must be directly in the body of the innermost block loop (shared "
          "memory belongs to a block)");
    loop = inner;
  }
  while (true) {
    if (failed(checkLoop(loop, nest.block, usedBlock)))
      return failure();
    nest.threadLoops.push_back(loop);
    Block &body = loop.getBody().front();
    // The innermost thread loop is the one without a thread loop directly
    // in its body.
    auto inner = llvm::find_if(body, [](Operation &op) {
      auto nested = dyn_cast<ParForOp>(op);
      return nested && nested.getLayer() == Layer::Threads;
    });
    if (inner == body.end())
      break;
    loop = findNestedLoop(body, loop, nullptr);
    if (!loop)
      return failure();
  }

  int64_t threads = nest.block[0] * nest.block[1] * nest.block[2];
  if (threads > maxThreads)
    return nest.threadLoops.front().emitOpError("makes blocks of ")
           << threads << " threads, more than the " << maxThreads
           << " a block may have";

  bool ok = true;
  nest.threadLoops.back().getBody().walk([&](Operation *op) {
    if (failed(checkThreadOp(op))) {
      ok = false;
      return WalkResult::interrupt();
    }
    if (auto buffer = dyn_cast<BufferOp>(op))
      nest.registerBuffers.push_back(buffer);
    return WalkResult::advance();
  });
  if (!ok)
    return failure();
  return nest;
}

LogicalResult mlir::mdh_cl::checkHostCode(FunctionOpInterface func) {
  bool ok = true;
  for (Block &block : func.getFunctionBody()) {
    for (Operation &op : block) {
      if (isa<PhaseOp>(op) || isBetweenLoopsOp(&op) ||
          op.hasTrait<OpTrait::ReturnLike>())
        continue;
      if (auto buffer = dyn_cast<BufferOp>(op)) {
        if (buffer.getRegion() == MemRegion::Device)
          continue;
        buffer.emitOpError("is outside a phase, where only 'device' buffers "
                           "may be allocated");
      } else {
        op.emitOpError("would run on the host between kernels, where the "
                       "function's memrefs are device memory; GPU CL-IR has "
                       "only device buffers and phases at function level");
      }
      ok = false;
    }
  }
  return success(ok);
}
