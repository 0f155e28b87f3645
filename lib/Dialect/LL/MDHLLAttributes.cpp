//===- MDHLLAttributes.cpp - Abstract system models -----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The facts of the known chips, the fixed levels of each ASM, the verifiers
// of the target attributes and the host query of `#mdh_ll.openmp`.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Threading.h"
#include "llvm/TargetParser/Host.h"

#if defined(__linux__)
#include <unistd.h>
#endif

using namespace mlir;
using namespace mlir::mdh_ll;

#include "mdh/Dialect/LL/MDHLLEnums.cpp.inc"
#include "mdh/Dialect/LL/MDHLLInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "mdh/Dialect/LL/MDHLLAttributes.cpp.inc"

void MDHLLDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mdh/Dialect/LL/MDHLLAttributes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Known chips
//===----------------------------------------------------------------------===//

// NVIDIA. Per compute capability (warp size, threads per block, registers per
// thread, shared memory per block): CUDA C++ Programming Guide, "Technical
// Specifications per Compute Capability". A block may use 48 KB of shared
// memory statically; more needs dynamic shared memory and the opt-in
// `cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize)`,
// up to 163 KB (166912 bytes) on 8.0 and 227 KB (232448 bytes) on 9.0, which
// is what `cudaDevAttrMaxSharedMemoryPerBlockOptin` reports.
// SM counts are per product: 108 on A100 ("NVIDIA A100 Tensor Core GPU
// Architecture" whitepaper), 132 on H100 SXM5 ("NVIDIA H100 Tensor Core GPU
// Architecture" whitepaper; H200 has the same 132). The PCIe H100 has 114:
// override `multiprocessors` for it.
static const GPUChip kCudaChips[] = {
    {"sm_80",
     "A100",
     {/*warpSize=*/32, /*maxThreadsPerBlock=*/1024,
      /*sharedMemoryPerBlock=*/49152, /*maxSharedMemoryPerBlock=*/166912,
      /*registersPerThread=*/255, /*multiprocessors=*/108}},
    {"sm_90",
     "H100 SXM5",
     {/*warpSize=*/32, /*maxThreadsPerBlock=*/1024,
      /*sharedMemoryPerBlock=*/49152, /*maxSharedMemoryPerBlock=*/232448,
      /*registersPerThread=*/255, /*multiprocessors=*/132}},
};

// AMD CDNA2/CDNA3: wave64 only, 64 KiB of LDS per workgroup (there is no
// opt-in beyond it, so both shared memory facts are 64 KiB), at most 1024
// work-items per workgroup, and 512 vector registers per lane (256
// architected VGPRs plus 256 AccVGPRs in one unified file). Sources: ROCm
// documentation, "AMD GPU specifications" (CUs, wavefront size, LDS), LLVM
// AMDGPUUsage ("gfx90a": unified VGPR/AGPR file of 512 registers; the HIP
// runtime's maxThreadsPerBlock of 1024), AMD CDNA2/CDNA3 ISA references.
// CU counts are per product: 110 per GCD of an MI250X (an MI210 or one GCD
// of an MI250 has 104), 304 on an MI300X (an MI300A has 228).
static const GPUChip kHipChips[] = {
    {"gfx90a",
     "Instinct MI250X (one GCD)",
     {/*warpSize=*/64, /*maxThreadsPerBlock=*/1024,
      /*sharedMemoryPerBlock=*/65536, /*maxSharedMemoryPerBlock=*/65536,
      /*registersPerThread=*/512, /*multiprocessors=*/110}},
    {"gfx942",
     "Instinct MI300X",
     {/*warpSize=*/64, /*maxThreadsPerBlock=*/1024,
      /*sharedMemoryPerBlock=*/65536, /*maxSharedMemoryPerBlock=*/65536,
      /*registersPerThread=*/512, /*multiprocessors=*/304}},
};

static const GPUChip *lookupChipIn(ArrayRef<GPUChip> chips, StringRef name) {
  const auto *it =
      llvm::find_if(chips, [&](const GPUChip &c) { return c.name == name; });
  return it == chips.end() ? nullptr : it;
}

//===----------------------------------------------------------------------===//
// Levels
//===----------------------------------------------------------------------===//

// DESIGN §4: the levels are fixed per target, outermost first.
static const Level kOpenMPLevels[] = {
    {"threads", LevelKind::parallel, "one tile per thread, over the cores"},
    {"l2_tile", LevelKind::sequential, "tiles that fit the L2 cache"},
    {"l1_tile", LevelKind::sequential, "tiles that fit the L1 data cache"},
    {"register_tile", LevelKind::simd,
     "a tile in vector registers, over the SIMD lanes"},
};

static const Level kGPULevels[] = {
    {"blocks", LevelKind::parallel,
     "blocks (workgroups) over the grid x/y/z, spread over the SMs (CUs)"},
    {"shared_tile", LevelKind::sequential,
     "tiles staged in shared memory (LDS)"},
    {"threads", LevelKind::parallel, "threads of a block over its x/y/z"},
    {"register_tile", LevelKind::sequential,
     "a tile in one thread's registers"},
};

//===----------------------------------------------------------------------===//
// OpenMPTargetAttr
//===----------------------------------------------------------------------===//

StringRef OpenMPTargetAttr::getTargetName() const { return "openmp"; }

ArrayRef<Level> OpenMPTargetAttr::getLevels() const { return kOpenMPLevels; }

LogicalResult OpenMPTargetAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, int64_t vectorWidth,
    int64_t vectorRegisters, int64_t cores, int64_t l1CacheSize,
    int64_t l2CacheSize, std::optional<int64_t> l3CacheSize) {
  std::pair<StringRef, std::optional<int64_t>> sizes[] = {
      {"vector_width", vectorWidth},
      {"vector_registers", vectorRegisters},
      {"cores", cores},
      {"l1_cache_size", l1CacheSize},
      {"l2_cache_size", l2CacheSize},
      {"l3_cache_size", l3CacheSize}};
  for (auto [name, value] : sizes)
    if (value && *value <= 0)
      return emitError() << name << " must be positive, got " << *value;
  // The SIMD extensions the backends target have registers of 128 (SSE,
  // NEON), 256 (AVX) or 512 (AVX-512) bits; register tiles are whole
  // registers, and a tile built for another width would not lower to them.
  if (vectorWidth < 128 || !llvm::isPowerOf2_64(vectorWidth))
    return emitError() << "vector_width must be a power of two of at least "
                          "128 bits, got "
                       << vectorWidth;
  return success();
}

/// A positive `sysconf` answer, or `fallback` where the C library does not
/// know (it answers 0 or -1 on machines that hide their caches).
[[maybe_unused]] static int64_t positiveOr(long value, int64_t fallback) {
  return value > 0 ? static_cast<int64_t>(value) : fallback;
}

OpenMPTargetAttr OpenMPTargetAttr::getHost(MLIRContext *context) {
  OpenMPTargetAttr defaults = get(context);

  // Threads this process may run on (its affinity mask, hyper-threads
  // included) rather than the machine's: an OpenMP team larger than the
  // mask only time-slices.
  int64_t cores =
      std::max<int64_t>(1, llvm::hardware_concurrency().compute_thread_count());

  // The widest vector extension decides the register tile. Without one we
  // know of, assume 128 bits, which SSE2 and NEON both have.
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  auto has = [&](StringRef feature) { return features.lookup(feature); };
  int64_t vectorWidth = 128;
  int64_t vectorRegisters = 16;
  if (has("avx512f")) {
    vectorWidth = 512;
    vectorRegisters = 32;
  } else if (has("avx")) {
    vectorWidth = 256;
  } else if (has("neon")) {
    vectorRegisters = 32;
  }

  int64_t l1 = defaults.getL1CacheSize();
  int64_t l2 = defaults.getL2CacheSize();
  std::optional<int64_t> l3;
#if defined(_SC_LEVEL1_DCACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE) &&       \
    defined(_SC_LEVEL3_CACHE_SIZE)
  l1 = positiveOr(sysconf(_SC_LEVEL1_DCACHE_SIZE), l1);
  l2 = positiveOr(sysconf(_SC_LEVEL2_CACHE_SIZE), l2);
  if (long l3Size = sysconf(_SC_LEVEL3_CACHE_SIZE); l3Size > 0)
    l3 = l3Size;
#endif
  return get(context, vectorWidth, vectorRegisters, cores, l1, l2, l3);
}

//===----------------------------------------------------------------------===//
// CUDATargetAttr and HIPTargetAttr
//===----------------------------------------------------------------------===//

namespace {
/// What differs between the CUDA and the HIP target in verification.
struct GPUVendor {
  /// "CUDA" or "HIP", as the diagnostics name the target.
  StringRef name;
  ArrayRef<GPUChip> chips;
  ArrayRef<int64_t> warpSizes;
};
} // namespace

static GPUFacts applyOverrides(GPUFacts facts, std::optional<int64_t> warpSize,
                               std::optional<int64_t> maxThreadsPerBlock,
                               std::optional<int64_t> sharedMemoryPerBlock,
                               std::optional<int64_t> maxSharedMemoryPerBlock,
                               std::optional<int64_t> registersPerThread,
                               std::optional<int64_t> multiprocessors) {
  facts.warpSize = warpSize.value_or(facts.warpSize);
  facts.maxThreadsPerBlock =
      maxThreadsPerBlock.value_or(facts.maxThreadsPerBlock);
  facts.sharedMemoryPerBlock =
      sharedMemoryPerBlock.value_or(facts.sharedMemoryPerBlock);
  facts.maxSharedMemoryPerBlock =
      maxSharedMemoryPerBlock.value_or(facts.maxSharedMemoryPerBlock);
  facts.registersPerThread =
      registersPerThread.value_or(facts.registersPerThread);
  facts.multiprocessors = multiprocessors.value_or(facts.multiprocessors);
  return facts;
}

static LogicalResult
verifyGPUTarget(function_ref<InFlightDiagnostic()> emitError,
                const GPUVendor &vendor, StringRef chip,
                std::optional<int64_t> warpSize,
                std::optional<int64_t> maxThreadsPerBlock,
                std::optional<int64_t> sharedMemoryPerBlock,
                std::optional<int64_t> maxSharedMemoryPerBlock,
                std::optional<int64_t> registersPerThread,
                std::optional<int64_t> multiprocessors) {
  const GPUChip *known = lookupChipIn(vendor.chips, chip);
  if (!known) {
    InFlightDiagnostic diag = emitError();
    diag << "unknown " << vendor.name << " chip '" << chip
         << "'; known chips: ";
    llvm::interleaveComma(vendor.chips, diag,
                          [&](const GPUChip &c) { diag << c.name; });
    return diag;
  }

  std::pair<StringRef, std::optional<int64_t>> overrides[] = {
      {"warp_size", warpSize},
      {"max_threads_per_block", maxThreadsPerBlock},
      {"shared_memory_per_block", sharedMemoryPerBlock},
      {"max_shared_memory_per_block", maxSharedMemoryPerBlock},
      {"registers_per_thread", registersPerThread},
      {"multiprocessors", multiprocessors}};
  for (auto [name, value] : overrides)
    if (value && *value <= 0)
      return emitError() << name << " must be positive, got " << *value;

  // Warp-level re-composition (shuffles, ballots) is generated for these
  // widths only; hardware has no others.
  if (warpSize && !llvm::is_contained(vendor.warpSizes, *warpSize)) {
    InFlightDiagnostic diag = emitError();
    diag << "warp_size must be ";
    llvm::interleave(
        vendor.warpSizes, diag, [&](int64_t w) { diag << w; }, " or ");
    return diag << " for " << vendor.name << ", got " << *warpSize;
  }

  GPUFacts facts = applyOverrides(known->facts, warpSize, maxThreadsPerBlock,
                                  sharedMemoryPerBlock, maxSharedMemoryPerBlock,
                                  registersPerThread, multiprocessors);
  // The opt-in raises the limit; a smaller opt-in maximum would make the
  // heuristic's "fits without opt-in" test pass for tiles that cannot run.
  if (facts.maxSharedMemoryPerBlock < facts.sharedMemoryPerBlock)
    return emitError() << "max_shared_memory_per_block ("
                       << facts.maxSharedMemoryPerBlock
                       << ") must be at least shared_memory_per_block ("
                       << facts.sharedMemoryPerBlock << ")";
  return success();
}

static const int64_t kCudaWarpSizes[] = {32};
static const int64_t kHipWarpSizes[] = {32, 64};

StringRef CUDATargetAttr::getTargetName() const { return "cuda"; }

ArrayRef<Level> CUDATargetAttr::getLevels() const { return kGPULevels; }

ArrayRef<GPUChip> CUDATargetAttr::getKnownChips() { return kCudaChips; }

const GPUChip *CUDATargetAttr::lookupChip(StringRef chip) {
  return lookupChipIn(kCudaChips, chip);
}

// The chip of the machines this project is developed and measured on
// (H100/H200).
StringRef CUDATargetAttr::getDefaultChip() { return "sm_90"; }

GPUFacts CUDATargetAttr::getFacts() const {
  const GPUChip *chip = lookupChip(getChip());
  assert(chip && "facts of an unverified CUDA target");
  return applyOverrides(chip->facts, getWarpSize(), getMaxThreadsPerBlock(),
                        getSharedMemoryPerBlock(), getMaxSharedMemoryPerBlock(),
                        getRegistersPerThread(), getMultiprocessors());
}

LogicalResult
CUDATargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       StringRef chip, std::optional<int64_t> warpSize,
                       std::optional<int64_t> maxThreadsPerBlock,
                       std::optional<int64_t> sharedMemoryPerBlock,
                       std::optional<int64_t> maxSharedMemoryPerBlock,
                       std::optional<int64_t> registersPerThread,
                       std::optional<int64_t> multiprocessors) {
  return verifyGPUTarget(emitError, {"CUDA", kCudaChips, kCudaWarpSizes}, chip,
                         warpSize, maxThreadsPerBlock, sharedMemoryPerBlock,
                         maxSharedMemoryPerBlock, registersPerThread,
                         multiprocessors);
}

StringRef HIPTargetAttr::getTargetName() const { return "hip"; }

ArrayRef<Level> HIPTargetAttr::getLevels() const { return kGPULevels; }

ArrayRef<GPUChip> HIPTargetAttr::getKnownChips() { return kHipChips; }

const GPUChip *HIPTargetAttr::lookupChip(StringRef chip) {
  return lookupChipIn(kHipChips, chip);
}

// The chip DESIGN §9 checks the ROCDL path with.
StringRef HIPTargetAttr::getDefaultChip() { return "gfx90a"; }

GPUFacts HIPTargetAttr::getFacts() const {
  const GPUChip *chip = lookupChip(getChip());
  assert(chip && "facts of an unverified HIP target");
  return applyOverrides(chip->facts, getWarpSize(), getMaxThreadsPerBlock(),
                        getSharedMemoryPerBlock(), getMaxSharedMemoryPerBlock(),
                        getRegistersPerThread(), getMultiprocessors());
}

LogicalResult
HIPTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      StringRef chip, std::optional<int64_t> warpSize,
                      std::optional<int64_t> maxThreadsPerBlock,
                      std::optional<int64_t> sharedMemoryPerBlock,
                      std::optional<int64_t> maxSharedMemoryPerBlock,
                      std::optional<int64_t> registersPerThread,
                      std::optional<int64_t> multiprocessors) {
  return verifyGPUTarget(emitError, {"HIP", kHipChips, kHipWarpSizes}, chip,
                         warpSize, maxThreadsPerBlock, sharedMemoryPerBlock,
                         maxSharedMemoryPerBlock, registersPerThread,
                         multiprocessors);
}
