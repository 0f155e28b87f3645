//===- MDHAttributes.td - Combine operators of HL-IR -------*- tablegen -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_MDHATTRIBUTES_TD
#define MDH_DIALECT_HL_MDHATTRIBUTES_TD

include "mdh/Dialect/HL/MDHDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def MDH_CombineKind : I32EnumAttr<"CombineKind",
    "kind of the combine operator of one dimension", [
      I32EnumAttrCase<"cc", 0>,
      I32EnumAttrCase<"pw", 1>,
      I32EnumAttrCase<"ps", 2>
    ]> {
  let cppNamespace = "::mlir::mdh";
  let genSpecializedAttr = 0;
}

// The builtin binary operators of `pw` and `ps`. `max`/`min` are the
// NaN-propagating float operators of `arith.maximumf`/`arith.minimumf`.
def MDH_ReductionOp : I32EnumAttr<"ReductionOp",
    "builtin operator of a point-wise or prefix-sum combination", [
      I32EnumAttrCase<"add", 0>,
      I32EnumAttrCase<"mul", 1>,
      I32EnumAttrCase<"max", 2>,
      I32EnumAttrCase<"min", 3>,
      I32EnumAttrCase<"maxsi", 4>,
      I32EnumAttrCase<"maxui", 5>,
      I32EnumAttrCase<"minsi", 6>,
      I32EnumAttrCase<"minui", 7>,
      I32EnumAttrCase<"And", 8, "and">,
      I32EnumAttrCase<"Or", 9, "or">,
      I32EnumAttrCase<"Xor", 10, "xor">
    ]> {
  let cppNamespace = "::mlir::mdh";
  let genSpecializedAttr = 0;
}

// The precision the scalar function's f32 inputs may be read at. `ieee`
// (the default): as they are. `tf32`: possibly rounded to TF32 (10 explicit
// significand bits, to nearest with ties away from zero) first, which lets
// tensor cores compute f32 contractions (docs/semantics.md, "Precision").
def MDH_Precision : I32EnumAttr<"Precision",
    "the precision of the scalar function's f32 inputs", [
      I32EnumAttrCase<"ieee", 0>,
      I32EnumAttrCase<"tf32", 1>
    ]> {
  let cppNamespace = "::mlir::mdh";
  let genSpecializedAttr = 0;
}

def MDH_PrecisionAttr : EnumAttr<MDH_Dialect, MDH_Precision, "precision"> {
  // Inside ops after the keyword: `precision(tf32)`.
  let assemblyFormat = "`(` $value `)`";
}

def MDH_CombinerAttr : AttrDef<MDH_Dialect, "Combiner"> {
  let mnemonic = "combine";
  let summary = "the combine operator of one dimension";
  let description = [{
    `cc` (concatenation), `pw(op)` (point-wise combination) or `ps(op)`
    (inclusive prefix-sum), where `op` is a builtin operator or a symbol
    reference to an `mdh.combiner`. Inside `mdh.compute` the short form is
    used; standalone the attribute reads:

    ```mlir
    #mdh.combine<pw(add)>
    #mdh.combine<ps(@argmax)>
    ```
  }];
  let parameters = (ins
    "::mlir::mdh::CombineKind":$kind,
    OptionalParameter<"std::optional<::mlir::mdh::ReductionOp>">:$op,
    OptionalParameter<"::mlir::FlatSymbolRefAttr">:$custom
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Parses and prints the short form `cc`, `pw(add)`, `ps(@f)`.
    static ::mlir::FailureOr<CombinerAttr>
    parseShort(::mlir::AsmParser &parser);
    void printShort(::mlir::AsmPrinter &printer) const;
    bool isCC() const { return getKind() == CombineKind::cc; }
    bool isPW() const { return getKind() == CombineKind::pw; }
    bool isPS() const { return getKind() == CombineKind::ps; }
    /// True for `pw` and `ps`: the dimension is combined by an operator.
    bool isReduction() const { return !isCC(); }
    /// "add", "@f" or "" for cc.
    std::string getOperatorName() const;
  }];
}

#endif // MDH_DIALECT_HL_MDHATTRIBUTES_TD
