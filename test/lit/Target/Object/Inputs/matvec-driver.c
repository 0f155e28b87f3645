// Calls the MatVec 13x7 of examples/small/matvec.mlir, compiled to a host
// object by `mdh-translate --emit-object` and linked into a shared library,
// through MLIR's memref calling convention (each memref as its descriptor's
// fields), and checks it against a plain loop.
#include <math.h>
#include <stdint.h>
#include <stdio.h>

void matvec_small(float *, float *, int64_t, int64_t, int64_t, int64_t, int64_t,
                  float *, float *, int64_t, int64_t, int64_t, float *, float *,
                  int64_t, int64_t, int64_t);

int main(void) {
  float m[13][7], v[7], w[13], ref[13];
  for (int i = 0; i < 13; ++i)
    for (int k = 0; k < 7; ++k)
      m[i][k] = (float)((i * 7 + k) % 11) - 5.0f;
  for (int k = 0; k < 7; ++k)
    v[k] = 0.25f * (float)k - 1.0f;
  for (int i = 0; i < 13; ++i) {
    w[i] = NAN;
    ref[i] = 0;
    for (int k = 0; k < 7; ++k)
      ref[i] += m[i][k] * v[k];
  }
  matvec_small(&m[0][0], &m[0][0], 0, 13, 7, 7, 1, v, v, 0, 7, 1, w, w, 0, 13,
               1);
  int bad = 0;
  for (int i = 0; i < 13; ++i)
    if (!(fabsf(w[i] - ref[i]) <= 1e-4f * (1.0f + fabsf(ref[i])))) {
      printf("FAIL: w[%d] = %g, expected %g\n", i, w[i], ref[i]);
      bad = 1;
    }
  if (!bad)
    printf("OK\n");
  return bad;
}
