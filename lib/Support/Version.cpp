//===- Version.cpp - The project's version for --version ------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Support/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"

#include <string>

#ifndef MDH_VERSION_STRING
#error "MDH_VERSION_STRING is set by lib/Support/CMakeLists.txt"
#endif

llvm::StringRef mlir::mdh::getVersion() { return MDH_VERSION_STRING; }

void mlir::mdh::printVersion(llvm::StringRef tool, llvm::raw_ostream &os) {
  os << tool << " (MDH-MLIR) " << getVersion() << "\n"
     << "  built with LLVM/MLIR " << LLVM_VERSION_STRING << "\n";
}

void mlir::mdh::registerVersionPrinter(llvm::StringRef tool) {
  // The printer outlives the caller's string.
  static std::string name;
  name = tool.str();
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { printVersion(name, os); });
}
