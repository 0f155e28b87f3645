//===- ConfigJSON.cpp - Configurations as JSON files ----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Writing is a direct mapping of Config onto JSON, printed for people to read
// and edit; ConfigJSONReader.cpp reads it back.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::mdh_ll;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// Target specs
//===----------------------------------------------------------------------===//

template <typename AttrT>
static void printGPUSpec(AttrT attr, StringRef name, raw_ostream &os) {
  os << name << ":" << attr.getChip();
  // Only the overrides: an absent fact is the chip's, and the spec without
  // it means the same.
  std::pair<StringRef, std::optional<int64_t>> facts[] = {
      {"warp_size", attr.getWarpSize()},
      {"max_threads_per_block", attr.getMaxThreadsPerBlock()},
      {"shared_memory_per_block", attr.getSharedMemoryPerBlock()},
      {"max_shared_memory_per_block", attr.getMaxSharedMemoryPerBlock()},
      {"registers_per_thread", attr.getRegistersPerThread()},
      {"multiprocessors", attr.getMultiprocessors()}};
  for (auto [key, value] : facts)
    if (value)
      os << "," << key << "=" << *value;
}

std::string mlir::mdh_ll::targetSpecString(Attribute target) {
  std::string spec;
  llvm::raw_string_ostream os(spec);
  if (auto cuda = dyn_cast<CUDATargetAttr>(target)) {
    printGPUSpec(cuda, "cuda", os);
  } else if (auto hip = dyn_cast<HIPTargetAttr>(target)) {
    printGPUSpec(hip, "hip", os);
  } else if (auto omp = dyn_cast<OpenMPTargetAttr>(target)) {
    // `openmp:host` is not written as such: the same spec means other facts
    // on another machine, and a configuration holds for the facts it was
    // tuned for.
    OpenMPTargetAttr defaults = OpenMPTargetAttr::get(omp.getContext());
    std::tuple<StringRef, int64_t, int64_t> facts[] = {
        {"vector_width", omp.getVectorWidth(), defaults.getVectorWidth()},
        {"vector_registers", omp.getVectorRegisters(),
         defaults.getVectorRegisters()},
        {"cores", omp.getCores(), defaults.getCores()},
        {"l1_cache_size", omp.getL1CacheSize(), defaults.getL1CacheSize()},
        {"l2_cache_size", omp.getL2CacheSize(), defaults.getL2CacheSize()}};
    os << "openmp";
    for (auto [key, value, defaultValue] : facts)
      if (value != defaultValue)
        os << "," << key << "=" << value;
    if (std::optional<int64_t> l3 = omp.getL3CacheSize())
      os << ",l3_cache_size=" << *l3;
  } else {
    // Not a target of this project; its IR form still tells a reader of a
    // diagnostic what it was.
    target.print(os);
  }
  return spec;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// One array of names per level, e.g. the regions of one input.
template <typename EnumT>
static json::Array namesPerLevel(const std::array<EnumT, kNumLevels> &values) {
  json::Array names;
  for (EnumT value : values)
    names.push_back(stringify(value).str());
  return names;
}

json::Value mlir::mdh_ll::configToJSON(const Config &config, mdh::ComputeOp op,
                                       Attribute target) {
  auto asmTarget = cast<TargetAttrInterface>(target);
  json::Array levels, tiles, orders, assignment, assignmentKind;
  for (const Level &level : asmTarget.getLevels())
    levels.push_back(level.name.str());
  for (unsigned l = 0; l != kNumLevels; ++l) {
    tiles.push_back(json::Array(config.tiles[l]));
    orders.push_back(json::Array(config.orders[l]));
    assignment.push_back(json::Array(config.assignment[l]));
    assignmentKind.push_back(stringify(config.assignmentKind[l]).str());
  }
  json::Array inputs, outputs;
  for (auto [regions, layouts] :
       llvm::zip_equal(config.inputRegions, config.inputLayouts))
    inputs.push_back(json::Object{{"regions", namesPerLevel(regions)},
                                  {"layouts", namesPerLevel(layouts)}});
  for (const auto &regions : config.outputRegions)
    outputs.push_back(json::Object{{"regions", namesPerLevel(regions)}});

  json::Object result{
      {"format", kConfigFormat.str()},
      {"computation", computationKey(op)},
      {"name", op.getName().value_or("").str()},
      {"sizes", json::Array(op.getSizes())},
      {"target", targetSpecString(target)},
      {"levels", std::move(levels)},
      {"tiles", std::move(tiles)},
      {"orders", std::move(orders)},
      {"assignment", std::move(assignment)},
      {"assignment_kind", std::move(assignmentKind)},
      {"inputs", std::move(inputs)},
      {"outputs", std::move(outputs)},
  };
  if (config.mma)
    result["mma"] = stringifyMmaShape(*config.mma).str();
  if (config.stages != 1)
    result["stages"] = config.stages;
  return result;
}

static bool isScalar(const json::Value &value) {
  return !value.getAsArray() && !value.getAsObject();
}

/// Scalars, arrays of scalars and arrays of those print on one line.
static bool printsInline(const json::Value &value) {
  if (isScalar(value))
    return true;
  const json::Array *array = value.getAsArray();
  return array && llvm::all_of(*array, [](const json::Value &element) {
           const json::Array *inner = element.getAsArray();
           return isScalar(element) ||
                  (inner && llvm::all_of(*inner, isScalar));
         });
}

static void printInline(const json::Value &value, raw_ostream &os) {
  if (const json::Array *array = value.getAsArray()) {
    os << "[";
    llvm::interleave(
        *array, os, [&](const json::Value &v) { printInline(v, os); }, ", ");
    os << "]";
    return;
  }
  os << value;
}

static void printIndented(const json::Value &value, unsigned indent,
                          raw_ostream &os) {
  if (printsInline(value))
    return printInline(value, os);
  if (const json::Array *array = value.getAsArray()) {
    os << "[\n";
    llvm::interleave(
        *array, os,
        [&](const json::Value &element) {
          os.indent(indent + 2);
          printIndented(element, indent + 2, os);
        },
        ",\n");
    os << "\n";
    os.indent(indent) << "]";
    return;
  }
  // Fields in the order docs/config-json.md describes them; fields it does
  // not describe follow, sorted.
  static constexpr StringLiteral kOrder[] = {
      "format",          "configurations",
      "computation",     "name",
      "sizes",           "target",
      "levels",          "tiles",
      "orders",          "assignment",
      "assignment_kind", "inputs",
      "outputs",         "mma",
      "stages",          "regions",
      "layouts"};
  const json::Object &object = *value.getAsObject();
  SmallVector<StringRef> keys;
  for (const auto &entry : object)
    keys.push_back(entry.first);
  auto rank = [](StringRef key) {
    return std::distance(std::begin(kOrder), llvm::find(kOrder, key));
  };
  llvm::sort(keys, [&](StringRef a, StringRef b) {
    return std::make_pair(rank(a), a) < std::make_pair(rank(b), b);
  });
  os << "{\n";
  llvm::interleave(
      keys, os,
      [&](StringRef key) {
        os.indent(indent + 2) << json::Value(key) << ": ";
        printIndented(*object.get(key), indent + 2, os);
      },
      ",\n");
  os << "\n";
  os.indent(indent) << "}";
}

void mlir::mdh_ll::printConfigJSON(const json::Value &value, raw_ostream &os) {
  printIndented(value, 0, os);
  os << "\n";
}

/// Prints `value` with printConfigJSON to `path` (`-`: stdout).
static LogicalResult
writeJSONFile(StringRef path, const json::Value &value,
              function_ref<InFlightDiagnostic()> emitError) {
  std::error_code ec;
  llvm::ToolOutputFile file(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return emitError() << "cannot write configuration file '" << path
                       << "': " << ec.message();
  mlir::mdh_ll::printConfigJSON(value, file.os());
  file.keep();
  return success();
}

LogicalResult
mlir::mdh_ll::writeConfigFile(StringRef path, const Config &config,
                              mdh::ComputeOp op, Attribute target,
                              function_ref<InFlightDiagnostic()> emitError) {
  return writeJSONFile(path, configToJSON(config, op, target), emitError);
}

json::Value
mlir::mdh_ll::configSetToJSON(std::vector<json::Value> configurations) {
  return json::Object{
      {"format", kConfigSetFormat.str()},
      {"configurations", json::Array(std::move(configurations))}};
}

LogicalResult
mlir::mdh_ll::writeConfigsFile(StringRef path,
                               std::vector<json::Value> configurations,
                               function_ref<InFlightDiagnostic()> emitError) {
  // One configuration keeps the format of one, which every reader of
  // earlier versions takes.
  return writeJSONFile(path,
                       configurations.size() == 1
                           ? std::move(configurations.front())
                           : configSetToJSON(std::move(configurations)),
                       emitError);
}
