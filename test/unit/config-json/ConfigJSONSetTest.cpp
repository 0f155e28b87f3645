//===- ConfigJSONSetTest.cpp - Tests of sets of configurations ------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Sets of configurations (ConfigSet, configSetToJSON, writeConfigsFile): each
// computation reads its own entry of a set, files are pooled, one
// configuration keeps the format of one, and every refusal of a set (no
// entry, two entries, a bad top level, a bad entry) is one error naming the
// entry by its field path.
//
//===----------------------------------------------------------------------===//

#include "ConfigJSONTestUtil.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <functional>
#include <tuple>
#include <unistd.h>

using namespace mlir;
using namespace mlir::mdh_ll;
using namespace mdh_test;
namespace json = llvm::json;

namespace {
/// Two matrix-vector products of other sizes and a third that no set below
/// holds, on one GPU target.
struct ThreeMatVecs {
  Fixture f;
  mdh::ComputeOp small, big, other;
  Attribute target;
  Config smallConfig = gpuConfig(), bigConfig = gpuConfig();

  ThreeMatVecs() {
    MatVec b, o;
    b.n = 2048;
    o.n = 4096;
    small = f.parseOne(MatVec().str());
    big = f.parseOne(b.str());
    other = f.parseOne(o.str());
    target = f.target("cuda:sm_90");
    bigConfig.tiles[0][0] = 64;
  }
  bool ok() const { return small && big && other; }

  /// The set of the two configurations, `edit`ed.
  std::string set(std::function<void(json::Array &)> edit = {}) {
    json::Value value =
        configSetToJSON({configToJSON(smallConfig, small, target),
                         configToJSON(bigConfig, big, target)});
    if (edit)
      edit(*value.getAsObject()->getArray("configurations"));
    return printed(value);
  }
};
} // namespace

static void testReadEachEntry() {
  ThreeMatVecs t;
  if (!t.ok())
    return;
  std::string text = t.set();
  MDH_CHECK_CONTAINS(text, "{\n  \"format\": \"mdh-configs-v1\",\n"
                           "  \"configurations\": [\n    {\n"
                           "      \"format\": \"mdh-config-v1\",\n"
                           "      \"computation\": \"" +
                               computationKey(t.small) + "\",");
  FailureOr<Config> small =
      configFromJSON(text, t.small, t.target, t.f.emitter());
  FailureOr<Config> big = configFromJSON(text, t.big, t.target, t.f.emitter());
  MDH_CHECK(succeeded(small) && *small == t.smallConfig);
  MDH_CHECK(succeeded(big) && *big == t.bigConfig);
  MDH_CHECK(t.f.errors.empty());
}

static void testRefuseLookups() {
  ThreeMatVecs t;
  if (!t.ok())
    return;
  // No entry: the key, what was searched, the same name at other sizes.
  MDH_CHECK_EQ(t.f.refusal(t.set(), t.other, t.target),
               "no configuration for this computation (key " +
                   computationKey(t.other) +
                   ", 'matvec' sizes 4096x512) on target 'cuda:sm_90' in the "
                   "JSON text (2 configurations); there are some of 'matvec' "
                   "at sizes 1024x512, 2048x512");
  // The same computation for another target.
  MDH_CHECK_CONTAINS(t.f.refusal(t.set(), t.small, t.f.target("cuda:sm_80")),
                     "on target 'cuda:sm_80' in the JSON text (2 "
                     "configurations); there is one for target 'cuda:sm_90'");
  // Two entries for one computation and target.
  std::string twice = t.set([&](json::Array &entries) {
    entries.push_back(configToJSON(t.bigConfig, t.small, t.target));
  });
  MDH_CHECK_EQ(t.f.refusal(twice, t.small, t.target),
               "2 configurations for this computation (key " +
                   computationKey(t.small) +
                   ") on target 'cuda:sm_90': configurations[0] and "
                   "configurations[2]; keep one");
  // The other computation of that set is read.
  MDH_CHECK_EQ(t.f.refusal(twice, t.big, t.target), "<accepted>");
}

static void testRefuseEntries() {
  ThreeMatVecs t;
  if (!t.ok())
    return;
  auto entry = [](json::Array &entries, size_t i) -> json::Object & {
    return *entries[i].getAsObject();
  };
  // A field of the entry a computation reads, by its path in the file.
  std::string zeroTile = t.set([&](json::Array &entries) {
    (*entry(entries, 1).getArray("tiles"))[1] = json::Array{0, 64};
  });
  MDH_CHECK_EQ(t.f.refusal(zeroTile, t.big, t.target),
               "configuration: field 'configurations[1].tiles[1][0]': tile "
               "size must be at least 1, got 0");
  // ... which another computation does not read.
  MDH_CHECK_EQ(t.f.refusal(zeroTile, t.small, t.target), "<accepted>");
  std::string noLevels =
      t.set([&](json::Array &entries) { entry(entries, 1).erase("levels"); });
  MDH_CHECK_EQ(t.f.refusal(noLevels, t.big, t.target),
               "configuration: missing field 'configurations[1].levels'");
  // What identifies an entry is checked for every entry.
  MDH_CHECK_EQ(t.f.refusal(t.set([&](json::Array &entries) {
    entry(entries, 1)["format"] = "mdh-configs-v1";
  }),
                           t.small, t.target),
               "configuration: field 'configurations[1].format': expected "
               "\"mdh-config-v1\", got \"mdh-configs-v1\"");
  MDH_CHECK_EQ(t.f.refusal(t.set([&](json::Array &entries) {
    entry(entries, 0).erase("computation");
  }),
                           t.big, t.target),
               "configuration: missing field 'configurations[0].computation'");
  MDH_CHECK_EQ(t.f.refusal(t.set([&](json::Array &entries) {
    entry(entries, 1)["target"] = 7;
  }),
                           t.small, t.target),
               "configuration: field 'configurations[1].target': expected a "
               "string, got a number");
  MDH_CHECK_CONTAINS(t.f.refusal(t.set([&](json::Array &entries) {
    entry(entries, 0)["target"] = "cuda:sm_1";
  }),
                                 t.big, t.target),
                     "configuration: field 'configurations[0].target': "
                     "unknown CUDA chip 'sm_1'");
  MDH_CHECK_EQ(t.f.refusal(t.set([](json::Array &entries) {
    entries.push_back(json::Array{});
  }),
                           t.small, t.target),
               "configuration: field 'configurations[2]': expected an "
               "object, got an array");
}

static void testRefuseTopLevel() {
  ThreeMatVecs t;
  if (!t.ok())
    return;
  MDH_CHECK_EQ(
      t.f.refusal("{\"format\": \"mdh-configs-v1\"}", t.small, t.target),
      "configuration: missing field 'configurations'");
  MDH_CHECK_EQ(t.f.refusal("{\"format\": \"mdh-configs-v1\", "
                           "\"configurations\": 3}",
                           t.small, t.target),
               "configuration: field 'configurations': expected an array, "
               "got a number");
  MDH_CHECK_EQ(t.f.refusal("{\"format\": \"mdh-configs-v1\", "
                           "\"configurations\": []}",
                           t.small, t.target),
               "configuration: field 'configurations': expected at least one "
               "configuration, got none");
  MDH_CHECK_EQ(t.f.refusal("{\"configurations\": []}", t.small, t.target),
               "configuration: missing field 'format'");
}

static void testPooling() {
  ThreeMatVecs t;
  if (!t.ok())
    return;
  // A set of two in one file and a single configuration in another.
  ConfigSet set(&t.f.context);
  std::string single = printed(configToJSON(t.smallConfig, t.other, t.target));
  MDH_CHECK(succeeded(set.addJSON(t.set(), "configuration file 'a.json'",
                                  "'a.json'", t.f.emitter())));
  MDH_CHECK(succeeded(set.addJSON(single, "configuration file 'b.json'",
                                  "'b.json'", t.f.emitter())));
  MDH_CHECK_EQ(set.size(), size_t(3));
  auto describeFound = [&](mdh::ComputeOp op) -> std::string {
    FailureOr<const ConfigEntry *> entry =
        set.find(op, t.target, false, "", t.f.emitter());
    return succeeded(entry) && *entry ? (*entry)->describe() : "<none>";
  };
  MDH_CHECK_EQ(describeFound(t.small), "'a.json' configurations[0]");
  MDH_CHECK_EQ(describeFound(t.big), "'a.json' configurations[1]");
  MDH_CHECK_EQ(describeFound(t.other), "'b.json'");
  FailureOr<const ConfigEntry *> other =
      set.find(t.other, t.target, false, "", t.f.emitter());
  if (succeeded(other) && *other) {
    FailureOr<Config> read =
        set.read(**other, t.other, t.target, t.f.emitter());
    MDH_CHECK(succeeded(read) && *read == t.smallConfig);
  }
  // Missing, allowed: null and no error; not allowed: the files searched
  // and the hint.
  FailureOr<const ConfigEntry *> none =
      set.find(t.other, t.f.target("cuda:sm_80"), true, "", t.f.emitter());
  MDH_CHECK(succeeded(none) && *none == nullptr);
  MDH_CHECK(t.f.errors.empty());
  MDH_CHECK(failed(set.find(t.other, t.f.target("cuda:sm_80"), false,
                            "; a hint", t.f.emitter())));
  MDH_CHECK_EQ(t.f.errors.size(), size_t(1));
  if (!t.f.errors.empty())
    MDH_CHECK_CONTAINS(t.f.errors.back(),
                       "in 'a.json', 'b.json' (3 configurations); there is "
                       "one for target 'cuda:sm_90'; a hint");
}

/// Configurations added in memory (what the tuner and the C API hand to
/// --mdh-hl-to-ll): the same entries, checks and messages as a file's.
static void testInMemory() {
  ThreeMatVecs t;
  if (!t.ok())
    return;
  ConfigSet set(&t.f.context);
  MDH_CHECK(set.getContext() == &t.f.context);
  // A Config object for one computation, a parsed set for the others.
  MDH_CHECK(succeeded(
      set.addConfig(t.smallConfig, t.small, t.target, t.f.emitter())));
  json::Value parsed =
      configSetToJSON({configToJSON(t.bigConfig, t.big, t.target)});
  MDH_CHECK(succeeded(
      set.addJSONValue(std::move(parsed), "configuration", "", t.f.emitter())));
  MDH_CHECK_EQ(set.size(), size_t(2));
  MDH_CHECK(t.f.errors.empty());
  for (auto [op, expected, where] :
       {std::tuple(t.small, t.smallConfig, "the configuration"),
        std::tuple(t.big, t.bigConfig, "configurations[0]")}) {
    FailureOr<const ConfigEntry *> entry =
        set.find(op, t.target, false, "", t.f.emitter());
    MDH_CHECK(succeeded(entry) && *entry);
    if (failed(entry) || !*entry)
      continue;
    MDH_CHECK_EQ((*entry)->describe(), std::string(where));
    FailureOr<Config> read = set.read(**entry, op, t.target, t.f.emitter());
    MDH_CHECK(succeeded(read) && *read == expected);
  }
  // A configuration for another target is one for that target only.
  MDH_CHECK(succeeded(set.addConfig(t.smallConfig, t.other,
                                    t.f.target("cuda:sm_80"), t.f.emitter())));
  MDH_CHECK(failed(set.find(t.other, t.target, false, "", t.f.emitter())));
  MDH_CHECK_EQ(t.f.errors.size(), size_t(1));
  if (!t.f.errors.empty())
    MDH_CHECK_CONTAINS(t.f.errors.back(),
                       "in the JSON text, the JSON text, the JSON text (3 "
                       "configurations); there is one for target "
                       "'cuda:sm_80'");
  // Two for one computation: refused naming both, as for files.
  MDH_CHECK(
      succeeded(set.addConfig(t.bigConfig, t.small, t.target, t.f.emitter())));
  MDH_CHECK(failed(set.find(t.small, t.target, false, "", t.f.emitter())));
  MDH_CHECK_CONTAINS(t.f.errors.back(),
                     "2 configurations for this computation (key " +
                         computationKey(t.small) +
                         ") on target 'cuda:sm_90': the configuration and "
                         "the configuration; keep one");
  // Parsed JSON gets every check of text.
  t.f.errors.clear();
  MDH_CHECK(failed(
      set.addJSONValue(json::Array{}, "configuration", "", t.f.emitter())));
  MDH_CHECK(failed(set.addJSONValue(json::Object{{"format", "mdh-config-v2"}},
                                    "configuration", "", t.f.emitter())));
  MDH_CHECK_EQ(t.f.errors.size(), size_t(2));
  if (t.f.errors.size() == 2) {
    MDH_CHECK_EQ(t.f.errors[0], "configuration: expected a JSON object at "
                                "the top level, got an array");
    MDH_CHECK_CONTAINS(t.f.errors[1], "configuration: field 'format': "
                                      "expected \"mdh-config-v1\"");
  }
}

static void testWriteConfigs() {
  ThreeMatVecs t;
  if (!t.ok())
    return;
  llvm::SmallString<128> path;
  int fd;
  MDH_CHECK(
      !llvm::sys::fs::createTemporaryFile("mdh-config-set", "json", fd, path));
  ::close(fd);
  auto contents = [&]() -> std::string {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    return buffer ? (*buffer)->getBuffer().str() : "<unreadable>";
  };
  // One configuration: the format of one.
  MDH_CHECK(succeeded(writeConfigsFile(
      path, {configToJSON(t.smallConfig, t.small, t.target)}, t.f.emitter())));
  MDH_CHECK(StringRef(contents())
                .starts_with("{\n  \"format\": \"mdh-config-v1\",\n"));
  // Two: a set, from which each reads its own.
  MDH_CHECK(succeeded(
      writeConfigsFile(path,
                       {configToJSON(t.smallConfig, t.small, t.target),
                        configToJSON(t.bigConfig, t.big, t.target)},
                       t.f.emitter())));
  MDH_CHECK_EQ(contents(), t.set());
  FailureOr<Config> big = readConfigFile(path, t.big, t.target, t.f.emitter());
  MDH_CHECK(succeeded(big) && *big == t.bigConfig);
  MDH_CHECK(failed(readConfigFile(path, t.other, t.target, t.f.emitter())));
  MDH_CHECK_CONTAINS(t.f.errors.back(),
                     "no configuration for this computation (key " +
                         computationKey(t.other) +
                         ", 'matvec' sizes 4096x512) on target 'cuda:sm_90' "
                         "in '" +
                         path.str().str() + "' (2 configurations)");
  llvm::sys::fs::remove(path);
  MDH_CHECK(failed(writeConfigsFile(
      "/nonexistent/configs.json",
      {configToJSON(t.smallConfig, t.small, t.target)}, t.f.emitter())));
  MDH_CHECK_CONTAINS(t.f.errors.back(), "cannot write configuration file "
                                        "'/nonexistent/configs.json': ");
}

int main() {
  MDH_RUN(testReadEachEntry);
  MDH_RUN(testRefuseLookups);
  MDH_RUN(testRefuseEntries);
  MDH_RUN(testRefuseTopLevel);
  MDH_RUN(testPooling);
  MDH_RUN(testInMemory);
  MDH_RUN(testWriteConfigs);
  return mdh_test::failures() == 0 ? 0 : 1;
}
