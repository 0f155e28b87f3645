//===- Consumer.cpp - A client of the installed MDH-MLIR package ----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
//   mdh-consumer <HL-IR file> [pipeline]
//
// Registers MDH's dialects and passes the way another MLIR compiler would
// (mdh/InitMDH.h), parses the file, runs the textual pipeline (by default
// `mdh-lower-to-clir{target=openmp}`) and prints the result, then checks
// that it is CL-IR: no `mdh.compute` is left and `mdh_cl` ops appeared.
// Exits non-zero, with a message, when any step fails.
//
//===----------------------------------------------------------------------===//

#include "mdh/InitMDH.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: mdh-consumer <HL-IR file> [pipeline]\n";
    return 2;
  }
  llvm::StringRef pipeline =
      argc == 3 ? argv[2] : "mdh-lower-to-clir{target=openmp}";

  mlir::DialectRegistry registry;
  mlir::mdh::registerAllDialects(registry);
  mlir::mdh::registerAllPasses();
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1; // The parser has reported where.

  mlir::PassManager pm(&context);
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm, llvm::errs())))
    return 1;
  if (mlir::failed(pm.run(*module))) {
    llvm::errs() << "mdh-consumer: the pipeline '" << pipeline << "' failed\n";
    return 1;
  }
  module->print(llvm::outs());

  unsigned computes = 0, clOps = 0;
  module->walk([&](mlir::Operation *op) {
    llvm::StringRef dialect = op->getName().getDialectNamespace();
    if (dialect == "mdh" && op->getName().stripDialect() == "compute")
      ++computes;
    if (dialect == "mdh_cl")
      ++clOps;
  });
  if (computes != 0 || clOps == 0) {
    llvm::errs() << "mdh-consumer: not CL-IR: " << computes
                 << " mdh.compute left, " << clOps << " mdh_cl ops\n";
    return 1;
  }
  llvm::outs() << "mdh-consumer: " << clOps << " mdh_cl ops\n";
  return 0;
}
