//===- MDHLLOps.h - Operations of LL-IR -------------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLLOPS_H
#define MDH_DIALECT_LL_MDHLLOPS_H

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/Config.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "mdh/Dialect/LL/MDHLLOps.h.inc"

#endif // MDH_DIALECT_LL_MDHLLOPS_H
