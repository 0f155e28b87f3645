//===- ConfigJSON.h - Configurations as JSON files --------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A configuration (Config.h) is tuned for one computation on one target, so
// its JSON form carries both: the computation as a key (a stable hash of
// everything that defines the `mdh.compute`) and the target as a target spec
// (TargetSpec.h). Reading a file checks both against the op and the target
// it is applied to, and checks the shape of every field (types, lengths,
// names, ranges of single values), each error naming the field by its path
// (`tiles[1][2]`, `inputs[0].regions[3]`). Whether the configuration is legal
// as a whole (nesting of tiles, target limits, memory regions per level) is
// the configuration verifier's question, not the reader's.
//
// docs/config-json.md describes the format field by field.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_CONFIGJSON_H
#define MDH_DIALECT_LL_CONFIGJSON_H

#include "Dialect/LL/Config.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::mdh {
class ComputeOp;
} // namespace mlir::mdh

namespace mlir::mdh_ll {

/// The value of the "format" field of every configuration this version
/// writes and the only one it reads.
inline constexpr llvm::StringLiteral kConfigFormat = "mdh-config-v1";

//===----------------------------------------------------------------------===//
// Computation keys
//===----------------------------------------------------------------------===//

/// Prints the canonical form of `op` that `computationKey` hashes: sizes,
/// combine operators (a custom combiner by its types, flags, identity and
/// body, not its symbol name), the type and index maps of every buffer and
/// the scalar body with values numbered in order. Leaves out what does not
/// change the computation: SSA names, locations, the op's `name`, its
/// discardable attributes and the enclosing function.
void printCanonicalComputation(mdh::ComputeOp op, llvm::raw_ostream &os);

/// The key of the computation `op` performs: the 64-bit XXH3 hash of its
/// canonical form as 16 lower-case hex digits. Equal for equal computations
/// in any function, module, run or machine; a different size, combiner,
/// buffer type, index map or scalar op gives a different key (up to hash
/// collisions).
std::string computationKey(mdh::ComputeOp op);

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

/// The target spec of a target attribute, such that `parseTargetSpec` of it
/// builds an equal attribute: `cuda:sm_90`, `hip:gfx942,warp_size=32`, or
/// `openmp` followed by every fact that differs from the defaults (an
/// `openmp:host` attribute is written with the host's facts spelled out, as
/// they hold only on that host).
std::string targetSpecString(Attribute target);

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// The JSON object of `config` for `op` on `target` (a TargetAttrInterface
/// attribute), in the format of docs/config-json.md.
llvm::json::Value configToJSON(const Config &config, mdh::ComputeOp op,
                               Attribute target);

/// Prints a JSON value for people: fields of a configuration in the order of
/// docs/config-json.md rather than sorted, and arrays of numbers or names
/// (also nested once, as `tiles`) on one line. Any JSON reader reads it.
void printConfigJSON(const llvm::json::Value &value, llvm::raw_ostream &os);

/// Writes `config` to `path` (`-` for stdout) with `printConfigJSON`. An
/// unwritable file is reported through `emitError`.
LogicalResult writeConfigFile(StringRef path, const Config &config,
                              mdh::ComputeOp op, Attribute target,
                              function_ref<InFlightDiagnostic()> emitError);

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Reads a configuration of `op` on `target` (a TargetAttrInterface
/// attribute) from JSON text. Refuses, each with its own message through
/// `emitError` naming the field: malformed JSON (with line and column),
/// another format, a configuration of another computation or target, a
/// missing field, a field of the wrong type or length, an unknown name, and
/// single values out of range (a tile size outside [1, extent], an order
/// that is not a permutation, a hardware dimension outside 0..2). Fields
/// this version does not know are ignored.
FailureOr<Config> configFromJSON(StringRef text, mdh::ComputeOp op,
                                 Attribute target,
                                 function_ref<InFlightDiagnostic()> emitError);

/// `configFromJSON` of the file at `path` (`-` for stdin); the messages name
/// the file, and an unreadable file is refused too.
FailureOr<Config> readConfigFile(StringRef path, mdh::ComputeOp op,
                                 Attribute target,
                                 function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::mdh_ll

#endif // MDH_DIALECT_LL_CONFIGJSON_H
