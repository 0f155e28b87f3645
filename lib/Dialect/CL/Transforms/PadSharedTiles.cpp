//===- PadSharedTiles.cpp - Pad shared tiles' rows against bank conflicts -===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/CL/Passes.h"

#include "BankConflicts.h"
#include "Counts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::mdh_cl {
#define GEN_PASS_DEF_MDHCLPADSHAREDTILES
#include "mdh/Dialect/CL/Passes.h.inc"
} // namespace mlir::mdh_cl

using namespace mlir;
using namespace mlir::mdh_cl;

namespace {

/// Static shared memory per block that any chip gives without opting in: a
/// padding may grow a block's tiles up to it (or not at all beyond it).
constexpr int64_t kStaticSharedBytes = 48 * 1024;

/// The innermost extent of a row of `n` elements of `bytes` each padded so
/// that consecutive rows start an odd number of bank words apart (4-byte
/// words; 8-byte ones for 8-byte elements), or nullopt if they already do.
std::optional<int64_t> paddedRow(int64_t n, int64_t bytes) {
  auto odd = [&](int64_t m) {
    return bytes == 8 ? m % 2 == 1 : (m * bytes) % 8 == 4;
  };
  if (odd(n))
    return std::nullopt;
  for (int64_t m = n + 1; m <= n + 8; ++m)
    if (odd(m))
      return m;
  return std::nullopt;
}

/// The bytes of the shared buffers of the blocks loop around `buffer`.
int64_t sharedBytes(BufferOp buffer) {
  Operation *block = buffer->getParentOp();
  int64_t total = 0;
  block->walk([&](BufferOp b) {
    if (b.getRegion() == MemRegion::Shared)
      total += getSizeInBytes(cast<MemRefType>(b.getType()));
  });
  return total;
}

/// Whether the rows of `buffer` may be padded: its accesses index elements
/// (loads, stores, copies, and 128-bit stores that padBuffer splits).
bool paddable(BufferOp buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (buffer.getRegion() != MemRegion::Shared || !type ||
      !type.hasStaticShape() || !type.getLayout().isIdentity() ||
      type.getRank() < 2 || !type.getElementType().isIntOrFloat() ||
      type.getElementTypeBitWidth() % 8 != 0 ||
      type.getElementTypeBitWidth() > 64)
    return false;
  return llvm::all_of(buffer->getUsers(), [&](Operation *user) {
    if (auto store = dyn_cast<vector::StoreOp>(user))
      return store.getBase() == buffer.getResult() &&
             store.getVectorType().getRank() == 1;
    return isa<memref::LoadOp, memref::StoreOp, CopyOp>(user);
  });
}

/// Gives `buffer` the type `padded`; its 128-bit stores, whose rows no
/// longer start at 16-byte boundaries, become stores of their elements.
void padBuffer(BufferOp buffer, MemRefType padded) {
  for (Operation *user : llvm::make_early_inc_range(buffer->getUsers())) {
    auto store = dyn_cast<vector::StoreOp>(user);
    if (!store)
      continue;
    OpBuilder b(store);
    Location loc = store.getLoc();
    SmallVector<Value> indices(store.getIndices());
    Value last = indices.back();
    for (int64_t k = 0; k < store.getVectorType().getNumElements(); ++k) {
      Value x = vector::ExtractOp::create(b, loc, store.getValueToStore(), k);
      indices.back() = arith::AddIOp::create(
          b, loc, last, arith::ConstantIndexOp::create(b, loc, k));
      memref::StoreOp::create(b, loc, x, store.getBase(), indices);
    }
    store.erase();
  }
  buffer.getResult().setType(padded);
}

struct MDHCLPadSharedTilesPass
    : mdh_cl::impl::MDHCLPadSharedTilesBase<MDHCLPadSharedTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    Counts counts;
    getOperation()->walk([&](func::FuncOp func) {
      std::optional<SharedTraffic> best = analyzeSharedTraffic(func, false);
      if (!best)
        return;
      SmallVector<BufferOp> buffers;
      func.walk([&](BufferOp b) {
        if (paddable(b))
          buffers.push_back(b);
      });
      for (BufferOp buffer : buffers) {
        auto type = cast<MemRefType>(buffer.getType());
        int64_t bytes = type.getElementTypeBitWidth() / 8;
        std::optional<int64_t> row = paddedRow(type.getShape().back(), bytes);
        if (!row)
          continue;
        SmallVector<int64_t> shape(type.getShape());
        shape.back() = *row;
        auto padded = MemRefType::get(shape, type.getElementType());
        int64_t before = sharedBytes(buffer);
        int64_t after = before - getSizeInBytes(type) + getSizeInBytes(padded);
        if (after > std::max(before, kStaticSharedBytes))
          continue;
        // Judged on a copy of the function.
        IRMapping mapping;
        Operation *trial = func->clone(mapping);
        padBuffer(cast<BufferOp>(mapping.lookup(buffer.getOperation())),
                  padded);
        std::optional<SharedTraffic> traffic =
            analyzeSharedTraffic(cast<func::FuncOp>(trial), false);
        trial->erase();
        // Kept when the warps' accesses (issued instructions) plus their
        // wavefronts drop, so that a padded row whose neighbours no longer
        // merge into 128-bit accesses pays for them, and every access is
        // still evaluated.
        if (traffic->wavefronts + traffic->accesses <
                best->wavefronts + best->accesses &&
            traffic->unknown == best->unknown) {
          best = traffic;
          padBuffer(buffer, padded);
          counts.add(buffer);
        }
      }
    });
    counts.finish(numPadded, report, "mdh-cl-pad-shared-tiles",
                  "shared tiles padded");
  }
};

} // namespace
