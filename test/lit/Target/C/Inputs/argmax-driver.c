//===- argmax-driver.c - Runs argmax-exec.mlir's kernel -------------------===//
//
// Part of the MDH-MLIR project.
//
// Calls the C translation of @argmax on four inputs and compares (value,
// index) with a naive loop that implements the combiner's order: a NaN beats
// every number and the first NaN wins; among numbers the larger value wins,
// -0.0 and +0.0 are equal, and of equal values the smaller index wins.
// Prints one OK/FAIL line per input; exits 1 on any mismatch.
//
//===----------------------------------------------------------------------===//

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void argmax_1009(const float *restrict x, float *restrict max,
                 int32_t *restrict arg);

enum { N = 1009 };
static float x[N];

static uint64_t state = 0x853C49E6748FEA9Bu;
static float uniform(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (float)((double)(state >> 11) / 9007199254740992.0 * 200.0 - 100.0);
}

static int run(const char *name) {
  float best = x[0];
  int32_t bestIndex = 0;
  for (int k = 1; k < N; ++k) {
    int better = isnan(best) ? 0 : isnan(x[k]) || x[k] > best;
    if (better) {
      best = x[k];
      bestIndex = k;
    }
  }
  float max = 12345.0f;
  int32_t arg = -7;
  argmax_1009(x, &max, &arg);
  int ok = arg == bestIndex &&
           (isnan(best) ? isnan(max) : memcmp(&max, &best, sizeof max) == 0);
  printf("argmax %s: %s", name, ok ? "OK" : "FAIL");
  if (!ok)
    printf(" (got %g at %d, want %g at %d)", max, arg, best, bestIndex);
  printf("\n");
  return !ok;
}

int main(void) {
  int failed = 0;
  for (int k = 0; k < N; ++k)
    x[k] = uniform();
  failed |= run("random");

  // The maximum three times, in different chunks: the first one wins.
  x[900] = x[600] = x[40] = 1000.0f;
  failed |= run("ties");

  // NaNs in the last and the second chunk: the first NaN wins.
  x[1000] = NAN;
  x[300] = NAN;
  x[310] = NAN;
  failed |= run("nan");

  // All negative but -0.0 (index 700) and +0.0 (index 800): equal maxima.
  for (int k = 0; k < N; ++k)
    x[k] = -1.0f - (float)(k % 17);
  x[800] = 0.0f;
  x[700] = -0.0f;
  failed |= run("zeros");
  return failed;
}
