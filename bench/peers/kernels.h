/*===- kernels.h - Buffers, layouts and references of the benchmark kernels
 * -===*
 *
 * The layouts are those of the files examples/NAME.mlir (row-major memrefs,
 * index maps as written there); bench.py checks the maps of every example
 * against the ones listed in bench.py before it runs a peer, and passes the
 * sizes it read from the example as DIM arguments:
 *
 *   dot, int_dot, max_reduction, argmax, jacobi1d, prefix_sum:  N
 *   matvec:       M K        w[i]      = sum_k A[i][k] * v[k]
 *   matmul:       M N K      C[i][j]   = sum_k A[i][k] * B[k][j]
 *   matmul_t:     M N K      C[i][j]   = sum_k A[k][i] * B[j][k]
 *   bmatmul:      B M N K    C[b][i][j] = sum_k A[b][i][k] * B[b][k][j]
 *   mcc:          N P Q K R S C STRIDE H W
 *                 O[n][p][q][k] = sum_{r,s,c} I[n][p*st+r][q*st+s][c] *
 * F[k][r][s][c] mcc_capsule:  N P Q K I J R S C M STRIDE H W
 *                 O[n][p][q][k][i][j] = sum_{r,s,c,m}
 *                     I[n][p*st+r][q*st+s][c][i][m] * F[k][r][s][c][m][j]
 *   jacobi1d:     y[i] = (x[i] + x[i+1] + x[i+2]) / 3,  x has N+2 elements
 *   prefix_sum:   y[i] = x[0] + ... + x[i]
 *   argmax:       largest value, smallest index among equals (NaN wins)
 *
 * and those of the files in bench/kernels/ (beyond the examples):
 *
 *   mcc_dilated:  N P Q K R S C STRIDE DIL H W
 *                 O[n][p][q][k] = sum_{r,s,c}
 *                     I[n][p*st+r*dil][q*st+s*dil][c] * F[k][r][s][c]
 *   depthwise:    N P Q C R S STRIDE DIL H W
 *                 O[n][p][q][c] = sum_{r,s}
 *                     I[n][p*st+r*dil][q*st+s*dil][c] * F[r][s][c]
 *   bmatmul_nt:   B M N K    C[b][i][j] = sum_k A[b][i][k] * B[b][j][k]
 *   tensor_contraction: A B C D E F
 *                 C[a][b][c][d] = sum_{e,f} A[a][e][b][f] * B[d][f][c][e]
 *   attention_context: B S H D T
 *                 O[b][s][h][d] = sum_t P[b][h][s][t] * V[b][t][h][d]
 *   row_argmax:   M N        per row i of x[M][N]: its largest value and
 *                            the smallest column holding it (NaN wins)
 *
 *===----------------------------------------------------------------------===*/
#ifndef MDH_BENCH_PEERS_KERNELS_H
#define MDH_BENCH_PEERS_KERNELS_H

#include "common.h"

enum kind {
  K_DOT,
  K_INT_DOT,
  K_MAX,
  K_ARGMAX,
  K_JACOBI,
  K_PREFIX,
  K_MATVEC,
  K_MATMUL,
  K_MATMUL_T,
  K_BMATMUL,
  K_MCC,
  K_CAPSULE,
  K_MCC_DILATED,
  K_DEPTHWISE,
  K_BMATMUL_NT,
  K_TENSOR_CONTRACTION,
  K_ROW_ARGMAX,
  K_ATTENTION_CONTEXT,
  K_UNKNOWN
};
static const char *kind_names[] = {
    "dot",         "int_dot",          "max_reduction", "argmax",
    "jacobi1d",    "prefix_sum",       "matvec",        "matmul",
    "matmul_t",    "bmatmul",          "mcc",           "mcc_capsule",
    "mcc_dilated", "depthwise",        "bmatmul_nt",    "tensor_contraction",
    "row_argmax",  "attention_context"};
static const int kind_ndims[] = {1, 1,  1,  1,  1,  1, 2, 3, 3,
                                 4, 10, 13, 11, 10, 4, 6, 2, 5};

static enum kind kind_of(const char *name) {
  for (int k = 0; k < K_UNKNOWN; ++k)
    if (!strcmp(name, kind_names[k]))
      return (enum kind)k;
  return K_UNKNOWN;
}

/* Buffers: inputs x, y (float) or xi, yi (int), output z (float) / scalar;
 * zi: the second output of row_argmax (the columns). */
static float *x, *y, *z;
static int32_t *xi, *yi, *zi;
static float out_f;
static int32_t out_i;
static long D[16];
static enum kind K;

static void setup(void) {
  for (int i = 0; i < arg_ndims; ++i)
    D[i] = arg_dims[i];
  long n = D[0];
  switch (K) {
  case K_DOT:
    x = rand_floats(n), y = rand_floats(n);
    break;
  case K_INT_DOT:
    xi = rand_ints(n), yi = rand_ints(n);
    break;
  case K_MAX:
  case K_ARGMAX:
    x = rand_floats(n);
    break;
  case K_JACOBI:
    x = rand_floats(n + 2), z = nan_floats(n);
    break;
  case K_PREFIX:
    x = rand_floats(n), z = nan_floats(n);
    break;
  case K_MATVEC:
    x = rand_floats(D[0] * D[1]), y = rand_floats(D[1]), z = nan_floats(D[0]);
    break;
  case K_MATMUL:
  case K_MATMUL_T:
    x = rand_floats(D[0] * D[2]), y = rand_floats(D[2] * D[1]);
    z = nan_floats(D[0] * D[1]);
    break;
  case K_BMATMUL:
    x = rand_floats(D[0] * D[1] * D[3]), y = rand_floats(D[0] * D[3] * D[2]);
    z = nan_floats(D[0] * D[1] * D[2]);
    break;
  case K_MCC: /* N P Q K R S C ST H W */
    x = rand_floats(D[0] * D[8] * D[9] * D[6]);
    y = rand_floats(D[3] * D[4] * D[5] * D[6]);
    z = nan_floats(D[0] * D[1] * D[2] * D[3]);
    break;
  case K_CAPSULE: /* N P Q K I J R S C M ST H W */
    x = rand_floats(D[0] * D[11] * D[12] * D[8] * D[4] * D[9]);
    y = rand_floats(D[3] * D[6] * D[7] * D[8] * D[9] * D[5]);
    z = nan_floats(D[0] * D[1] * D[2] * D[3] * D[4] * D[5]);
    break;
  case K_MCC_DILATED: /* N P Q K R S C ST DIL H W */
    x = rand_floats(D[0] * D[9] * D[10] * D[6]);
    y = rand_floats(D[3] * D[4] * D[5] * D[6]);
    z = nan_floats(D[0] * D[1] * D[2] * D[3]);
    break;
  case K_DEPTHWISE: /* N P Q C R S ST DIL H W */
    x = rand_floats(D[0] * D[8] * D[9] * D[3]);
    y = rand_floats(D[4] * D[5] * D[3]);
    z = nan_floats(D[0] * D[1] * D[2] * D[3]);
    break;
  case K_BMATMUL_NT: /* B M N K */
    x = rand_floats(D[0] * D[1] * D[3]), y = rand_floats(D[0] * D[2] * D[3]);
    z = nan_floats(D[0] * D[1] * D[2]);
    break;
  case K_TENSOR_CONTRACTION: /* A B C D E F */
    x = rand_floats(D[0] * D[4] * D[1] * D[5]);
    y = rand_floats(D[3] * D[5] * D[2] * D[4]);
    z = nan_floats(D[0] * D[1] * D[2] * D[3]);
    break;
  case K_ROW_ARGMAX: /* M N */
    x = rand_floats(D[0] * D[1]), z = nan_floats(D[0]);
    zi = (int32_t *)xalloc(D[0] * sizeof(int32_t));
    break;
  case K_ATTENTION_CONTEXT: /* B S H D T */
    x = rand_floats(D[0] * D[2] * D[1] * D[4]);
    y = rand_floats(D[0] * D[4] * D[2] * D[3]);
    z = nan_floats(D[0] * D[1] * D[2] * D[3]);
    break;
  default:
    break;
  }
}

/* Serial double-precision references. */
static void check(void) {
  long n = D[0];
  switch (K) {
  case K_DOT: {
    double s = 0, a = 0;
    for (long i = 0; i < n; ++i)
      s += (double)x[i] * y[i], a += fabs((double)x[i] * y[i]);
    check_value(out_f, s, a);
    break;
  }
  case K_INT_DOT: {
    uint32_t s = 0;
    for (long i = 0; i < n; ++i)
      s += (uint32_t)xi[i] * (uint32_t)yi[i];
    check_exact(out_i == (int32_t)s);
    break;
  }
  case K_MAX: {
    float m = -INFINITY;
    for (long i = 0; i < n; ++i)
      m = x[i] > m ? x[i] : m;
    check_exact(out_f == m);
    break;
  }
  case K_ARGMAX: {
    float m = -INFINITY;
    int32_t at = 0;
    for (long i = 0; i < n; ++i)
      if (x[i] > m)
        m = x[i], at = (int32_t)i;
    check_exact(out_f == m && out_i == at);
    break;
  }
  case K_JACOBI:
    for (long s = 0, c = sample_count(n); s < c; ++s) {
      long i = sample_index(s, n);
      double r = ((double)x[i] + x[i + 1] + x[i + 2]) / 3.0;
      check_value(z[i], r, fabs(x[i]) + fabs(x[i + 1]) + fabs(x[i + 2]));
    }
    break;
  case K_PREFIX: {
    double s = 0, a = 0;
    for (long i = 0; i < n; ++i) {
      s += x[i], a += fabs(x[i]);
      check_value(z[i], s, a);
    }
    break;
  }
  case K_MATVEC: {
    long M = D[0], Kd = D[1];
    for (long s = 0, c = sample_count(M); s < c; ++s) {
      long i = sample_index(s, M);
      double r = 0, a = 0;
      for (long k = 0; k < Kd; ++k)
        r += (double)x[i * Kd + k] * y[k],
            a += fabs((double)x[i * Kd + k] * y[k]);
      check_value(z[i], r, a);
    }
    break;
  }
  case K_MATMUL:
  case K_MATMUL_T:
  case K_BMATMUL: {
    long B = K == K_BMATMUL ? D[0] : 1, o = K == K_BMATMUL ? 1 : 0;
    long M = D[o], N = D[o + 1], Kd = D[o + 2], total = B * M * N;
    for (long s = 0, c = sample_count(total); s < c; ++s) {
      long e = sample_index(s, total);
      long b = e / (M * N), i = e / N % M, j = e % N;
      double r = 0, a = 0;
      for (long k = 0; k < Kd; ++k) {
        double p = K == K_MATMUL_T ? (double)x[k * M + i] * y[j * Kd + k]
                                   : (double)x[(b * M + i) * Kd + k] *
                                         y[(b * Kd + k) * N + j];
        r += p, a += fabs(p);
      }
      check_value(z[e], r, a);
    }
    break;
  }
  case K_CAPSULE: {
    long Nn = D[0], P = D[1], Q = D[2], Kk = D[3], I = D[4], J = D[5], R = D[6],
         S = D[7], C = D[8], Mm = D[9], st = D[10], H = D[11], W = D[12],
         total = Nn * P * Q * Kk * I * J;
    for (long s = 0, c = sample_count(total); s < c; ++s) {
      long e = sample_index(s, total);
      long j = e % J, i = e / J % I, k = e / (J * I) % Kk,
           q = e / (J * I * Kk) % Q, p = e / (J * I * Kk * Q) % P,
           nn = e / (J * I * Kk * Q * P);
      double r = 0, a = 0;
      for (long rr = 0; rr < R; ++rr)
        for (long ss = 0; ss < S; ++ss)
          for (long cc = 0; cc < C; ++cc)
            for (long m = 0; m < Mm; ++m) {
              double v =
                  (double)
                      x[((((nn * H + p * st + rr) * W + q * st + ss) * C + cc) *
                             I +
                         i) *
                            Mm +
                        m] *
                  y[((((k * R + rr) * S + ss) * C + cc) * Mm + m) * J + j];
              r += v, a += fabs(v);
            }
      check_value(z[e], r, a);
    }
    break;
  }
  case K_MCC:
  case K_MCC_DILATED: {
    /* mcc's dimensions have no dilation (1): N P Q K R S C ST H W. */
    int dilated = K == K_MCC_DILATED;
    long Nn = D[0], P = D[1], Q = D[2], Kk = D[3], R = D[4], S = D[5], C = D[6],
         st = D[7], dil = dilated ? D[8] : 1, H = D[8 + dilated],
         W = D[9 + dilated], total = Nn * P * Q * Kk;
    for (long s = 0, c = sample_count(total); s < c; ++s) {
      long e = sample_index(s, total);
      long nn = e / (P * Q * Kk), p = e / (Q * Kk) % P, q = e / Kk % Q,
           k = e % Kk;
      double r = 0, a = 0;
      for (long rr = 0; rr < R; ++rr)
        for (long ss = 0; ss < S; ++ss)
          for (long cc = 0; cc < C; ++cc) {
            long h = p * st + rr * dil, w = q * st + ss * dil;
            double v = (double)x[((nn * H + h) * W + w) * C + cc] *
                       y[((k * R + rr) * S + ss) * C + cc];
            r += v, a += fabs(v);
          }
      check_value(z[e], r, a);
    }
    break;
  }
  case K_DEPTHWISE: {
    long Nn = D[0], P = D[1], Q = D[2], C = D[3], R = D[4], S = D[5], st = D[6],
         dil = D[7], H = D[8], W = D[9], total = Nn * P * Q * C;
    for (long s = 0, c = sample_count(total); s < c; ++s) {
      long e = sample_index(s, total);
      long nn = e / (P * Q * C), p = e / (Q * C) % P, q = e / C % Q, cc = e % C;
      double r = 0, a = 0;
      for (long rr = 0; rr < R; ++rr)
        for (long ss = 0; ss < S; ++ss) {
          long h = p * st + rr * dil, w = q * st + ss * dil;
          double v = (double)x[((nn * H + h) * W + w) * C + cc] *
                     y[(rr * S + ss) * C + cc];
          r += v, a += fabs(v);
        }
      check_value(z[e], r, a);
    }
    break;
  }
  case K_BMATMUL_NT: {
    long B = D[0], M = D[1], N = D[2], Kd = D[3], total = B * M * N;
    for (long s = 0, c = sample_count(total); s < c; ++s) {
      long e = sample_index(s, total);
      long b = e / (M * N), i = e / N % M, j = e % N;
      double r = 0, a = 0;
      for (long k = 0; k < Kd; ++k) {
        double p = (double)x[(b * M + i) * Kd + k] * y[(b * N + j) * Kd + k];
        r += p, a += fabs(p);
      }
      check_value(z[e], r, a);
    }
    break;
  }
  case K_TENSOR_CONTRACTION: {
    long A = D[0], B = D[1], C = D[2], Dd = D[3], E = D[4], F = D[5];
    long total = A * B * C * Dd;
    for (long s = 0, c = sample_count(total); s < c; ++s) {
      long e = sample_index(s, total);
      long ia = e / (B * C * Dd), ib = e / (C * Dd) % B, ic = e / Dd % C,
           id = e % Dd;
      double r = 0, a = 0;
      for (long ie = 0; ie < E; ++ie)
        for (long f = 0; f < F; ++f) {
          double p = (double)x[((ia * E + ie) * B + ib) * F + f] *
                     y[((id * F + f) * C + ic) * E + ie];
          r += p, a += fabs(p);
        }
      check_value(z[e], r, a);
    }
    break;
  }
  case K_ROW_ARGMAX: {
    long M = D[0], N = D[1];
    for (long s = 0, c = sample_count(M); s < c; ++s) {
      long i = sample_index(s, M);
      float m = -INFINITY;
      int32_t at = 0;
      for (long k = 0; k < N; ++k)
        if (x[i * N + k] > m)
          m = x[i * N + k], at = (int32_t)k;
      check_exact(z[i] == m && zi[i] == at);
    }
    break;
  }
  case K_ATTENTION_CONTEXT: {
    long B = D[0], S = D[1], H = D[2], Dd = D[3], T = D[4];
    long total = B * S * H * Dd;
    for (long s = 0, c = sample_count(total); s < c; ++s) {
      long e = sample_index(s, total);
      long b = e / (S * H * Dd), is = e / (H * Dd) % S, h = e / Dd % H,
           d = e % Dd;
      double r = 0, a = 0;
      for (long t = 0; t < T; ++t) {
        double p = (double)x[((b * H + h) * S + is) * T + t] *
                   y[((b * T + t) * H + h) * Dd + d];
        r += p, a += fabs(p);
      }
      check_value(z[e], r, a);
    }
    break;
  }
  default:
    break;
  }
}

#endif
