//===- EmitPTX.h - PTX text from lowered GPU modules ------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TARGET_PTX_EMITPTX_H
#define MDH_TARGET_PTX_EMITPTX_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;

namespace mdh {

/// Prints the PTX of the `gpu.binary` ops under `root` (the output of
/// `--mdh-gpu-to-ptx` / `--mdh-lower-to-ptx`): the PTX of the binary named
/// `binary`, or, when `binary` is empty, of every binary, each after a
/// `// gpu.binary @<name>` line. Reports an error at `root` when there is
/// no PTX object (or no binary of that name).
LogicalResult emitPTX(Operation *root, raw_ostream &os, StringRef binary);

/// Registers `--emit-ptx` (with `--ptx-binary=<name>`) for mdh-translate.
void registerEmitPTXTranslation();

} // namespace mdh
} // namespace mlir

#endif // MDH_TARGET_PTX_EMITPTX_H
