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

#include "ConfigJSONFields.h"

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/TargetSpec.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh_ll;
using namespace mlir::mdh_ll::detail;
namespace json = llvm::json;

// Every enumerator of the names a configuration holds, in the order an
// error lists them.
static constexpr MmaShape kMmaShapes[] = {MmaShape::M16N8K16, MmaShape::M16N8K8,
                                          MmaShape::M16N16K16};
static constexpr AssignmentKind kAssignmentKinds[] = {AssignmentKind::Blocked,
                                                      AssignmentKind::Strided};
static constexpr InputRegion kInputRegions[] = {
    InputRegion::InPlace, InputRegion::Packed, InputRegion::Shared,
    InputRegion::Register};
static constexpr Layout kLayouts[] = {Layout::Identity, Layout::Transposed,
                                      Layout::Rotated, Layout::Panels};
static constexpr CombineRegion kCombineRegions[] = {
    CombineRegion::Register, CombineRegion::Shared, CombineRegion::Device};

namespace {
/// Reads one configuration; every error names `source` and the field.
class ConfigReader : FieldReader {
public:
  ConfigReader(StringRef source, StringRef prefix, mdh::ComputeOp op,
               Attribute target, function_ref<InFlightDiagnostic()> emitError)
      : FieldReader(source, prefix, emitError), op(op), target(target),
        levels(cast<TargetAttrInterface>(target).getLevels()) {}

  FailureOr<Config> read(const json::Object &root);

private:
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

  mdh::ComputeOp op;
  Attribute target;
  ArrayRef<Level> levels;
};
} // namespace

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
  // Optional: tensor-core register tiles (GPU schedules only; the verifier
  // checks where they apply).
  if (const json::Value *mma = root.get("mma")) {
    std::optional<MmaShape> shape =
        name(*mma, "mma", "mma shape", ArrayRef(kMmaShapes));
    if (!shape)
      return failure();
    config.mma = *shape;
  }
  // Optional: buffers per shared copy (GPU schedules only; the verifier
  // checks where they apply).
  if (const json::Value *stages = root.get("stages")) {
    std::optional<int64_t> n = integer(*stages, "stages");
    if (!n)
      return failure();
    if (*n < 1)
      return error("stages") << "stages must be at least 1, got " << *n;
    config.stages = *n;
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

FailureOr<Config> ConfigReader::read(const json::Object &root) {
  Config config;
  if (failed(readIdentity(root)) || failed(readLevels(root)) ||
      failed(readSchedule(root, config)) || failed(readBuffers(root, config)))
    return failure();
  return config;
}

FailureOr<Config> mlir::mdh_ll::configFromJSONObject(
    const json::Object &object, StringRef source, StringRef fieldPrefix,
    mdh::ComputeOp op, Attribute target,
    function_ref<InFlightDiagnostic()> emitError) {
  return ConfigReader(source, fieldPrefix, op, target, emitError).read(object);
}
