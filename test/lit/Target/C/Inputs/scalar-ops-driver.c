//===- scalar-ops-driver.c - C translation vs. the oracle, bit by bit -----===//
//
// Part of the MDH-MLIR project.
//
// Runs scalar_ops (CL-IR translated to C by mdh-translate --emit-c) and
// scalar_ops_ref (the same scalar function as HL-IR, compiled through the
// oracle lowering and LLVM) on the same inputs, and compares every output
// bit for bit; two NaNs are equal whatever their payloads. The inputs cover
// the corner cases of integer wrap-around and of IEEE floats (NaN, signed
// zeros, infinities, subnormals, ties of rounding). Prints OK or FAIL.
//
//===----------------------------------------------------------------------===//

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { N = 61 };

// MLIR's expanded memref descriptor of a rank-2 memref: allocated and
// aligned pointer, offset, two sizes, two strides.
#define MR2_T(T) T *, T *, int64_t, int64_t, int64_t, int64_t, int64_t
#define MR2(p, cols)                                                           \
  (p), (p), (int64_t)0, (int64_t)N, (int64_t)(cols), (int64_t)(cols), (int64_t)1

void scalar_ops(const int8_t *, const int32_t *, const int64_t *, const float *,
                const double *, int8_t *, int32_t *, int64_t *, float *,
                double *);
void scalar_ops_ref(MR2_T(int8_t), MR2_T(int32_t), MR2_T(int64_t), MR2_T(float),
                    MR2_T(double), MR2_T(int8_t), MR2_T(int32_t),
                    MR2_T(int64_t), MR2_T(float), MR2_T(double));

static uint64_t state = 0x9E3779B97F4A7C15u;
static uint64_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}
static double uniform(double lo, double hi) {
  return lo + (hi - lo) * (double)(next() >> 11) / 9007199254740992.0;
}

static int8_t i8s[N][2];
static int32_t i32s[N][2];
static int64_t i64s[N][2];
static float f32s[N][2];
static double f64s[N][2];

struct Outputs {
  int8_t o8[N][16];
  int32_t o32[N][16];
  int64_t o64[N][8];
  float of32[N][32];
  double of64[N][6];
};
static struct Outputs got, want;

static int sameFloat(double a, double b, int isF32) {
  if (isnan(a) && isnan(b))
    return 1;
  if (isF32) {
    float fa = (float)a, fb = (float)b;
    return memcmp(&fa, &fb, sizeof fa) == 0;
  }
  return memcmp(&a, &b, sizeof a) == 0;
}

int main(void) {
  // Rows 0..51 pair every special value with itself and with the next 1, 2
  // and 3 values: (+0, -0), (-0, +0), (NaN, NaN), (inf, -inf), ...
  const float specials[] = {NAN,       0.0f,  -0.0f, 0.0f,  INFINITY,
                            -INFINITY, 1.5f,  2.5f,  -2.5f, 0.5f,
                            1e-40f,    -3.0f, 7.0f};
  const int numSpecials = sizeof specials / sizeof specials[0];
  const int64_t edges[] = {0,         -1,        1,   INT64_MIN, INT64_MAX,
                           INT32_MIN, INT32_MAX, 127, -128};
  const int numEdges = sizeof edges / sizeof edges[0];
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < 2; ++j) {
      int64_t r =
          i < numEdges * 2 ? edges[(i + j * 5) % numEdges] : (int64_t)next();
      i8s[i][j] = (int8_t)r;
      i32s[i][j] = (int32_t)r;
      i64s[i][j] = r;
      f32s[i][j] = i < 4 * numSpecials
                       ? specials[(i + j * (i / numSpecials)) % numSpecials]
                       : (float)uniform(-100.0, 100.0);
      f64s[i][j] = uniform(-1e6, 1e6);
    }
  }
  // Outputs start with a sentinel, so unwritten elements differ.
  memset(&got, 0x5A, sizeof got);
  memset(&want, 0x5A, sizeof want);

  scalar_ops(&i8s[0][0], &i32s[0][0], &i64s[0][0], &f32s[0][0], &f64s[0][0],
             &got.o8[0][0], &got.o32[0][0], &got.o64[0][0], &got.of32[0][0],
             &got.of64[0][0]);
  scalar_ops_ref(MR2(&i8s[0][0], 2), MR2(&i32s[0][0], 2), MR2(&i64s[0][0], 2),
                 MR2(&f32s[0][0], 2), MR2(&f64s[0][0], 2),
                 MR2(&want.o8[0][0], 16), MR2(&want.o32[0][0], 16),
                 MR2(&want.o64[0][0], 8), MR2(&want.of32[0][0], 32),
                 MR2(&want.of64[0][0], 6));

  int errors = 0;
#define REPORT(kind, k, fmt, g, w)                                             \
  do {                                                                         \
    if (errors++ < 20)                                                         \
      printf("mismatch: %s #%d at point %d: got " fmt ", want " fmt "\n",      \
             kind, k, i, g, w);                                                \
  } while (0)
  for (int i = 0; i < N; ++i) {
    for (int k = 0; k < 16; ++k)
      if (got.o8[i][k] != want.o8[i][k])
        REPORT("i8", k, "%d", got.o8[i][k], want.o8[i][k]);
    for (int k = 0; k < 16; ++k)
      if (got.o32[i][k] != want.o32[i][k])
        REPORT("i32", k, "%d", got.o32[i][k], want.o32[i][k]);
    for (int k = 0; k < 8; ++k)
      if (got.o64[i][k] != want.o64[i][k])
        REPORT("i64", k, "%lld", (long long)got.o64[i][k],
               (long long)want.o64[i][k]);
    for (int k = 0; k < 32; ++k)
      if (!sameFloat(got.of32[i][k], want.of32[i][k], 1))
        REPORT("f32", k, "%a", got.of32[i][k], want.of32[i][k]);
    for (int k = 0; k < 6; ++k)
      if (!sameFloat(got.of64[i][k], want.of64[i][k], 0))
        REPORT("f64", k, "%a", got.of64[i][k], want.of64[i][k]);
  }
  if (errors) {
    printf("FAIL: %d mismatches\n", errors);
    return 1;
  }
  printf("OK: %d points x 78 results bit-identical\n", N);
  return 0;
}
