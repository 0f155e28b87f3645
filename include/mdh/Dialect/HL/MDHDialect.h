//===- MDHDialect.h - The mdh (HL-IR) dialect -------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_MDHDIALECT_H
#define MDH_DIALECT_HL_MDHDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "mdh/Dialect/HL/MDHDialect.h.inc"

#endif // MDH_DIALECT_HL_MDHDIALECT_H
