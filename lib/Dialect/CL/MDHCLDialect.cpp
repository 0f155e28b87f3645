//===- MDHCLDialect.cpp - The mdh_cl (CL-IR) dialect ----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Dialect/CL/MDHCLDialect.h"
#include "Dialect/CL/MDHCLOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mdh_cl;

#include "Dialect/CL/MDHCLDialect.cpp.inc"
#include "Dialect/CL/MDHCLEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/CL/MDHCLAttributes.cpp.inc"

void MDHCLDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Dialect/CL/MDHCLAttributes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "Dialect/CL/MDHCLOps.cpp.inc"
      >();
}
