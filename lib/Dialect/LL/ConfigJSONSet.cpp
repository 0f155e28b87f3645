//===- ConfigJSONSet.cpp - Sets of configurations from JSON ---------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A file holds one configuration (format "mdh-config-v1") or a set of them
// (format "mdh-configs-v1", the configurations in "configurations"). The
// files given together are pooled with texts and configurations added in
// memory, and each computation looks up the entry of its computation key
// and target. So that one can be found without reading the rest, adding a
// file checks only what identifies each entry; the computation that takes
// an entry reads all of it (ConfigJSONReader.cpp).
//
//===----------------------------------------------------------------------===//

#include "ConfigJSONFields.h"

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/LL/TargetSpec.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mdh_ll;
using namespace mlir::mdh_ll::detail;
namespace json = llvm::json;

std::string ConfigEntry::describe() const {
  if (origin.empty())
    return fieldPrefix.empty() ? "the configuration" : fieldPrefix;
  return fieldPrefix.empty() ? origin : origin + " " + fieldPrefix;
}

LogicalResult
ConfigSet::addEntry(json::Object object, StringRef source, StringRef origin,
                    StringRef fieldPrefix,
                    function_ref<InFlightDiagnostic()> emitError) {
  FieldReader reader(source, fieldPrefix, emitError);
  std::optional<StringRef> format = reader.stringField(object, "format");
  if (!format)
    return failure();
  if (*format != kConfigFormat)
    return reader.error("format")
           << "expected \"" << kConfigFormat << "\", got \"" << *format << "\"";
  std::optional<StringRef> key = reader.stringField(object, "computation");
  if (!key)
    return failure();
  std::optional<StringRef> spec = reader.stringField(object, "target");
  if (!spec)
    return failure();
  FailureOr<Attribute> target =
      parseTargetSpec(context, *spec, [&] { return reader.error("target"); });
  if (failed(target))
    return failure();

  ConfigEntry entry;
  entry.source = source.str();
  entry.origin = origin.str();
  entry.fieldPrefix = fieldPrefix.str();
  entry.key = key->str();
  entry.targetSpec = spec->str();
  entry.target = *target;
  // For messages only; the reader checks them where the entry is used.
  if (std::optional<StringRef> name = object.getString("name"))
    entry.name = name->str();
  if (const json::Array *sizes = object.getArray("sizes"))
    for (const json::Value &size : *sizes)
      if (std::optional<int64_t> n = size.getAsInteger())
        entry.sizes.push_back(*n);
  entry.object = std::move(object);
  entryList.push_back(std::move(entry));
  return success();
}

LogicalResult ConfigSet::addJSON(StringRef text, StringRef source,
                                 StringRef origin,
                                 function_ref<InFlightDiagnostic()> emitError) {
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed) {
    origins.push_back(origin.str());
    return FieldReader(source, "", emitError).error()
           << "malformed JSON: " << describeParseError(parsed.takeError());
  }
  return addJSONValue(std::move(*parsed), source, origin, emitError);
}

LogicalResult
ConfigSet::addJSONValue(json::Value parsed, StringRef source, StringRef origin,
                        function_ref<InFlightDiagnostic()> emitError) {
  origins.push_back(origin.str());
  FieldReader reader(source, "", emitError);
  json::Object *root = parsed.getAsObject();
  if (!root)
    return reader.error() << "expected a JSON object at the top level, got "
                          << describeKind(parsed);
  std::optional<StringRef> format = reader.stringField(*root, "format");
  if (!format)
    return failure();
  if (*format == kConfigFormat)
    return addEntry(std::move(*root), source, origin, "", emitError);
  if (*format != kConfigSetFormat)
    return reader.error("format")
           << "expected \"" << kConfigFormat << "\" (one configuration) or \""
           << kConfigSetFormat << "\" (several), got \"" << *format << "\"";

  const json::Value *value = reader.field(*root, "", "configurations");
  if (!value)
    return failure();
  const json::Array *configurations = reader.array(*value, "configurations");
  if (!configurations)
    return failure();
  if (configurations->empty())
    return reader.error("configurations")
           << "expected at least one configuration, got none";
  for (auto [i, element] : llvm::enumerate(*configurations)) {
    std::string path = elementPath("configurations", i);
    const json::Object *object = reader.object(element, path);
    if (!object || failed(addEntry(*object, source, origin, path, emitError)))
      return failure();
  }
  return success();
}

LogicalResult ConfigSet::addFile(StringRef path,
                                 function_ref<InFlightDiagnostic()> emitError) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (std::error_code ec = file.getError())
    return emitError() << "cannot read configuration file '" << path
                       << "': " << ec.message();
  return addJSON((*file)->getBuffer(),
                 ("configuration file '" + path + "'").str(),
                 ("'" + path + "'").str(), emitError);
}

LogicalResult
ConfigSet::addConfig(const Config &config, mdh::ComputeOp op, Attribute target,
                     function_ref<InFlightDiagnostic()> emitError) {
  // Through JSON, so that an entry in memory is what the same configuration
  // in a file would be: the same checks when it is added and read, the same
  // messages.
  return addJSONValue(configToJSON(config, op, target), "configuration", "",
                      emitError);
}

FailureOr<const ConfigEntry *>
ConfigSet::find(mdh::ComputeOp op, Attribute target, bool allowMissing,
                StringRef hint,
                function_ref<InFlightDiagnostic()> emitError) const {
  std::string key = computationKey(op);
  SmallVector<const ConfigEntry *> matches;
  for (const ConfigEntry &entry : entryList)
    if (entry.key == key && entry.target == target)
      matches.push_back(&entry);
  if (matches.size() > 1) {
    // Which one was meant is for the user to say, not for the order of the
    // files.
    InFlightDiagnostic diag = emitError();
    diag << matches.size() << " configurations for this computation (key "
         << key << ") on target '" << targetSpecString(target) << "': ";
    for (auto [i, entry] : llvm::enumerate(matches))
      diag << (i == 0                    ? ""
               : i + 1 == matches.size() ? " and "
                                         : ", ")
           << entry->describe();
    diag << "; keep one";
    return diag;
  }
  if (matches.size() == 1)
    return matches.front();
  if (allowMissing)
    return static_cast<const ConfigEntry *>(nullptr);
  return emitError() << describeMissing(op, target) << hint;
}

FailureOr<Config>
ConfigSet::read(const ConfigEntry &entry, mdh::ComputeOp op, Attribute target,
                function_ref<InFlightDiagnostic()> emitError) const {
  return configFromJSONObject(entry.object, entry.source, entry.fieldPrefix, op,
                              target, emitError);
}

std::string ConfigSet::describeMissing(mdh::ComputeOp op,
                                       Attribute target) const {
  std::string key = computationKey(op);
  StringRef name = op.getName().value_or("");
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "no configuration for this computation (key " << key << ", ";
  if (!name.empty())
    os << "'" << name << "' ";
  os << "sizes " << joinSizes(op.getSizes()) << ") on target '"
     << targetSpecString(target) << "' in ";
  SmallVector<std::string> searched;
  for (const std::string &origin : origins)
    searched.push_back(origin.empty() ? "the JSON text" : origin);
  llvm::interleaveComma(searched, os);
  os << " (" << entryList.size()
     << (entryList.size() == 1 ? " configuration)" : " configurations)");

  // The two likely mistakes: the file for another target, and the same
  // kernel at other sizes.
  SmallVector<std::string> otherTargets, otherSizes;
  auto insert = [](SmallVector<std::string> &list, std::string item) {
    if (!llvm::is_contained(list, item))
      list.push_back(std::move(item));
  };
  for (const ConfigEntry &entry : entryList) {
    if (entry.key == key)
      insert(otherTargets, entry.targetSpec);
    else if (!name.empty() && entry.name == name && !entry.sizes.empty())
      insert(otherSizes, joinSizes(entry.sizes));
  }
  auto quoted = [&](ArrayRef<std::string> items) {
    llvm::interleaveComma(items, os,
                          [&](const std::string &s) { os << "'" << s << "'"; });
  };
  if (!otherTargets.empty()) {
    os << "; there " << (otherTargets.size() == 1 ? "is one" : "are some")
       << " for target ";
    quoted(otherTargets);
  } else if (!otherSizes.empty()) {
    os << "; there " << (otherSizes.size() == 1 ? "is one" : "are some")
       << " of '" << name << "' at sizes ";
    llvm::interleaveComma(otherSizes, os);
  }
  return text;
}

/// The configuration of `op` on `target` in `set`: a single one as it is
/// (a mismatch is named field by field), else the entry of `op`.
static FailureOr<Config>
readFromSet(const ConfigSet &set, mdh::ComputeOp op, Attribute target,
            function_ref<InFlightDiagnostic()> emitError) {
  if (set.size() == 1)
    return set.read(set.entries().front(), op, target, emitError);
  FailureOr<const ConfigEntry *> entry =
      set.find(op, target, /*allowMissing=*/false, "", emitError);
  if (failed(entry))
    return failure();
  return set.read(**entry, op, target, emitError);
}

FailureOr<Config>
mlir::mdh_ll::configFromJSON(StringRef text, mdh::ComputeOp op,
                             Attribute target,
                             function_ref<InFlightDiagnostic()> emitError) {
  ConfigSet set(op.getContext());
  if (failed(set.addJSON(text, "configuration", "", emitError)))
    return failure();
  return readFromSet(set, op, target, emitError);
}

FailureOr<Config>
mlir::mdh_ll::readConfigFile(StringRef path, mdh::ComputeOp op,
                             Attribute target,
                             function_ref<InFlightDiagnostic()> emitError) {
  ConfigSet set(op.getContext());
  if (failed(set.addFile(path, emitError)))
    return failure();
  return readFromSet(set, op, target, emitError);
}
