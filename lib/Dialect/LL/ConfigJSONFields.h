//===- ConfigJSONFields.h - Field access for the JSON readers ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// What the reader of one configuration (ConfigJSONReader.cpp) and the reader
// of sets of them (ConfigJSONSet.cpp) share: accessors that report a missing
// field or a value of the wrong type with the source and the field's path,
// and the words their messages use.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_DIALECT_LL_CONFIGJSONFIELDS_H
#define MDH_LIB_DIALECT_LL_CONFIGJSONFIELDS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace mlir::mdh_ll::detail {

/// "a string", "an array", ... for "expected X, got Y".
StringRef describeKind(const llvm::json::Value &value);
/// llvm::json's parse error in words: "line 4, column 1: Expected , or ]
/// after array element".
std::string describeParseError(llvm::Error error);
/// "1 entry", "4 entries".
std::string countEntries(size_t count);
/// `path[index]`.
std::string elementPath(StringRef path, size_t index);
/// `path.key`, or `key` when `path` is empty.
std::string fieldPath(StringRef path, StringRef key);
/// "1024x512".
std::string joinSizes(ArrayRef<int64_t> sizes);

/// Reports through `emitError`, each message starting with `source` and
/// naming fields by their path below `prefix` (the entry's path in a set
/// of configurations, or "").
class FieldReader {
public:
  FieldReader(StringRef source, StringRef prefix,
              function_ref<InFlightDiagnostic()> emitError)
      : source(source), prefix(prefix), emitError(emitError) {}

  /// `<source>: `.
  InFlightDiagnostic error();
  /// `<source>: field '<prefix>.<path>': `.
  InFlightDiagnostic error(StringRef path);

  // Each accessor reports a missing field or a value of another type and
  // then returns null / nullopt.
  const llvm::json::Value *field(const llvm::json::Object &object,
                                 StringRef path, StringRef key);
  const llvm::json::Array *array(const llvm::json::Value &value, StringRef path,
                                 std::optional<size_t> size = std::nullopt,
                                 StringRef per = "");
  const llvm::json::Object *object(const llvm::json::Value &value,
                                   StringRef path);
  std::optional<StringRef> string(const llvm::json::Value &value,
                                  StringRef path);
  std::optional<int64_t> integer(const llvm::json::Value &value,
                                 StringRef path);
  /// The string field `key` of the top of the entry.
  std::optional<StringRef> stringField(const llvm::json::Object &root,
                                       StringRef key);

protected:
  StringRef source;
  StringRef prefix;
  function_ref<InFlightDiagnostic()> emitError;
};

} // namespace mlir::mdh_ll::detail

#endif // MDH_LIB_DIALECT_LL_CONFIGJSONFIELDS_H
