//===- mdh-translate.cpp - The MDH-MLIR translation driver ----------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// mlir-translate with the translations of MDH-MLIR: `--emit-c` prints CL-IR
// as C with OpenMP, `--emit-cuda`/`--emit-hip` GPU CL-IR as CUDA/HIP,
// `--emit-ptx` the PTX of the `gpu.binary`s of a lowered GPU module, and
// `--emit-object` the LLVM dialect as a host object file.
//
//===----------------------------------------------------------------------===//

#include "mdh/Support/Version.h"
#include "mdh/Target/C/TranslateToC.h"
#include "mdh/Target/CUDA/TranslateToCUDA.h"
#include "mdh/Target/Object/EmitObject.h"
#include "mdh/Target/PTX/EmitPTX.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::mdh::registerVersionPrinter("mdh-translate");
  mlir::mdh::registerToCTranslation();
  mlir::mdh::registerToGPUSourceTranslations();
  mlir::mdh::registerEmitObjectTranslation();
  mlir::mdh::registerEmitPTXTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "MDH-MLIR translation driver\n"));
}
