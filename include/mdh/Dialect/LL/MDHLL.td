//===- MDHLL.td - The mdh_ll dialect, all definitions ------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Umbrella file: the dialect, its attributes and (later) its ops, so that one
// tablegen run generates the dialect, the attribute classes and the docs.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLL_TD
#define MDH_DIALECT_LL_MDHLL_TD

include "mdh/Dialect/LL/MDHLLDialect.td"
include "mdh/Dialect/LL/MDHLLAttributes.td"
include "mdh/Dialect/LL/MDHLLEnums.td"
include "mdh/Dialect/LL/MDHLLOps.td"

#endif // MDH_DIALECT_LL_MDHLL_TD
