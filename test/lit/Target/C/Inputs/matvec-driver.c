//===- matvec-driver.c - Runs matvec-exec.mlir's kernels ------------------===//
//
// Part of the MDH-MLIR project.
//
// Calls the C translations of @matvec and @matmul on seeded random inputs,
// with outputs pre-filled with NaN (so unwritten elements fail), and compares
// every output element against a naive loop in double with the tolerance of
// docs/semantics.md: |r - ref| <= (n + 8) * 2^-24 * max(|ref|, sum |terms|).
// Prints one OK/FAIL line per kernel; exits 1 on any mismatch.
//
//===----------------------------------------------------------------------===//

#include <math.h>
#include <stdint.h>
#include <stdio.h>

void matvec(const float *restrict M, const float *restrict v,
            float *restrict w);
void matmul(const float *restrict A, const float *restrict B,
            float *restrict C);

static uint64_t state = 0x2545F4914F6CDD1Du;
static float uniform(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (float)((double)(state >> 11) / 9007199254740992.0 * 2.0 - 1.0);
}

/// Checks one element; returns 1 on a mismatch.
static int check(const char *name, int i, int j, float got, double ref,
                 double mag, int n) {
  double tol = (n + 8) * ldexp(1.0, -24) * fmax(fabs(ref), mag);
  if (!isnan(got) && fabs(got - ref) <= tol)
    return 0;
  printf("%s: mismatch at (%d, %d): got %.9g, want %.9g (tolerance %.3g)\n",
         name, i, j, got, ref, tol);
  return 1;
}

enum { MI = 37, MK = 29, I = 23, J = 131, K = 127 };
static float M[MI][MK], v[MK], w[MI];
static float A[I][K], B[K][J], C[I][J];

int main(void) {
  int failed = 0, errors = 0;

  for (int i = 0; i < MI; ++i)
    for (int k = 0; k < MK; ++k)
      M[i][k] = uniform();
  for (int k = 0; k < MK; ++k)
    v[k] = uniform();
  for (int i = 0; i < MI; ++i)
    w[i] = NAN;
  matvec(&M[0][0], v, w);
  for (int i = 0; i < MI; ++i) {
    double ref = 0, mag = 0;
    for (int k = 0; k < MK; ++k) {
      ref += (double)M[i][k] * v[k];
      mag += fabs((double)M[i][k] * v[k]);
    }
    errors += check("matvec", i, 0, w[i], ref, mag, MK);
  }
  printf("matvec %dx%d: %s\n", MI, MK, errors ? "FAIL" : "OK");
  failed |= errors != 0;

  errors = 0;
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      A[i][k] = uniform();
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      B[k][j] = uniform();
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      C[i][j] = NAN;
  matmul(&A[0][0], &B[0][0], &C[0][0]);
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      double ref = 0, mag = 0;
      for (int k = 0; k < K; ++k) {
        ref += (double)A[i][k] * B[k][j];
        mag += fabs((double)A[i][k] * B[k][j]);
      }
      errors += check("matmul", i, j, C[i][j], ref, mag, K);
    }
  printf("matmul %dx%dx%d: %s\n", I, J, K, errors ? "FAIL" : "OK");
  failed |= errors != 0;
  return failed;
}
