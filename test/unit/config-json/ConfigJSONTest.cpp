//===- ConfigJSONTest.cpp - Tests of configurations as JSON ---------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Computation keys (what changes them and what does not, and one golden key
// so that an accidental change of the hash shows), target specs of target
// attributes, the round trip Config -> JSON text -> Config, the golden file
// of the format, and files that cannot be read or written. The refusals of
// the reader are in ConfigJSONRefusalTest.cpp.
//
// Run with `--update-golden` to rewrite matvec-cuda.json after an intended
// change of the format or the key.
//
//===----------------------------------------------------------------------===//

#include "ConfigJSONTestUtil.h"

#include "mdh/Dialect/LL/MDHLLAttributes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::mdh_ll;
using namespace mdh_test;
namespace json = llvm::json;

static const char *const kGoldenFile =
    MDH_CONFIG_JSON_TEST_DIR "/matvec-cuda.json";
static bool updateGolden = false;

//===----------------------------------------------------------------------===//
// Keys
//===----------------------------------------------------------------------===//

static void testKeyStability() {
  Fixture f;
  MatVec base;
  mdh::ComputeOp op = f.parseOne(base.str());
  if (!op)
    return;
  std::string key = computationKey(op);
  MDH_CHECK_EQ(key.size(), size_t(16));
  MDH_CHECK(llvm::all_of(key, llvm::isHexDigit));
  // Not a hash of anything in memory: a second context gives the same key.
  Fixture g;
  MDH_CHECK_EQ(computationKey(g.parseOne(base.str())), key);

  // The same computation twice in one module, in other functions.
  MatVec other = base;
  other.func = "other";
  SmallVector<mdh::ComputeOp> two = f.parse(base.str() + other.str());
  MDH_CHECK_EQ(two.size(), size_t(2));
  for (mdh::ComputeOp each : two)
    MDH_CHECK_EQ(computationKey(each), key);

  // What does not change the computation does not change the key.
  auto keyOf = [&](const MatVec &v) {
    mdh::ComputeOp parsed = f.parseOne(v.str());
    return parsed ? computationKey(parsed) : std::string("<invalid>");
  };
  MatVec renamed = base;
  renamed.m = "lhs";
  renamed.x = "rhs";
  renamed.p = "product";
  MDH_CHECK_EQ(keyOf(renamed), key);
  MatVec named = base;
  named.opName = "gemv";
  MDH_CHECK_EQ(keyOf(named), key);
  MatVec annotated = base;
  annotated.extraAttrs = "{mdh.note = \"tuned\"}";
  MDH_CHECK_EQ(keyOf(annotated), key);

  // What does change it does.
  MatVec size = base;
  size.n = 1000;
  MDH_CHECK(keyOf(size) != key);
  MatVec sizeK = base;
  sizeK.k = 511;
  MDH_CHECK(keyOf(sizeK) != key);
  MatVec scalarOp = base;
  scalarOp.scalarOp = "arith.addf";
  MDH_CHECK(keyOf(scalarOp) != key);
  MatVec type = base;
  type.type = "f64";
  MDH_CHECK(keyOf(type) != key);
  MatVec combiner = base;
  combiner.combiner = "pw(max)";
  MDH_CHECK(keyOf(combiner) != key);
  // Index maps: a square product read straight and transposed.
  MatVec square = base;
  square.k = 1024;
  MatVec transposed = square;
  transposed.mMap = "(k, i)";
  MDH_CHECK(keyOf(square) != keyOf(transposed));
}

static void testGoldenKey() {
  // Catches any change of the canonical form or of the hash: configuration
  // files in the wild carry these keys. Change only on purpose, together
  // with matvec-cuda.json.
  Fixture f;
  mdh::ComputeOp op = f.parseOne(MatVec().str());
  if (!op)
    return;
  MDH_CHECK_EQ(computationKey(op), std::string("86268169f924dd83"));
}

static void testCustomCombinerKey() {
  Fixture f;
  mdh::ComputeOp op = f.parseOne(argmax("argmax"));
  mdh::ComputeOp renamed = f.parseOne(argmax("best"));
  mdh::ComputeOp changed = f.parseOne(argmax("argmax", "sgt"));
  if (!op || !renamed || !changed)
    return;
  // The combiner counts by what it computes, not by its name.
  MDH_CHECK_EQ(computationKey(op), computationKey(renamed));
  MDH_CHECK(computationKey(op) != computationKey(changed));
  std::string text;
  llvm::raw_string_ostream os(text);
  printCanonicalComputation(op, os);
  MDH_CHECK_CONTAINS(text, "combine pw(#0)");
  MDH_CHECK_CONTAINS(text, "combiner #0 (f32, i32) associative commutative");
  MDH_CHECK(!StringRef(text).contains("argmax"));
}

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

static void testTargetSpecString() {
  Fixture f;
  const char *specs[] = {
      "cuda:sm_90", "cuda:sm_80,shared_memory_per_block=32768",
      "hip:gfx942", "hip:gfx90a,warp_size=32",
      "openmp",     "openmp,cores=16,l3_cache_size=33554432"};
  for (const char *spec : specs) {
    Attribute target = f.target(spec);
    MDH_CHECK_EQ(targetSpecString(target), std::string(spec));
    MDH_CHECK(f.target(targetSpecString(target)) == target);
  }
  // `cuda` alone is the default chip, spelled out.
  MDH_CHECK_EQ(targetSpecString(f.target("cuda")), std::string("cuda:sm_90"));
  // The host's facts are written out, so the spec parses back to them.
  Attribute host = f.target("openmp:host");
  MDH_CHECK(f.target(targetSpecString(host)) == host);
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

static void testRoundTripGPU() {
  Fixture f;
  mdh::ComputeOp op = f.parseOne(MatVec().str());
  if (!op)
    return;
  Attribute target = f.target("cuda:sm_90");
  Config config = gpuConfig();
  json::Value value = configToJSON(config, op, target);
  for (const std::string &text :
       {printed(value), llvm::formatv("{0:2}", value).str(),
        llvm::formatv("{0}", value).str()}) {
    FailureOr<Config> back = configFromJSON(text, op, target, f.emitter());
    MDH_CHECK(succeeded(back) && *back == config);
  }
  const json::Object &object = *value.getAsObject();
  MDH_CHECK_EQ(*object.getString("format"), StringRef("mdh-config-v1"));
  MDH_CHECK_EQ(*object.getString("computation"), computationKey(op));
  MDH_CHECK_EQ(*object.getString("name"), StringRef("matvec"));
  MDH_CHECK_EQ(*object.getString("target"), StringRef("cuda:sm_90"));
  MDH_CHECK(f.errors.empty());
}

static void testRoundTripCPU() {
  // Two outputs, one input, a custom combiner, one dimension, a target with
  // overrides.
  Fixture f;
  mdh::ComputeOp op = f.parseOne(argmax("argmax"));
  if (!op)
    return;
  Attribute target = f.target("openmp,cores=16");
  Config config;
  config.tiles = {{{250}, {125}, {25}, {8}}};
  config.orders = {{{0}, {0}, {0}, {0}}};
  config.assignment = {{{0}, {}, {}, {}}};
  config.assignmentKind = {AssignmentKind::Strided, AssignmentKind::Blocked,
                           AssignmentKind::Blocked, AssignmentKind::Blocked};
  config.inputRegions = {{InputRegion::InPlace, InputRegion::Packed,
                          InputRegion::InPlace, InputRegion::InPlace}};
  config.inputLayouts = {
      {Layout::Identity, Layout::Identity, Layout::Identity, Layout::Identity}};
  config.outputRegions = {{CombineRegion::Device, CombineRegion::Device,
                           CombineRegion::Device, CombineRegion::Device},
                          {CombineRegion::Device, CombineRegion::Register,
                           CombineRegion::Shared, CombineRegion::Device}};
  std::string text = printed(configToJSON(config, op, target));
  MDH_CHECK_CONTAINS(text, "\"target\": \"openmp,cores=16\"");
  MDH_CHECK_CONTAINS(text,
                     "\"levels\": [\"threads\", \"l2_tile\", \"l1_tile\", "
                     "\"register_tile\"]");
  FailureOr<Config> back = configFromJSON(text, op, target, f.emitter());
  MDH_CHECK(succeeded(back) && *back == config);
  MDH_CHECK(f.errors.empty());
}

static void testGoldenFile() {
  // The printed form of one configuration, byte for byte: the format and
  // layout of docs/config-json.md.
  Fixture f;
  mdh::ComputeOp op = f.parseOne(MatVec().str());
  if (!op)
    return;
  Attribute target = f.target("cuda:sm_90");
  std::string text = printed(configToJSON(gpuConfig(), op, target));
  if (updateGolden) {
    MDH_CHECK(succeeded(
        writeConfigFile(kGoldenFile, gpuConfig(), op, target, f.emitter())));
    llvm::outs() << "updated " << kGoldenFile << "\n";
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> golden =
      llvm::MemoryBuffer::getFile(kGoldenFile, /*IsText=*/true);
  MDH_CHECK(golden);
  if (golden && (*golden)->getBuffer() != text) {
    llvm::errs() << "golden file " << kGoldenFile << " differs; printed:\n"
                 << text;
    ++mdh_test::failures();
  }
  FailureOr<Config> read = readConfigFile(kGoldenFile, op, target, f.emitter());
  MDH_CHECK(succeeded(read) && *read == gpuConfig());
}

static void testFiles() {
  Fixture f;
  mdh::ComputeOp op = f.parseOne(MatVec().str());
  Attribute target = f.target("cuda:sm_90");
  if (!op)
    return;
  FailureOr<Config> missing =
      readConfigFile("/nonexistent/config.json", op, target, f.emitter());
  MDH_CHECK(failed(missing));
  MDH_CHECK(!f.errors.empty() &&
            StringRef(f.errors.back())
                .starts_with("cannot read configuration file "
                             "'/nonexistent/config.json': "));
  MDH_CHECK(failed(writeConfigFile("/nonexistent/config.json", gpuConfig(), op,
                                   target, f.emitter())));
  MDH_CHECK_CONTAINS(f.errors.back(), "cannot write configuration file "
                                      "'/nonexistent/config.json': ");
  // Errors in a file name the file.
  MDH_CHECK(failed(
      readConfigFile(kGoldenFile, op, f.target("cuda:sm_80"), f.emitter())));
  MDH_CHECK_CONTAINS(
      f.errors.back(),
      llvm::formatv("configuration file '{0}': field 'target': ", kGoldenFile)
          .str());
}

int main(int argc, char **argv) {
  updateGolden = argc > 1 && StringRef(argv[1]) == "--update-golden";
  MDH_RUN(testKeyStability);
  MDH_RUN(testGoldenKey);
  MDH_RUN(testCustomCombinerKey);
  MDH_RUN(testTargetSpecString);
  MDH_RUN(testRoundTripGPU);
  MDH_RUN(testRoundTripCPU);
  MDH_RUN(testGoldenFile);
  MDH_RUN(testFiles);
  return mdh_test::failures() == 0 ? 0 : 1;
}
