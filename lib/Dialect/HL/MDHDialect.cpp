//===- MDHDialect.cpp - The mdh (HL-IR) dialect ---------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/HL/MDHOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mdh;

#include "mdh/Dialect/HL/MDHDialect.cpp.inc"
#include "mdh/Dialect/HL/MDHEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "mdh/Dialect/HL/MDHAttributes.cpp.inc"

void MDHDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mdh/Dialect/HL/MDHAttributes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "mdh/Dialect/HL/MDHOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// CombinerAttr
//===----------------------------------------------------------------------===//

LogicalResult CombinerAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   CombineKind kind,
                                   std::optional<ReductionOp> op,
                                   FlatSymbolRefAttr custom) {
  if (kind == CombineKind::cc) {
    if (op || custom)
      return emitError() << "'cc' takes no operator";
    return success();
  }
  if (static_cast<bool>(op) == static_cast<bool>(custom))
    return emitError() << "'" << stringifyCombineKind(kind)
                       << "' takes exactly one operator: a builtin one or a "
                          "custom combiner";
  return success();
}

FailureOr<CombinerAttr> CombinerAttr::parseShort(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kindName;
  if (parser.parseKeyword(&kindName))
    return failure();
  std::optional<CombineKind> kind = symbolizeCombineKind(kindName);
  if (!kind)
    return parser.emitError(loc, "unknown combine operator '")
           << kindName << "', expected 'cc', 'pw' or 'ps'";
  MLIRContext *ctx = parser.getContext();
  if (*kind == CombineKind::cc)
    return CombinerAttr::get(ctx, *kind, std::nullopt, nullptr);

  if (parser.parseLParen())
    return failure();
  FlatSymbolRefAttr custom;
  std::optional<ReductionOp> op;
  SMLoc symLoc = parser.getCurrentLocation();
  SymbolRefAttr symbol;
  OptionalParseResult sym = parser.parseOptionalAttribute(symbol);
  if (sym.has_value()) {
    if (failed(*sym))
      return failure();
    // Combiners live in the symbol table of the computation's module.
    custom = dyn_cast<FlatSymbolRefAttr>(symbol);
    if (!custom)
      return parser.emitError(symLoc, "expected a flat symbol reference to "
                                      "an mdh.combiner, got ")
             << symbol;
  } else {
    SMLoc opLoc = parser.getCurrentLocation();
    StringRef opName;
    if (parser.parseKeyword(&opName))
      return failure();
    op = symbolizeReductionOp(opName);
    if (!op)
      return parser.emitError(opLoc, "unknown reduction operator '")
             << opName
             << "', expected one of add, mul, max, min, maxsi, maxui, "
                "minsi, minui, and, or, xor, or @combiner";
  }
  if (parser.parseRParen())
    return failure();
  return CombinerAttr::get(ctx, *kind, op, custom);
}

void CombinerAttr::printShort(AsmPrinter &printer) const {
  printer << stringifyCombineKind(getKind());
  if (isCC())
    return;
  printer << "(" << getOperatorName() << ")";
}

std::string CombinerAttr::getOperatorName() const {
  if (getCustom())
    return ("@" + getCustom().getValue()).str();
  if (getOp())
    return stringifyReductionOp(*getOp()).str();
  return "";
}

Attribute CombinerAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  FailureOr<CombinerAttr> attr = parseShort(parser);
  if (failed(attr) || parser.parseGreater())
    return {};
  return *attr;
}

void CombinerAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printShort(printer);
  printer << ">";
}
