//===- Version.h - The project's version for --version ----------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Every tool answers `--version` with the project's version and the version
// of the LLVM/MLIR it was built against, so that a bug report names both.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_SUPPORT_VERSION_H
#define MDH_SUPPORT_VERSION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::mdh {

/// The project's version, e.g. "0.4.0".
llvm::StringRef getVersion();

/// Prints "<tool> (MDH-MLIR) <version>" and the LLVM/MLIR version.
void printVersion(llvm::StringRef tool, llvm::raw_ostream &os);

/// Makes `--version` of the calling tool print `printVersion(tool)` instead
/// of LLVM's own version text. Call before parsing the command line.
void registerVersionPrinter(llvm::StringRef tool);

} // namespace mlir::mdh

#endif // MDH_SUPPORT_VERSION_H
