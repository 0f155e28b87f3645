//===- ConfigJSONRefusalTest.cpp - Refusals of the configuration reader ---===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// One test per kind of bad configuration: each edits a valid configuration
// in one place and checks that the reader gives exactly one error, and that
// it names the field by its path.
//
//===----------------------------------------------------------------------===//

#include "ConfigJSONTestUtil.h"

#include <functional>

using namespace mlir;
using namespace mlir::mdh_ll;
using namespace mdh_test;
namespace json = llvm::json;

static json::Object &obj(json::Value &value) { return *value.getAsObject(); }
static json::Array &arr(json::Value &value) { return *value.getAsArray(); }

/// The error reading the matvec configuration after `edit` gives.
static std::string refusalAfter(std::function<void(json::Object &)> edit,
                                StringRef readTarget = "cuda:sm_90") {
  Fixture f;
  mdh::ComputeOp op = f.parseOne(MatVec().str());
  if (!op)
    return "<invalid>";
  json::Value value = configToJSON(gpuConfig(), op, f.target("cuda:sm_90"));
  edit(obj(value));
  return f.refusal(printed(value), op, f.target(readTarget));
}

static void testRefuseMalformed() {
  Fixture f;
  mdh::ComputeOp op = f.parseOne(MatVec().str());
  Attribute target = f.target("cuda:sm_90");
  std::string error = f.refusal(
      "{\n  \"format\": \"mdh-config-v1\",\n  \"tiles\": [1, 2\n}", op, target);
  MDH_CHECK_CONTAINS(error, "configuration: malformed JSON: line 4, column 1");
  MDH_CHECK_CONTAINS(f.refusal("", op, target), "malformed JSON");
  MDH_CHECK_CONTAINS(f.refusal("[1, 2]", op, target),
                     "expected a JSON object at the top level, got an array");
}

static void testRefuseIdentity() {
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { o["format"] = "mdh-config-v0"; }),
      "field 'format': expected \"mdh-config-v1\" (one configuration) or "
      "\"mdh-configs-v1\" (several), got \"mdh-config-v0\"");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) { o["format"] = 1; }),
                     "field 'format': expected a string, got a number");
  // A configuration of another computation: the same kernel at other sizes.
  Fixture f;
  MatVec large;
  large.n = 2048;
  mdh::ComputeOp small = f.parseOne(MatVec().str());
  mdh::ComputeOp big = f.parseOne(large.str());
  Attribute target = f.target("cuda:sm_90");
  if (!small || !big)
    return;
  std::string error =
      f.refusal(printed(configToJSON(gpuConfig(), small, target)), big, target);
  MDH_CHECK_CONTAINS(error, "field 'computation': configuration is for "
                            "computation " +
                                computationKey(small) +
                                ", but this mdh.compute is " +
                                computationKey(big));
  MDH_CHECK_CONTAINS(error, "(sizes 1024x512 in the configuration, 2048x512 "
                            "here)");
  // Another target, and a target that is not one.
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &) {}, "cuda:sm_80"),
                     "field 'target': configuration is for target "
                     "'cuda:sm_90', but the target is 'cuda:sm_80'");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { o["target"] = "cuda:sm_1"; }),
      "field 'target': ");
  // Sizes edited by hand under the right key.
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(o["sizes"])[1] = 256; }),
      "field 'sizes[1]': configuration has extent 256, but dimension 1 of the "
      "mdh.compute has 512");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { o["name"] = json::Array(); }),
      "field 'name': expected a string, got an array");
  MDH_CHECK_EQ(refusalAfter([](json::Object &o) {
                 o.erase("name");
                 o["tuning"] = json::Object{{"runtime_ms", 1.5}};
               }),
               std::string("<accepted>"));
}

static void testRefuseMissing() {
  for (StringRef key :
       {"format", "computation", "target", "sizes", "levels", "tiles", "orders",
        "assignment", "assignment_kind", "inputs", "outputs"})
    MDH_CHECK_CONTAINS(refusalAfter([&](json::Object &o) { o.erase(key); }),
                       ("configuration: missing field '" + key + "'").str());
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       obj(arr(o["inputs"])[1]).erase("layouts");
                     }),
                     "missing field 'inputs[1].layouts'");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       obj(arr(o["outputs"])[0]).erase("regions");
                     }),
                     "missing field 'outputs[0].regions'");
}

static void testRefuseWrongType() {
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { o["tiles"] = json::Object(); }),
      "field 'tiles': expected an array, got an object");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(o["tiles"])[2] = 4; }),
      "field 'tiles[2]': expected an array, got a number");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(arr(o["tiles"])[1])[0] = "32"; }),
      "field 'tiles[1][0]': expected an integer, got a string");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(arr(o["orders"])[3])[1] = 0.5; }),
      "field 'orders[3][1]': expected an integer, got a number "
      "0.5");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { o["computation"] = nullptr; }),
      "field 'computation': expected a string, got null");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(o["inputs"])[0] = true; }),
      "field 'inputs[0]': expected an object, got a boolean");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(obj(arr(o["inputs"])[0])["layouts"])[3] = 0;
                     }),
                     "field 'inputs[0].layouts[3]': expected a string, got a "
                     "number");
}

static void testRefuseWrongLength() {
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(o["tiles"]).pop_back(); }),
      "field 'tiles': expected 4 entries (one per level), got 3");
  MDH_CHECK_CONTAINS(
      refusalAfter(
          [](json::Object &o) { arr(arr(o["tiles"])[2]).push_back(1); }),
      "field 'tiles[2]': expected 2 entries (one per dimension), got 3");
  MDH_CHECK_CONTAINS(
      refusalAfter(
          [](json::Object &o) { arr(arr(o["orders"])[1]).pop_back(); }),
      "field 'orders[1]': expected 2 entries (one per dimension), got 1");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(arr(o["assignment"])[2]).pop_back();
                     }),
                     "field 'assignment[2]': expected 2 entries (one per "
                     "dimension), got 1");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(arr(o["assignment"])[1]).push_back(0);
                     }),
                     "field 'assignment[1]': level 'shared_tile' is not "
                     "parallel and takes no assignment");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(o["sizes"]).push_back(7); }),
      "field 'sizes': expected 2 entries (one per dimension), got 3");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(o["inputs"]).pop_back(); }),
      "field 'inputs': expected 2 entries (one per input buffer), got 1");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       json::Value copy = arr(o["outputs"])[0];
                       arr(o["outputs"]).push_back(std::move(copy));
                     }),
                     "field 'outputs': expected 1 entry (one per output "
                     "buffer), got 2");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(obj(arr(o["inputs"])[1])["regions"]).pop_back();
                     }),
                     "field 'inputs[1].regions': expected 4 entries (one per "
                     "level), got 3");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(o["levels"])[1] = "l2_tile"; }),
      "field 'levels[1]': expected 'shared_tile' (level 1 of target 'cuda'), "
      "got 'l2_tile'");
}

static void testRefuseUnknownName() {
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(obj(arr(o["inputs"])[1])["regions"])[2] = "cache";
                     }),
                     "field 'inputs[1].regions[2]': unknown input region "
                     "'cache'; valid: in_place, packed, shared, register");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(obj(arr(o["inputs"])[0])["layouts"])[1] = "swapped";
                     }),
                     "field 'inputs[0].layouts[1]': unknown layout 'swapped'; "
                     "valid: identity, transposed, rotated, panels");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(obj(arr(o["outputs"])[0])["regions"])[0] = "global";
                     }),
                     "field 'outputs[0].regions[0]': unknown output region "
                     "'global'; valid: register, shared, device");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(o["assignment_kind"])[2] = "x"; }),
      "field 'assignment_kind[2]': unknown assignment kind 'x'; valid: "
      "blocked, strided");
}

static void testRefuseOutOfRange() {
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(arr(o["tiles"])[1])[0] = 0; }),
      "field 'tiles[1][0]': tile size must be at least 1, got 0");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(arr(o["tiles"])[3])[1] = -8; }),
      "field 'tiles[3][1]': tile size must be at least 1, got -8");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(arr(o["tiles"])[0])[1] = 513; }),
      "field 'tiles[0][1]': tile size 513 exceeds the extent 512 of "
      "dimension 1");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(arr(o["orders"])[2])[1] = 0; }),
      "field 'orders[2][1]': dimension 0 appears twice; 'orders[2]' must be a "
      "permutation of the 2 dimensions");
  MDH_CHECK_CONTAINS(
      refusalAfter([](json::Object &o) { arr(arr(o["orders"])[0])[0] = 2; }),
      "field 'orders[0][0]': dimension 2 out of range [0, 2)");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(arr(o["assignment"])[0])[1] = 3;
                     }),
                     "field 'assignment[0][1]': hardware dimension must be 0 "
                     "(x), 1 (y) or 2 (z), got 3");
  MDH_CHECK_CONTAINS(refusalAfter([](json::Object &o) {
                       arr(arr(o["assignment"])[2])[0] = -1;
                     }),
                     "field 'assignment[2][0]': hardware dimension must be 0 "
                     "(x), 1 (y) or 2 (z), got -1");
}

int main() {
  MDH_RUN(testRefuseMalformed);
  MDH_RUN(testRefuseIdentity);
  MDH_RUN(testRefuseMissing);
  MDH_RUN(testRefuseWrongType);
  MDH_RUN(testRefuseWrongLength);
  MDH_RUN(testRefuseUnknownName);
  MDH_RUN(testRefuseOutOfRange);
  return mdh_test::failures() == 0 ? 0 : 1;
}
