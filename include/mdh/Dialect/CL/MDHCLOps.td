//===- MDHCLOps.td - Ops of the mdh_cl (CL-IR) dialect -----*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Buffers, phases, the loop nest, tile copies, the scalar function and
// accumulations (docs/cl-ir.md). The root of the dialect's tablegen run.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_CL_MDHCLOPS_TD
#define MDH_DIALECT_CL_MDHCLOPS_TD

include "mdh/Dialect/CL/MDHCLAttributes.td"
include "mdh/Dialect/CL/MDHCLDialect.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Buffers and phases
//===----------------------------------------------------------------------===//

def MDHCL_BufferOp : MDHCL_Op<"buffer", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "a de- or re-composition buffer in a memory region";
  let description = [{
    A buffer of static shape in `region`. A `device` buffer lives for the
    whole function (it carries partial results from one phase to the
    next); `packed`, `shared` and `register` buffers belong to the parallel
    unit whose loop body allocates them.

    ```mlir
    %partials = mdh_cl.buffer device : memref<8x1024xf32>
    ```
  }];
  let arguments = (ins MDHCL_RegionAttr:$region);
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = "`` $region attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def MDHCL_PhaseOp : MDHCL_Op<"phase", [SingleBlock, NoTerminator]> {
  let summary = "one parallel launch";
  let description = [{
    The phases of a function run one after the other; within a phase, the
    iterations of its parallel loops run concurrently. A re-composition of
    partial results across blocks (or CPU threads) is a second phase.

    ```mlir
    mdh_cl.phase "combine" {
      mdh_cl.par_for %i = %c0 to %c64 step %c1 on threads x { ... }
    }
    ```
  }];
  let arguments = (ins StrAttr:$phase_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$phase_name $body attr-dict";
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

def MDHCL_ForOp : MDHCL_Op<"for", [SingleBlock, NoTerminator]> {
  let summary = "a sequential loop";
  let description = [{
    Runs its body for `%iv` = `lb`, `lb + step`, ... below `ub`.

    ```mlir
    mdh_cl.for %k = %c0 to %c512 step %c16 {
      ...
    }
    ```
  }];
  let arguments = (ins Index:$lowerBound, Index:$upperBound, Index:$step);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::BlockArgument getInductionVar() {
      return getBody().front().getArgument(0);
    }
    /// The number of trips when it is known: a constant step and constant
    /// bounds or `ub = lb + c` (a tile end `min(lb + c, x)` is only a
    /// bound).
    std::optional<int64_t> getConstantTripCount();
    /// Whether the body is one thread's work over a register tile: it reads
    /// or writes a `register` buffer and holds no barrier.
    bool isOverRegisterTile();
    /// Whether the loop runs over the points of a register tile a number of
    /// times known at compile time: step 1, at least two trips (see
    /// getConstantTripCount) and isOverRegisterTile. LL-to-CL makes no other
    /// loops of that shape; GPU code unrolls them fully, so that every index
    /// into a `register` buffer is a constant and the buffer stays in
    /// registers.
    bool isUnrolledRegisterTileLoop();
  }];
}

def MDHCL_ParForOp : MDHCL_Op<"par_for", [SingleBlock, NoTerminator]> {
  let summary = "a parallel loop over the units of a core layer";
  let description = [{
    The iterations are independent except at `mdh_cl.barrier`s; they run on
    the units of core layer `layer` along hardware dimension `dim` (CPU
    threads use `threads x`).

    ```mlir
    mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
      ...
    }
    ```
  }];
  let arguments = (ins Index:$lowerBound, Index:$upperBound, Index:$step,
                   MDHCL_LayerAttr:$layer, MDHCL_HwDimAttr:$dim);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::BlockArgument getInductionVar() {
      return getBody().front().getArgument(0);
    }
  }];
}

def MDHCL_AlignedOp : MDHCL_Op<"aligned", [Pure]> {
  let summary = "whether a buffer's first element is aligned";
  let description = [{
    True when the address of the first element of `buffer` is a multiple of
    `bytes` (a power of two). A GPU's 128-bit loads need 16-byte aligned
    addresses, and a function's arguments may have any alignment their
    element type allows: GPU CL-IR tests it (the same on every thread)
    before a cooperative copy with vector loads, and copies element by
    element otherwise.

    ```mlir
    %ok = mdh_cl.aligned %A, 16 : memref<1024x1024xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$buffer,
                       ConfinedAttr<I64Attr, [IntPositive, IntPowerOf2]>:$bytes);
  let results = (outs I1:$result);
  let assemblyFormat = "$buffer `,` $bytes attr-dict `:` type($buffer)";
}

def MDHCL_BarrierOp : MDHCL_Op<"barrier"> {
  let summary = "synchronises the threads of a block";
  let description = [{
    Synchronises all threads of a block: all iterations of the enclosing
    `threads` parallel loops. It must sit in uniform control flow: between
    it and the outermost of those loops there may only be sequential loops
    and thread loops whose bounds do not depend on the thread, and `scf.if`
    branches without results whose condition does not (the GPU lowering's
    version of a block whose tile is full).

    ```mlir
    mdh_cl.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def MDHCL_ShuffleOp : MDHCL_Op<"shuffle", [Pure,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "reads a value of another lane of the warp";
  let description = [{
    The threads of a block form groups of `width` consecutive threads (by
    their linear id, x fastest; a warp or part of one). With `down`, thread
    `l` of a group gets `value` of thread `l + delta` of its group, or its
    own `value` where `l + delta >= width` (as CUDA's `__shfl_down_sync`);
    with `up`, of thread `l - delta`, or its own where `l < delta`
    (`__shfl_up_sync`). The GPU lowering's combines use them for trees and
    scans within a warp, without shared memory or barriers.

    Every thread of the group must execute it, so it sits in uniform
    control flow, like `mdh_cl.barrier`, and the block's thread count must
    be a multiple of `width`.

    ```mlir
    %o = mdh_cl.shuffle down %v, 8 width 32 : f32
    ```
  }];
  let arguments = (ins
    MDHCL_ShuffleModeAttr:$mode,
    AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$value,
    ConfinedAttr<I64Attr, [IntPositive]>:$delta,
    ConfinedAttr<I64Attr, [IntPositive, IntPowerOf2, IntMaxValue<32>]>:$width
  );
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$result);
  // (`` : the mode attribute prints its own leading space.)
  let assemblyFormat = [{
    `` $mode $value `,` $delta `width` $width attr-dict `:` type($value)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Copies, the scalar computation, accumulation
//===----------------------------------------------------------------------===//

def MDHCL_CopyOp : MDHCL_Op<"copy", [AttrSizedOperandSegments]> {
  let summary = "copies a box of a buffer into a tile buffer";
  let description = [{
    `dst[j] = src[offsets + j]` for every `j < sizes` (per dimension); with
    the `transposed` layout the last two dimensions of `dst` are swapped,
    with `rotated` the first dimension of `dst` is its last
    (`dst[j1, .., jn-1, j0]`). With `panels`, `dst` has one dimension more:
    the innermost source dimension is cut into panels of `dst`'s innermost
    extent W, the panel index outermost (`dst[jn-1 / W, j0, .., jn-2,
    jn-1 % W]`), so that a register tile's W-wide strip of every row is
    contiguous.
    `sizes` must fit into `dst`; they are smaller at partial tiles. A
    float `dst` may be wider than `src`: each element is widened as by
    `arith.extf` (exact), so that tiles of an f16 input the scalar function
    only uses as f32 hold f32.

    ```mlir
    mdh_cl.copy %A[%i, %k] [%si, %sk] to %packed layout identity
        : memref<1024x1024xf32> to memref<64x32xf32>
    mdh_cl.copy %B[%k, %j] [%sk, %sj] to %panels layout panels
        : memref<1024x1024xf32> to memref<16x256x32xf32>
    ```
  }];
  let arguments = (ins
    Arg<AnyStaticShapeMemRef, "the source", [MemRead]>:$source,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Arg<AnyStaticShapeMemRef, "the tile buffer", [MemWrite]>:$dest,
    MDHCL_LayoutAttr:$layout
  );
  let assemblyFormat = [{
    $source `[` $offsets `]` `[` $sizes `]` `to` $dest `layout` `` $layout
    attr-dict `:` type($source) `to` type($dest)
  }];
  let hasVerifier = 1;
}

def MDHCL_ScalarOp : MDHCL_Op<"scalar", [
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "the scalar function, applied to one point";
  let description = [{
    Applies the computation's scalar function to `args` (the iteration
    indices, then one value per input access) and returns one value per
    output access. The scalar-inlining pass replaces it by its body.

    ```mlir
    %p = mdh_cl.scalar(%i, %k, %a, %b) : (index, index, f32, f32) -> f32 {
    ^bb0(%i0: index, %k0: index, %x: f32, %y: f32):
      %m = arith.mulf %x, %y : f32
      mdh_cl.yield %m : f32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $args `)` `:` functional-type($args, $results) $body attr-dict
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// Replaces the op by its body, the operands standing for the block
    /// arguments (scalar inlining; also how the lowering to loops ends it).
    void inlineBody(::mlir::RewriterBase &rewriter);
  }];
}

def MDHCL_YieldOp : MDHCL_Op<"yield", [Pure, Terminator, ReturnLike,
    HasParent<"ScalarOp">]> {
  let summary = "the results of the scalar function";
  let description = [{
    ```mlir
    mdh_cl.yield %m : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing */ }]>];
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

def MDHCL_AccumulateOp : MDHCL_Op<"accumulate", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "combines values into partial results";
  let description = [{
    At position `indices` of every buffer: `buf = first ? value :
    op(buf, value)`, where `op` is the operator of `combiner` (a custom
    combiner combines the tuple of all buffers at once). `first` marks the
    first contribution to a partial result, so no identity is needed.

    ```mlir
    mdh_cl.accumulate %p into %acc[%i] first %isFirst combine pw(add)
        : f32 into memref<64xf32>
    ```
  }];
  let arguments = (ins
    Variadic<AnyType>:$values,
    Arg<Variadic<AnyStaticShapeMemRef>, "the partial results",
        [MemRead, MemWrite]>:$buffers,
    Variadic<Index>:$indices,
    I1:$first,
    MDHCL_CombinerAttr:$combiner
  );
  let assemblyFormat = [{
    $values `into` $buffers `[` $indices `]` `first` $first
    `combine` custom<Combiner>($combiner) attr-dict
    `:` type($values) `into` type($buffers)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp-level matrix products
//===----------------------------------------------------------------------===//

def MDHCL_MmaOp : MDHCL_Op<"mma", [AttrSizedOperandSegments]> {
  let summary = "a warp's 16xNxK matrix product on tensor cores";
  let description = [{
    The lanes of a warp (threads of consecutive linear id, x fastest; the
    lane is the linear id modulo the warp's width) compute together
    `D = A * B + C` with `A` 16xK, `B` KxN and `C`, `D` 16xN, as PTX's
    `mma.sync.aligned` (`.row.col`, f32 accumulators) or AMD's MFMA of the
    same shape does:

    - `m16n8k16`: 32 lanes, N = 8, K = 16, `A` and `B` both f16 or both
      bf16, multiplied exactly into f32;
    - `m16n8k8`: 32 lanes, N = 8, K = 8, `A` and `B` f32, each element
      rounded to TF32 (10 explicit significand bits, to nearest with ties
      away from zero, as `cvt.rna.tf32.f32`) and the products formed in
      f32;
    - `m16n16k16`: a wavefront of 64 lanes, N = 16, K = 16, `A` and `B` both
      f16 or both bf16 (`v_mfma_f32_16x16x16f16`,
      `v_mfma_f32_16x16x16bf16_1k`);
    - `A[r][k]` is `lhs[lhsIndices + (r, k)]` (the last two indices; with
      `lhs_transposed`, `lhs[.., k, r]`), `B[k][c]` is
      `rhs[rhsIndices + (k, c)]` (with `rhs_transposed`, `rhs[.., c, k]`),
      read from any memory (shared tiles in the GPU lowering);
    - `C` and `D` are the accumulator fragments: lane `l` holds element
      `(l / 4 + 8 * (e / 2), 2 * (l % 4) + e % 2)` (the PTX ISA's layout
      for C and D of both NVIDIA shapes) or `(4 * (l / 16) + e, l % 16)`
      (MFMA) at `acc[accIndices + e]`, `e < 4`, in its own register
      buffer.

    With `tiles [tm, tn]` the op is a warp tile of `tm` x `tn` such
    products that share their fragments: product `(i, j)` reads the 16 rows
    of `A` from row `16 * i` and the N columns of `B` from column `N * j`
    (of the block the indices name), and its accumulators are at
    `accIndices + (i, j, e)` (the last three indices). Each fragment is then
    loaded once for its row or column of the warp tile, where `ldmatrix`
    can load it (a shared tile whose rows are 16-byte aligned). Without
    `tiles` the op is one product (`tiles [1, 1]` but the accumulators at
    `accIndices + e`). The NVIDIA shapes only: an MFMA is one product.

    Every lane thus updates only its own accumulators, from memory every
    lane can read: `--mdh-cl-expand-mma` computes them so (the reference
    semantics, for the CPU emulation); the CUDA emitter and the NVVM path
    load the A and B fragments of the PTX layout and issue `mma.sync`, the
    HIP emitter and the ROCDL path those of the MFMA layout and issue the
    MFMA. The
    f32 sums may be rounded in any order. Every thread of the warp must
    execute it: it sits in uniform control flow, like `mdh_cl.barrier`,
    and the block's thread count is a multiple of the warp's width.

    ```mlir
    mdh_cl.mma m16n8k16 %As[%r, %k], %Bs[%k, %c] into %acc[%i, %c0]
        : memref<64x32xf16, 3>, memref<32x64xf16, 3> into memref<4x4x4xf32>
    mdh_cl.mma m16n8k8 %Xs[%r, %k], %Ys[%c, %k] transposed into %acc[%i, %c0]
        : memref<64x32xf32, 3>, memref<64x32xf32, 3> into memref<4x4x4xf32>
    mdh_cl.mma m16n8k16 tiles [4, 4] %As[%r, %k], %Bs[%k, %c]
        into %acc[%c0, %c0, %c0]
        : memref<64x32xf16, 3>, memref<32x64xf16, 3> into memref<4x4x4xf32>
    ```
  }];
  let arguments = (ins
    MDHCL_MmaShapeAttr:$shape,
    OptionalAttr<ConfinedAttr<DenseI64ArrayAttr,
                              [DenseArrayCount<2>,
                               DenseArrayStrictlyPositive<DenseI64ArrayAttr>]>>:$tiles,
    Arg<AnyStaticShapeMemRef, "A", [MemRead]>:$lhs,
    Variadic<Index>:$lhsIndices,
    UnitAttr:$lhs_transposed,
    Arg<AnyStaticShapeMemRef, "B", [MemRead]>:$rhs,
    Variadic<Index>:$rhsIndices,
    UnitAttr:$rhs_transposed,
    Arg<AnyStaticShapeMemRef, "the accumulator fragments",
        [MemRead, MemWrite]>:$acc,
    Variadic<Index>:$accIndices
  );
  let assemblyFormat = [{
    `` $shape (`tiles` $tiles^)? $lhs `[` $lhsIndices `]`
    (`transposed` $lhs_transposed^)? `,`
    $rhs `[` $rhsIndices `]` (`transposed` $rhs_transposed^)?
    `into` $acc `[` $accIndices `]` attr-dict
    `:` type($lhs) `,` type($rhs) `into` type($acc)
  }];
  let extraClassDeclaration = [{
    /// The products along m and n (1 and 1 without `tiles`).
    int64_t getTilesM() { return getTiles() ? (*getTiles())[0] : 1; }
    int64_t getTilesN() { return getTiles() ? (*getTiles())[1] : 1; }
  }];
  let hasVerifier = 1;
}

#endif // MDH_DIALECT_CL_MDHCLOPS_TD
