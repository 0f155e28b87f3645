//===- CapiTestSupport.h - Helpers of the C-API tests ---------------*- C
//-*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// What the C-API test programs share: PASS/FAIL lines, a growable string
// that MlirStringCallbacks append to, and a diagnostic handler that records
// errors instead of printing them.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TEST_CAPI_CAPITESTSUPPORT_H
#define MDH_TEST_CAPI_CAPITESTSUPPORT_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int numFailures = 0;

/// Prints a PASS or FAIL line for one check, counts failures and returns
/// `condition`.
static bool check(bool condition, const char *what) {
  printf("%s: %s\n", condition ? "PASS" : "FAIL", what);
  if (!condition)
    ++numFailures;
  return condition;
}

/// A growable, always NUL-terminated string.
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

static bool contains(const TextBuffer *buffer, const char *needle) {
  return strstr(bufferStr(buffer), needle) != NULL;
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
} DiagnosticCapture;

static void captureReset(DiagnosticCapture *capture) {
  capture->numErrors = 0;
  bufferClear(&capture->messages);
}

/// Records every diagnostic instead of letting MLIR print it to stderr.
static MlirLogicalResult captureDiagnostic(MlirDiagnostic diagnostic,
                                           void *userData) {
  DiagnosticCapture *capture = (DiagnosticCapture *)userData;
  if (mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticError)
    ++capture->numErrors;
  mlirDiagnosticPrint(diagnostic, appendToBuffer, &capture->messages);
  bufferAppend(&capture->messages, "\n", 1);
  return mlirLogicalResultSuccess();
}

/// Whether at least one error was captured since the last reset and the
/// messages mention `needle`.
static bool capturedError(const DiagnosticCapture *capture,
                          const char *needle) {
  return capture->numErrors >= 1 && contains(&capture->messages, needle);
}

static MlirModule parse(MlirContext ctx, const char *source) {
  return mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
}

#endif // MDH_TEST_CAPI_CAPITESTSUPPORT_H
