//===- EmitObject.h - Host object files from the LLVM dialect ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The last step of the host path when the code is not JIT-compiled: a
// module in the LLVM (and omp) dialect, as `--mdh-host-to-llvm` leaves it,
// becomes an object file for the machine the compiler runs on, optimized
// like the JIT's code (-O3). `mdh-translate --emit-object` registers it; a
// shared library is one `ld.lld -shared` away (README).
//
// The functions keep MLIR's calling convention for memrefs: every memref
// argument is passed as its descriptor's fields (allocated pointer, aligned
// pointer, offset, sizes, strides). The object needs an OpenMP runtime
// (`-lomp`).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TARGET_OBJECT_EMITOBJECT_H
#define MDH_TARGET_OBJECT_EMITOBJECT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::mdh {

/// Writes the host object file of `module` to `os`; a module that does not
/// translate to LLVM IR, or a host without a code generator, is a located
/// error.
LogicalResult emitHostObject(ModuleOp module, raw_ostream &os,
                             unsigned optLevel = 3);

/// Registers `--emit-object` with mlir-translate.
void registerEmitObjectTranslation();

} // namespace mlir::mdh

#endif // MDH_TARGET_OBJECT_EMITOBJECT_H
