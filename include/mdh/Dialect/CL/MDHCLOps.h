//===- MDHCLOps.h - Operations of CL-IR -------------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_MDHCLOPS_H
#define MDH_DIALECT_CL_MDHCLOPS_H

#include "mdh/Dialect/CL/MDHCLDialect.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include "mdh/Dialect/CL/MDHCLEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mdh/Dialect/CL/MDHCLAttributes.h.inc"

#define GET_OP_CLASSES
#include "mdh/Dialect/CL/MDHCLOps.h.inc"

namespace mlir::mdh_cl {
/// Whether `v` is an `mdh_cl.buffer register`: a thread's private tile.
bool isRegisterBuffer(Value v);

/// The bytes a buffer of static type `type` takes (elements of less than a
/// byte take one each).
inline int64_t getSizeInBytes(MemRefType type) {
  return type.getNumElements() *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

/// The tile buffer dimension that dimension `d` of a copy's source (of
/// rank `rank`) becomes in `layout`; not for `panels`, which adds one.
unsigned tileDim(Layout layout, unsigned d, unsigned rank);

/// `values`, one per source dimension of a copy, in the order of the tile
/// buffer's dimensions (its shape from the box's, its indices from the
/// source's).
template <typename T>
SmallVector<T> toTileOrder(Layout layout, ArrayRef<T> values) {
  assert(layout != Layout::Panels && "panels add a dimension: panelIndices");
  SmallVector<T> result(values.begin(), values.end());
  for (auto [d, v] : llvm::enumerate(values))
    result[tileDim(layout, d, values.size())] = v;
  return result;
}

/// The linear id (x fastest) in its block of the thread that runs `op`,
/// from the thread loops around it, built at `b`'s insertion point.
Value linearThreadId(OpBuilder &b, Location loc, Operation *op);

/// Replaces `op` by each lane's own arithmetic: its four accumulators plus
/// the 16 products along k, read from A and B (ExpandMma.cpp). The
/// semantics of the op without tensor cores.
void expandMma(MmaOp op);
} // namespace mlir::mdh_cl

#endif // MDH_DIALECT_CL_MDHCLOPS_H
