//===- MDHPlugin.cpp - MDH-MLIR as a plugin of upstream mlir-opt ----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The two entry points that `mlir-opt --load-dialect-plugin=` and
// `--load-pass-plugin=` look up. One library exports both, so that
//
//   mlir-opt --load-dialect-plugin=libMDHPlugin.so \
//            --load-pass-plugin=libMDHPlugin.so ...
//
// parses HL-, LL- and CL-IR and runs every MDH pass and pipeline.
//
//===----------------------------------------------------------------------===//

#include "mdh/InitMDH.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

/// The dialect plugin: the MDH dialects and the upstream dialects,
/// interfaces and translations that their IR and lowerings need. It
/// registers the passes too, as upstream's standalone plugin does, so that
/// `--load-dialect-plugin=` alone both parses MDH IR and runs its pipelines.
extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MDH", MDH_VERSION_STRING,
          [](DialectRegistry *registry) {
            mdh::registerAllDialects(*registry);
            mdh::registerAllPasses();
          }};
}

/// The pass plugin: the MDH passes and pipelines. Registering the upstream
/// passes they are built from again is harmless: the registry keeps one
/// entry per name and checks that its TypeID (from libMLIR.so) is the same.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MDHPasses", MDH_VERSION_STRING,
          []() { mdh::registerAllPasses(); }};
}
