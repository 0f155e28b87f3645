/*===- loops.c - Plain C + OpenMP loops for every benchmark kernel ---------===*
 *
 * The computation of each example kernel written as straightforward loops:
 * `#pragma omp parallel for` over the outer (independent) dimensions and
 * `simd` (with a `reduction` clause where the inner loop reduces). Built by
 * bench.py with `clang-22 -O3 -march=native -fopenmp`. Usage: see common.h.
 *
 * Matrix products use the textbook i-k-j order (the k loop outside the
 * vectorized j loop, accumulating into a row of C) with the j dimension
 * split into blocks of 128 columns, so that a 1-row product still has
 * parallel work; everything else is the loop nest the definition suggests.
 * The kernels of the files in bench/kernels/ (from mcc_dilated on) run in
 * bench/peers/run.py only, through loops_lib.c.
 *
 *===----------------------------------------------------------------------===*/
#include "kernels.h"

#include <omp.h>

#define JB 128

static void run_dot(void) {
  long n = D[0];
  float s = 0;
#pragma omp parallel for simd reduction(+ : s)
  for (long i = 0; i < n; ++i)
    s += x[i] * y[i];
  out_f = s;
}

static void run_int_dot(void) {
  long n = D[0];
  uint32_t s = 0; /* i32 arithmetic wraps, as arith.muli/addi do */
#pragma omp parallel for simd reduction(+ : s)
  for (long i = 0; i < n; ++i)
    s += (uint32_t)xi[i] * (uint32_t)yi[i];
  out_i = (int32_t)s;
}

static void run_max(void) {
  long n = D[0];
  float m = -INFINITY;
/* fmaxf: like arith.maximumf except on NaNs (there are none in the data);
   the vectorizer turns it into a max reduction, a ?: it does not. */
#pragma omp parallel for simd reduction(max : m)
  for (long i = 0; i < n; ++i)
    m = fmaxf(m, x[i]);
  out_f = m;
}

/* The @argmax combiner of examples/argmax.mlir. */
typedef struct {
  float v;
  int32_t i;
} vi_t;
static inline vi_t argmax_combine(vi_t a, vi_t b) {
  int na = isnan(a.v), nb = isnan(b.v);
  int pick = b.v > a.v || (b.v == a.v && b.i < a.i) || (nb && !na) ||
             (na && nb && b.i < a.i);
  return pick ? b : a;
}
// clang-format 14 and 22 wrap this pragma differently.
// clang-format off
#pragma omp declare reduction(argmax : vi_t :                                   \
                              omp_out = argmax_combine(omp_out, omp_in))       \
    initializer(omp_priv = (vi_t){-INFINITY, INT32_MAX})
// clang-format on

static void run_argmax(void) {
  long n = D[0];
  vi_t best = {-INFINITY, INT32_MAX};
/* No `simd`: clang does not vectorize a user-defined reduction (it warns). */
#pragma omp parallel for reduction(argmax : best)
  for (long i = 0; i < n; ++i)
    best = argmax_combine(best, (vi_t){x[i], (int32_t)i});
  out_f = best.v, out_i = best.i;
}

static void run_jacobi(void) {
  long n = D[0];
#pragma omp parallel for simd
  for (long i = 0; i < n; ++i)
    z[i] = (x[i] + x[i + 1] + x[i + 2]) / 3.0f;
}

static void run_prefix(void) {
  long n = D[0];
  float s = 0;
#pragma omp parallel for simd reduction(inscan, + : s)
  for (long i = 0; i < n; ++i) {
    s += x[i];
#pragma omp scan inclusive(s)
    z[i] = s;
  }
}

static void run_matvec(void) {
  long M = D[0], Kd = D[1];
#pragma omp parallel for
  for (long i = 0; i < M; ++i) {
    float s = 0;
#pragma omp simd reduction(+ : s)
    for (long k = 0; k < Kd; ++k)
      s += x[i * Kd + k] * y[k];
    z[i] = s;
  }
}

/* C[b] = A[b] * B[b] for b < batches (row-major, i-k-j). */
static void matmul_ikj(long batches, long M, long N, long Kd) {
  long nb = (N + JB - 1) / JB;
#pragma omp parallel for collapse(3)
  for (long b = 0; b < batches; ++b)
    for (long i = 0; i < M; ++i)
      for (long jb = 0; jb < nb; ++jb) {
        long j0 = jb * JB, j1 = j0 + JB < N ? j0 + JB : N;
        const float *a = x + (b * M + i) * Kd;
        const float *bm = y + b * Kd * N;
        float *c = z + (b * M + i) * N;
#pragma omp simd
        for (long j = j0; j < j1; ++j)
          c[j] = 0;
        for (long k = 0; k < Kd; ++k) {
          float av = a[k];
          const float *brow = bm + k * N;
#pragma omp simd
          for (long j = j0; j < j1; ++j)
            c[j] += av * brow[j];
        }
      }
}
static void run_matmul(void) { matmul_ikj(1, D[0], D[1], D[2]); }
static void run_bmatmul(void) { matmul_ikj(D[0], D[1], D[2], D[3]); }

/* C[i][j] = sum_k A[k][i] * B[j][k]: both operands transposed. */
static void run_matmul_t(void) {
  long M = D[0], N = D[1], Kd = D[2];
#pragma omp parallel for collapse(2)
  for (long i = 0; i < M; ++i)
    for (long j = 0; j < N; ++j) {
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (long k = 0; k < Kd; ++k)
        s += x[k * M + i] * y[j * Kd + k];
      z[i * N + j] = s;
    }
}

static void run_mcc(void) {
  long Nn = D[0], P = D[1], Q = D[2], Kk = D[3], R = D[4], S = D[5], C = D[6],
       st = D[7], H = D[8], W = D[9];
#pragma omp parallel for collapse(3)
  for (long n = 0; n < Nn; ++n)
    for (long p = 0; p < P; ++p)
      for (long q = 0; q < Q; ++q)
        for (long k = 0; k < Kk; ++k) {
          float acc = 0;
          for (long r = 0; r < R; ++r) {
            const float *in = x + ((n * H + p * st + r) * W + q * st) * C;
            const float *f = y + (k * R + r) * S * C;
#pragma omp simd collapse(2) reduction(+ : acc)
            for (long s = 0; s < S; ++s)
              for (long c = 0; c < C; ++c)
                acc += in[s * C + c] * f[s * C + c];
          }
          z[((n * P + p) * Q + q) * Kk + k] = acc;
        }
}

static void run_capsule(void) {
  long Nn = D[0], P = D[1], Q = D[2], Kk = D[3], I = D[4], J = D[5], R = D[6],
       S = D[7], C = D[8], Mm = D[9], st = D[10], H = D[11], W = D[12];
#pragma omp parallel for collapse(3)
  for (long n = 0; n < Nn; ++n)
    for (long p = 0; p < P; ++p)
      for (long q = 0; q < Q; ++q)
        for (long k = 0; k < Kk; ++k)
          for (long i = 0; i < I; ++i)
            for (long j = 0; j < J; ++j) {
              float acc = 0;
              for (long r = 0; r < R; ++r)
                for (long s = 0; s < S; ++s)
                  for (long c = 0; c < C; ++c) {
                    const float *in =
                        x +
                        ((((n * H + p * st + r) * W + q * st + s) * C + c) * I +
                         i) *
                            Mm;
                    const float *f =
                        y + (((k * R + r) * S + s) * C + c) * Mm * J + j;
#pragma omp simd reduction(+ : acc)
                    for (long m = 0; m < Mm; ++m)
                      acc += in[m] * f[m * J];
                  }
              z[((((n * P + p) * Q + q) * Kk + k) * I + i) * J + j] = acc;
            }
}

/* mcc with a dilation: the window's columns are no longer contiguous, so
   only the channel loop is vectorized. */
static void run_mcc_dilated(void) {
  long Nn = D[0], P = D[1], Q = D[2], Kk = D[3], R = D[4], S = D[5], C = D[6],
       st = D[7], dil = D[8], H = D[9], W = D[10];
#pragma omp parallel for collapse(3)
  for (long n = 0; n < Nn; ++n)
    for (long p = 0; p < P; ++p)
      for (long q = 0; q < Q; ++q)
        for (long k = 0; k < Kk; ++k) {
          float acc = 0;
          for (long r = 0; r < R; ++r)
            for (long s = 0; s < S; ++s) {
              const float *in =
                  x + ((n * H + p * st + r * dil) * W + q * st + s * dil) * C;
              const float *f = y + ((k * R + r) * S + s) * C;
#pragma omp simd reduction(+ : acc)
              for (long c = 0; c < C; ++c)
                acc += in[c] * f[c];
            }
          z[((n * P + p) * Q + q) * Kk + k] = acc;
        }
}

/* Depthwise: every output pixel's channels accumulate the R*S taps, the
   channel loop (contiguous in input, RSC filter and output) vectorized. */
static void run_depthwise(void) {
  long Nn = D[0], P = D[1], Q = D[2], C = D[3], R = D[4], S = D[5], st = D[6],
       dil = D[7], H = D[8], W = D[9];
#pragma omp parallel for collapse(3)
  for (long n = 0; n < Nn; ++n)
    for (long p = 0; p < P; ++p)
      for (long q = 0; q < Q; ++q) {
        float *o = z + ((n * P + p) * Q + q) * C;
#pragma omp simd
        for (long c = 0; c < C; ++c)
          o[c] = 0;
        for (long r = 0; r < R; ++r)
          for (long s = 0; s < S; ++s) {
            const float *in =
                x + ((n * H + p * st + r * dil) * W + q * st + s * dil) * C;
            const float *f = y + (r * S + s) * C;
#pragma omp simd
            for (long c = 0; c < C; ++c)
              o[c] += in[c] * f[c];
          }
      }
}

/* C[b][i][j] = sum_k A[b][i][k] * B[b][j][k]: both rows contiguous in k, a
   dot product per point. */
static void run_bmatmul_nt(void) {
  long B = D[0], M = D[1], N = D[2], Kd = D[3];
#pragma omp parallel for collapse(3)
  for (long b = 0; b < B; ++b)
    for (long i = 0; i < M; ++i)
      for (long j = 0; j < N; ++j) {
        const float *a = x + (b * M + i) * Kd, *bt = y + (b * N + j) * Kd;
        float s = 0;
#pragma omp simd reduction(+ : s)
        for (long k = 0; k < Kd; ++k)
          s += a[k] * bt[k];
        z[(b * M + i) * N + j] = s;
      }
}

/* C[a][b][c][d] = sum_{e,f} A[a][e][b][f] * B[d][f][c][e]: the output's
   loops parallel, the f loop (contiguous in A) vectorized. */
static void run_tensor_contraction(void) {
  long A = D[0], B = D[1], C = D[2], Dd = D[3], E = D[4], F = D[5];
#pragma omp parallel for collapse(3)
  for (long a = 0; a < A; ++a)
    for (long b = 0; b < B; ++b)
      for (long c = 0; c < C; ++c)
        for (long d = 0; d < Dd; ++d) {
          float s = 0;
          for (long e = 0; e < E; ++e) {
            const float *xa = x + ((a * E + e) * B + b) * F;
            const float *yb = y + (d * F * C + c) * E + e;
#pragma omp simd reduction(+ : s)
            for (long f = 0; f < F; ++f)
              s += xa[f] * yb[f * C * E];
          }
          z[((a * B + b) * C + c) * Dd + d] = s;
        }
}

/* Rows in parallel, each reduced with the combiner of argmax (no `simd`,
   as for argmax). */
static void run_row_argmax(void) {
  long M = D[0], N = D[1];
#pragma omp parallel for
  for (long i = 0; i < M; ++i) {
    vi_t best = {-INFINITY, INT32_MAX};
    for (long k = 0; k < N; ++k)
      best = argmax_combine(best, (vi_t){x[i * N + k], (int32_t)k});
    z[i] = best.v, zi[i] = best.i;
  }
}

/* O[b][s][h][d] = sum_t P[b][h][s][t] * V[b][t][h][d]: per (b, s, h), a
   row of O accumulates the rows of V weighted by P (i-k-j order, as the
   matrix products), the d loop vectorized. */
static void run_attention_context(void) {
  long B = D[0], S = D[1], H = D[2], Dd = D[3], T = D[4];
#pragma omp parallel for collapse(3)
  for (long b = 0; b < B; ++b)
    for (long s = 0; s < S; ++s)
      for (long h = 0; h < H; ++h) {
        const float *p = x + ((b * H + h) * S + s) * T;
        float *o = z + ((b * S + s) * H + h) * Dd;
#pragma omp simd
        for (long d = 0; d < Dd; ++d)
          o[d] = 0;
        for (long t = 0; t < T; ++t) {
          const float *v = y + ((b * T + t) * H + h) * Dd;
          float pv = p[t];
#pragma omp simd
          for (long d = 0; d < Dd; ++d)
            o[d] += pv * v[d];
        }
      }
}

/* Indexed by enum kind (kernels.h). */
static void (*const kernel_runs[])(void) = {
    run_dot,         run_int_dot,
    run_max,         run_argmax,
    run_jacobi,      run_prefix,
    run_matvec,      run_matmul,
    run_matmul_t,    run_bmatmul,
    run_mcc,         run_capsule,
    run_mcc_dilated, run_depthwise,
    run_bmatmul_nt,  run_tensor_contraction,
    run_row_argmax,  run_attention_context};
_Static_assert(sizeof kernel_runs / sizeof *kernel_runs == K_UNKNOWN,
               "a kernel per kind of kernels.h");
_Static_assert(sizeof kind_names / sizeof *kind_names == K_UNKNOWN &&
                   sizeof kind_ndims / sizeof *kind_ndims == K_UNKNOWN,
               "a name and a dimension count per kind");

int main(int argc, char **argv) {
  parse_args(argc, argv);
  K = kind_of(arg_kind);
  if (K == K_UNKNOWN) {
    fprintf(stderr, "loops: unknown kernel kind '%s'\n", arg_kind);
    return 2;
  }
  need_dims(kind_ndims[K]);
  setup();
  char detail[64];
  snprintf(detail, sizeof detail, "omp_threads=%d", omp_get_max_threads());
  bench_and_report(kernel_runs[K], check, arg_reps, arg_min_time, arg_warmup,
                   detail);
  return check_failed;
}
