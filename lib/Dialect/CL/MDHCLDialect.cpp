//===- MDHCLDialect.cpp - The mdh_cl (CL-IR) dialect ----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/CL/MDHCLDialect.h"
#include "mdh/Dialect/CL/MDHCLOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mdh_cl;

#include "mdh/Dialect/CL/MDHCLDialect.cpp.inc"
#include "mdh/Dialect/CL/MDHCLEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "mdh/Dialect/CL/MDHCLAttributes.cpp.inc"

void MDHCLDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mdh/Dialect/CL/MDHCLAttributes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "mdh/Dialect/CL/MDHCLOps.cpp.inc"
      >();
}
