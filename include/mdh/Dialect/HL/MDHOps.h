//===- MDHOps.h - Operations of HL-IR ---------------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_MDHOPS_H
#define MDH_DIALECT_HL_MDHOPS_H

#include "mdh/Dialect/HL/MDHDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "mdh/Dialect/HL/MDHEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mdh/Dialect/HL/MDHAttributes.h.inc"

namespace mlir::mdh {
class YieldOp;
} // namespace mlir::mdh

#include "mdh/Dialect/HL/MDHInterfaces.h.inc"

#define GET_OP_CLASSES
#include "mdh/Dialect/HL/MDHOps.h.inc"

namespace mlir::mdh {

/// Checks the views of `op` exactly over its iteration box with the
/// Presburger library: every access in bounds, and the `cc`/`ps` dimensions
/// written injectively, jointly over all accesses of one output buffer.
/// Emits a located error and fails on the first violation.
/// Whether builtin combine operator `op` applies to values of type `t`
/// (max/min on floats, the bitwise and signed/unsigned operators on
/// integers, add/mul on both).
bool reductionAppliesTo(ReductionOp op, Type t);

/// Whether MDH buffers may hold elements of type `t` (docs/semantics.md,
/// rule 2): f16, bf16, f32, f64 and signless i8 to i64.
bool isMDHElementType(Type t);

/// Checks that the operations of `body` (but its terminator) form a pure
/// scalar function: no side effects, no regions, scalar results only.
/// `where` names the body in messages.
LogicalResult verifyScalarBody(Block &body, StringRef where);

/// The maps of buffer `i` in a list of index-map lists (`in_maps`,
/// `out_maps`).
SmallVector<AffineMap> mapsOf(ArrayAttr lists, unsigned i);

/// The rules of DESIGN §3 that concern the computation, not its scalar
/// function: sizes, combine operators (MDH Lemma 1), index maps, aliasing,
/// and the views' bounds and injectivity (verifyViews).
LogicalResult verifyComputation(ComputationOpInterface op);

/// Splits `expr` into `scale` times its coefficients of the dimensions
/// (added to `coeffs`) and a constant (added to `constant`); fails for
/// anything that is not affine-linear (floordiv, mod, ceildiv, products of
/// dimensions).
bool linearizeAffineExpr(AffineExpr expr, MutableArrayRef<int64_t> coeffs,
                         int64_t &constant, int64_t scale = 1);

/// Adds to `coeffs` the coefficients of an affine-linear form whose range
/// over any box bounds that of `expr`: `expr` itself where it is linear,
/// the dividend of each floordiv, ceildiv or mod by a positive constant
/// (whose range is never smaller than the result's). Fails for anything
/// else (products of dimensions, divisions by non-constants).
bool boundingLinearForm(AffineExpr expr, MutableArrayRef<int64_t> coeffs);

/// Bounds and injectivity of the index maps (MDHViews.cpp).
LogicalResult verifyViews(ComputationOpInterface op);

/// Fails with a located error naming `pass` and how to bufferize if `op`
/// has tensor operands: the MDH lowerings take the memref form only.
LogicalResult checkBufferized(ComputeOp op, StringRef pass);

} // namespace mlir::mdh

#endif // MDH_DIALECT_HL_MDHOPS_H
