//===- fuzz-parse.cpp - libFuzzer harness: parse, verify, print -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The input is MLIR text in the three dialects (HL, LL, CL-IR) and the
// upstream ones they use. It is parsed and verified (the parser verifies
// after parsing, running every verifier of the dialects: views, combiners,
// schedules, configurations). Neither may crash, whatever the input. What
// verifies is printed in the custom and in the generic form, and both must
// parse and verify again, the custom form printing the same text a second
// time: a printer that writes what its parser refuses is a finding, the
// same way a crash is (docs/reliability.md, "Fuzzing"). Two kinds of input
// that crash upstream's parser are skipped (`crashesUpstreamParser`).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "mdh/Dialect/CL/MDHCLDialect.h"
#include "mdh/Dialect/HL/MDHDialect.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::mdh;

/// The dialects of HL, LL and CL-IR and the upstream ones that appear in
/// their regions and in the functions around them (tensor: around the
/// tensor form of `mdh.compute`).
static void registerDialects(DialectRegistry &registry) {
  registry.insert<MDHDialect, mdh_ll::MDHLLDialect, mdh_cl::MDHCLDialect,
                  affine::AffineDialect, arith::ArithDialect, func::FuncDialect,
                  math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect>();
}

/// Parses (and verifies) `text`; null on any error. The MLIR lexer reads
/// up to a terminating NUL, which the copy adds.
static OwningOpRef<ModuleOp> parse(StringRef text, MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input"), llvm::SMLoc());
  return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
}

/// Bracket nesting beyond which an input is skipped (see below); real IR
/// nests a few dozen deep.
static constexpr unsigned kMaxNesting = 256;

/// Whether `text` is one of the inputs that crash upstream's parser (in
/// libMLIR, not in this project's code; both crash `mlir-opt-22` as well).
/// They are skipped so that a run goes on to bugs of the project's own
/// (docs/reliability.md, "Fuzzing"):
///  - nesting deeper than kMaxNesting brackets: the recursive-descent parser
///    overflows the stack (10,000 parentheses around an affine expression
///    crash mlir-opt-22, about 7,000 under ASan);
///  - a dense array of `index`, `array<index ...`: the parser asks the index
///    type for its bit width and dereferences null (llvm/llvm-project#179045,
///    fixed after LLVM 22.1).
static bool crashesUpstreamParser(StringRef text) {
  // Open brackets per kind: the `>` of `->` closes no `(`.
  unsigned open[4] = {};
  for (char c : text) {
    size_t kind = StringRef("([{<").find(c);
    if (kind != StringRef::npos) {
      ++open[kind];
      if (open[0] + open[1] + open[2] + open[3] > kMaxNesting)
        return true;
      continue;
    }
    kind = StringRef(")]}>").find(c);
    if (kind != StringRef::npos && open[kind])
      --open[kind];
  }
  for (size_t pos = text.find("array"); pos != StringRef::npos;
       pos = text.find("array", pos + 1)) {
    StringRef rest = text.substr(pos + 5).ltrim();
    if (rest.consume_front("<") && rest.ltrim().starts_with("index"))
      return true;
  }
  return false;
}

static std::string print(ModuleOp module, bool generic) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  module->print(os, flags);
  return text;
}

static fuzz::ContextPool &pool() {
  static fuzz::ContextPool contexts(registerDialects);
  return contexts;
}

/// Parses `printed` again with diagnostics shown, then reports the finding.
[[noreturn]] static void failReparse(const char *what, StringRef printed,
                                     MLIRContext &context) {
  pool().setVerbose(true);
  (void)parse(printed, context);
  fuzz::fail(what, printed.str());
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef input(reinterpret_cast<const char *>(data), size);
  if (crashesUpstreamParser(input))
    return 0;
  MLIRContext &context = pool().next();
  OwningOpRef<ModuleOp> module = parse(input, context);
  if (!module)
    return 0;

  std::string custom = print(*module, /*generic=*/false);
  OwningOpRef<ModuleOp> reparsed = parse(custom, context);
  if (!reparsed)
    failReparse("the custom form of verified IR does not parse and verify",
                custom, context);
  std::string again = print(*reparsed, /*generic=*/false);
  if (again != custom)
    fuzz::fail("the custom form prints differently after a round trip",
               custom + "\n// ----- printed again:\n" + again);

  std::string generic = print(*module, /*generic=*/true);
  if (!parse(generic, context))
    failReparse("the generic form of verified IR does not parse and verify",
                generic, context);
  return 0;
}
