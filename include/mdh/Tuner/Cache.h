//===- Cache.h - The tuning cache of mdh-tune -------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Tuned configurations are kept in a directory, one JSON file per key. A key
// names what a configuration was tuned for: the computation (its key
// covers the sizes), the target and the machine. Files are named by a hash
// of the key and hold the key itself, so a hash collision is a miss.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNE_CACHE_H
#define MDH_TUNE_CACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace mlir::mdh::tune {

class TuningCache {
public:
  explicit TuningCache(std::string directory) : dir(std::move(directory)) {}

  /// $XDG_CACHE_HOME/mdh-tune, else $HOME/.cache/mdh-tune, else "" (no
  /// cache).
  static std::string defaultDirectory();
  /// The CPU model name of /proc/cpuinfo and the number of hardware threads
  /// this process may use: "AMD EPYC 9654 96-Core Processor, 16 threads".
  static std::string machineKey();
  /// The key of a computation key, a target spec and a machine key.
  static std::string makeKey(llvm::StringRef computation,
                             llvm::StringRef target, llvm::StringRef machine);

  /// The file that holds `key`.
  std::string pathFor(llvm::StringRef key) const;
  /// The stored object of `key`: a JSON object whose "tuning"."cache_key"
  /// equals `key`; std::nullopt when absent, unreadable or of another key.
  std::optional<llvm::json::Object> lookup(llvm::StringRef key) const;
  /// Stores `object` (a configuration file, see docs/config-json.md) under
  /// `key`, adding "tuning"."cache_key". Creates the directory. Returns an
  /// error message, or "" on success.
  std::string store(llvm::StringRef key, llvm::json::Object object) const;

  const std::string &directory() const { return dir; }

private:
  std::string dir;
};

} // namespace mlir::mdh::tune

#endif // MDH_TUNE_CACHE_H
