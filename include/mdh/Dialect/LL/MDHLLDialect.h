//===- MDHLLDialect.h - The mdh_ll (LL-IR) dialect --------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLLDIALECT_H
#define MDH_DIALECT_LL_MDHLLDIALECT_H

#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

// The generated helper of the `mdh_ll.target` discardable attribute uses
// `TargetAttrInterface` and `Operation`, hence the includes above.
#include "mdh/Dialect/LL/MDHLLDialect.h.inc"

#endif // MDH_DIALECT_LL_MDHLLDIALECT_H
