//===- MDHLLAttributes.h - Abstract system models ---------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The target attributes of LL-IR (`#mdh_ll.openmp`, `#mdh_ll.cuda`,
// `#mdh_ll.hip`) and the plain structs their queries return.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLLATTRIBUTES_H
#define MDH_DIALECT_LL_MDHLLATTRIBUTES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

#include "mdh/Dialect/LL/MDHLLEnums.h.inc"

namespace mlir::mdh_ll {

/// One level of an abstract system model. Each level splits every dimension
/// of a computation into tiles; `kind` says how the tiles of one level run.
struct Level {
  /// Stable name used in LL-IR and in configurations, e.g. `l1_tile`.
  llvm::StringRef name;
  LevelKind kind;
  /// One line for humans: which hardware runs or holds the level's tiles.
  llvm::StringRef summary;
};

/// The facts of a GPU that the heuristic and the verifier use, all as the
/// CUDA/HIP runtimes report them for one device.
struct GPUFacts {
  /// Threads of a warp (NVIDIA) or wavefront (AMD).
  int64_t warpSize;
  int64_t maxThreadsPerBlock;
  /// Shared memory (LDS) a block may use without opting in; on NVIDIA the
  /// static `__shared__` limit.
  int64_t sharedMemoryPerBlock;
  /// Shared memory a block may use with the dynamic opt-in
  /// (`cudaFuncAttributeMaxDynamicSharedMemorySize`).
  int64_t maxSharedMemoryPerBlock;
  /// 32-bit registers one thread may use.
  int64_t registersPerThread;
  /// Streaming multiprocessors (NVIDIA) or compute units (AMD).
  int64_t multiprocessors;
};

/// A GPU chip the GPU targets know, with the product its facts come from.
struct GPUChip {
  /// The chip as LLVM names it: `sm_90`, `gfx942`.
  llvm::StringRef name;
  /// The product whose processor count `facts` holds (the other facts are
  /// per chip).
  llvm::StringRef product;
  GPUFacts facts;
};

} // namespace mlir::mdh_ll

#include "mdh/Dialect/LL/MDHLLInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mdh/Dialect/LL/MDHLLAttributes.h.inc"

#endif // MDH_DIALECT_LL_MDHLLATTRIBUTES_H
