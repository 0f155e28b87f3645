//===- Pipelines.cpp - Pipelines shared by the C API entry points ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Pipelines.h"

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"

#include "mlir/IR/Verifier.h"

using namespace mlir;

FailureOr<mdh::ConfigOptions> mdh::capi::parseConfigArgument(ModuleOp module,
                                                             StringRef config) {
  ConfigOptions options;
  StringRef trimmed = config.trim();
  if (trimmed.starts_with("{")) {
    // Errors point where `--mdh-hl-to-ll` reports those of files: at the
    // first computation.
    Operation *anchor = module;
    module.walk([&](ComputeOp op) {
      anchor = op;
      return WalkResult::interrupt();
    });
    auto set = std::make_shared<mdh_ll::ConfigSet>(module.getContext());
    if (failed(set->addJSON(trimmed, "configuration", "",
                            [&] { return anchor->emitError(); })))
      return failure();
    options.set = std::move(set);
  } else if (!trimmed.empty()) {
    SmallVector<StringRef> parts;
    trimmed.split(parts, ',');
    for (StringRef part : parts) {
      part = part.trim();
      if (part.empty())
        return emitError(module.getLoc(),
                         "empty file name in the configuration list '")
               << config << "'";
      options.files.push_back(part.str());
    }
  }
  return options;
}

LogicalResult mdh::capi::runLowerToCLIR(ModuleOp module, StringRef target,
                                        StringRef config) {
  // Invalid IR first, alone (lowerToCLIR verifies too, but after the
  // configuration has been read).
  if (failed(verify(module)))
    return failure();
  FailureOr<ConfigOptions> configs = parseConfigArgument(module, config);
  if (failed(configs))
    return failure();
  return lowerToCLIR(module, target, *configs);
}
