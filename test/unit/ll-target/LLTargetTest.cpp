//===- LLTargetTest.cpp - Tests of the ASM target attributes --------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `parseTargetSpec`, `OpenMPTargetAttr::getHost`, the chip facts and the
// level queries: the C++ side of the target attributes, which lit tests
// cannot reach until a pass takes a target option. The expected facts are
// the vendors' numbers (see docs/asm.md), not read back from the tables.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"
#include "mdh/Dialect/LL/TargetSpec.h"

#include "TestUtil.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;
using namespace mlir::mdh_ll;

namespace {
/// Parses specs in one context and keeps the text of the last error.
struct SpecParser {
  // parseTargetSpec loads the dialect by name, so it must be registered.
  MLIRContext context{[] {
    DialectRegistry registry;
    registry.insert<MDHLLDialect>();
    return registry;
  }()};
  std::string lastError;
  ScopedDiagnosticHandler handler{&context, [this](Diagnostic &diag) {
                                    lastError = diag.str();
                                    return success();
                                  }};

  /// The attribute `spec` names, or null (with `lastError` set).
  Attribute parse(StringRef spec) {
    lastError.clear();
    FailureOr<Attribute> attr = parseTargetSpec(
        &context, spec, [&] { return emitError(UnknownLoc::get(&context)); });
    return succeeded(attr) ? *attr : Attribute();
  }

  /// The error `spec` is rejected with, or "<accepted>".
  std::string error(StringRef spec) {
    if (parse(spec))
      return "<accepted>";
    return lastError;
  }
};

std::string print(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << attr;
  return text;
}
} // namespace

static void testOpenMPDefaults() {
  SpecParser p;
  auto attr = dyn_cast_or_null<OpenMPTargetAttr>(p.parse("openmp"));
  MDH_CHECK(attr);
  if (!attr)
    return;
  MDH_CHECK(attr == OpenMPTargetAttr::get(&p.context));
  MDH_CHECK_EQ(attr.getVectorWidth(), 256);
  MDH_CHECK_EQ(attr.getVectorRegisters(), 16);
  MDH_CHECK_EQ(attr.getCores(), 8);
  MDH_CHECK_EQ(attr.getL1CacheSize(), 32768);
  MDH_CHECK_EQ(attr.getL2CacheSize(), 1048576);
  MDH_CHECK(!attr.getL3CacheSize());
  MDH_CHECK_EQ(attr.getVectorLanes(32), 8);
  MDH_CHECK_EQ(print(attr), std::string("#mdh_ll.openmp"));
}

static void testOpenMPOverrides() {
  SpecParser p;
  Attribute attr =
      p.parse("openmp, cores=4 ,l3_cache_size=33554432,vector_width=512");
  MDH_CHECK_EQ(print(attr),
               std::string("#mdh_ll.openmp<vector_width = 512, cores = 4, "
                           "l3_cache_size = 33554432>"));
  // Overrides apply on top of the host's facts too.
  auto host =
      dyn_cast_or_null<OpenMPTargetAttr>(p.parse("openmp:host,cores=3"));
  MDH_CHECK(host && host.getCores() == 3);
}

static void testOpenMPHost() {
  SpecParser p;
  auto host = dyn_cast_or_null<OpenMPTargetAttr>(p.parse("openmp:host"));
  MDH_CHECK(host);
  if (!host)
    return;
  MDH_CHECK(host == OpenMPTargetAttr::getHost(&p.context));
  MDH_CHECK_EQ(host.getCores(),
               static_cast<int64_t>(
                   llvm::hardware_concurrency().compute_thread_count()));
  int64_t width = host.getVectorWidth();
  MDH_CHECK(width == 128 || width == 256 || width == 512);
  MDH_CHECK(host.getVectorRegisters() == 16 || host.getVectorRegisters() == 32);
  MDH_CHECK(host.getL1CacheSize() > 0 && host.getL2CacheSize() > 0);
  llvm::outs() << "  host: " << host << "\n";
}

static void testCudaChips() {
  SpecParser p;
  // A spec without a chip takes the default chip.
  auto bare = dyn_cast_or_null<CUDATargetAttr>(p.parse("cuda"));
  MDH_CHECK(bare && bare.getChip() == "sm_90");

  auto a100 = dyn_cast_or_null<CUDATargetAttr>(p.parse("cuda:sm_80"));
  MDH_CHECK(a100);
  if (!a100)
    return;
  GPUFacts f = a100.getFacts();
  MDH_CHECK_EQ(f.warpSize, 32);
  MDH_CHECK_EQ(f.maxThreadsPerBlock, 1024);
  MDH_CHECK_EQ(f.sharedMemoryPerBlock, 48 * 1024);
  MDH_CHECK_EQ(f.maxSharedMemoryPerBlock, 163 * 1024);
  MDH_CHECK_EQ(f.registersPerThread, 255);
  MDH_CHECK_EQ(f.multiprocessors, 108);

  auto h100 = dyn_cast_or_null<CUDATargetAttr>(p.parse("cuda:sm_90"));
  MDH_CHECK(h100);
  if (!h100)
    return;
  MDH_CHECK_EQ(h100.getFacts().maxSharedMemoryPerBlock, 227 * 1024);
  MDH_CHECK_EQ(h100.getFacts().multiprocessors, 132);
  MDH_CHECK_EQ(print(h100), std::string("#mdh_ll.cuda<chip = \"sm_90\">"));
}

static void testHipChips() {
  SpecParser p;
  auto bare = dyn_cast_or_null<HIPTargetAttr>(p.parse("hip"));
  MDH_CHECK(bare && bare.getChip() == "gfx90a");
  if (!bare)
    return;
  GPUFacts f = bare.getFacts();
  MDH_CHECK_EQ(f.warpSize, 64);
  MDH_CHECK_EQ(f.maxThreadsPerBlock, 1024);
  MDH_CHECK_EQ(f.sharedMemoryPerBlock, 64 * 1024);
  MDH_CHECK_EQ(f.registersPerThread, 512);
  MDH_CHECK_EQ(f.multiprocessors, 110);

  auto mi300x = dyn_cast_or_null<HIPTargetAttr>(p.parse("hip:gfx942"));
  MDH_CHECK(mi300x && mi300x.getFacts().multiprocessors == 304);
}

static void testGPUOverrides() {
  SpecParser p;
  auto attr = dyn_cast_or_null<CUDATargetAttr>(
      p.parse("cuda:sm_80,shared_memory_per_block=65536,multiprocessors=7"));
  MDH_CHECK(attr);
  if (!attr)
    return;
  // The generated getters give the override alone, getFacts() the result.
  MDH_CHECK(attr.getSharedMemoryPerBlock() == std::optional<int64_t>(65536));
  MDH_CHECK(!attr.getWarpSize());
  MDH_CHECK_EQ(attr.getFacts().sharedMemoryPerBlock, 65536);
  MDH_CHECK_EQ(attr.getFacts().warpSize, 32);
  MDH_CHECK_EQ(attr.getFacts().multiprocessors, 7);
  MDH_CHECK_EQ(print(attr), std::string("#mdh_ll.cuda<chip = \"sm_80\", "
                                        "shared_memory_per_block = 65536, "
                                        "multiprocessors = 7>"));
}

static void testLevels() {
  SpecParser p;
  auto omp = dyn_cast_or_null<TargetAttrInterface>(p.parse("openmp"));
  auto cuda = dyn_cast_or_null<TargetAttrInterface>(p.parse("cuda"));
  auto hip = dyn_cast_or_null<TargetAttrInterface>(p.parse("hip"));
  MDH_CHECK(omp && cuda && hip);
  if (!omp || !cuda || !hip)
    return;
  MDH_CHECK_EQ(omp.getTargetName(), StringRef("openmp"));
  MDH_CHECK_EQ(cuda.getTargetName(), StringRef("cuda"));
  MDH_CHECK_EQ(hip.getTargetName(), StringRef("hip"));

  // DESIGN §4, outermost first.
  ArrayRef<Level> cpu = omp.getLevels();
  MDH_CHECK_EQ(cpu.size(), size_t(4));
  if (cpu.size() == 4) {
    MDH_CHECK(cpu[0].name == "threads" && cpu[0].kind == LevelKind::parallel);
    MDH_CHECK(cpu[1].name == "l2_tile" && cpu[1].kind == LevelKind::sequential);
    MDH_CHECK(cpu[2].name == "l1_tile" && cpu[2].kind == LevelKind::sequential);
    MDH_CHECK(cpu[3].name == "register_tile" && cpu[3].kind == LevelKind::simd);
  }
  ArrayRef<Level> gpu = cuda.getLevels();
  MDH_CHECK_EQ(gpu.size(), size_t(4));
  if (gpu.size() == 4) {
    MDH_CHECK(gpu[0].name == "blocks" && gpu[0].kind == LevelKind::parallel);
    MDH_CHECK(gpu[1].name == "shared_tile" &&
              gpu[1].kind == LevelKind::sequential);
    MDH_CHECK(gpu[2].name == "threads" && gpu[2].kind == LevelKind::parallel);
    MDH_CHECK(gpu[3].name == "register_tile" &&
              gpu[3].kind == LevelKind::sequential);
  }
  MDH_CHECK(hip.getLevels().data() == gpu.data());
  MDH_CHECK_EQ(stringifyLevelKind(LevelKind::simd), StringRef("simd"));
}

static void testErrors() {
  SpecParser p;
  MDH_CHECK_EQ(p.error("tpu"),
               std::string("unknown target 'tpu'; valid targets: openmp, "
                           "openmp:host, cuda[:<chip>] (chips: sm_80, sm_90; "
                           "default sm_90), hip[:<chip>] (chips: gfx90a, "
                           "gfx942; default gfx90a)"));
  MDH_CHECK(
      StringRef(p.error(""))
          .starts_with(
              "unknown target ''; valid targets: openmp, openmp:host, cuda"));
  MDH_CHECK_EQ(p.error("cuda:sm_50"),
               std::string("unknown CUDA chip 'sm_50'; known chips: sm_80, "
                           "sm_90"));
  MDH_CHECK_EQ(p.error("hip:sm_90"),
               std::string("unknown HIP chip 'sm_90'; known chips: gfx90a, "
                           "gfx942"));
  MDH_CHECK_EQ(p.error("cuda:"), std::string("expected a chip after 'cuda:'"));
  MDH_CHECK_EQ(p.error("openmp:znver4"),
               std::string("unknown openmp variant 'znver4'; expected "
                           "'openmp' or 'openmp:host'"));
  MDH_CHECK_EQ(p.error("cuda:sm_80,warp_size=64"),
               std::string("warp_size must be 32 for CUDA, got 64"));
  MDH_CHECK_EQ(p.error("openmp,vector_width=96"),
               std::string("vector_width must be a power of two of at least "
                           "128 bits, got 96"));
  MDH_CHECK_EQ(p.error("openmp,cores=0"),
               std::string("cores must be positive, got 0"));
  MDH_CHECK_EQ(p.error("cuda,chip=sm_80"),
               std::string("expected an integer value for 'chip', got "
                           "'sm_80'"));
  MDH_CHECK_EQ(p.error("hip,wavefront_size=32"),
               std::string("unknown key 'wavefront_size' for target 'hip'; "
                           "valid keys: warp_size, max_threads_per_block, "
                           "shared_memory_per_block, "
                           "max_shared_memory_per_block, "
                           "registers_per_thread, multiprocessors"));
  MDH_CHECK_EQ(p.error("openmp,l4_cache_size=1"),
               std::string("unknown key 'l4_cache_size' for target 'openmp'; "
                           "valid keys: vector_width, vector_registers, "
                           "cores, l1_cache_size, l2_cache_size, "
                           "l3_cache_size"));
  MDH_CHECK_EQ(p.error("openmp,cores=2,cores=4"),
               std::string("key 'cores' given twice in the target spec"));
  MDH_CHECK_EQ(p.error("openmp,cores"),
               std::string("expected 'key=value' after the target in "
                           "'openmp,cores', got 'cores'"));
  MDH_CHECK_EQ(p.error("openmp,=4"),
               std::string("expected 'key=value' after the target in "
                           "'openmp,=4', got '=4'"));
  MDH_CHECK_EQ(p.error("openmp,cores=99999999999999999999"),
               std::string("expected an integer value for 'cores', got "
                           "'99999999999999999999'"));
}

int main() {
  MDH_RUN(testOpenMPDefaults);
  MDH_RUN(testOpenMPOverrides);
  MDH_RUN(testOpenMPHost);
  MDH_RUN(testCudaChips);
  MDH_RUN(testHipChips);
  MDH_RUN(testGPUOverrides);
  MDH_RUN(testLevels);
  MDH_RUN(testErrors);
  return mdh_test::failures() == 0 ? 0 : 1;
}
