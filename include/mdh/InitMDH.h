//===- InitMDH.h - Registration of everything MDH-MLIR provides -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_INITMDH_H
#define MDH_INITMDH_H

#include "mlir/IR/DialectRegistry.h"

namespace mlir::mdh {

/// Registers the project's dialects and the upstream dialects its IR and
/// pipelines use.
void registerAllDialects(DialectRegistry &registry);

/// Registers the project's passes and pipelines and the upstream passes a
/// user of `mdh-opt` needs around them.
void registerAllPasses();

} // namespace mlir::mdh

#endif // MDH_INITMDH_H
