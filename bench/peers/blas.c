/*===- blas.c - OpenBLAS calls for the kernels BLAS has -------------------===*
 *
 * dot -> cblas_sdot, matvec -> cblas_sgemv, matmul -> cblas_sgemm,
 * matmul_t -> cblas_sgemm with both operands transposed (A is stored KxM,
 * B is stored NxK), bmatmul -> one cblas_sgemm per batch. Built by bench.py
 * with `clang-22 -O3 -march=native` against Debian's OpenMP build of
 * OpenBLAS (libopenblas0-openmp); threads: OMP_NUM_THREADS. Usage: see
 * common.h; `blas --info` prints the OpenBLAS configuration and core.
 *
 *===----------------------------------------------------------------------===*/
#include "kernels.h"

#include <cblas.h>

static void run_dot(void) { out_f = cblas_sdot((blasint)D[0], x, 1, y, 1); }

static void run_matvec(void) {
  long M = D[0], Kd = D[1];
  cblas_sgemv(CblasRowMajor, CblasNoTrans, (blasint)M, (blasint)Kd, 1.0f, x,
              (blasint)Kd, y, 1, 0.0f, z, 1);
}

static void run_matmul(void) {
  long M = D[0], N = D[1], Kd = D[2];
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)M, (blasint)N,
              (blasint)Kd, 1.0f, x, (blasint)Kd, y, (blasint)N, 0.0f, z,
              (blasint)N);
}

static void run_matmul_t(void) {
  long M = D[0], N = D[1], Kd = D[2];
  cblas_sgemm(CblasRowMajor, CblasTrans, CblasTrans, (blasint)M, (blasint)N,
              (blasint)Kd, 1.0f, x, (blasint)M, y, (blasint)Kd, 0.0f, z,
              (blasint)N);
}

static void run_bmatmul(void) {
  long B = D[0], M = D[1], N = D[2], Kd = D[3];
  for (long b = 0; b < B; ++b)
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)M,
                (blasint)N, (blasint)Kd, 1.0f, x + b * M * Kd, (blasint)Kd,
                y + b * Kd * N, (blasint)N, 0.0f, z + b * M * N, (blasint)N);
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "--info")) {
    printf("openblas_config=%s\nopenblas_core=%s\nopenblas_threads=%d\n",
           openblas_get_config(), openblas_get_corename(),
           openblas_get_num_threads());
    return 0;
  }
  parse_args(argc, argv);
  K = kind_of(arg_kind);
  void (*run)(void) = NULL;
  switch (K) {
  case K_DOT:
    run = run_dot;
    break;
  case K_MATVEC:
    run = run_matvec;
    break;
  case K_MATMUL:
    run = run_matmul;
    break;
  case K_MATMUL_T:
    run = run_matmul_t;
    break;
  case K_BMATMUL:
    run = run_bmatmul;
    break;
  default:
    fprintf(stderr, "blas: no BLAS peer for '%s'\n", arg_kind);
    return 2;
  }
  need_dims(kind_ndims[K]);
  setup();
  char detail[96];
  snprintf(detail, sizeof detail, "openblas_threads=%d,core=%s",
           openblas_get_num_threads(), openblas_get_corename());
  bench_and_report(run, check, arg_reps, arg_min_time, arg_warmup, detail);
  return check_failed;
}
