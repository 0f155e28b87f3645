//===- mdh-opt.cpp - The MDH-MLIR optimizer driver ------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "InitMDH.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::mdh::registerAllDialects(registry);
  mlir::mdh::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "MDH-MLIR optimizer driver\n", registry));
}
