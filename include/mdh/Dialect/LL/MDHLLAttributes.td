//===- MDHLLAttributes.td - Targets and enums of mdh_ll ---*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The target attributes of LL-IR: one per abstract system model (ASM). Each
// fixes the levels of a schedule (DESIGN §4) and carries the hardware facts
// that the heuristic and the verifier of a configuration need. Then the
// enums of the tuning parameters.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLLATTRIBUTES_TD
#define MDH_DIALECT_LL_MDHLLATTRIBUTES_TD

include "mdh/Dialect/LL/MDHLLDialect.td"
include "mdh/Dialect/LL/MDHLLInterfaces.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def MDHLL_LevelKind : I32EnumAttr<"LevelKind",
    "how a level of an abstract system model runs its tiles", [
      I32EnumAttrCase<"parallel", 0>,
      I32EnumAttrCase<"sequential", 1>,
      I32EnumAttrCase<"simd", 2>
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

// An optional integer fact. The upstream parser of `std::optional<int64_t>`
// takes a non-integer for "absent" and then fails with "expected '>'" at
// the value; this one says that an integer is expected.
class MDHLL_OptionalFact<string desc>
    : OptionalParameter<"std::optional<int64_t>", desc> {
  let parser = [{ [&]() -> ::mlir::FailureOr<std::optional<int64_t>> {
    int64_t value;
    if ($_parser.parseInteger(value))
      return ::mlir::failure();
    return std::optional<int64_t>(value);
  }() }];
}

class MDHLL_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<MDHLL_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// OpenMP (CPU)
//===----------------------------------------------------------------------===//

// The defaults describe a generic AVX2 x86-64 server core. They are fixed
// numbers so that the same IR means the same thing on every machine; the
// host's facts are only used when asked for (`openmp:host`).
defvar OMPDefaultVectorWidth = "256";
defvar OMPDefaultVectorRegisters = "16";
defvar OMPDefaultCores = "8";
defvar OMPDefaultL1CacheSize = "32768";
defvar OMPDefaultL2CacheSize = "1048576";

def MDHLL_OpenMPTargetAttr : MDHLL_Attr<"OpenMPTarget", "openmp",
    [DeclareAttrInterfaceMethods<MDHLL_TargetAttrInterface>]> {
  let summary = "abstract system model of a multi-core CPU run with OpenMP";
  let description = [{
    Levels, outermost first: `threads` (parallel over the cores, COR),
    `l2_tile` (sequential), `l1_tile` (sequential), `register_tile` (SIMD
    lanes of the vector registers).

    Every fact has a fixed default; a defaulted fact is not printed. Sizes
    are in bytes, the vector width in bits. `getHost()` builds the attribute
    of the machine the compiler runs on (the `openmp:host` target spec).

    ```mlir
    #mdh_ll.openmp
    #mdh_ll.openmp<vector_width = 512, vector_registers = 32, cores = 16,
                   l1_cache_size = 49152, l2_cache_size = 2097152,
                   l3_cache_size = 33554432>
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"int64_t", OMPDefaultVectorWidth,
      "bits of one vector register: a power of two, at least 128">
      :$vector_width,
    DefaultValuedParameter<"int64_t", OMPDefaultVectorRegisters,
      "vector registers per core">:$vector_registers,
    DefaultValuedParameter<"int64_t", OMPDefaultCores,
      "threads of the parallel level: hardware threads (cores)">:$cores,
    DefaultValuedParameter<"int64_t", OMPDefaultL1CacheSize,
      "bytes of L1 data cache per core">:$l1_cache_size,
    DefaultValuedParameter<"int64_t", OMPDefaultL2CacheSize,
      "bytes of L2 cache per core">:$l2_cache_size,
    MDHLL_OptionalFact<
      "bytes of the shared last-level (L3) cache; absent when unknown">
      :$l3_cache_size
  );
  let assemblyFormat = [{
    (`<` struct($vector_width, $vector_registers, $cores, $l1_cache_size,
                $l2_cache_size, $l3_cache_size)^ `>`)?
  }];
  let builders = [
    AttrBuilder<(ins
        CArg<"int64_t", OMPDefaultVectorWidth>:$vectorWidth,
        CArg<"int64_t", OMPDefaultVectorRegisters>:$vectorRegisters,
        CArg<"int64_t", OMPDefaultCores>:$cores,
        CArg<"int64_t", OMPDefaultL1CacheSize>:$l1CacheSize,
        CArg<"int64_t", OMPDefaultL2CacheSize>:$l2CacheSize,
        CArg<"std::optional<int64_t>", "std::nullopt">:$l3CacheSize), [{
      return $_get($_ctxt, vectorWidth, vectorRegisters, cores, l1CacheSize,
                   l2CacheSize, l3CacheSize);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The machine the compiler runs on: cores available to this process,
    /// L1/L2/L3 sizes as the C library reports them, and the vector width of
    /// the widest vector extension the CPU has (AVX-512, AVX/AVX2, else 128
    /// bits). A fact the host does not report keeps its default.
    static OpenMPTargetAttr getHost(::mlir::MLIRContext *context);
    /// Lanes of one vector register for elements of `elementBits` bits.
    int64_t getVectorLanes(int64_t elementBits) const {
      return getVectorWidth() / elementBits;
    }
  }];
}

//===----------------------------------------------------------------------===//
// CUDA and HIP (GPUs)
//===----------------------------------------------------------------------===//

// The facts of a GPU target are optional parameters: an absent one takes the
// chip's value, so only overrides are stored and printed. The keys follow
// the device properties of the CUDA and HIP runtimes (`warpSize`,
// `maxThreadsPerBlock`, `sharedMemPerBlock`, `sharedMemPerBlockOptin`,
// `multiProcessorCount`), which HIP names the same way as CUDA.
class MDHLL_GPUTargetAttr<string name, string attrMnemonic, string vendor,
                          string exampleChip, string overrideChip>
    : MDHLL_Attr<name, attrMnemonic,
                 [DeclareAttrInterfaceMethods<MDHLL_TargetAttrInterface>]> {
  let summary = "abstract system model of " # vendor # " GPUs";
  let description = [{
    Levels, outermost first: `blocks` (parallel over the grid x/y/z),
    `shared_tile` (sequential, staged in shared memory), `threads` (parallel
    over the block x/y/z), `register_tile` (sequential, per-thread
    registers).

    The chip is required. Each other parameter overrides one fact of the
    chip; an absent one takes the chip's value, and only the overrides are
    printed. `getFacts()` returns the facts with the overrides applied; the
    generated getters return the overrides alone. Sizes are in bytes.
    `docs/asm.md` lists the known chips and their facts.

    ```mlir
    #mdh_ll.}] # attrMnemonic # [{<chip = "}] # exampleChip # [{">
    #mdh_ll.}] # attrMnemonic # [{<chip = "}] # overrideChip # [{",
        shared_memory_per_block = 32768, max_threads_per_block = 512>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the chip, e.g. `" # exampleChip # "`">:$chip,
    MDHLL_OptionalFact<
      "threads per warp (wavefront)">:$warp_size,
    MDHLL_OptionalFact<
      "threads per block (workgroup)">:$max_threads_per_block,
    MDHLL_OptionalFact<
      "bytes of shared memory (LDS) per block without opt-in">
      :$shared_memory_per_block,
    MDHLL_OptionalFact<
      "bytes of shared memory (LDS) per block with the dynamic opt-in">
      :$max_shared_memory_per_block,
    MDHLL_OptionalFact<
      "32-bit registers per thread">:$registers_per_thread,
    MDHLL_OptionalFact<
      "streaming multiprocessors (compute units)">:$multiprocessors
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let builders = [
    AttrBuilder<(ins "::llvm::StringRef":$chip), [{
      return $_get($_ctxt, chip, std::nullopt, std::nullopt, std::nullopt,
                   std::nullopt, std::nullopt, std::nullopt);
    }]>
  ];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The facts of this target: the chip's, with the overrides applied.
    /// Only valid on a verified attribute (the chip must be known).
    ::mlir::mdh_ll::GPUFacts getFacts() const;
    /// The known chips with their facts, in the order diagnostics list them.
    static ::llvm::ArrayRef<::mlir::mdh_ll::GPUChip> getKnownChips();
    /// The known chip called `chip`, or null.
    static const ::mlir::mdh_ll::GPUChip *lookupChip(::llvm::StringRef chip);
    /// The chip a target spec without one (`}] # attrMnemonic # [{`) means.
    static ::llvm::StringRef getDefaultChip();
  }];
}

def MDHLL_CUDATargetAttr
    : MDHLL_GPUTargetAttr<"CUDATarget", "cuda", "NVIDIA", "sm_90", "sm_80">;

def MDHLL_HIPTargetAttr
    : MDHLL_GPUTargetAttr<"HIPTarget", "hip", "AMD", "gfx942", "gfx90a">;

//===----------------------------------------------------------------------===//
// The values of the tuning parameters that are not numbers (DESIGN §4):
// memory regions, layouts, assignment kinds, and the synchronisation a
// re-composition needs. Config.h uses the same enums.
//===----------------------------------------------------------------------===//

def MDHLL_InputRegion : I32EnumAttr<"InputRegion",
    "where a level keeps its copy of an input tile", [
      I32EnumAttrCase<"InPlace", 0, "in_place">,
      I32EnumAttrCase<"Packed", 1, "packed">,
      I32EnumAttrCase<"Shared", 2, "shared">,
      I32EnumAttrCase<"Register", 3, "register">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_Layout : I32EnumAttr<"Layout", "the layout of a tile copy", [
      I32EnumAttrCase<"Identity", 0, "identity">,
      I32EnumAttrCase<"Transposed", 1, "transposed">,
      I32EnumAttrCase<"Rotated", 2, "rotated">,
      // The innermost buffer dimension cut into panels as wide as the
      // register tile reads it, the panel index outermost: a micro-kernel's
      // strip of every row is contiguous (GotoBLAS' packed B).
      I32EnumAttrCase<"Panels", 3, "panels">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_CombineRegion : I32EnumAttr<"CombineRegion",
    "where partial results are combined", [
      I32EnumAttrCase<"Register", 0, "register">,
      I32EnumAttrCase<"Shared", 1, "shared">,
      I32EnumAttrCase<"Device", 2, "device">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_AssignmentKind : I32EnumAttr<"AssignmentKind",
    "how the tiles of a parallel level are dealt to its units", [
      I32EnumAttrCase<"Blocked", 0, "blocked">,
      I32EnumAttrCase<"Strided", 1, "strided">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_Sync : I32EnumAttr<"Sync",
    "the synchronisation a re-composition needs", [
      // One thread combines its own partial results, in order.
      I32EnumAttrCase<"None", 0, "none">,
      // Threads of a warp exchange registers (warp shuffles).
      I32EnumAttrCase<"Shuffle", 1, "shuffle">,
      // Threads of a block meet in shared memory between barriers.
      I32EnumAttrCase<"Barrier", 2, "barrier">,
      // Parallel units write to device (main) memory; a second phase (a
      // second kernel, or a second parallel loop on the CPU) combines them.
      I32EnumAttrCase<"Phase", 3, "phase">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

def MDHLL_MmaShape : I32EnumAttr<"MmaShape",
    "the warp-level matrix product of a GPU register tile", [
      // PTX mma.sync m16n8k16 with f16/bf16 operands and f32 accumulators
      // (sm_80 and later).
      I32EnumAttrCase<"M16N8K16", 0, "m16n8k16">,
      // PTX mma.sync m16n8k8 with tf32 operands (f32 inputs of a
      // computation with precision(tf32)) and f32 accumulators (sm_80 and
      // later).
      I32EnumAttrCase<"M16N8K8", 1, "m16n8k8">,
      // AMD v_mfma_f32_16x16x16f16 / v_mfma_f32_16x16x16bf16_1k: a
      // wavefront's 16x16x16 product of f16/bf16 operands with f32
      // accumulators (gfx90a, gfx94x, gfx950).
      I32EnumAttrCase<"M16N16K16", 2, "m16n16k16">
    ]> {
  let cppNamespace = "::mlir::mdh_ll";
  let genSpecializedAttr = 0;
}

class MDHLL_EnumAttr<EnumAttrInfo info, string name>
    : EnumAttr<MDHLL_Dialect, info, name> {
  // Bare keywords inside ops: `to shared layout transposed`.
  let assemblyFormat = "$value";
}

def MDHLL_InputRegionAttr : MDHLL_EnumAttr<MDHLL_InputRegion, "input_region">;
def MDHLL_LayoutAttr : MDHLL_EnumAttr<MDHLL_Layout, "layout">;
def MDHLL_CombineRegionAttr
    : MDHLL_EnumAttr<MDHLL_CombineRegion, "combine_region">;
def MDHLL_AssignmentKindAttr
    : MDHLL_EnumAttr<MDHLL_AssignmentKind, "assignment_kind">;
def MDHLL_SyncAttr : MDHLL_EnumAttr<MDHLL_Sync, "sync">;
def MDHLL_LevelKindAttr : MDHLL_EnumAttr<MDHLL_LevelKind, "level_kind">;
def MDHLL_MmaShapeAttr : MDHLL_EnumAttr<MDHLL_MmaShape, "mma_shape">;

#endif // MDH_DIALECT_LL_MDHLLATTRIBUTES_TD
