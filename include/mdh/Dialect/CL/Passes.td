//===- Passes.td - CL-IR to CL-IR optimizations ------------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The CL-IR optimizations of DESIGN §5: each removes one kind of overhead
// that the sound-by-construction LL-to-CL lowering leaves, and counts what
// it did. The counts are pass statistics (`--mlir-pass-statistics`) and,
// because Debian's release build of MLIR compiles statistics out, also
// remarks: with `report=true` each pass emits one remark per function that
// says what it changed there.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_PASSES_TD
#define MDH_DIALECT_CL_PASSES_TD

include "mlir/Pass/PassBase.td"

class MDHCL_Pass<string name> : Pass<name> {
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function with what the pass changed there">
  ];
}

def MDHCLInlineScalar : MDHCL_Pass<"mdh-cl-inline-scalar"> {
  let summary = "Inline the scalar function into the loop nest";
  let description = [{
    Replaces every `mdh_cl.scalar` by the operations of its body, so that
    the scalar computation is optimized together with the loads that feed
    it and the accumulation that consumes it.
  }];
  let statistics = [
    Statistic<"numInlined", "inlined", "mdh_cl.scalar ops inlined">
  ];
}

def MDHCLExpandMma : MDHCL_Pass<"mdh-cl-expand-mma"> {
  let summary = "Replace warp-level matrix products by each lane's arithmetic";
  let description = [{
    Replaces every `mdh_cl.mma` by what it means for each lane: its four
    accumulators plus the products along k (16; 8 of operands rounded to
    TF32 for `m16n8k8`), read from A and B where they are (no values
    exchanged between lanes). `--mdh-cl-to-gpu` does
    the same first, so the `gpu` paths (PTX, AMDGPU, the CPU emulation)
    run tensor-core schedules without tensor cores; `--emit-cuda` prints
    `mma.sync` instead.
  }];
  let statistics = [
    Statistic<"numExpanded", "expanded", "mdh_cl.mma ops expanded">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def MDHCLEliminateCombines : MDHCL_Pass<"mdh-cl-eliminate-combines"> {
  let summary = "Remove combine operators whose outcome is known";
  let description = [{
    An `mdh_cl.accumulate` whose `first` flag is the constant true is the
    first and only contribution to its partial result: the combine
    operator is removed and the value stored. This is the main phase of a
    `ps` computation (each position holds its own value until the scan)
    and every computation whose partial results get one contribution
    only.
  }];
  let statistics = [
    Statistic<"numStores", "stores", "accumulations that became stores">
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def MDHCLEliminatePartitionIndices : MDHCL_Pass<"mdh-cl-eliminate-partition-indices"> {
  let summary = "Remove loops over partitions of one tile";
  let description = [{
    A level whose tile size equals the enclosing tile's in a dimension has
    one partition there: its loop runs exactly once. Such a loop is
    replaced by its body with the induction variable set to the lower bound.
    A loop runs exactly once when its bounds are constants with one trip, or
    when its upper bound is `min(lb + c, x)` (or `lb + c`) with
    `1 <= c <= step` and `lb < x` provable: `lb` is the induction variable
    of an enclosing loop bounded by `x`, or `lb = (u mod P) * t` with
    `(P - 1) * t < x`, or both are constants.
  }];
  let statistics = [
    Statistic<"numLoops", "loops", "single-trip loops removed">
  ];
}

def MDHCLSimplifyIndices : MDHCL_Pass<"mdh-cl-simplify-indices"> {
  let summary = "Algebraic simplification of index arithmetic";
  let description = [{
    Simplifies the tile bounds that tiling leaves behind:
    `min(a, min(a, b))` to `min(a, b)`, and `min(a, K)` to `a` when an upper
    bound of `a` (from constants, `x mod c`, sums, products, minima and loop
    bounds) is at most the constant `K`: the bound of a tile that cannot be
    partial. The arith canonicalizations (which cancel `(a + b) - a` and
    the like) run alongside; only the rewrites above are counted.
  }];
  let statistics = [
    Statistic<"numSimplified", "simplified", "index expressions simplified">
  ];
}

def MDHCLAccumulateInRegisters
    : MDHCL_Pass<"mdh-cl-accumulate-in-registers"> {
  let summary = "Hold the partial results of a register tile in registers";
  let description = [{
    The LL-to-CL lowering accumulates every point's result into its
    partial result in memory (an output or a device buffer), re-reading it
    at every point and, for the partial results of several threads in one
    buffer, sharing cache lines between threads. This pass gives each
    `mdh_cl.accumulate` a `register` buffer of the shape of its register
    tile: the loop nest around it whose loops are either reduction loops
    (their induction variable does not reach the accumulation's indices),
    point loops (step 1, at most a constant number of trips) or loops over
    a thread's part of a tile that run at most once. Inside the nest the
    accumulation goes to the register buffer; right after it one loop nest
    over the point loops combines the register tile into the original
    partial results, with the original `first` flag as it was at the
    nest's first point. Code after the nest may read the partial results
    (on GPUs, the combine of the threads' results in shared memory).

    A reduction loop may run zero times (on GPUs, the range of an idle
    thread in a partial tile): then a `register` flag per cell, cleared
    before the nest, says whether the cell holds a contribution yet, and
    the combine after the nest skips (`scf.if`) the cells that hold nothing.

    The register tile is at most `max-cells` elements (by default 256, or
    what the configuration rules allow on the function's CPU target where
    that is more: 384 words with AVX-512's 32 registers). A step-1 loop
    outside at least one point loop and a reduction loop of more than one
    trip that would take the tile past that limit ends the nest instead:
    it is taken for a loop over tiles of one point (the
    tile loop of a register tile that spans its dimension's whole extent
    runs once and is removed, so the loop above it looks like a point
    loop). Other accumulations are left alone, as are those whose buffers
    are read or written elsewhere inside the nest.

    With `start-at-identity` (on in `--mdh-cl-optimize-gpu`), when every
    reduction loop of the nest runs whenever it is reached and the combiner
    is a builtin operator with an exact identity for the tile's element
    types (`-0.0` for floating-point `add`, `1` for `mul`, the extreme
    values for `max`/`min`, ...), the register tile is set to the identity
    before the nest and every contribution in the nest combines
    unconditionally (`first` is `false`): a contraction's body is then one
    multiply-add. The CPU pipeline leaves it off: the vectorizer rebuilds
    the nest from the `first` flags.

    The register buffers of the two branches of an `scf.if` (GPU code's
    versions for full and partial blocks) are shared, pairwise by type: one
    buffer created before the `if`. The branches are exclusive and every
    buffer is written before it is read; separate buffers end up in local
    memory once LLVM merges the branches' identical combines through a phi
    of their addresses.
  }];
  // The combine after the nest skips empty cells with an scf.if when a
  // reduction loop may run zero times.
  let dependentDialects = ["::mlir::scf::SCFDialect"];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function with what the pass changed there">,
    Option<"maxCells", "max-cells", "int64_t", /*default=*/"0",
           "Largest register tile (elements per buffer); 0: 256, or on a "
           "CPU target the accumulator words its configuration rules allow "
           "where that is more (AVX-512: 384)">,
    Option<"startAtIdentity", "start-at-identity", "bool", /*default=*/"false",
           "Start register tiles at the combiner's identity where it is "
           "exact, so that the nest combines without `first` selects">
  ];
  let statistics = [
    Statistic<"numAccumulations", "accumulations",
              "accumulations moved into register tiles">
  ];
}

def MDHCLUnroll : MDHCL_Pass<"mdh-cl-unroll"> {
  let summary = "Separate full register tiles and unroll their point loops";
  let description = [{
    A loop over tiles `for lo = a to b step t` whose tile ends at
    `min(lo + t, b)`, where that end bounds a point loop (step 1), is split
    into a loop over the full tiles, `a` to `a + (b - a) / t * t`, in which
    the end is `lo + t`, and a loop over the partial last tile, if any.
    Point loops of the full tiles then run a constant number of times;
    loops with a constant trip count of at most `max-trips` whose bodies,
    unrolled, stay within `max-ops` operations are fully unrolled,
    innermost first; loop-invariant operations leave the loops first, so
    that the size counts what unrolling copies. Unrolled register tiles
    have constant indices, so
    their register buffers become scalars in LLVM. Loops inside a partial
    tile are not split again, so code grows linearly with the nest depth.

    Not part of the default host pipeline (`--mdh-host-to-llvm=enable=
    mdh-cl-unroll` or `mdh-run --enable-pass=mdh-cl-unroll` turn it on): on
    the examples it multiplied compile times (MCC: 0.11 s to 3.65 s) and
    measured no speed-up, because the unrolled tiles are not yet turned
    into vector operations. Part of `--mdh-cl-optimize-gpu`, after
    `mdh-cl-pad-register-tiles`: GPU register tiles need constant indices.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function with what the pass changed there">,
    Option<"maxTrips", "max-trips", "int64_t", /*default=*/"16",
           "Largest trip count of a loop to unroll">,
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"256",
           "Largest number of operations an unrolled loop may hold">
  ];
  let statistics = [
    Statistic<"numSplit", "split", "tile loops split into full and partial tiles">,
    Statistic<"numUnrolled", "unrolled", "loops fully unrolled">
  ];
}

def MDHCLPadRegisterTiles : MDHCL_Pass<"mdh-cl-pad-register-tiles"> {
  let summary = "Give the loops over register tiles a constant trip count";
  let description = [{
    On GPUs a thread's `register` buffers stay in registers only when every
    index into them is a compile-time constant after unrolling; otherwise
    the compiler puts them into local memory (`ptxas -v`: a stack frame).
    The loops over a register tile have run-time bounds, since tiles are
    partial at the borders and idle threads' ranges are empty. This pass
    pads each such loop to the constant bound of its trip count and guards
    the body:

    ```mlir
    mdh_cl.for %i = %lo to %hi step %c1 { ... %i ... }  // %hi = min(%lo + 4, %n)
    ```

    becomes

    ```mlir
    mdh_cl.for %j = %c0 to %c4 step %c1 {
      %i = arith.addi %lo, %j : index
      %in = arith.cmpi ult, %i, %hi : index
      scf.if %in { ... %i ... }
    }
    ```

    A loop is padded when its step is 1, its trip count is at most a
    constant between 2 and `max-trips` (`lo + c`, `min(lo + c, x)`) but not
    known exactly, its body reads or writes a `register` buffer, and it
    holds no barrier (barriers must stay in uniform control flow). Every
    `mdh_cl.copy` into a `register` buffer becomes a loop nest over the
    buffer's static shape with the copy's sizes as guards. The CUDA and HIP
    emitters mark the padded loops `#pragma unroll`; LLVM unrolls them on
    the MLIR path. For GPU CL-IR (`--mdh-cl-optimize-gpu`); on the host,
    `mdh-cl-vectorize-register-tiles` makes vector registers instead.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function with what the pass changed there">,
    Option<"maxTrips", "max-trips", "int64_t", /*default=*/"16",
           "Largest constant trip count a loop is padded to">
  ];
  let statistics = [
    Statistic<"numLoops", "loops", "register-tile loops padded">,
    Statistic<"numCopies", "copies", "copies into register buffers padded">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect"];
}

def MDHCLBankConflicts : Pass<"mdh-cl-bank-conflicts"> {
  let summary = "Report the shared-memory bank conflicts of GPU kernels";
  let description = [{
    An analysis; it changes nothing. For every load and store of a `shared`
    buffer inside a kernel's thread loop (functions with a `cuda` or `hip`
    target), it evaluates the indices that the lanes of the block's first
    warp (32 lanes; 64 on AMD) compute, with block ids 0 and every loop at
    its first iteration, and counts the wavefronts the access takes through
    the 32 banks of 4 bytes: per phase (32 lanes for accesses of up to 4
    bytes, 16 for 8 bytes, 8 for 16 bytes), the largest number of distinct
    4-byte words that fall into one bank. Each access that takes more
    wavefronts than phases gets a remark; every function gets one that sums
    the accesses per thread, weighted by the trip counts of their loops, and
    their wavefronts with and without conflicts.

    Scalar accesses that the backends merge into 128-bit (64-bit) ones are
    counted as such, when every lane's next element is one element on from
    a 16-byte (8-byte) boundary and the buffer's rows keep that alignment:
    neighbours along the innermost dimension of a copy's box; an access
    repeated by an unrolled loop around it (a loop over a register tile
    with a constant trip count of at most 64, a multiple of the vector:
    `#pragma unroll` in CUDA and HIP, `mdh-cl-unroll` on the NVVM path);
    and consecutive scalar accesses of one kind to one buffer in a block.
    That is what `ptxas` does with the emitted CUDA and LLVM with the NVVM
    path on MatMul (all of its hot-loop LDS are LDS.128); it cannot be
    exact, since the compilers merge only what they prove aligned.

    The model is NVIDIA's. AMD's LDS also has 32 banks of 4 bytes and serves
    a wave64 in halves, which the 32-lane phases approximate. Addresses are
    exact for the first iteration; for affine indices every iteration
    shifts all lanes alike and has the same count. A lane for which an
    `scf.if` around the access evaluates to the other branch does not
    access (inputs are taken to be aligned, so the kernels' fast versions
    count); conditions that do not evaluate count as taken.

    Example: MatMul's default sm_80 schedule reads B's 16 x 128 tile at
    `[k, 8 * (tid % 16) + j]`; eight lanes of a 128-bit phase read 32 bytes
    apart, two to a bank:

    ```
    remark: bank conflict: 8 wavefronts where 4 would do (32 lanes, 16 bytes each), 128 times per thread
    ```
  }];
  let statistics = [
    Statistic<"numAccesses", "accesses", "shared-memory accesses per thread">,
    Statistic<"numConflicted", "conflicted", "accesses with bank conflicts">
  ];
}

def MDHCLPadSharedTiles : MDHCL_Pass<"mdh-cl-pad-shared-tiles"> {
  let summary = "Pad the rows of shared tiles where that removes bank conflicts";
  let description = [{
    For each `shared` buffer of rank 2 or more that is only indexed element
    by element (loads, stores and copies; 128-bit accesses need rows of
    whole vectors), tries its innermost extent padded so that consecutive
    rows start an odd number of 4-byte bank words apart (8-byte words for
    8-byte elements), and keeps the padding when the model of
    `--mdh-cl-bank-conflicts` counts fewer wavefronts for the function and
    no more accesses (a padded row that 128-bit loads walked would no
    longer merge). Buffers are tried one after the other, each against the
    best so far. The indices do not change: only the buffer's shape does.
    A block's shared tiles may grow up to 48 KiB, or not at all beyond.

    Not part of `--mdh-cl-optimize-gpu`: run it on `--mdh-lower-to-clir`'s
    output (`mdh-opt k.mlir --mdh-lower-to-clir=target=cuda
    --mdh-cl-pad-shared-tiles --emit-cuda`). The model cannot tell every
    merge that `ptxas` makes from one it does not (it needs to prove the
    alignment), so on the examples' SASS the padding it picks is mixed:
    MCC 1x7x7x512's filter tile halves the modelled wavefronts with the
    same LDS count, but MCC 1x112x112x64 on the NVVM path loses 64-bit
    loads (34 to 66 LDS in the hot loop; bench/README.md, "Bank
    conflicts"). Without a GPU to measure it, it stays opt-in.

    Example: a 64 x 16 tile whose row `tid` each lane reads,

    ```mlir
    %tile = mdh_cl.buffer shared : memref<64x16xf32>
    ```

    becomes `memref<64x17xf32>`, its 128-bit stores four scalar ones.
  }];
  let statistics = [
    Statistic<"numPadded", "padded", "shared tiles padded">
  ];
}

def MDHCLReduceBuffers : MDHCL_Pass<"mdh-cl-reduce-buffers"> {
  let summary = "Drop re-composition buffers that only mirror an output";
  let description = [{
    A `device` buffer whose final contents a phase copies element by
    element, at the same indices, into an output of the same shape (the
    partial results of a `ps` computation with identity output views, for
    instance) is replaced by that output: the computation accumulates and
    scans in the output directly, and the copy phase goes away. The output
    must not be used otherwise. The report counts the buffers and the bytes
    of device memory saved.
  }];
  let statistics = [
    Statistic<"numBuffers", "buffers", "device buffers replaced by outputs">
  ];
}

def MDHCLVectorizeRegisterTiles
    : MDHCL_Pass<"mdh-cl-vectorize-register-tiles"> {
  let summary = "Hold CPU register tiles in vector values, accumulated with FMA";
  let description = [{
    A `register` buffer that `mdh-cl-accumulate-in-registers` made is still
    memory: LLVM keeps it on the stack and the innermost loop re-reads and
    re-writes it. On a full tile (each point loop runs its whole extent,
    checked at run time), this pass rebuilds the loop nest N around the
    accumulation: the point loop of the last tile dimension becomes the
    lanes of `vector<N x T>` values (`N = vector-bits / bitwidth(T)`), the
    other point loops are unrolled, the accumulators are SSA vectors
    carried through the reduction loops as `scf.for` iteration arguments,
    and a product added into them is one `vector.fma`. Loads that depend on
    the lanes must be contiguous along them (`vector.load`); the others are
    broadcast. At the end the vectors are stored into the register buffer,
    whose flush is unchanged.

    A partial tile that is not empty runs a second vector version over the
    whole tile: instances past the end of a point loop read its last point
    and lanes past the end are masked (`vector.maskedload`); only the cells
    inside the tile are flushed (checked: the buffer's other reads are at
    `iv - lb` of loops with the point loops' bounds). Empty tiles run the
    scalar nest. A nest with integer division or remainder gets no masked
    vectors at all (a masked lane, read as 0, could divide by zero): its
    partial tiles run the scalar nest and it gets no reduction mode.

    When the last tile dimension is no whole number of vectors, or its
    loads are not contiguous (MatVec's rows, a Dot without output
    dimensions), the trips of one of N's reduction loops become the lanes
    instead: every tile cell gets a vector of partial results, whole
    vectors of the loop run unmasked, the rest as one masked vector, and
    `vector.reduction` combines the lanes at the end. This reorders the
    combination along that loop (a float sum is rounded differently). When
    the tile has fewer than 8 vectors of partial results (one chain each,
    every step waiting for the last), the whole vectors run in groups of
    up to 4, each vector of a group into partial results of its own,
    combined after the groups (a maximum of 2^24 floats: 2.3 to 1.6 ms).

    The accumulators start from the combiner's identity, which is exact
    because the accumulation's `first` flag holds exactly at the first trip
    of N's reduction loops (checked); builtin `pw` operators with an
    identity. A custom `mdh.combiner` declared associative and commutative
    whose body is element-wise (an argmax's compares and selects) runs in
    reduction mode on whole vectors, lane by lane: having no identity, each
    lane takes its first value outright (a mask says which lanes hold a
    partial result), and the lanes are folded in order at the end. Lane
    indices that feed anything but a contiguous load become vectors
    (`base + vector.step`). At most `max-vectors` accumulators (and masks)
    per tile.

    ```mlir
    // for k: for i in [i0, i0+6): for j in [j0, j0+16):
    //   accumulate A[i,k] * B[k,j] into acc[i-i0, j-j0] first (k == k0)
    // becomes, on a full 6x16 tile with 256-bit vectors:
    %r:12 = scf.for %k = %k0 to %k1 step %c1 iter_args(...) -> (vector<8xf32>, ...) {
      %a = memref.load %A[%i, %k] : memref<1024x1024xf32>
      %ab = vector.broadcast %a : f32 to vector<8xf32>
      %b = vector.load %B[%k, %j] : memref<1024x1024xf32>, vector<8xf32>
      %f = vector.fma %ab, %b, %acc : vector<8xf32>
      ...
    }
    ```
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function with what the pass changed there">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "Bits per vector register (256: AVX2; 512: AVX-512); 0: the "
           "vector width of the function's `mdh_ll.target`, 256 without one">,
    Option<"maxVectors", "max-vectors", "int64_t", /*default=*/"24",
           "Most vector accumulators per register tile">
  ];
  let statistics = [
    Statistic<"numTiles", "tiles", "register tiles held in vector values">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // MDH_DIALECT_CL_PASSES_TD
