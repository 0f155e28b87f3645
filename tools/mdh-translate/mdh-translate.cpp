//===- mdh-translate.cpp - The MDH-MLIR translation driver ----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// mlir-translate with the translations of MDH-MLIR: `--emit-c` prints CL-IR
// as C with OpenMP.
//
//===----------------------------------------------------------------------===//

#include "Target/C/TranslateToC.h"
#include "Target/Object/EmitObject.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::mdh::registerToCTranslation();
  mlir::mdh::registerEmitObjectTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "MDH-MLIR translation driver\n"));
}
