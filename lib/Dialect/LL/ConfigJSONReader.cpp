//===- ConfigJSONReader.cpp - Reading configurations from JSON ------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The reader checks one field at a time and stops at the first error, whose
// message names the field by its path: a configuration file is written by
// the tuner or edited by hand, and either way the reader must say exactly
// which value is wrong. It checks shape and single values only; whether the
// values fit together is the configuration verifier's question.
//
//===----------------------------------------------------------------------===//

#include "Dialect/HL/MDHOps.h"
#include "Dialect/LL/ConfigJSON.h"
#include "Dialect/LL/MDHLLAttributes.h"
#include "Dialect/LL/TargetSpec.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::mdh_ll;
namespace json = llvm::json;

// Every enumerator of the names a configuration holds, in the order an
// error lists them.
static constexpr AssignmentKind kAssignmentKinds[] = {AssignmentKind::Blocked,
                                                      AssignmentKind::Strided};
static constexpr InputRegion kInputRegions[] = {
    InputRegion::InPlace, InputRegion::Packed, InputRegion::Shared,
    InputRegion::Register};
static constexpr Layout kLayouts[] = {Layout::Identity, Layout::Transposed};
static constexpr CombineRegion kCombineRegions[] = {
    CombineRegion::Register, CombineRegion::Shared, CombineRegion::Device};

/// "a string", "an array", ... for "expected X, got Y".
static StringRef describeKind(const json::Value &value) {
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

/// llvm::json reports "[line:column, byte=offset]: message"; this says it
/// in words, or passes any other text on.
static std::string describeParseError(llvm::Error error) {
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

/// "1 entry", "4 entries".
static std::string countEntries(size_t count) {
  return std::to_string(count) + (count == 1 ? " entry" : " entries");
}

static std::string elementPath(StringRef path, size_t index) {
  return (path + "[" + Twine(index) + "]").str();
}

static std::string fieldPath(StringRef path, StringRef key) {
  return path.empty() ? key.str() : (path + "." + key).str();
}

static std::string joinSizes(ArrayRef<int64_t> sizes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(sizes, os, "x");
  return text;
}

namespace {
/// Reads one configuration; every error names `source` and the field.
class ConfigReader {
public:
  ConfigReader(StringRef source, mdh::ComputeOp op, Attribute target,
               function_ref<InFlightDiagnostic()> emitError)
      : source(source), op(op), target(target),
        levels(cast<TargetAttrInterface>(target).getLevels()),
        emitError(emitError) {}

  FailureOr<Config> read(StringRef text);

private:
  InFlightDiagnostic error() {
    InFlightDiagnostic diag = emitError();
    diag << source << ": ";
    return diag;
  }
  InFlightDiagnostic error(StringRef path) {
    InFlightDiagnostic diag = error();
    diag << "field '" << path << "': ";
    return diag;
  }

  // Each accessor reports a missing field or a value of another type and
  // then returns null / nullopt.
  const json::Value *field(const json::Object &object, StringRef path,
                           StringRef key);
  const json::Array *array(const json::Value &value, StringRef path,
                           std::optional<size_t> size = std::nullopt,
                           StringRef per = "");
  const json::Object *object(const json::Value &value, StringRef path);
  std::optional<StringRef> string(const json::Value &value, StringRef path);
  std::optional<int64_t> integer(const json::Value &value, StringRef path);
  /// A name of an enumerator of EnumT, given as all of them.
  template <typename EnumT>
  std::optional<EnumT> name(const json::Value &value, StringRef path,
                            StringRef what, ArrayRef<EnumT> all);
  /// The field `key`: an array with one array per level; `perLevel` checks
  /// and reads the entries of one level.
  LogicalResult readPerLevel(
      const json::Object &root, StringRef key,
      function_ref<LogicalResult(unsigned, const json::Array &, StringRef)>
          perLevel);
  /// The names of one buffer, one per level.
  template <typename EnumT>
  LogicalResult readBufferNames(const json::Object &buffer, StringRef path,
                                StringRef key, StringRef what,
                                ArrayRef<EnumT> all,
                                std::array<EnumT, kNumLevels> &result);

  LogicalResult readIdentity(const json::Object &root);
  LogicalResult readLevels(const json::Object &root);
  LogicalResult readSchedule(const json::Object &root, Config &config);
  LogicalResult readBuffers(const json::Object &root, Config &config);

  StringRef source;
  mdh::ComputeOp op;
  Attribute target;
  ArrayRef<Level> levels;
  function_ref<InFlightDiagnostic()> emitError;
};
} // namespace

const json::Value *ConfigReader::field(const json::Object &object,
                                       StringRef path, StringRef key) {
  const json::Value *value = object.get(key);
  if (!value)
    error() << "missing field '" << fieldPath(path, key) << "'";
  return value;
}

const json::Array *ConfigReader::array(const json::Value &value, StringRef path,
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

const json::Object *ConfigReader::object(const json::Value &value,
                                         StringRef path) {
  const json::Object *result = value.getAsObject();
  if (!result)
    error(path) << "expected an object, got " << describeKind(value);
  return result;
}

std::optional<StringRef> ConfigReader::string(const json::Value &value,
                                              StringRef path) {
  std::optional<StringRef> result = value.getAsString();
  if (!result)
    error(path) << "expected a string, got " << describeKind(value);
  return result;
}

std::optional<int64_t> ConfigReader::integer(const json::Value &value,
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

template <typename EnumT>
std::optional<EnumT> ConfigReader::name(const json::Value &value,
                                        StringRef path, StringRef what,
                                        ArrayRef<EnumT> all) {
  std::optional<StringRef> text = string(value, path);
  if (!text)
    return std::nullopt;
  const EnumT *found =
      llvm::find_if(all, [&](EnumT e) { return stringify(e) == *text; });
  if (found != all.end())
    return *found;
  InFlightDiagnostic diag = error(path);
  diag << "unknown " << what << " '" << *text << "'; valid: ";
  llvm::interleaveComma(all, diag, [&](EnumT e) { diag << stringify(e); });
  return std::nullopt;
}

LogicalResult ConfigReader::readIdentity(const json::Object &root) {
  const json::Value *value = field(root, "", "format");
  if (!value)
    return failure();
  std::optional<StringRef> format = string(*value, "format");
  if (!format)
    return failure();
  if (*format != kConfigFormat)
    return error("format") << "expected \"" << kConfigFormat << "\", got \""
                           << *format << "\"";

  value = field(root, "", "computation");
  if (!value)
    return failure();
  std::optional<StringRef> key = string(*value, "computation");
  if (!key)
    return failure();
  std::string expected = computationKey(op);
  if (*key != expected) {
    InFlightDiagnostic diag = error("computation");
    diag << "configuration is for computation " << *key
         << ", but this mdh.compute is " << expected;
    // The most common cause: the same kernel at other sizes.
    SmallVector<int64_t> sizes;
    if (const json::Value *sizesValue = root.get("sizes"))
      if (const json::Array *array = sizesValue->getAsArray())
        for (const json::Value &size : *array)
          if (std::optional<int64_t> n = size.getAsInteger())
            sizes.push_back(*n);
    if (!sizes.empty() && ArrayRef<int64_t>(sizes) != op.getSizes())
      diag << " (sizes " << joinSizes(sizes) << " in the configuration, "
           << joinSizes(op.getSizes()) << " here)";
    return diag;
  }

  value = field(root, "", "target");
  if (!value)
    return failure();
  std::optional<StringRef> spec = string(*value, "target");
  if (!spec)
    return failure();
  FailureOr<Attribute> fileTarget =
      parseTargetSpec(op.getContext(), *spec, [&] { return error("target"); });
  if (failed(fileTarget))
    return failure();
  if (*fileTarget != target)
    return error("target") << "configuration is for target '" << *spec
                           << "', but the target is '"
                           << targetSpecString(target) << "'";

  // The name is for people; another name is the same computation.
  if (const json::Value *name = root.get("name"))
    if (!string(*name, "name"))
      return failure();

  value = field(root, "", "sizes");
  if (!value)
    return failure();
  const json::Array *sizes =
      array(*value, "sizes", op.getNumDims(), " (one per dimension)");
  if (!sizes)
    return failure();
  for (auto [d, size] : llvm::enumerate(*sizes)) {
    std::string path = elementPath("sizes", d);
    std::optional<int64_t> n = integer(size, path);
    if (!n)
      return failure();
    if (*n != op.getSizes()[d])
      return error(path) << "configuration has extent " << *n
                         << ", but dimension " << d
                         << " of the mdh.compute has " << op.getSizes()[d];
  }
  return success();
}

LogicalResult ConfigReader::readLevels(const json::Object &root) {
  const json::Value *value = field(root, "", "levels");
  if (!value)
    return failure();
  const json::Array *names =
      array(*value, "levels", levels.size(), " (one per level)");
  if (!names)
    return failure();
  for (auto [l, name] : llvm::enumerate(*names)) {
    std::string path = elementPath("levels", l);
    std::optional<StringRef> text = string(name, path);
    if (!text)
      return failure();
    if (*text != levels[l].name)
      return error(path) << "expected '" << levels[l].name << "' (level " << l
                         << " of target '"
                         << cast<TargetAttrInterface>(target).getTargetName()
                         << "'), got '" << *text << "'";
  }
  return success();
}

LogicalResult ConfigReader::readPerLevel(
    const json::Object &root, StringRef key,
    function_ref<LogicalResult(unsigned, const json::Array &, StringRef)>
        perLevel) {
  const json::Value *value = field(root, "", key);
  if (!value)
    return failure();
  const json::Array *perLevelArrays =
      array(*value, key, kNumLevels, " (one per level)");
  if (!perLevelArrays)
    return failure();
  for (auto [l, entries] : llvm::enumerate(*perLevelArrays)) {
    std::string path = elementPath(key, l);
    const json::Array *levelEntries = array(entries, path);
    if (!levelEntries || failed(perLevel(l, *levelEntries, path)))
      return failure();
  }
  return success();
}

LogicalResult ConfigReader::readSchedule(const json::Object &root,
                                         Config &config) {
  unsigned numDims = op.getNumDims();
  ArrayRef<int64_t> sizes = op.getSizes();
  auto checkDims = [&](const json::Array &entries,
                       StringRef path) -> LogicalResult {
    if (entries.size() == numDims)
      return success();
    return error(path) << "expected " << countEntries(numDims)
                       << " (one per dimension), got " << entries.size();
  };

  auto readTiles = [&](unsigned l, const json::Array &entries,
                       StringRef path) -> LogicalResult {
    if (failed(checkDims(entries, path)))
      return failure();
    for (auto [d, entry] : llvm::enumerate(entries)) {
      std::string entryPath = elementPath(path, d);
      std::optional<int64_t> tile = integer(entry, entryPath);
      if (!tile)
        return failure();
      if (*tile < 1)
        return error(entryPath)
               << "tile size must be at least 1, got " << *tile;
      if (*tile > sizes[d])
        return error(entryPath)
               << "tile size " << *tile << " exceeds the extent " << sizes[d]
               << " of dimension " << d;
      config.tiles[l].push_back(*tile);
    }
    return success();
  };

  auto readOrder = [&](unsigned l, const json::Array &entries,
                       StringRef path) -> LogicalResult {
    if (failed(checkDims(entries, path)))
      return failure();
    for (auto [i, entry] : llvm::enumerate(entries)) {
      std::string entryPath = elementPath(path, i);
      std::optional<int64_t> dim = integer(entry, entryPath);
      if (!dim)
        return failure();
      if (*dim < 0 || *dim >= static_cast<int64_t>(numDims))
        return error(entryPath) << "dimension " << *dim << " out of range [0, "
                                << numDims << ")";
      // With D entries in range, no repetition means a permutation.
      if (llvm::is_contained(config.orders[l], static_cast<unsigned>(*dim)))
        return error(entryPath)
               << "dimension " << *dim << " appears twice; '" << path
               << "' must be a permutation of the " << numDims << " dimensions";
      config.orders[l].push_back(*dim);
    }
    return success();
  };

  auto readAssignment = [&](unsigned l, const json::Array &entries,
                            StringRef path) -> LogicalResult {
    if (levels[l].kind != LevelKind::parallel) {
      if (!entries.empty())
        return error(path) << "level '" << levels[l].name
                           << "' is not parallel and takes no assignment; "
                              "expected [], got "
                           << countEntries(entries.size());
      return success();
    }
    if (failed(checkDims(entries, path)))
      return failure();
    for (auto [d, entry] : llvm::enumerate(entries)) {
      std::string entryPath = elementPath(path, d);
      std::optional<int64_t> hw = integer(entry, entryPath);
      if (!hw)
        return failure();
      if (*hw < 0 || *hw > 2)
        return error(entryPath)
               << "hardware dimension must be 0 (x), 1 (y) or 2 (z), got "
               << *hw;
      config.assignment[l].push_back(*hw);
    }
    return success();
  };

  if (failed(readPerLevel(root, "tiles", readTiles)) ||
      failed(readPerLevel(root, "orders", readOrder)) ||
      failed(readPerLevel(root, "assignment", readAssignment)))
    return failure();

  const json::Value *value = field(root, "", "assignment_kind");
  if (!value)
    return failure();
  const json::Array *kinds =
      array(*value, "assignment_kind", kNumLevels, " (one per level)");
  if (!kinds)
    return failure();
  for (auto [l, kind] : llvm::enumerate(*kinds)) {
    std::optional<AssignmentKind> parsed =
        name(kind, elementPath("assignment_kind", l), "assignment kind",
             ArrayRef(kAssignmentKinds));
    if (!parsed)
      return failure();
    config.assignmentKind[l] = *parsed;
  }
  return success();
}

template <typename EnumT>
LogicalResult ConfigReader::readBufferNames(
    const json::Object &buffer, StringRef path, StringRef key, StringRef what,
    ArrayRef<EnumT> all, std::array<EnumT, kNumLevels> &result) {
  const json::Value *value = field(buffer, path, key);
  if (!value)
    return failure();
  std::string namesPath = fieldPath(path, key);
  const json::Array *names =
      array(*value, namesPath, kNumLevels, " (one per level)");
  if (!names)
    return failure();
  for (auto [l, entry] : llvm::enumerate(*names)) {
    std::optional<EnumT> parsed =
        name(entry, elementPath(namesPath, l), what, all);
    if (!parsed)
      return failure();
    result[l] = *parsed;
  }
  return success();
}

LogicalResult ConfigReader::readBuffers(const json::Object &root,
                                        Config &config) {
  const json::Value *value = field(root, "", "inputs");
  if (!value)
    return failure();
  const json::Array *inputs =
      array(*value, "inputs", op.getIns().size(), " (one per input buffer)");
  if (!inputs)
    return failure();
  for (auto [i, input] : llvm::enumerate(*inputs)) {
    std::string path = elementPath("inputs", i);
    const json::Object *buffer = object(input, path);
    if (!buffer)
      return failure();
    if (failed(readBufferNames(*buffer, path, "regions", "input region",
                               ArrayRef(kInputRegions),
                               config.inputRegions.emplace_back())) ||
        failed(readBufferNames(*buffer, path, "layouts", "layout",
                               ArrayRef(kLayouts),
                               config.inputLayouts.emplace_back())))
      return failure();
  }

  value = field(root, "", "outputs");
  if (!value)
    return failure();
  const json::Array *outputs =
      array(*value, "outputs", op.getOuts().size(), " (one per output buffer)");
  if (!outputs)
    return failure();
  for (auto [o, output] : llvm::enumerate(*outputs)) {
    std::string path = elementPath("outputs", o);
    const json::Object *buffer = object(output, path);
    if (!buffer)
      return failure();
    if (failed(readBufferNames(*buffer, path, "regions", "output region",
                               ArrayRef(kCombineRegions),
                               config.outputRegions.emplace_back())))
      return failure();
  }
  return success();
}

FailureOr<Config> ConfigReader::read(StringRef text) {
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed)
    return error() << "malformed JSON: "
                   << describeParseError(parsed.takeError());
  const json::Object *root = parsed->getAsObject();
  if (!root)
    return error() << "expected a JSON object at the top level, got "
                   << describeKind(*parsed);
  Config config;
  if (failed(readIdentity(*root)) || failed(readLevels(*root)) ||
      failed(readSchedule(*root, config)) || failed(readBuffers(*root, config)))
    return failure();
  return config;
}

FailureOr<Config>
mlir::mdh_ll::configFromJSON(StringRef text, mdh::ComputeOp op,
                             Attribute target,
                             function_ref<InFlightDiagnostic()> emitError) {
  return ConfigReader("configuration", op, target, emitError).read(text);
}

FailureOr<Config>
mlir::mdh_ll::readConfigFile(StringRef path, mdh::ComputeOp op,
                             Attribute target,
                             function_ref<InFlightDiagnostic()> emitError) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (std::error_code ec = file.getError())
    return emitError() << "cannot read configuration file '" << path
                       << "': " << ec.message();
  std::string source = ("configuration file '" + path + "'").str();
  return ConfigReader(source, op, target, emitError).read((*file)->getBuffer());
}
