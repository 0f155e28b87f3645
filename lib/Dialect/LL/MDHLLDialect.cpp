//===- MDHLLDialect.cpp - The mdh_ll (LL-IR) dialect ----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/MDHLLDialect.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/MDHLLOps.h"

#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace mlir::mdh_ll;

#include "mdh/Dialect/LL/MDHLLDialect.cpp.inc"

void MDHLLDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "mdh/Dialect/LL/MDHLLOps.cpp.inc"
      >();
}

LogicalResult MDHLLDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  TargetAttrHelper target = getTargetAttrHelper();
  if (attr.getName() != target.getName())
    return op->emitError() << "unknown attribute '" << attr.getName().getValue()
                           << "' of the mdh_ll dialect; it defines '"
                           << target.getNameStr() << "'";
  if (!isa<TargetAttrInterface>(attr.getValue()))
    return op->emitError() << "'" << target.getNameStr()
                           << "' must be a target attribute (#mdh_ll.openmp, "
                              "#mdh_ll.cuda or #mdh_ll.hip), got "
                           << attr.getValue();
  return success();
}
