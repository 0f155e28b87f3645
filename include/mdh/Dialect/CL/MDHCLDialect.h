//===- MDHCLDialect.h - The mdh_cl (CL-IR) dialect --------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_MDHCLDIALECT_H
#define MDH_DIALECT_CL_MDHCLDIALECT_H

#include "mdh/Dialect/HL/MDHDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dialect.h"

#include "mdh/Dialect/CL/MDHCLDialect.h.inc"

#endif // MDH_DIALECT_CL_MDHCLDIALECT_H
