//===- ConfigJSONFields.cpp - Field access for the JSON readers -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "ConfigJSONFields.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mdh_ll::detail;
namespace json = llvm::json;

StringRef mlir::mdh_ll::detail::describeKind(const json::Value &value) {
  switch (value.kind()) {
  case json::Value::Null:
    return "null";
  case json::Value::Boolean:
    return "a boolean";
  case json::Value::Number:
    return "a number";
  case json::Value::String:
    return "a string";
  case json::Value::Array:
    return "an array";
  case json::Value::Object:
    return "an object";
  }
  llvm_unreachable("unknown JSON kind");
}

std::string mlir::mdh_ll::detail::describeParseError(llvm::Error error) {
  // llvm::json reports "[line:column, byte=offset]: message"; any other
  // text is passed on.
  std::string text = llvm::toString(std::move(error));
  StringRef rest(text);
  unsigned line, column;
  if (rest.consume_front("[") && !rest.consumeInteger(10, line) &&
      rest.consume_front(":") && !rest.consumeInteger(10, column)) {
    size_t end = rest.find("]: ");
    if (end != StringRef::npos)
      return llvm::formatv("line {0}, column {1}: {2}", line, column,
                           rest.drop_front(end + 3))
          .str();
  }
  return text;
}

std::string mlir::mdh_ll::detail::countEntries(size_t count) {
  return std::to_string(count) + (count == 1 ? " entry" : " entries");
}

std::string mlir::mdh_ll::detail::elementPath(StringRef path, size_t index) {
  return (path + "[" + Twine(index) + "]").str();
}

std::string mlir::mdh_ll::detail::fieldPath(StringRef path, StringRef key) {
  return path.empty() ? key.str() : (path + "." + key).str();
}

std::string mlir::mdh_ll::detail::joinSizes(ArrayRef<int64_t> sizes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(sizes, os, "x");
  return text;
}

InFlightDiagnostic FieldReader::error() {
  InFlightDiagnostic diag = emitError();
  diag << source << ": ";
  return diag;
}

InFlightDiagnostic FieldReader::error(StringRef path) {
  InFlightDiagnostic diag = error();
  diag << "field '" << fieldPath(prefix, path) << "': ";
  return diag;
}

const json::Value *FieldReader::field(const json::Object &object,
                                      StringRef path, StringRef key) {
  const json::Value *value = object.get(key);
  if (!value)
    error() << "missing field '" << fieldPath(prefix, fieldPath(path, key))
            << "'";
  return value;
}

const json::Array *FieldReader::array(const json::Value &value, StringRef path,
                                      std::optional<size_t> size,
                                      StringRef per) {
  const json::Array *result = value.getAsArray();
  if (!result) {
    error(path) << "expected an array, got " << describeKind(value);
    return nullptr;
  }
  if (size && result->size() != *size) {
    error(path) << "expected " << countEntries(*size) << per << ", got "
                << result->size();
    return nullptr;
  }
  return result;
}

const json::Object *FieldReader::object(const json::Value &value,
                                        StringRef path) {
  const json::Object *result = value.getAsObject();
  if (!result)
    error(path) << "expected an object, got " << describeKind(value);
  return result;
}

std::optional<StringRef> FieldReader::string(const json::Value &value,
                                             StringRef path) {
  std::optional<StringRef> result = value.getAsString();
  if (!result)
    error(path) << "expected a string, got " << describeKind(value);
  return result;
}

std::optional<int64_t> FieldReader::integer(const json::Value &value,
                                            StringRef path) {
  std::optional<int64_t> result = value.getAsInteger();
  if (!result) {
    InFlightDiagnostic diag = error(path);
    diag << "expected an integer, got " << describeKind(value);
    if (value.kind() == json::Value::Number)
      diag << " " << llvm::formatv("{0}", value).str();
  }
  return result;
}

std::optional<StringRef> FieldReader::stringField(const json::Object &root,
                                                  StringRef key) {
  const json::Value *value = field(root, "", key);
  if (!value)
    return std::nullopt;
  return string(*value, key);
}
