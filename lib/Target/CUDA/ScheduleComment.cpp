//===- ScheduleComment.cpp - The schedule of a phase as a comment ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Prints the `mdh_cl.schedule` attribute of a GPU main phase
// (include/mdh/Dialect/CL/ScheduleSummary.h) as the lines of a comment, one
// per level, copy and combine, checking every field on the way: the
// attribute may come from anywhere that writes CL-IR.
//
//===----------------------------------------------------------------------===//

#include "ScheduleComment.h"

#include "mdh/Dialect/CL/ScheduleSummary.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Target/C/CEmitterBase.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::mdh;
namespace key = mlir::mdh_cl::schedule_summary;

namespace {

/// Prints one summary; the first missing or mistyped field stops it, with
/// `problem` saying which.
class SummaryPrinter {
public:
  explicit SummaryPrinter(raw_ostream &os) : os(os) {}

  LogicalResult print(DictionaryAttr schedule);

  std::string problem;

private:
  /// Field `key` of `dict` as a `T`, described as `kind` when it is not
  /// one; null (and a problem unless `optional`) when it is absent.
  template <typename T>
  T get(DictionaryAttr dict, StringRef key, StringRef kind,
        bool optional = false);
  /// The dictionaries of array field `key`.
  std::optional<SmallVector<DictionaryAttr>> getList(DictionaryAttr dict,
                                                     StringRef key);
  LogicalResult fail(const Twine &message);
  LogicalResult printViews(DictionaryAttr schedule, StringRef key,
                           StringRef what);
  LogicalResult printLevel(DictionaryAttr level);

  raw_ostream &os;
  /// Where the printer is, e.g. "level #1: ".
  std::string where;
};

} // namespace

LogicalResult SummaryPrinter::fail(const Twine &message) {
  if (problem.empty())
    problem = where + message.str();
  return failure();
}

template <typename T>
T SummaryPrinter::get(DictionaryAttr dict, StringRef key, StringRef kind,
                      bool optional) {
  Attribute attr = dict.get(key);
  if (!attr) {
    if (!optional)
      (void)fail("no '" + key + "' field");
    return {};
  }
  auto value = dyn_cast<T>(attr);
  if (!value)
    (void)fail("'" + key + "' is not " + kind);
  return value;
}

std::optional<SmallVector<DictionaryAttr>>
SummaryPrinter::getList(DictionaryAttr dict, StringRef key) {
  auto array = get<ArrayAttr>(dict, key, "an array");
  if (!array)
    return std::nullopt;
  SmallVector<DictionaryAttr> list;
  for (Attribute element : array) {
    auto entry = dyn_cast<DictionaryAttr>(element);
    if (!entry) {
      (void)fail("an element of '" + key + "' is not a dictionary");
      return std::nullopt;
    }
    list.push_back(entry);
  }
  return list;
}

static void printList(raw_ostream &os, ArrayRef<int64_t> values) {
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
}

LogicalResult SummaryPrinter::print(DictionaryAttr schedule) {
  auto name = get<StringAttr>(schedule, key::kName, "a string",
                              /*optional=*/true);
  auto target = get<mdh_ll::TargetAttrInterface>(schedule, key::kTarget,
                                                 "a target attribute");
  auto sizes = get<DenseI64ArrayAttr>(schedule, key::kSizes, "an array<i64>");
  auto combiners = get<ArrayAttr>(schedule, key::kCombiners, "an array");
  if (!problem.empty())
    return failure();
  os << "//   schedule ";
  if (name)
    os << '"' << name.getValue() << "\" ";
  os << "on " << target << " sizes(";
  llvm::interleaveComma(sizes.asArrayRef(), os);
  os << ") combine(";
  for (auto [k, attr] : llvm::enumerate(combiners)) {
    auto combiner = dyn_cast<mdh::CombinerAttr>(attr);
    if (!combiner)
      return fail("an element of 'combiners' is not a combine operator");
    os << (k ? ", " : "") << stringifyCombineKind(combiner.getKind());
    if (!combiner.isCC())
      os << '(' << combiner.getOperatorName() << ')';
  }
  os << ")\n";
  if (failed(printViews(schedule, key::kInputs, "input")) ||
      failed(printViews(schedule, key::kOutputs, "output")))
    return failure();
  std::optional<SmallVector<DictionaryAttr>> levels =
      getList(schedule, key::kLevels);
  if (!levels)
    return failure();
  for (auto [l, level] : llvm::enumerate(*levels)) {
    where = ("level #" + Twine(l) + ": ").str();
    os << "//     level " << l << ' ';
    if (failed(printLevel(level)))
      return failure();
  }
  return success();
}

LogicalResult SummaryPrinter::printViews(DictionaryAttr schedule, StringRef key,
                                         StringRef what) {
  std::optional<SmallVector<DictionaryAttr>> views = getList(schedule, key);
  if (!views)
    return failure();
  for (auto [i, view] : llvm::enumerate(*views)) {
    where = (what + " #" + Twine(i) + ": ").str();
    auto type = get<TypeAttr>(view, key::kType, "a type");
    auto maps = get<ArrayAttr>(view, key::kMaps, "an array");
    if (!type || !maps)
      return failure();
    os << "//     " << what << ' ' << i << ": " << type.getValue() << " [";
    for (auto [k, attr] : llvm::enumerate(maps)) {
      auto map = dyn_cast<AffineMapAttr>(attr);
      if (!map)
        return fail("an element of 'maps' is not an affine map");
      os << (k ? ", " : "") << map.getValue();
    }
    os << "]\n";
  }
  where.clear();
  return success();
}

LogicalResult SummaryPrinter::printLevel(DictionaryAttr level) {
  auto name = get<StringAttr>(level, key::kName, "a string");
  auto kind = get<mdh_ll::LevelKindAttr>(level, key::kKind, "a level kind");
  auto tiles = get<DenseI64ArrayAttr>(level, key::kTiles, "an array<i64>");
  auto order = get<DenseI64ArrayAttr>(level, key::kOrder, "an array<i64>");
  auto assignment = get<DenseI64ArrayAttr>(level, key::kAssignment,
                                           "an array<i64>", /*optional=*/true);
  auto assignmentKind = get<mdh_ll::AssignmentKindAttr>(
      level, key::kAssignmentKind, "an assignment kind", /*optional=*/true);
  std::optional<SmallVector<DictionaryAttr>> copies =
      getList(level, key::kCopies);
  std::optional<SmallVector<DictionaryAttr>> combines =
      getList(level, key::kCombines);
  if (!problem.empty())
    return failure();

  os << '"' << name.getValue() << "\" "
     << mdh_ll::stringifyLevelKind(kind.getValue()) << " tiles ";
  printList(os, tiles.asArrayRef());
  os << " order ";
  printList(os, order.asArrayRef());
  if (assignment) {
    os << " assign [";
    for (auto [d, hw] : llvm::enumerate(assignment.asArrayRef())) {
      if (hw < 0 || hw > 2)
        return fail("'assignment' holds " + Twine(hw) +
                    "; hardware dimensions are 0 (x), 1 (y) and 2 (z)");
      os << (d ? ", " : "") << "xyz"[hw];
    }
    os << ']';
  }
  if (assignmentKind)
    os << ' ' << mdh_ll::stringifyAssignmentKind(assignmentKind.getValue());
  os << '\n';

  for (DictionaryAttr copy : *copies) {
    auto input = get<IntegerAttr>(copy, key::kInput, "an integer");
    auto region =
        get<mdh_ll::InputRegionAttr>(copy, key::kRegion, "an input region");
    auto layout = get<mdh_ll::LayoutAttr>(copy, key::kLayout, "a layout");
    if (!problem.empty())
      return failure();
    os << "//       copy input " << input.getInt() << " to "
       << mdh_ll::stringifyInputRegion(region.getValue()) << " layout "
       << mdh_ll::stringifyLayout(layout.getValue()) << '\n';
  }
  for (DictionaryAttr combine : *combines) {
    auto output = get<IntegerAttr>(combine, key::kOutput, "an integer");
    auto dims = get<DenseI64ArrayAttr>(combine, key::kDims, "an array<i64>");
    auto region = get<mdh_ll::CombineRegionAttr>(combine, key::kRegion,
                                                 "a combine region");
    auto sync = get<mdh_ll::SyncAttr>(combine, key::kSync, "a sync");
    if (!problem.empty())
      return failure();
    os << "//       combine output " << output.getInt() << " dims ";
    printList(os, dims.asArrayRef());
    os << " in " << mdh_ll::stringifyCombineRegion(region.getValue())
       << " sync " << mdh_ll::stringifySync(sync.getValue()) << '\n';
  }
  return success();
}

LogicalResult mlir::mdh::printScheduleComment(mdh_cl::PhaseOp phase,
                                              raw_ostream &os) {
  Attribute attr = phase->getAttr(key::kAttrName);
  if (!attr)
    return success();
  auto schedule = dyn_cast<DictionaryAttr>(attr);
  std::string text;
  llvm::raw_string_ostream textOs(text);
  SummaryPrinter printer(textOs);
  if (!schedule || failed(printer.print(schedule)))
    return cemit::opError(phase, "has a malformed ")
           << key::kAttrName << " attribute: "
           << (schedule ? printer.problem : "it is not a dictionary");
  os << text;
  return success();
}
