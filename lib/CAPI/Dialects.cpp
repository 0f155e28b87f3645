//===- Dialects.cpp - C API for the MDH-MLIR dialects ---------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Dialects.h"

#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/InitMDH.h"

#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(MDH, mdh, mlir::mdh::MDHDialect)

void mdhRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::mdh::registerAllDialects(*unwrap(registry));
}
