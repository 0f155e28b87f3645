//===- mdh-capi-test.c - Test of the MDH-MLIR C API -----------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Uses libMDHCAPI.so the way a C or ctypes client does: registers dialects
// and passes, parses, verifies and lowers HL-IR, and checks that malformed
// input is reported through diagnostics (with text and location) instead of
// aborting. Prints one `PASS: ...` or `FAIL: ...` line per check and exits
// with a non-zero status if any check failed.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Dialects.h"
#include "mdh-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// A 7x13 matrix-vector product, valid HL-IR.
static const char *const kMatvec =
    "func.func @matvec(%M: memref<7x13xf32>, %v: memref<13xf32>,\n"
    "                  %w: memref<7xf32>) {\n"
    "  mdh.compute \"matvec\" sizes(7, 13) combine(cc, pw(add))\n"
    "      ins(%M : memref<7x13xf32> [affine_map<(i, k) -> (i, k)>],\n"
    "          %v : memref<13xf32> [affine_map<(i, k) -> (k)>])\n"
    "      outs(%w : memref<7xf32> [affine_map<(i, k) -> (i)>]) {\n"
    "  ^bb0(%m: f32, %x: f32):\n"
    "    %p = arith.mulf %m, %x : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

/// Parses, but fails verification: the view of `%v` reads index 13 of a
/// 13-element buffer at k = 12.
static const char *const kOutOfBoundsView =
    "func.func @matvec(%M: memref<7x13xf32>, %v: memref<13xf32>,\n"
    "                  %w: memref<7xf32>) {\n"
    "  mdh.compute \"matvec\" sizes(7, 13) combine(cc, pw(add))\n"
    "      ins(%M : memref<7x13xf32> [affine_map<(i, k) -> (i, k)>],\n"
    "          %v : memref<13xf32> [affine_map<(i, k) -> (k + 1)>])\n"
    "      outs(%w : memref<7xf32> [affine_map<(i, k) -> (i)>]) {\n"
    "  ^bb0(%m: f32, %x: f32):\n"
    "    %p = arith.mulf %m, %x : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

/// Does not parse: the `outs` keyword of line 5 is missing.
static const char *const kSyntaxError =
    "func.func @matvec(%M: memref<7x13xf32>, %v: memref<13xf32>,\n"
    "                  %w: memref<7xf32>) {\n"
    "  mdh.compute \"matvec\" sizes(7, 13) combine(cc, pw(add))\n"
    "      ins(%M : memref<7x13xf32> [affine_map<(i, k) -> (i, k)>])\n"
    "      (%w : memref<7xf32> [affine_map<(i, k) -> (i)>]) {\n"
    "  ^bb0(%m: f32):\n"
    "    mdh.yield %m : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static int numFailures = 0;

/// Prints a PASS or FAIL line for one check and counts failures.
static void check(bool condition, const char *what) {
  printf("%s: %s\n", condition ? "PASS" : "FAIL", what);
  if (!condition)
    ++numFailures;
}

/// A growable, always NUL-terminated string that MlirStringCallbacks append
/// to.
typedef struct {
  char *data;
  size_t size;
  size_t capacity;
} TextBuffer;

static void bufferAppend(TextBuffer *buffer, const char *text, size_t length) {
  if (buffer->size + length + 1 > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 256;
    while (buffer->size + length + 1 > capacity)
      capacity *= 2;
    char *data = realloc(buffer->data, capacity);
    if (!data) {
      fprintf(stderr, "out of memory\n");
      exit(2);
    }
    buffer->data = data;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->size, text, length);
  buffer->size += length;
  buffer->data[buffer->size] = '\0';
}

static void bufferClear(TextBuffer *buffer) {
  buffer->size = 0;
  if (buffer->data)
    buffer->data[0] = '\0';
}

static const char *bufferStr(const TextBuffer *buffer) {
  return buffer->data ? buffer->data : "";
}

/// MlirStringCallback appending to the TextBuffer in `userData`.
static void appendToBuffer(MlirStringRef str, void *userData) {
  bufferAppend((TextBuffer *)userData, str.data, str.length);
}

/// What the diagnostic handler saw since the last reset.
typedef struct {
  int numErrors;
  /// Messages of all diagnostics, one per line.
  TextBuffer messages;
  /// Location of the first diagnostic, as printed.
  TextBuffer location;
  /// Start line of the first diagnostic's location, or -1 if it has none.
  int line;
} DiagnosticCapture;

static void captureReset(DiagnosticCapture *capture) {
  capture->numErrors = 0;
  bufferClear(&capture->messages);
  bufferClear(&capture->location);
  capture->line = -1;
}

/// Records every diagnostic instead of letting MLIR print it to stderr.
static MlirLogicalResult captureDiagnostic(MlirDiagnostic diagnostic,
                                           void *userData) {
  DiagnosticCapture *capture = (DiagnosticCapture *)userData;
  bool first = capture->messages.size == 0;
  if (mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticError)
    ++capture->numErrors;
  mlirDiagnosticPrint(diagnostic, appendToBuffer, &capture->messages);
  bufferAppend(&capture->messages, "\n", 1);
  if (first) {
    MlirLocation loc = mlirDiagnosticGetLocation(diagnostic);
    mlirLocationPrint(loc, appendToBuffer, &capture->location);
    if (mlirLocationIsAFileLineColRange(loc))
      capture->line = mlirLocationFileLineColRangeGetStartLine(loc);
  }
  return mlirLogicalResultSuccess();
}

/// Prints what was captured, indented, for the test log.
static void captureDump(const DiagnosticCapture *capture) {
  printf("  diagnostic at %s: %s", bufferStr(&capture->location),
         bufferStr(&capture->messages));
}

static bool contains(const TextBuffer *buffer, const char *needle) {
  return strstr(bufferStr(buffer), needle) != NULL;
}

static MlirModule parse(MlirContext ctx, const char *source) {
  return mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
}

static void printOperation(MlirOperation op, TextBuffer *out) {
  bufferClear(out);
  mlirOperationPrint(op, appendToBuffer, out);
}

/// Returns the first operation in the body of the first function of
/// `module` (the `mdh.compute` of the inputs above).
static MlirOperation getFirstOpOfFirstFunction(MlirModule module) {
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  return mlirBlockGetFirstOperation(body);
}

static bool isOperationNamed(MlirOperation op, const char *name) {
  if (mlirOperationIsNull(op))
    return false;
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString(name));
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

static void testRegistration(void) {
  MlirStringRef ns =
      mlirDialectHandleGetNamespace(mlirGetDialectHandle__mdh__());
  check(mlirStringRefEqual(ns, mlirStringRefCreateFromCString("mdh")),
        "dialect handle namespace is 'mdh'");

  // A second, independent context with the same registrations: dialects and
  // passes must not be registered twice in a way that upsets MLIR.
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mdhRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__mdh__(), registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mdhRegisterPasses();
  MlirDialect mdh =
      mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("mdh"));
  MlirDialect scf =
      mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("scf"));
  check(!mlirDialectIsNull(mdh) && !mlirDialectIsNull(scf),
        "second context loads mdh and scf");
  mlirContextDestroy(ctx);
}

static void testParseVerifyLower(MlirContext ctx, DiagnosticCapture *capture) {
  captureReset(capture);
  MlirModule module = parse(ctx, kMatvec);
  check(!mlirModuleIsNull(module), "valid matvec module parses");
  if (mlirModuleIsNull(module)) {
    captureDump(capture);
    return;
  }
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  check(mlirOperationVerify(moduleOp), "valid matvec module verifies");
  check(isOperationNamed(getFirstOpOfFirstFunction(module), "mdh.compute"),
        "parsed module holds an mdh.compute");

  // A bad pipeline is reported through the callback, not by aborting.
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  TextBuffer pipelineError = {0};
  MlirLogicalResult result = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString("builtin.module(mdh-no-such-pass)"),
      appendToBuffer, &pipelineError);
  check(mlirLogicalResultIsFailure(result) &&
            contains(&pipelineError, "mdh-no-such-pass"),
        "unknown pass in a pipeline is reported through the callback");
  mlirPassManagerDestroy(pm);

  pm = mlirPassManagerCreate(ctx);
  opm = mlirPassManagerGetAsOpPassManager(pm);
  bufferClear(&pipelineError);
  result = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString("builtin.module(mdh-lower-to-loops)"),
      appendToBuffer, &pipelineError);
  check(mlirLogicalResultIsSuccess(result),
        "pipeline 'builtin.module(mdh-lower-to-loops)' parses");
  if (mlirLogicalResultIsFailure(result))
    printf("  %s\n", bufferStr(&pipelineError));
  free(pipelineError.data);

  result = mlirPassManagerRunOnOp(pm, moduleOp);
  check(mlirLogicalResultIsSuccess(result) && capture->numErrors == 0,
        "mdh-lower-to-loops runs through the pass manager");
  mlirPassManagerDestroy(pm);

  TextBuffer printed = {0};
  printOperation(moduleOp, &printed);
  printf("%s", bufferStr(&printed));
  check(!contains(&printed, "mdh.compute"), "no mdh.compute remains");
  check(contains(&printed, "scf.for"), "lowered module has scf.for");
  check(mlirOperationVerify(moduleOp), "lowered module verifies");
  free(printed.data);
  mlirModuleDestroy(module);
}

static void testMalformed(MlirContext ctx, DiagnosticCapture *capture) {
  // A verifier violation: the parser verifies and returns a null module.
  captureReset(capture);
  MlirModule module = parse(ctx, kOutOfBoundsView);
  check(mlirModuleIsNull(module), "out-of-bounds view is rejected");
  check(capture->numErrors >= 1 &&
            contains(&capture->messages, "out of bounds"),
        "out-of-bounds view: error diagnostic captured");
  check(capture->line == 3, "out-of-bounds view: diagnostic located at "
                            "the mdh.compute (line 3)");
  captureDump(capture);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);

  // A syntax error in the op's custom assembly.
  captureReset(capture);
  module = parse(ctx, kSyntaxError);
  check(mlirModuleIsNull(module), "syntax error is rejected");
  check(capture->numErrors >= 1 && contains(&capture->messages, "outs"),
        "syntax error: error diagnostic mentioning 'outs' captured");
  check(capture->line == 5, "syntax error: diagnostic located at line 5");
  captureDump(capture);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);

  // IR made invalid after parsing, through the C API: the iteration box
  // 7x14 makes the view (k) of %v read past its 13 elements.
  captureReset(capture);
  module = parse(ctx, kMatvec);
  check(!mlirModuleIsNull(module), "valid matvec module parses again");
  if (mlirModuleIsNull(module))
    return;
  MlirOperation compute = getFirstOpOfFirstFunction(module);
  int64_t sizes[] = {7, 14};
  mlirOperationSetAttributeByName(compute,
                                  mlirStringRefCreateFromCString("sizes"),
                                  mlirDenseI64ArrayGet(ctx, 2, sizes));
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  check(!mlirOperationVerify(moduleOp),
        "mlirOperationVerify rejects sizes(7, 14)");
  check(capture->numErrors >= 1 &&
            contains(&capture->messages, "out of bounds"),
        "mlirOperationVerify: error diagnostic captured");
  captureDump(capture);

  captureReset(capture);
  MlirLogicalResult result = mdhLowerToLoops(module);
  check(mlirLogicalResultIsFailure(result) && capture->numErrors >= 1,
        "mdhLowerToLoops refuses invalid IR with a diagnostic");
  check(isOperationNamed(getFirstOpOfFirstFunction(module), "mdh.compute"),
        "mdhLowerToLoops leaves invalid IR untouched");
  mlirModuleDestroy(module);
}

static void testLowerToLoops(MlirContext ctx, DiagnosticCapture *capture) {
  captureReset(capture);
  MlirModule module = parse(ctx, kMatvec);
  check(!mlirModuleIsNull(module), "valid matvec module parses for "
                                   "mdhLowerToLoops");
  if (mlirModuleIsNull(module))
    return;
  MlirLogicalResult result = mdhLowerToLoops(module);
  check(mlirLogicalResultIsSuccess(result) && capture->numErrors == 0,
        "mdhLowerToLoops succeeds");
  TextBuffer printed = {0};
  printOperation(mlirModuleGetOperation(module), &printed);
  check(!contains(&printed, "mdh.compute") && contains(&printed, "scf.for"),
        "mdhLowerToLoops replaces mdh.compute by scf.for loops");
  free(printed.data);
  mlirModuleDestroy(module);
}

int main(void) {
  // Twice: registration must be idempotent.
  mdhRegisterPasses();
  mdhRegisterPasses();

  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mdhRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);

  DiagnosticCapture capture = {0};
  MlirDiagnosticHandlerID handler = mlirContextAttachDiagnosticHandler(
      ctx, captureDiagnostic, &capture, /*deleteUserData=*/NULL);

  testRegistration();
  testParseVerifyLower(ctx, &capture);
  testMalformed(ctx, &capture);
  testLowerToLoops(ctx, &capture);

  mlirContextDetachDiagnosticHandler(ctx, handler);
  mlirContextDestroy(ctx);
  free(capture.messages.data);
  free(capture.location.data);

  if (numFailures) {
    printf("FAIL: %d check(s) failed\n", numFailures);
    return 1;
  }
  printf("PASS: all checks passed\n");
  return 0;
}
