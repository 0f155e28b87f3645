//===- MDHOps.td - Operations of HL-IR ---------------------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_MDHOPS_TD
#define MDH_DIALECT_HL_MDHOPS_TD

include "mdh/Dialect/HL/MDHAttributes.td"
include "mdh/Dialect/HL/MDHInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The element types an MDH buffer may hold (docs/semantics.md).
def MDH_ElementType : AnyTypeOf<[F16, BF16, F32, F64, I8, I16, I32, I64]>;
def MDH_Buffer : StaticShapeMemRefOf<[F16, BF16, F32, F64, I8, I16, I32, I64]>;
// Dynamic shapes pass the type constraint so that the verifier can say what
// to do about them.
def MDH_Tensor : RankedTensorOf<[F16, BF16, F32, F64, I8, I16, I32, I64]>;
def MDH_View : AnyTypeOf<[MDH_Buffer, MDH_Tensor],
    "statically shaped memref or ranked tensor of an MDH element type">;

def MDH_AffineMapArrayArrayAttr : TypedArrayAttrBase<AffineMapArrayAttr,
    "one list of affine index maps per buffer">;
def MDH_CombinerArrayAttr : TypedArrayAttrBase<MDH_CombinerAttr,
    "one combine operator per dimension">;

//===----------------------------------------------------------------------===//
// ComputeOp
//===----------------------------------------------------------------------===//

def MDH_ComputeOp : MDH_Op<"compute", [
    MDH_ComputationOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DestinationStyleOpInterface,
    IsolatedFromAbove,
    SingleBlockImplicitTerminator<"YieldOp">,
    AttrSizedOperandSegments]> {
  let summary = "a multi-dimensional homomorphism over memref or tensor views";
  let description = [{
    Computes `out_view . md_hom(f, (c1 .. cD)) . inp_view` over the iteration
    box `[0, N1) x .. x [0, ND)` given by `sizes`. `combine` holds one combine
    operator per dimension: `cc` (concatenation), `pw(op)` (point-wise
    reduction) or `ps(op)` (inclusive prefix-sum), where `op` is a builtin
    operator or `@name` of an `mdh.combiner`.

    Every input buffer carries a list of affine index maps from the D
    iteration indices to the buffer's indices; the region gets one scalar
    argument per (buffer, map) pair, in order. Every output buffer carries a
    list of index maps too, and the region yields one value per (buffer, map)
    pair. `mdh.index` reads the current iteration index. Elements that no
    output map writes keep their value.

    Example (matrix-vector product):

    ```mlir
    mdh.compute "matvec" sizes(1024, 512) combine(cc, pw(add))
        ins(%M : memref<1024x512xf32> [affine_map<(i, k) -> (i, k)>],
            %v : memref<512xf32> [affine_map<(i, k) -> (k)>])
        outs(%w : memref<1024xf32> [affine_map<(i, k) -> (i)>]) {
    ^bb0(%m: f32, %x: f32):
      %p = arith.mulf %m, %x : f32
      mdh.yield %p : f32
    }
    ```

    With tensors the op has value semantics in destination-passing style
    (as `linalg.generic`): each output tensor is the initial value of one
    result of the same type, which holds the output's elements with the
    written ones replaced. Outputs are all memrefs (no results) or all
    tensors; inputs may mix both. Shapes must be static. One-Shot Bufferize
    turns the tensor form into the memref form, in place on the output
    where its analysis allows; the MDH lowerings take the memref form only.

    `precision(tf32)` lets the f32 elements read from the inputs be rounded
    to TF32 (10 explicit significand bits, to nearest, ties away from zero)
    before the scalar function uses them; tensor cores compute f32
    contractions so on sm_80 and later. Without it (`ieee`, the default)
    every input is read exactly. It allows, and does not demand: a schedule
    without tensor cores reads the inputs exactly either way.

    ```mlir
    mdh.compute "matmul" sizes(64, 64, 64) combine(cc, cc, pw(add))
        precision(tf32)
        ins(%A : memref<64x64xf32> [(i, j, k) -> (i, k)],
            %B : memref<64x64xf32> [(i, j, k) -> (k, j)])
        outs(%C : memref<64x64xf32> [(i, j, k) -> (i, j)]) {
    ^bb0(%a: f32, %b: f32):
      %p = arith.mulf %a, %b : f32
      mdh.yield %p : f32
    }
    ```

    ```mlir
    %w2 = mdh.compute "matvec" sizes(1024, 512) combine(cc, pw(add))
        ins(%M : tensor<1024x512xf32> [(i, k) -> (i, k)],
            %v : tensor<512xf32> [(i, k) -> (k)])
        outs(%w : tensor<1024xf32> [(i, k) -> (i)]) -> tensor<1024xf32> {
    ^bb0(%m: f32, %x: f32):
      %p = arith.mulf %m, %x : f32
      mdh.yield %p : f32
    }
    ```
  }];
  // Memory effects come from getEffects: memref inputs are read, memref
  // outputs written; tensor operands have none (value semantics).
  let arguments = (ins
    Variadic<MDH_View>:$ins,
    Variadic<MDH_View>:$outs,
    OptionalAttr<StrAttr>:$name,
    DenseI64ArrayAttr:$sizes,
    MDH_CombinerArrayAttr:$combiners,
    DefaultValuedAttr<MDH_AffineMapArrayArrayAttr, "{}">:$in_maps,
    MDH_AffineMapArrayArrayAttr:$out_maps,
    OptionalAttr<MDH_PrecisionAttr>:$precision
  );
  let results = (outs Variadic<MDH_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ($name^)? `sizes` `(` custom<Sizes>($sizes) `)`
    `combine` `(` custom<Combiners>($combiners) `)`
    (`precision` `` $precision^)?
    `` custom<Views>("\"ins\"", $ins, type($ins), $in_maps)
    `` custom<Views>("\"outs\"", $outs, type($outs), $out_maps)
    (`->` type($results)^)?
    $body attr-dict
  }];
  let builders = [
    // The memref form and the tensor form alike: the results are one per
    // tensor output, of its type (none for memref outputs).
    OpBuilder<(ins "::mlir::ValueRange":$ins, "::mlir::ValueRange":$outs,
      "::mlir::StringAttr":$name, "::mlir::DenseI64ArrayAttr":$sizes,
      "::mlir::ArrayAttr":$combiners, "::mlir::ArrayAttr":$in_maps,
      "::mlir::ArrayAttr":$out_maps)>,
    OpBuilder<(ins "::mlir::ValueRange":$ins, "::mlir::ValueRange":$outs,
      "::mlir::StringAttr":$name, "::llvm::ArrayRef<int64_t>":$sizes,
      "::mlir::ArrayAttr":$combiners, "::mlir::ArrayAttr":$in_maps,
      "::mlir::ArrayAttr":$out_maps)>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The outputs are the destinations (DestinationStyleOpInterface).
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutsMutable();
    }
    /// Whether some input or output is a tensor: the op must be bufferized
    /// before any MDH lowering.
    bool hasTensorOperands();
    /// Whether the index maps of output `i` write every element of it, so
    /// that none keeps its initial value. Exact for verified ops.
    bool writesWholeOutput(unsigned i);
    /// Number of dimensions D of the iteration space.
    unsigned getNumDims() { return getSizes().size(); }
    /// The combine operator of dimension `d`.
    CombinerAttr getCombiner(unsigned d) {
      return ::llvm::cast<CombinerAttr>(getCombiners()[d]);
    }
    /// Index maps of input / output buffer `i`.
    ::llvm::SmallVector<::mlir::AffineMap> getInputMaps(unsigned i);
    ::llvm::SmallVector<::mlir::AffineMap> getOutputMaps(unsigned i);
    /// The operator shared by all pw and ps dimensions, if there is one.
    CombinerAttr getReductionCombiner();
    /// Total number of (buffer, map) accesses.
    unsigned getNumInputAccesses();
    unsigned getNumOutputAccesses();
    /// Element types of the yielded values (one per output access).
    ::llvm::SmallVector<::mlir::Type> getYieldedTypes();
    /// The terminator of the scalar function.
    ::mlir::mdh::YieldOp getYield();
  }];
}

//===----------------------------------------------------------------------===//
// IndexOp
//===----------------------------------------------------------------------===//

def MDH_IndexOp : MDH_Op<"index", [Pure, HasParent<"ComputeOp">]> {
  let summary = "the current iteration index of one dimension";
  let description = [{
    Inside the scalar function of `mdh.compute`, yields the index of the
    current iteration point in dimension `dim` (argmax-style results need
    it). In a `pw` dimension this is the index of the combined element, in a
    `ps` dimension the index of the summand.

    ```mlir
    %k = mdh.index 0
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$dim attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

def MDH_YieldOp : MDH_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["ComputeOp", "CombinerOp"]>]> {
  let summary = "yields the scalar results of a region";
  let description = [{
    Ends the scalar function of `mdh.compute` (one value per output access)
    or the body of `mdh.combiner` (one value per tuple component).

    ```mlir
    mdh.yield %p : f32
    ```
  }];
  let arguments = (ins Variadic<MDH_ElementType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

//===----------------------------------------------------------------------===//
// CombinerOp
//===----------------------------------------------------------------------===//

def MDH_CombinerOp : MDH_Op<"combiner", [Symbol, IsolatedFromAbove,
    SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "a custom combine operator over the tuple of outputs";
  let description = [{
    Defines a binary operator `(T1..Tn, T1..Tn) -> (T1..Tn)` over the tuple of
    all yielded values of a computation, for use as `pw(@name)` or
    `ps(@name)`. The MDH semantics require the operator to be associative and
    commutative; the op states that promise with the two keywords, which are
    mandatory. An optional identity tuple may be given.

    ```mlir
    mdh.combiner @argmax associative commutative (f32, i32) {
    ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
      %gt = arith.cmpf ogt, %v1, %v0 : f32
      %v = arith.select %gt, %v1, %v0 : f32
      %i = arith.select %gt, %i1, %i0 : i32
      mdh.yield %v, %i : f32, i32
    }
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    UnitAttr:$associative,
    UnitAttr:$commutative,
    TypeArrayAttr:$types,
    OptionalAttr<ArrayAttr>:$identity
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name (`associative` $associative^)? (`commutative` $commutative^)?
    custom<TypeTuple>($types) (`identity` $identity^)? $body attr-dict
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::Type> getTupleTypes() {
      ::llvm::SmallVector<::mlir::Type> result;
      for (::mlir::Attribute a : getTypes())
        result.push_back(::llvm::cast<::mlir::TypeAttr>(a).getValue());
      return result;
    }
  }];
}

#endif // MDH_DIALECT_HL_MDHOPS_TD
