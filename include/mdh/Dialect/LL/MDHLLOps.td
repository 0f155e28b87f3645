//===- MDHLLOps.td - Operations of LL-IR -------------------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// LL-IR states the schedule of one MDH computation on one abstract system
// model explicitly (DESIGN §4): one `mdh_ll.level` per level of the target,
// nested outermost first, each with its tile sizes, order and (parallel
// levels) assignment; the tile copies of each level with their memory region
// and layout; the scalar phase in the innermost level; and after each level
// the re-composition of the partial results its tiles produced, with the
// memory region and synchronisation it needs.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_LL_MDHLLOPS_TD
#define MDH_DIALECT_LL_MDHLLOPS_TD

include "mdh/Dialect/HL/MDHInterfaces.td"
include "mdh/Dialect/LL/MDHLLAttributes.td"
include "mdh/Dialect/LL/MDHLLDialect.td"
include "mdh/Dialect/LL/MDHLLInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The constraints of `mdh.compute`'s operands and attributes (MDHOps.td is not
// included: its enums would be generated a second time here).
def MDHLL_ElementType : AnyTypeOf<[F16, BF16, F32, F64, I8, I16, I32, I64]>;
def MDHLL_Buffer
    : StaticShapeMemRefOf<[F16, BF16, F32, F64, I8, I16, I32, I64]>;
def MDHLL_MapListsAttr : TypedArrayAttrBase<AffineMapArrayAttr,
    "one list of affine maps per buffer">;
def MDHLL_CombinersAttr : TypedArrayAttrBase<
    Attr<CPred<"::llvm::isa<::mlir::mdh::CombinerAttr>($_self)">,
         "an MDH combine operator">,
    "one combine operator per dimension">;
def MDHLL_PrecisionAttr
    : Attr<CPred<"::llvm::isa<::mlir::mdh::PrecisionAttr>($_self)">,
           "an MDH precision"> {
  let storageType = "::mlir::mdh::PrecisionAttr";
  let returnType = "::mlir::mdh::Precision";
  let convertFromStorage = "$_self.getValue()";
  let constBuilderCall =
      "::mlir::mdh::PrecisionAttr::get($_builder.getContext(), $0)";
}

class MDHLL_Op<string mnemonic, list<Trait> traits = []>
    : Op<MDHLL_Dialect, mnemonic, traits>;

def MDHLL_TargetAttr : Attr<
    CPred<"::llvm::isa<::mlir::mdh_ll::TargetAttrInterface>($_self)">,
    "a target attribute (#mdh_ll.openmp, #mdh_ll.cuda or #mdh_ll.hip)"> {
  let storageType = "::mlir::mdh_ll::TargetAttrInterface";
  let returnType = "::mlir::mdh_ll::TargetAttrInterface";
  let convertFromStorage = "$_self";
}

//===----------------------------------------------------------------------===//
// ScheduleOp
//===----------------------------------------------------------------------===//

def MDHLL_ScheduleOp : MDHLL_Op<"schedule", [
    MDH_ComputationOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    AttrSizedOperandSegments,
    SingleBlock,
    NoTerminator]> {
  let summary = "the schedule of one MDH computation on one target";
  let description = [{
    The computation is the one of the `mdh.compute` it came from (sizes,
    one combine operator per dimension, input and output views); the target
    is an abstract system model. The body holds the schedule: one
    `mdh_ll.level 0` (the outermost level of the target), followed by the
    `mdh_ll.combine` ops that re-compose the partial results of its tiles.

    The verifier checks the structure (every level of the target in order,
    one tile size per dimension on each, copies and combines where they
    belong) and then the configuration the schedule stands for against every
    rule of `docs/tuning-parameters.md`: tile sizes, orders, assignments,
    memory regions and the target's limits.

    Example (MatVec on the CPU):

    ```mlir
    mdh_ll.schedule "matvec" on #mdh_ll.openmp<>
        sizes(1024, 512) combine(cc, pw(add))
        ins(%M : memref<1024x512xf32> [(d0, d1) -> (d0, d1)],
            %v : memref<512xf32> [(d0, d1) -> (d1)])
        outs(%w : memref<1024xf32> [(d0, d1) -> (d0)]) {
      mdh_ll.level 0 "threads" parallel tiles [128, 512] order [0, 1]
          assign [x, x] blocked {
        mdh_ll.level 1 "l2_tile" sequential tiles [128, 512] order [0, 1] {
          mdh_ll.level 2 "l1_tile" sequential tiles [32, 512] order [0, 1] {
            mdh_ll.copy %M to packed layout identity : memref<1024x512xf32>
            mdh_ll.level 3 "register_tile" simd tiles [4, 8] order [0, 1] {
              mdh_ll.scalar {
              ^bb0(%i: index, %k: index, %m: f32, %x: f32):
                %p = arith.mulf %m, %x : f32
                mdh_ll.yield %p : f32
              }
            }
            mdh_ll.combine %w dims [1] across 3 in register sync none
                : memref<1024xf32>
          }
          mdh_ll.combine %w dims [1] across 2 in register sync none
              : memref<1024xf32>
        }
      }
    }
    ```
  }];
  let arguments = (ins
    Arg<Variadic<MDHLL_Buffer>, "input buffers", [MemRead]>:$ins,
    Arg<Variadic<MDHLL_Buffer>, "output buffers", [MemRead, MemWrite]>:$outs,
    OptionalAttr<StrAttr>:$name,
    MDHLL_TargetAttr:$target,
    DenseI64ArrayAttr:$sizes,
    MDHLL_CombinersAttr:$combiners,
    DefaultValuedAttr<MDHLL_MapListsAttr, "{}">:$in_maps,
    MDHLL_MapListsAttr:$out_maps,
    OptionalAttr<MDHLL_PrecisionAttr>:$precision
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ($name^)? `on` $target `sizes` `(` custom<Sizes>($sizes) `)`
    `combine` `(` custom<Combiners>($combiners) `)`
    (`precision` `` $precision^)?
    `` custom<Views>("\"ins\"", $ins, type($ins), $in_maps)
    `` custom<Views>("\"outs\"", $outs, type($outs), $out_maps)
    $body attr-dict
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    unsigned getNumDims() { return getSizes().size(); }
    ::mlir::mdh::CombinerAttr getCombiner(unsigned d) {
      return ::llvm::cast<::mlir::mdh::CombinerAttr>(getCombiners()[d]);
    }
    ::llvm::SmallVector<::mlir::AffineMap> getInputMaps(unsigned i);
    ::llvm::SmallVector<::mlir::AffineMap> getOutputMaps(unsigned i);
    /// The configuration the schedule stands for. Only meaningful on a
    /// verified op.
    ::mlir::mdh_ll::Config getConfig();
  }];
}

//===----------------------------------------------------------------------===//
// LevelOp
//===----------------------------------------------------------------------===//

def MDHLL_LevelOp : MDHLL_Op<"level", [
    ParentOneOf<["ScheduleOp", "LevelOp"]>,
    SingleBlock,
    NoTerminator]> {
  let summary = "one level of the de-composition";
  let description = [{
    Level `index` of the target (named and of the kind the target says)
    splits the tile of the enclosing level (the whole iteration space for
    level 0) into tiles of `tiles[d]` iterations in dimension `d`; the last
    tile may be partial. `order` lists the dimensions outermost first: the
    loop order of a sequential level, the order in which a parallel level
    flattens dimensions onto one hardware dimension. A parallel level also
    assigns each dimension to a hardware dimension (`x`, `y`, `z`) and deals
    tiles `blocked` (unit u takes tile u) or `strided` (unit u takes the
    sub-tiles u, u + P, ...). On GPUs the `threads` level splits the shared
    tile among the threads of a block. A GPU `register_tile` level with
    `mma` is one warp-level matrix product of that shape (tensor cores,
    AMD matrix cores): the `threads` level's units are then warps of 32
    threads (`m16n8k16`, `m16n8k8` on `cuda`) or wavefronts of 64
    (`m16n16k16` on `hip`), each owning its tile
    (docs/tuning-parameters.md, "Tensor cores"). A GPU `shared_tile` level
    with `stages N` (N >= 2) keeps N buffers of each shared copy: the
    copies of the next tiles go into the others while the threads compute
    on one, with one barrier per tile (multi-buffering; docs/tuning-
    parameters.md, "Stages").

    The body runs once per tile: first the level's tile copies, then the
    next level and the combines of its partial results, or, in the innermost
    level, the scalar phase.

    ```mlir
    mdh_ll.level 2 "threads" parallel tiles [4, 4, 32] order [0, 1, 2]
        assign [x, y, z] blocked {
      ...
    }
    ```
  }];
  let arguments = (ins
    ConfinedAttr<I64Attr, [IntNonNegative]>:$index,
    StrAttr:$level_name,
    MDHLL_LevelKindAttr:$kind,
    DenseI64ArrayAttr:$tiles,
    DenseI64ArrayAttr:$order,
    OptionalAttr<DenseI64ArrayAttr>:$assignment,
    OptionalAttr<MDHLL_AssignmentKindAttr>:$assignment_kind,
    OptionalAttr<MDHLL_MmaShapeAttr>:$mma,
    OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<2>]>>:$stages
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $index $level_name `` $kind `tiles` $tiles `order` $order
    `` custom<Assignment>($assignment, $assignment_kind) (`mma` `` $mma^)?
    (`stages` $stages^)? $body attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

def MDHLL_CopyOp : MDHLL_Op<"copy", [HasParent<"LevelOp">]> {
  let summary = "copies the level's tile of an input into a memory region";
  let description = [{
    Before the tiles of the next level run, the part of input `input` that
    the enclosing level's tile reads is copied into `region` (`packed`: a
    contiguous per-thread buffer on the CPU; `shared`: shared memory/LDS;
    `register`: per-thread registers), in `layout` (`identity`;
    `transposed`: the last two buffer dimensions swapped; `rotated`: the
    first buffer dimension moved innermost, a KRSC filter held as RSCK, on
    the CPU levels only). Levels below read
    the copy. An input without a copy on a level is read in place (from the
    enclosing copy or the buffer).

    ```mlir
    mdh_ll.copy %A to shared layout transposed : memref<1024x1024xf32>
    ```
  }];
  let arguments = (ins
    Arg<MDHLL_Buffer, "the input buffer", [MemRead]>:$input,
    MDHLL_InputRegionAttr:$region,
    MDHLL_LayoutAttr:$layout
  );
  let assemblyFormat = [{
    $input `to` `` $region `layout` `` $layout attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ScalarOp and YieldOp
//===----------------------------------------------------------------------===//

def MDHLL_ScalarOp : MDHLL_Op<"scalar", [HasParent<"LevelOp">]> {
  let summary = "the scalar phase: the scalar function on every point";
  let description = [{
    Applies the computation's scalar function to every point of the
    enclosing (innermost) tile. The block arguments are the D iteration
    indices, then one scalar per input access (buffer and map, in order),
    read from the innermost copy of the input. The body yields one value
    per output access, which the following combines re-compose.
    Operands and results of the scalar function live in registers.

    ```mlir
    mdh_ll.scalar {
    ^bb0(%i: index, %j: index, %k: index, %a: f32, %b: f32):
      %p = arith.mulf %a, %b : f32
      mdh_ll.yield %p : f32
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
  let hasRegionVerifier = 1;
}

def MDHLL_YieldOp : MDHLL_Op<"yield", [Pure, Terminator, ReturnLike,
    HasParent<"ScalarOp">]> {
  let summary = "yields the results of the scalar function";
  let description = [{
    One value per output access of the schedule.

    ```mlir
    mdh_ll.yield %p : f32
    ```
  }];
  let arguments = (ins Variadic<MDHLL_ElementType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

//===----------------------------------------------------------------------===//
// CombineOp
//===----------------------------------------------------------------------===//

def MDHLL_CombineOp : MDHLL_Op<"combine", [
    ParentOneOf<["ScheduleOp", "LevelOp"]>]> {
  let summary = "re-composes the partial results of a level's tiles";
  let description = [{
    Follows the `mdh_ll.level` whose tiles produced the partial results
    (`across` names its index) and combines the partial results of output
    `output` along the listed `pw`/`ps` dimensions (a `pw` dimension
    reduces, a `ps` dimension applies the carry of each left part to its
    right parts), with the computation's combine operator. `cc` dimensions
    need no combine: each tile writes its own part. There is one combine per
    output and level whose tiles split a `pw` or `ps` dimension into more
    than one part (for the innermost level, whose parts are points: more
    than one point).

    The region and the synchronisation go together:

    | level | region | sync |
    |---|---|---|
    | sequential | `register` (the thread's accumulator) | `none` |
    | parallel | `register` (warp shuffles) | `shuffle` |
    | parallel | `shared` (shared memory/LDS) | `barrier` |
    | parallel | `device` (device/main memory, second phase) | `phase` |

    ```mlir
    mdh_ll.combine %C dims [2] across 0 in device sync phase
        : memref<1024x1024xf32>
    ```
  }];
  let arguments = (ins
    Arg<MDHLL_Buffer, "the output buffer", [MemRead, MemWrite]>:$output,
    DenseI64ArrayAttr:$dims,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$level,
    MDHLL_CombineRegionAttr:$region,
    MDHLL_SyncAttr:$sync
  );
  let assemblyFormat = [{
    $output `dims` $dims `across` $level `in` `` $region `sync` `` $sync
    attr-dict
    `:` type($output)
  }];
  let hasVerifier = 1;
}

#endif // MDH_DIALECT_LL_MDHLLOPS_TD
