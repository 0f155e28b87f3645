//===- AssemblyFormat.h - Custom assembly directives of mdh ----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The `custom<Sizes>`, `custom<Combiners>` and `custom<Views>` directives of
// `mdh.compute`, shared with `mdh_ll.schedule` so that a computation reads
// the same in HL-IR and LL-IR.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_ASSEMBLYFORMAT_H
#define MDH_DIALECT_HL_ASSEMBLYFORMAT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

namespace mlir::mdh {

/// `1024, 512` (the parentheses belong to the format).
ParseResult parseSizes(OpAsmParser &parser, DenseI64ArrayAttr &sizes);
void printSizes(OpAsmPrinter &p, Operation *op, DenseI64ArrayAttr sizes);

/// `cc, pw(add), ps(@f)`.
ParseResult parseCombiners(OpAsmParser &parser, ArrayAttr &combiners);
void printCombiners(OpAsmPrinter &p, Operation *op, ArrayAttr combiners);

/// `ins(%a : memref<..> [(d0, d1) -> (d0)], ...)` on a line of its own;
/// `ins` is optional, `outs` is not.
ParseResult
parseViews(OpAsmParser &parser, StringRef keyword,
           SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
           SmallVectorImpl<Type> &types, ArrayAttr &maps);
void printViews(OpAsmPrinter &p, Operation *op, StringRef keyword,
                OperandRange operands, TypeRange types, ArrayAttr maps);

} // namespace mlir::mdh

#endif // MDH_DIALECT_HL_ASSEMBLYFORMAT_H
