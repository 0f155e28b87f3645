//===- SpaceTestSupport.h - Kernels and targets for space tests -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Loads the example kernels (every `mdh.compute` of examples/*.mlir and
// examples/small/*.mlir) and the three reference targets, for the unit
// tests of the tuning parameters and for mdh-space-report.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TEST_UNIT_MDHSPACE_SPACETESTSUPPORT_H
#define MDH_TEST_UNIT_MDHSPACE_SPACETESTSUPPORT_H

#include "TestUtil.h"
#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"
#include "mdh/Dialect/LL/TargetSpec.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace mdh_test {

/// The target specs every kernel is checked on.
inline const char *const kTargetSpecs[] = {"openmp", "cuda:sm_90",
                                           "hip:gfx942"};

/// A context with the dialects of the example files.
inline void loadDialects(mlir::MLIRContext &context) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::mdh::MDHDialect, mlir::mdh_ll::MDHLLDialect,
                  mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect>();
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
}

/// One `mdh.compute` of an example file.
struct Kernel {
  /// "matmul.mlir @matmul_1024" or "small/dot.mlir @dot_small".
  std::string name;
  mlir::mdh::ComputeOp op;
};

/// The example files under `dir` and `dir`/small, sorted.
inline std::vector<std::string> exampleFiles(llvm::StringRef dir) {
  std::vector<std::string> files;
  for (llvm::StringRef sub : {"", "small"}) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, sub);
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(path, ec), end; it != end && !ec;
         it.increment(ec))
      if (llvm::StringRef(it->path()).ends_with(".mlir"))
        files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// Parses `files` into `modules` and lists their computations.
inline std::vector<Kernel>
loadKernels(mlir::MLIRContext &context, llvm::StringRef dir,
            const std::vector<std::string> &files,
            std::vector<mlir::OwningOpRef<mlir::ModuleOp>> &modules) {
  std::vector<Kernel> kernels;
  for (const std::string &file : files) {
    modules.push_back(mlir::parseSourceFile<mlir::ModuleOp>(file, &context));
    if (!*modules.back()) {
      llvm::errs() << "cannot parse " << file << "\n";
      continue;
    }
    std::string shortName =
        llvm::StringRef(file).drop_front(dir.size() + 1).str();
    modules.back()->walk([&](mlir::mdh::ComputeOp op) {
      auto func = op->getParentOfType<mlir::func::FuncOp>();
      kernels.push_back(
          {shortName + " @" + (func ? func.getSymName().str() : "?"), op});
    });
  }
  return kernels;
}

/// The first computation of MLIR `source`, parsed into `module`.
inline mlir::mdh::ComputeOp
parseKernel(mlir::MLIRContext &context, llvm::StringRef source,
            mlir::OwningOpRef<mlir::ModuleOp> &module) {
  module = mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  mlir::mdh::ComputeOp op;
  if (*module)
    module->walk([&](mlir::mdh::ComputeOp found) {
      if (!op)
        op = found;
    });
  if (!op)
    llvm::errs() << "cannot parse a computation from:\n" << source << "\n";
  return op;
}

/// The target attribute of `spec`, or null.
inline mlir::mdh_ll::TargetAttrInterface target(mlir::MLIRContext &context,
                                                llvm::StringRef spec) {
  mlir::FailureOr<mlir::Attribute> attr =
      mlir::mdh_ll::parseTargetSpec(&context, spec, [&] {
        return mlir::emitError(mlir::UnknownLoc::get(&context));
      });
  if (mlir::failed(attr))
    return {};
  return llvm::dyn_cast<mlir::mdh_ll::TargetAttrInterface>(*attr);
}

} // namespace mdh_test

#endif // MDH_TEST_UNIT_MDHSPACE_SPACETESTSUPPORT_H
