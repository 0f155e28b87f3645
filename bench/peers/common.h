/*===- common.h - Timing, data and checking shared by the peer programs ---===*
 *
 * Every peer program runs one kernel in its own process:
 *
 *   PROGRAM KIND REPS MIN_TIME WARMUP DIM...
 *
 * It fills the inputs with seeded uniform random data (floats in [-1, 1],
 * integers in [-100, 100], the distributions mdh-run uses), runs the kernel
 * WARMUP times untimed, checks the outputs of the last untimed (or the first
 * timed) run against a double-precision serial reference, then times it
 * with the same policy as mdh-run: REPS runs if REPS > 0, else until at
 * least 3 runs and MIN_TIME seconds, at most 100 runs; the median is the
 * element n/2 of the sorted times. It prints one line:
 *
 *   PEER median_ms=... runs=... check=OK|FAIL max_rel_err=... detail=...
 *
 *===----------------------------------------------------------------------===*/
#ifndef MDH_BENCH_PEERS_COMMON_H
#define MDH_BENCH_PEERS_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *xalloc(size_t bytes) {
  size_t rounded = (bytes + 63) / 64 * 64;
  void *p = aligned_alloc(64, rounded ? rounded : 64);
  if (!p) {
    fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return p;
}

/* splitmix64: a small, seedable generator. */
static uint64_t rng_state = 1;
static uint64_t rng_next(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static double rng_unit(void) { return (double)(rng_next() >> 11) * 0x1p-53; }

static float *rand_floats(size_t n) {
  float *p = (float *)xalloc(n * sizeof(float));
  for (size_t i = 0; i < n; ++i)
    p[i] = (float)(2.0 * rng_unit() - 1.0);
  return p;
}
static int32_t *rand_ints(size_t n) {
  int32_t *p = (int32_t *)xalloc(n * sizeof(int32_t));
  for (size_t i = 0; i < n; ++i)
    p[i] = (int32_t)(rng_next() % 201) - 100;
  return p;
}
static float *nan_floats(size_t n) {
  float *p = (float *)xalloc(n * sizeof(float));
  for (size_t i = 0; i < n; ++i)
    p[i] = NAN;
  return p;
}

/* Checking: each compared value contributes |got - ref| / scale, where scale
 * is the sum of the absolute values of the terms (mdh's tolerance is of the
 * same kind; 1e-4 is far above float rounding for these sizes and far below
 * any indexing mistake). */
static double check_max_err = 0;
static int check_failed = 0;
static long check_points = 0;
static void check_value(double got, double ref, double scale) {
  double err = fabs(got - ref) / (scale > 0 ? scale : 1.0);
  if (!(err <= check_max_err))
    check_max_err = isnan(err) ? INFINITY : err;
  if (!(err <= 1e-4))
    check_failed = 1;
  ++check_points;
}
static void check_exact(int ok) {
  if (!ok)
    check_failed = 1;
  ++check_points;
}
/* Sample indices: every index when n <= 1000, else 1000 random ones. */
static long sample_count(long n) { return n <= 1000 ? n : 1000; }
static long sample_index(long s, long n) {
  return n <= 1000 ? s : (long)(rng_next() % (uint64_t)n);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Runs `run` WARMUP times, then `check`, then the timed runs; prints the
 * result line. */
static void bench_and_report(void (*run)(void), void (*check)(void), int reps,
                             double min_time, int warmup, const char *detail) {
  for (int w = 0; w < warmup; ++w)
    run();
  double times[100];
  int n = 0;
  double total = 0;
  int checked = 0;
  if (warmup > 0) {
    check();
    checked = 1;
  }
  for (;;) {
    double t0 = now_s();
    run();
    double t = now_s() - t0;
    if (!checked) {
      check();
      checked = 1;
    }
    times[n++] = t;
    total += t;
    if (reps > 0 ? n >= reps : ((n >= 3 && total >= min_time) || n >= 100))
      break;
    if (n >= 100)
      break;
  }
  qsort(times, (size_t)n, sizeof(double), cmp_double);
  printf("PEER median_ms=%.6f runs=%d check=%s check_points=%ld "
         "max_rel_err=%.3g detail=%s\n",
         times[n / 2] * 1e3, n, check_failed ? "FAIL" : "OK", check_points,
         check_max_err, detail);
}

/* Parses "KIND REPS MIN_TIME WARMUP DIM..." into the globals below. */
static const char *arg_kind;
static int arg_reps, arg_warmup;
static double arg_min_time;
static long arg_dims[16];
static int arg_ndims;
static void parse_args(int argc, char **argv) {
  if (argc < 5 || argc - 5 > 16) {
    fprintf(stderr, "usage: %s KIND REPS MIN_TIME WARMUP DIM...\n", argv[0]);
    exit(2);
  }
  arg_kind = argv[1];
  arg_reps = atoi(argv[2]);
  arg_min_time = atof(argv[3]);
  arg_warmup = atoi(argv[4]);
  arg_ndims = argc - 5;
  for (int i = 0; i < arg_ndims; ++i)
    arg_dims[i] = atol(argv[5 + i]);
}
static void need_dims(int n) {
  if (arg_ndims != n) {
    fprintf(stderr, "%s: expected %d dimensions, got %d\n", arg_kind, n,
            arg_ndims);
    exit(2);
  }
}

#endif
