//===- Pipelines.cpp - Pipelines shared by the C API entry points ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Pipelines.h"

#include "mdh/Conversion/Passes.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

LogicalResult
mdh::capi::runLowerToCLIR(ModuleOp module, StringRef target, StringRef config,
                          function_ref<void(OpPassManager &)> buildRest) {
  // The lowerings assume verified HL-IR; IR built or edited through the C
  // API may not be.
  if (failed(verify(module)))
    return failure();

  // `--mdh-hl-to-ll` reads configurations from files only: JSON text goes
  // through a temporary file, removed whatever happens.
  SmallVector<std::string> configPaths;
  llvm::SmallString<128> tempPath;
  llvm::scope_exit removeTemp([&] {
    if (!tempPath.empty())
      llvm::sys::fs::remove(tempPath);
  });
  StringRef trimmed = config.trim();
  if (trimmed.starts_with("{")) {
    int fd;
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
            "mdh-config", "json", fd, tempPath)) {
      tempPath.clear();
      return emitError(module.getLoc(), "cannot write the configuration to a "
                                        "temporary file: ")
             << ec.message();
    }
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << trimmed;
    os.close();
    if (os.has_error()) {
      std::string message = os.error().message();
      os.clear_error();
      return emitError(module.getLoc(), "cannot write the configuration to '")
             << tempPath << "': " << message;
    }
    configPaths.push_back(tempPath.str().str());
  } else if (!trimmed.empty()) {
    SmallVector<StringRef> parts;
    trimmed.split(parts, ',');
    for (StringRef part : parts) {
      part = part.trim();
      if (part.empty())
        return emitError(module.getLoc(),
                         "empty file name in the configuration "
                         "list '")
               << config << "'";
      configPaths.push_back(part.str());
    }
  }

  LowerToCLIROptions options;
  options.target = target.str();
  options.config = ArrayRef<std::string>(configPaths);
  PassManager pm(module.getContext());
  buildLowerToCLIRPipeline(pm, options);
  if (buildRest)
    buildRest(pm);
  return pm.run(module);
}
