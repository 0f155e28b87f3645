//===- mdh-capi-tuning-test.c - Test of the tuning C API ------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Uses the search-space part of libMDHCAPI.so (mdh-c/Tuning.h) the way a
// C or ctypes tuner does: builds the space of a small MatVec and a small
// MatMul on an OpenMP and a CUDA target, reads its size and parameters,
// samples configurations and maps unit-cube points, and checks every
// configuration it gets with mdhVerifyConfig. Bad input (a non-target
// attribute, an op that is not an `mdh.compute`, malformed JSON, a tile size
// of 0, nesting violated) must fail with a diagnostic captured through a
// diagnostic handler. Prints one `PASS: ...` or `FAIL: ...` line per check
// and exits with a non-zero status if any check failed.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Dialects.h"
#include "mdh-c/Tuning.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// A 4x3 matrix-vector product.
static const char *const kMatvec =
    "func.func @matvec(%M: memref<4x3xf32>, %v: memref<3xf32>,\n"
    "                  %w: memref<4xf32>) {\n"
    "  mdh.compute \"matvec\" sizes(4, 3) combine(cc, pw(add))\n"
    "      ins(%M : memref<4x3xf32> [affine_map<(i, k) -> (i, k)>],\n"
    "          %v : memref<3xf32> [affine_map<(i, k) -> (k)>])\n"
    "      outs(%w : memref<4xf32> [affine_map<(i, k) -> (i)>]) {\n"
    "  ^bb0(%m: f32, %x: f32):\n"
    "    %p = arith.mulf %m, %x : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

/// A 5x7x3 matrix-matrix product.
static const char *const kMatmul =
    "func.func @matmul(%A: memref<5x3xf32>, %B: memref<3x7xf32>,\n"
    "                  %C: memref<5x7xf32>) {\n"
    "  mdh.compute \"matmul\" sizes(5, 7, 3) combine(cc, cc, pw(add))\n"
    "      ins(%A : memref<5x3xf32> [affine_map<(i, j, k) -> (i, k)>],\n"
    "          %B : memref<3x7xf32> [affine_map<(i, j, k) -> (k, j)>])\n"
    "      outs(%C : memref<5x7xf32> [affine_map<(i, j, k) -> (i, j)>]) {\n"
    "  ^bb0(%a: f32, %b: f32):\n"
    "    %p = arith.mulf %a, %b : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

/// A small multi-channel convolution (7 dimensions): its space has more
/// than 2^64 configurations.
static const char *const kMCC =
    "func.func @mcc(%I: memref<5x9x14x11xf32>, %F: memref<17x3x2x11xf32>,\n"
    "               %O: memref<5x7x13x17xf32>) {\n"
    "  mdh.compute \"mcc\" sizes(5, 7, 13, 17, 3, 2, 11)\n"
    "      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))\n"
    "      ins(%I : memref<5x9x14x11xf32>\n"
    "               [affine_map<(n, p, q, k, r, s, c) -> (n, p + r, q + s, "
    "c)>],\n"
    "          %F : memref<17x3x2x11xf32>\n"
    "               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])\n"
    "      outs(%O : memref<5x7x13x17xf32>\n"
    "                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {\n"
    "  ^bb0(%i: f32, %f: f32):\n"
    "    %p = arith.mulf %i, %f : f32\n"
    "    mdh.yield %p : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

static const char *const kOpenMPTarget =
    "#mdh_ll.openmp<vector_width = 256, vector_registers = 16, cores = 4, "
    "l1_cache_size = 32768, l2_cache_size = 1048576>";
static const char *const kCUDATarget = "#mdh_ll.cuda<chip = \"sm_80\">";

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static int numFailures = 0;

/// Prints a PASS or FAIL line for one check and counts failures.
static bool check(bool condition, const char *what) {
  printf("%s: %s\n", condition ? "PASS" : "FAIL", what);
  if (!condition)
    ++numFailures;
  return condition;
}

/// A growable, always NUL-terminated string that MlirStringCallbacks append
/// to.
typedef struct {
  char *data;
  size_t size;
  size_t capacity;
  /// How many times a callback appended to it since the last clear.
  int numCalls;
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
  if (length)
    memcpy(buffer->data + buffer->size, text, length);
  buffer->size += length;
  buffer->data[buffer->size] = '\0';
}

static void bufferClear(TextBuffer *buffer) {
  buffer->size = 0;
  buffer->numCalls = 0;
  if (buffer->data)
    buffer->data[0] = '\0';
}

static const char *bufferStr(const TextBuffer *buffer) {
  return buffer->data ? buffer->data : "";
}

/// MlirStringCallback appending to the TextBuffer in `userData`.
static void appendToBuffer(MlirStringRef str, void *userData) {
  TextBuffer *buffer = (TextBuffer *)userData;
  ++buffer->numCalls;
  bufferAppend(buffer, str.data, str.length);
}

static bool contains(const TextBuffer *buffer, const char *needle) {
  return strstr(bufferStr(buffer), needle) != NULL;
}

/// What the diagnostic handler saw since the last reset.
typedef struct {
  int numErrors;
  /// Messages of all diagnostics, one per line.
  TextBuffer messages;
  /// Start line of the first diagnostic's location, or -1 if it has none.
  int line;
} DiagnosticCapture;

static void captureReset(DiagnosticCapture *capture) {
  capture->numErrors = 0;
  bufferClear(&capture->messages);
  capture->line = -1;
}

/// Records every diagnostic instead of letting MLIR print it to stderr.
static MlirLogicalResult captureDiagnostic(MlirDiagnostic diagnostic,
                                           void *userData) {
  DiagnosticCapture *capture = (DiagnosticCapture *)userData;
  if (mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticError)
    ++capture->numErrors;
  if (capture->line < 0) {
    MlirLocation loc = mlirDiagnosticGetLocation(diagnostic);
    if (mlirLocationIsAFileLineColRange(loc))
      capture->line = mlirLocationFileLineColRangeGetStartLine(loc);
  }
  mlirDiagnosticPrint(diagnostic, appendToBuffer, &capture->messages);
  bufferAppend(&capture->messages, "\n", 1);
  return mlirLogicalResultSuccess();
}

/// Prints what was captured, indented, for the test log.
static void captureDump(const DiagnosticCapture *capture) {
  printf("  %d error(s), first at line %d: %s", capture->numErrors,
         capture->line, bufferStr(&capture->messages));
}

/// Returns the first operation in the body of the first function of
/// `module` (the `mdh.compute` of the inputs above).
static MlirOperation getFirstOpOfFirstFunction(MlirModule module) {
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  return mlirBlockGetFirstOperation(body);
}

/// Verifies the JSON in `json`; checks that this succeeds without errors.
static bool verifiesCleanly(MlirOperation op, MlirAttribute target,
                            const TextBuffer *json,
                            DiagnosticCapture *capture) {
  captureReset(capture);
  MlirLogicalResult result =
      mdhVerifyConfig(op, target, mlirStringRefCreate(json->data, json->size));
  bool ok = mlirLogicalResultIsSuccess(result) && capture->numErrors == 0;
  if (!ok) {
    printf("  rejected configuration:\n%s\n", bufferStr(json));
    captureDump(capture);
  }
  return ok;
}

/// Verifies `json`; checks that this fails with at least one error
/// diagnostic, located at the `mdh.compute` (line 3 of the inputs), whose
/// text contains `expected`.
static void checkRejected(MlirOperation op, MlirAttribute target,
                          const char *json, const char *expected,
                          DiagnosticCapture *capture, const char *what) {
  captureReset(capture);
  MlirLogicalResult result =
      mdhVerifyConfig(op, target, mlirStringRefCreateFromCString(json));
  char message[256];
  snprintf(message, sizeof(message),
           "%s: rejected with an error diagnostic at the op mentioning '%s'",
           what, expected);
  check(mlirLogicalResultIsFailure(result) && capture->numErrors >= 1 &&
            capture->line == 3 && contains(&capture->messages, expected),
        message);
  captureDump(capture);
}

/// `json` with the text between the first occurrence of `from` and the next
/// occurrence of `until` after it (both included) replaced by `with`;
/// NULL if `from` or `until` is not found. The caller frees the result.
static char *replaceSpan(const char *json, const char *from, const char *until,
                         const char *with) {
  const char *begin = strstr(json, from);
  if (!begin)
    return NULL;
  const char *end = strstr(begin + strlen(from), until);
  if (!end)
    return NULL;
  end += strlen(until);
  size_t prefix = (size_t)(begin - json);
  size_t length = prefix + strlen(with) + strlen(end);
  char *result = malloc(length + 1);
  if (!result) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  memcpy(result, json, prefix);
  strcpy(result + prefix, with);
  strcat(result, end);
  return result;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

/// Builds the space of the `mdh.compute` of `source` on `targetText` and
/// checks everything the space offers.
static void testSpace(MlirContext ctx, DiagnosticCapture *capture,
                      const char *kernel, const char *source,
                      const char *targetText) {
  char what[256];
  printf("-- %s on %s\n", kernel, targetText);
  captureReset(capture);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  MlirAttribute target =
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(targetText));
  if (!check(!mlirModuleIsNull(module) && !mlirAttributeIsNull(target),
             "kernel and target parse")) {
    captureDump(capture);
    if (!mlirModuleIsNull(module))
      mlirModuleDestroy(module);
    return;
  }
  MlirOperation op = getFirstOpOfFirstFunction(module);

  MdhSearchSpace space = mdhSearchSpaceCreate(op, target);
  if (!check(!mdhSearchSpaceIsNull(space) && capture->numErrors == 0,
             "mdhSearchSpaceCreate succeeds")) {
    captureDump(capture);
    mlirModuleDestroy(module);
    return;
  }
  check(mlirOperationEqual(mdhSearchSpaceGetOperation(space), op) &&
            mlirAttributeEqual(mdhSearchSpaceGetTarget(space), target),
        "the space knows its operation and target");

  // Size: the three getters agree.
  uint64_t size = 0;
  bool fits = mdhSearchSpaceGetSize(space, &size);
  double log10Size = mdhSearchSpaceGetSizeLog10(space);
  TextBuffer sizeText = {0};
  mdhSearchSpacePrintSize(space, appendToBuffer, &sizeText);
  char decimal[32];
  snprintf(decimal, sizeof(decimal), "%llu", (unsigned long long)size);
  printf("  size %s (log10 %.6f), %ld parameter(s), %ld tree(s)\n",
         bufferStr(&sizeText), log10Size,
         (long)mdhSearchSpaceGetNumParameters(space),
         (long)mdhSearchSpaceGetNumTrees(space));
  check(fits && size > 0 && !mdhSearchSpaceIsEmpty(space),
        "size fits into 64 bits and is > 0");
  check(fabs(log10Size - log10((double)size)) < 1e-9,
        "mdhSearchSpaceGetSizeLog10 agrees with mdhSearchSpaceGetSize");
  check(strcmp(bufferStr(&sizeText), decimal) == 0 && sizeText.numCalls == 1,
        "mdhSearchSpacePrintSize agrees with mdhSearchSpaceGetSize");
  free(sizeText.data);

  // Parameters: one unit-cube coordinate each, tile sizes among them.
  intptr_t numParams = mdhSearchSpaceGetNumParameters(space);
  intptr_t numTrees = mdhSearchSpaceGetNumTrees(space);
  check(numParams > 0 && numTrees > 0 && numTrees <= numParams,
        "at least one parameter and 1 <= trees <= parameters");
  bool namesOk = numParams > 0;
  bool hasTile = false;
  for (intptr_t k = 0; k < numParams; ++k) {
    MlirStringRef name = mdhSearchSpaceGetParameterName(space, k);
    namesOk = namesOk && name.data && name.length > 0;
    if (name.length >= 6 && strncmp(name.data, "tiles[", 6) == 0)
      hasTile = true;
  }
  check(namesOk && hasTile, "every parameter has a name, tile sizes among "
                            "them");

  // Sampling: valid configurations, deterministic per seed, not all equal.
  TextBuffer json = {0};
  TextBuffer first = {0};
  bool allValid = true;
  bool allOneCall = true;
  bool someDiffer = false;
  const int numSamples = 20;
  for (int i = 0; i < numSamples; ++i) {
    bufferClear(&json);
    captureReset(capture);
    MlirLogicalResult result =
        mdhSearchSpaceSampleConfig(space, (uint64_t)i, appendToBuffer, &json);
    if (mlirLogicalResultIsFailure(result) || capture->numErrors != 0) {
      allValid = false;
      captureDump(capture);
      continue;
    }
    allOneCall = allOneCall && json.numCalls == 1;
    allValid = allValid && contains(&json, "\"tiles\"") &&
               verifiesCleanly(op, target, &json, capture);
    if (i == 0) {
      bufferClear(&first);
      bufferAppend(&first, json.data, json.size);
      printf("  sample of seed 0:\n%s\n", bufferStr(&first));
    } else if (strcmp(bufferStr(&first), bufferStr(&json)) != 0) {
      someDiffer = true;
    }
  }
  snprintf(what, sizeof(what),
           "%d sampled configurations are JSON that mdhVerifyConfig accepts",
           numSamples);
  check(allValid, what);
  check(allOneCall, "each configuration comes in one callback call");
  check(someDiffer || size == 1, "samples of different seeds differ");
  bufferClear(&json);
  mdhSearchSpaceSampleConfig(space, 0, appendToBuffer, &json);
  check(strcmp(bufferStr(&first), bufferStr(&json)) == 0,
        "the same seed gives the same configuration");

  // The unit cube: its centre, its corners and points in between.
  double *coords =
      malloc((size_t)(numParams > 0 ? numParams : 1) * sizeof(double));
  if (!coords) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  const double values[] = {0.5, 1.0, 0.0, 1e-9, 0.3};
  bool cubeValid = true;
  for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); ++v) {
    for (intptr_t k = 0; k < numParams; ++k)
      coords[k] = v == 4 ? (double)(k % 7 + 1) / 8.0 : values[v];
    bufferClear(&json);
    captureReset(capture);
    MlirLogicalResult result = mdhSearchSpaceConfigFromUnitCube(
        space, coords, numParams, appendToBuffer, &json);
    if (mlirLogicalResultIsFailure(result) || capture->numErrors != 0) {
      cubeValid = false;
      captureDump(capture);
      continue;
    }
    cubeValid = cubeValid && verifiesCleanly(op, target, &json, capture);
  }
  check(cubeValid, "unit-cube points give configurations that "
                   "mdhVerifyConfig accepts");

  // ... and a point of the wrong dimension or with a NaN does not.
  captureReset(capture);
  bufferClear(&json);
  MlirLogicalResult result = mdhSearchSpaceConfigFromUnitCube(
      space, coords, numParams - 1, appendToBuffer, &json);
  check(mlirLogicalResultIsFailure(result) && capture->numErrors == 1 &&
            capture->line == 3 && contains(&capture->messages, "unit cube") &&
            json.numCalls == 0,
        "a unit-cube point of the wrong dimension is refused with a "
        "diagnostic at the op");
  captureDump(capture);
  coords[0] = NAN;
  captureReset(capture);
  result = mdhSearchSpaceConfigFromUnitCube(space, coords, numParams,
                                            appendToBuffer, &json);
  check(mlirLogicalResultIsFailure(result) && capture->numErrors == 1 &&
            contains(&capture->messages, "NaN") && json.numCalls == 0,
        "a NaN coordinate is refused with a diagnostic");
  captureDump(capture);
  free(coords);

  // The heuristic's configuration.
  TextBuffer defaultJSON = {0};
  captureReset(capture);
  result = mdhDefaultConfig(op, target, appendToBuffer, &defaultJSON);
  check(mlirLogicalResultIsSuccess(result) && capture->numErrors == 0 &&
            defaultJSON.numCalls == 1 && contains(&defaultJSON, "\"tiles\""),
        "mdhDefaultConfig succeeds");
  printf("  default configuration:\n%s\n", bufferStr(&defaultJSON));
  check(verifiesCleanly(op, target, &defaultJSON, capture),
        "the default configuration verifies");

  // Bad configurations.
  checkRejected(op, target, "{\"format\": \"mdh-config-v1\", \"tiles\": [",
                "JSON", capture, "malformed JSON");
  checkRejected(op, target, "", "JSON", capture, "empty text");
  char *zeroTile = replaceSpan(bufferStr(&defaultJSON), "\"tiles\": [[", ",",
                               "\"tiles\": [[0,");
  if (check(zeroTile != NULL, "built a configuration with a tile size of 0"))
    checkRejected(op, target, zeroTile, "tiles[0][0]", capture, "tile size 0");
  free(zeroTile);
  // Level 1 tiles larger than level 0 tiles: the shape is right, the
  // nesting rule of the verifier is broken.
  char *badNesting = replaceSpan(
      bufferStr(&defaultJSON), "\"tiles\": [", "]]",
      strstr(kernel, "matmul")
          ? "\"tiles\": [[1, 1, 1], [5, 7, 3], [1, 1, 1], [1, 1, 1]]"
          : "\"tiles\": [[1, 1], [4, 3], [1, 1], [1, 1]]");
  if (check(badNesting != NULL, "built a configuration with level-1 tiles "
                                "larger than level-0 tiles"))
    checkRejected(op, target, badNesting, "is larger than", capture,
                  "broken tile nesting");
  free(badNesting);
  // A configuration for another target.
  MlirAttribute otherTarget = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#mdh_ll.hip<chip = \"gfx942\">"));
  checkRejected(op, otherTarget, bufferStr(&defaultJSON), "target", capture,
                "a configuration of another target");

  free(defaultJSON.data);
  free(first.data);
  free(json.data);
  mdhSearchSpaceDestroy(space);
  mlirModuleDestroy(module);
}

/// A space whose size does not fit into 64 bits: the size getters still
/// agree, and sampling works.
static void testHugeSpace(MlirContext ctx, DiagnosticCapture *capture) {
  printf("-- mcc 5x7x13x17x3x2x11 on %s\n", kCUDATarget);
  captureReset(capture);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kMCC));
  MlirAttribute target =
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(kCUDATarget));
  if (!check(!mlirModuleIsNull(module), "mcc parses")) {
    captureDump(capture);
    return;
  }
  MlirOperation op = getFirstOpOfFirstFunction(module);
  MdhSearchSpace space = mdhSearchSpaceCreate(op, target);
  if (!check(!mdhSearchSpaceIsNull(space), "mdhSearchSpaceCreate succeeds")) {
    captureDump(capture);
    mlirModuleDestroy(module);
    return;
  }
  uint64_t size = 42;
  bool fits = mdhSearchSpaceGetSize(space, &size);
  double log10Size = mdhSearchSpaceGetSizeLog10(space);
  TextBuffer sizeText = {0};
  mdhSearchSpacePrintSize(space, appendToBuffer, &sizeText);
  printf("  size %s (log10 %.6f)\n", bufferStr(&sizeText), log10Size);
  check(!fits && size == 42,
        "mdhSearchSpaceGetSize: does not fit, leaves the output untouched");
  // The decimal text against the logarithm: its number of digits and its
  // leading 15 digits.
  bool digitsOnly = sizeText.size > 20;
  for (size_t i = 0; i < sizeText.size; ++i)
    digitsOnly =
        digitsOnly && sizeText.data[i] >= '0' && sizeText.data[i] <= '9';
  bool agree = false;
  if (digitsOnly) {
    char leading[16];
    memcpy(leading, sizeText.data, 15);
    leading[15] = '\0';
    double expected =
        log10(strtod(leading, NULL)) + (double)(sizeText.size - 15);
    agree = fabs(log10Size - expected) < 1e-9 &&
            (size_t)floor(log10Size) + 1 == sizeText.size;
  }
  check(digitsOnly && agree, "mdhSearchSpacePrintSize (more than 20 digits) "
                             "agrees with mdhSearchSpaceGetSizeLog10");
  free(sizeText.data);

  TextBuffer json = {0};
  bool allValid = true;
  for (uint64_t seed = 100; seed < 105; ++seed) {
    bufferClear(&json);
    captureReset(capture);
    allValid = allValid &&
               mlirLogicalResultIsSuccess(mdhSearchSpaceSampleConfig(
                   space, seed, appendToBuffer, &json)) &&
               verifiesCleanly(op, target, &json, capture);
  }
  check(allValid, "5 sampled configurations verify");
  free(json.data);
  mdhSearchSpaceDestroy(space);
  mlirModuleDestroy(module);
}

/// Building a space or a default configuration on something that is not a
/// target attribute or not an `mdh.compute` fails cleanly.
static void testBadInputs(MlirContext ctx, DiagnosticCapture *capture) {
  printf("-- bad inputs\n");
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kMatvec));
  if (!check(!mlirModuleIsNull(module), "matvec parses"))
    return;
  MlirOperation op = getFirstOpOfFirstFunction(module);
  MlirAttribute notATarget = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), 7);
  MlirAttribute target =
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(kCUDATarget));

  captureReset(capture);
  MdhSearchSpace space = mdhSearchSpaceCreate(op, notATarget);
  check(mdhSearchSpaceIsNull(space) && capture->numErrors == 1 &&
            capture->line == 3 &&
            contains(&capture->messages, "expected a target attribute"),
        "space on a non-target attribute: null, with a diagnostic at the op");
  captureDump(capture);
  mdhSearchSpaceDestroy(space); // A null space may be destroyed.

  captureReset(capture);
  space = mdhSearchSpaceCreate(op, mlirAttributeGetNull());
  check(mdhSearchSpaceIsNull(space) && capture->numErrors == 1 &&
            contains(&capture->messages, "null attribute"),
        "space on a null attribute: null, with a diagnostic");
  captureDump(capture);

  captureReset(capture);
  TextBuffer json = {0};
  MlirLogicalResult result =
      mdhDefaultConfig(op, notATarget, appendToBuffer, &json);
  check(mlirLogicalResultIsFailure(result) && capture->numErrors == 1 &&
            json.numCalls == 0,
        "default configuration on a non-target attribute fails with a "
        "diagnostic");

  captureReset(capture);
  result =
      mdhVerifyConfig(op, notATarget, mlirStringRefCreateFromCString("{}"));
  check(mlirLogicalResultIsFailure(result) && capture->numErrors == 1 &&
            contains(&capture->messages, "expected a target attribute"),
        "verifying on a non-target attribute fails with a diagnostic");

  // The enclosing func.func is not an mdh.compute.
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  captureReset(capture);
  space = mdhSearchSpaceCreate(func, target);
  check(mdhSearchSpaceIsNull(space) && capture->numErrors == 1 &&
            capture->line == 1 && contains(&capture->messages, "mdh.compute"),
        "space of a func.func: null, with a diagnostic at the func");
  captureDump(capture);
  captureReset(capture);
  result = mdhDefaultConfig(func, target, appendToBuffer, &json);
  check(mlirLogicalResultIsFailure(result) && capture->numErrors == 1 &&
            json.numCalls == 0,
        "default configuration of a func.func fails with a diagnostic");

  // A null operation: reported through the target's context.
  captureReset(capture);
  MlirOperation nullOp = {NULL};
  space = mdhSearchSpaceCreate(nullOp, target);
  check(mdhSearchSpaceIsNull(space) && capture->numErrors == 1,
        "space of a null operation: null, with a diagnostic");

  // IR made invalid through the C API is refused, not tuned.
  int64_t sizes[] = {4, 4};
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("sizes"),
                                  mlirDenseI64ArrayGet(ctx, 2, sizes));
  captureReset(capture);
  space = mdhSearchSpaceCreate(op, target);
  check(mdhSearchSpaceIsNull(space) && capture->numErrors >= 1 &&
            contains(&capture->messages, "out of bounds"),
        "space of an invalid mdh.compute: null, with the verifier's "
        "diagnostic");
  captureDump(capture);

  free(json.data);
  mlirModuleDestroy(module);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mdhRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);

  DiagnosticCapture capture = {0};
  MlirDiagnosticHandlerID handler = mlirContextAttachDiagnosticHandler(
      ctx, captureDiagnostic, &capture, /*deleteUserData=*/NULL);

  testSpace(ctx, &capture, "matvec 4x3", kMatvec, kOpenMPTarget);
  testSpace(ctx, &capture, "matvec 4x3", kMatvec, kCUDATarget);
  testSpace(ctx, &capture, "matmul 5x7x3", kMatmul, kOpenMPTarget);
  testSpace(ctx, &capture, "matmul 5x7x3", kMatmul, kCUDATarget);
  testHugeSpace(ctx, &capture);
  testBadInputs(ctx, &capture);

  mlirContextDetachDiagnosticHandler(ctx, handler);
  mlirContextDestroy(ctx);
  free(capture.messages.data);

  if (numFailures) {
    printf("FAIL: %d check(s) failed\n", numFailures);
    return 1;
  }
  printf("PASS: all checks passed\n");
  return 0;
}
