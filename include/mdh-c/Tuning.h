//===- Tuning.h - C API for the MDH-MLIR tuning search space ------*- C -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The tuning parameters of an `mdh.compute` on a target attribute
// (`#mdh_ll.openmp<...>`, `#mdh_ll.cuda<...>`, `#mdh_ll.hip<...>`) for
// clients of the C API (C programs, Python via ctypes, external tuners):
//
//  - the search space (`MdhSearchSpace`): the chain of trees of
//    docs/search-space.md holding exactly the valid, canonical
//    configurations; its size, its parameters, uniform sampling and ATF's
//    mapping of the unit cube onto it;
//  - the default heuristic (`mdhDefaultConfig`) and the configuration
//    verifier (`mdhVerifyConfig`).
//
// Configurations cross the API as JSON text in the format of
// docs/config-json.md (the format `--mdh-hl-to-ll{config=...}` reads),
// passed to an `MlirStringCallback` in one call with the whole text.
// Errors are reported as diagnostics through the context's diagnostic
// handlers (attach one with `mlirContextAttachDiagnosticHandler` to capture
// them), located at the `mdh.compute`.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_TUNING_H
#define MDH_C_TUNING_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Opaque type declarations.
//
// Types are exposed to C bindings as structs containing opaque pointers. They
// are not supposed to be inspected from C. This allows the underlying
// representation to change without affecting the API users.
//===----------------------------------------------------------------------===//

#define DEFINE_C_API_STRUCT(name, storage)                                     \
  struct name {                                                                \
    storage *ptr;                                                              \
  };                                                                           \
  typedef struct name name

/// The search space of one `mdh.compute` on one target. Owned by the client:
/// release it with `mdhSearchSpaceDestroy`. It refers to the operation it was
/// built for, which must outlive it (and must not be modified while it is
/// used); the target attribute lives as long as the context. The space is
/// immutable: none of the functions below changes it.
DEFINE_C_API_STRUCT(MdhSearchSpace, void);

#undef DEFINE_C_API_STRUCT

//===----------------------------------------------------------------------===//
// Search space
//===----------------------------------------------------------------------===//

/// Builds the search space of `computeOp` (an `mdh.compute`) on `target` (a
/// target attribute of `mdh_ll`). The tile ranges include the default
/// heuristic's tile sizes, so the configuration of `mdhDefaultConfig` is in
/// the space. Verifies the operation first. Returns a null space on failure
/// (not an `mdh.compute`, invalid IR, not a target attribute, or a space
/// the engine cannot build), with the reason reported as a diagnostic at the
/// operation's location. `computeOp` must not be null.
MLIR_CAPI_EXPORTED MdhSearchSpace mdhSearchSpaceCreate(MlirOperation computeOp,
                                                       MlirAttribute target);

/// Releases `space`; does nothing for a null space.
MLIR_CAPI_EXPORTED void mdhSearchSpaceDestroy(MdhSearchSpace space);

/// Checks whether `space` is null (a failed `mdhSearchSpaceCreate`).
static inline bool mdhSearchSpaceIsNull(MdhSearchSpace space) {
  return !space.ptr;
}

/// The operation and the target attribute `space` was built for.
MLIR_CAPI_EXPORTED MlirOperation
mdhSearchSpaceGetOperation(MdhSearchSpace space);
MLIR_CAPI_EXPORTED MlirAttribute mdhSearchSpaceGetTarget(MdhSearchSpace space);

/// Checks whether `space` holds no valid configuration (possible only with
/// target facts under which nothing fits); then it cannot be sampled.
MLIR_CAPI_EXPORTED bool mdhSearchSpaceIsEmpty(MdhSearchSpace space);

/// Stores the number of valid configurations of `space` into `*size` and
/// returns true when it fits into 64 bits; returns false and leaves `*size`
/// untouched otherwise (see `mdhSearchSpaceGetSizeLog10` and
/// `mdhSearchSpacePrintSize`).
MLIR_CAPI_EXPORTED bool mdhSearchSpaceGetSize(MdhSearchSpace space,
                                              uint64_t *size);

/// The decimal logarithm of the number of valid configurations, accurate to
/// about 15 significant digits for any size; -HUGE_VAL for an empty space.
MLIR_CAPI_EXPORTED double mdhSearchSpaceGetSizeLog10(MdhSearchSpace space);

/// Passes the exact number of valid configurations, in decimal, to
/// `callback`.
MLIR_CAPI_EXPORTED void mdhSearchSpacePrintSize(MdhSearchSpace space,
                                                MlirStringCallback callback,
                                                void *userData);

/// The number of tunable parameters of `space`, which is also the dimension
/// of its unit cube (`mdhSearchSpaceConfigFromUnitCube`).
MLIR_CAPI_EXPORTED intptr_t
mdhSearchSpaceGetNumParameters(MdhSearchSpace space);

/// The name of tunable parameter `pos` in [0, number of parameters), the one
/// that unit-cube coordinate `pos` drives (e.g. `tiles[1][0]`). The string is
/// owned by `space`.
MLIR_CAPI_EXPORTED MlirStringRef
mdhSearchSpaceGetParameterName(MdhSearchSpace space, intptr_t pos);

/// The number of trees in the chain of `space` (groups of parameters tied
/// by constraints; docs/search-space.md).
MLIR_CAPI_EXPORTED intptr_t mdhSearchSpaceGetNumTrees(MdhSearchSpace space);

/// Passes to `callback` the JSON text of a configuration drawn uniformly
/// among the valid ones of `space`, with a pseudo-random generator seeded
/// with `seed` (the same seed gives the same configuration). Fails, with a
/// diagnostic, on an empty space.
MLIR_CAPI_EXPORTED MlirLogicalResult
mdhSearchSpaceSampleConfig(MdhSearchSpace space, uint64_t seed,
                           MlirStringCallback callback, void *userData);

/// Passes to `callback` the JSON text of the configuration that ATF's
/// mapping takes the point `coords[0 .. numCoords)` of the unit cube
/// (0, 1]^n to, where n is `mdhSearchSpaceGetNumParameters`: uniformly
/// distributed points give uniformly distributed configurations, and nearby
/// points tend to give similar ones. Coordinates outside (0, 1] are clamped.
/// Fails, with a diagnostic, when `numCoords` is not n, a coordinate is NaN,
/// or the space is empty.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhSearchSpaceConfigFromUnitCube(
    MdhSearchSpace space, const double *coords, intptr_t numCoords,
    MlirStringCallback callback, void *userData);

//===----------------------------------------------------------------------===//
// Configurations
//===----------------------------------------------------------------------===//

/// Passes to `callback` the JSON text of the default heuristic's
/// configuration of `computeOp` (an `mdh.compute`) on `target`: valid,
/// canonical and in the space of `mdhSearchSpaceCreate`. Fails, with a
/// diagnostic, under the same conditions as `mdhSearchSpaceCreate`.
MLIR_CAPI_EXPORTED MlirLogicalResult
mdhDefaultConfig(MlirOperation computeOp, MlirAttribute target,
                 MlirStringCallback callback, void *userData);

/// Reads the configuration in the JSON text `json` for `computeOp` (an
/// `mdh.compute`) on `target` and checks it against every rule of
/// docs/tuning-parameters.md. Succeeds when it is valid; otherwise reports
/// malformed JSON, a configuration of another computation or target, a bad
/// field, or each violated rule as a diagnostic at the operation's
/// location, and fails.
MLIR_CAPI_EXPORTED MlirLogicalResult mdhVerifyConfig(MlirOperation computeOp,
                                                     MlirAttribute target,
                                                     MlirStringRef json);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_TUNING_H
