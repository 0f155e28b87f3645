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
// A file holds one configuration or, for a module with several
// computations, a set of them (`ConfigSet`); each computation takes the
// entry whose key and target are its own.
//
// docs/config-json.md describes the format field by field.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_CONFIGJSON_H
#define MDH_DIALECT_LL_CONFIGJSON_H

#include "mdh/Dialect/LL/Config.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::mdh {
class ComputeOp;
} // namespace mlir::mdh

namespace mlir::mdh_ll {

/// The value of the "format" field of every configuration this version
/// writes and the only one it reads.
inline constexpr llvm::StringLiteral kConfigFormat = "mdh-config-v1";

/// The value of the "format" field of a file that holds several
/// configurations, each an object of format `kConfigFormat`, in its
/// "configurations" array.
inline constexpr llvm::StringLiteral kConfigSetFormat = "mdh-configs-v1";

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

/// The JSON object of a set of configurations (`configToJSON` values, with
/// any extra fields): `{"format": "mdh-configs-v1", "configurations": [...]}`.
llvm::json::Value
configSetToJSON(std::vector<llvm::json::Value> configurations);

/// Writes configurations to one file (`-` for stdout): a single one as
/// itself (so that a file for one computation looks as it always did),
/// several as `configSetToJSON`. An unwritable file is reported through
/// `emitError`.
LogicalResult writeConfigsFile(StringRef path,
                               std::vector<llvm::json::Value> configurations,
                               function_ref<InFlightDiagnostic()> emitError);

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Reads a configuration of `op` on `target` (a TargetAttrInterface
/// attribute) from JSON text, one configuration or a set of them (then the
/// entry for `op` and `target`, as `ConfigSet::lookup`). Refuses, each with its
/// own message through `emitError` naming the field: malformed JSON (with line
/// and column), another format, a configuration of another computation or
/// target, a missing field, a field of the wrong type or length, an unknown
/// name, and single values out of range (a tile size outside [1, extent], an
/// order that is not a permutation, a hardware dimension outside 0..2). Fields
/// this version does not know are ignored.
FailureOr<Config> configFromJSON(StringRef text, mdh::ComputeOp op,
                                 Attribute target,
                                 function_ref<InFlightDiagnostic()> emitError);

/// `configFromJSON` of the file at `path` (`-` for stdin); the messages name
/// the file, and an unreadable file is refused too.
FailureOr<Config> readConfigFile(StringRef path, mdh::ComputeOp op,
                                 Attribute target,
                                 function_ref<InFlightDiagnostic()> emitError);

/// Reads one configuration object with every check of `configFromJSON`.
/// `source` starts each message (`configuration file 'a.json'`) and
/// `fieldPrefix` each field path (`configurations[2]`, or "" for the whole
/// file).
FailureOr<Config>
configFromJSONObject(const llvm::json::Object &object, StringRef source,
                     StringRef fieldPrefix, mdh::ComputeOp op, Attribute target,
                     function_ref<InFlightDiagnostic()> emitError);

//===----------------------------------------------------------------------===//
// Sets of configurations
//===----------------------------------------------------------------------===//

/// One configuration of a ConfigSet, with what identifies it.
struct ConfigEntry {
  llvm::json::Object object;
  /// Starts each message about the entry: `configuration file 'a.json'`,
  /// or `configuration` for JSON text.
  std::string source;
  /// The file as messages list it (`'a.json'`), or "" for JSON text.
  std::string origin;
  /// The entry's field path in its file: `configurations[2]`, or "" for a
  /// file of one configuration.
  std::string fieldPrefix;
  /// The fields "computation" and "target" (also as the attribute).
  std::string key, targetSpec;
  Attribute target;
  /// "name" and "sizes" where present and well-formed, for messages.
  std::string name;
  SmallVector<int64_t> sizes;

  /// `'a.json'`, `'a.json' configurations[2]`, or for JSON text
  /// `configurations[2]` or `the configuration`.
  std::string describe() const;
};

/// The configurations of one or more files, texts or objects in memory,
/// pooled: each computation takes the entry whose computation key and
/// target are its own. Adding configurations checks the top level and, of
/// every entry, what identifies it (format, computation, target), whatever
/// they come from; the other fields of an entry are checked when a
/// computation reads it. A set in memory is how tools and libraries hand
/// configurations to `--mdh-hl-to-ll` (`createMDHHLToLL`) without files.
class ConfigSet {
public:
  explicit ConfigSet(MLIRContext *context) : context(context) {}

  MLIRContext *getContext() const { return context; }

  /// Adds the configurations of JSON text (one configuration or a set).
  /// `source` starts each message and `origin` names the text in messages
  /// (`'a.json'`; "" for JSON text).
  LogicalResult addJSON(StringRef text, StringRef source, StringRef origin,
                        function_ref<InFlightDiagnostic()> emitError);
  /// `addJSON` of JSON parsed already (one configuration object or a set).
  LogicalResult addJSONValue(llvm::json::Value value, StringRef source,
                             StringRef origin,
                             function_ref<InFlightDiagnostic()> emitError);
  /// `addJSON` of the file at `path` (`-` for stdin); an unreadable file is
  /// refused.
  LogicalResult addFile(StringRef path,
                        function_ref<InFlightDiagnostic()> emitError);
  /// Adds `config` of `op` on `target` (a TargetAttrInterface attribute) as
  /// `configToJSON` writes it: the computation `op` (and any equal one)
  /// takes it on `target`. Messages about it start with `configuration`.
  LogicalResult addConfig(const Config &config, mdh::ComputeOp op,
                          Attribute target,
                          function_ref<InFlightDiagnostic()> emitError);

  ArrayRef<ConfigEntry> entries() const { return entryList; }
  size_t size() const { return entryList.size(); }

  /// The entry with `op`'s computation key and `target`. Two such entries
  /// are refused, naming both. Without one: null when `allowMissing`, else
  /// the error of `describeMissing` followed by `hint`.
  FailureOr<const ConfigEntry *>
  find(mdh::ComputeOp op, Attribute target, bool allowMissing, StringRef hint,
       function_ref<InFlightDiagnostic()> emitError) const;

  /// Reads `entry` for `op` on `target` with every check of
  /// `configFromJSON`, including its key and target: an entry of another
  /// computation or target is refused field by field.
  FailureOr<Config> read(const ConfigEntry &entry, mdh::ComputeOp op,
                         Attribute target,
                         function_ref<InFlightDiagnostic()> emitError) const;

  /// "no configuration for this computation (key ..., 'matvec' 1024x512) on
  /// target '...' in 'a.json', 'b.json' (3 configurations)", followed by
  /// the configurations of the same computation for other targets or, else,
  /// of the same name at other sizes.
  std::string describeMissing(mdh::ComputeOp op, Attribute target) const;

private:
  LogicalResult addEntry(llvm::json::Object object, StringRef source,
                         StringRef origin, StringRef fieldPrefix,
                         function_ref<InFlightDiagnostic()> emitError);

  MLIRContext *context;
  std::vector<ConfigEntry> entryList;
  /// The origin of each text added, in order.
  SmallVector<std::string> origins;
};

} // namespace mlir::mdh_ll

#endif // MDH_DIALECT_LL_CONFIGJSON_H
