//===- oracle_ref_test.c - The oracle against hand-written C references ---===//
//
// Part of the MDH-MLIR project.
//
// Every kernel of examples/small/*.mlir is lowered with --mdh-oracle-to-llvm,
// compiled with llc and linked into this program, which calls it through the
// expanded memref calling convention (memref_abi.h) and compares every output
// element, and the guard zones around each output, against a reference
// computed here with plain C loops:
//
// * inputs are seeded pseudo-random: floats in [-1, 1] on the grid
//   k * 2^-20 (so sums of a few inputs are exact in f32), i32 over the whole
//   range (so products and sums wrap);
// * outputs and references start as a sentinel (a quiet NaN with a distinct
//   payload for floats, 0x5A5A5A5A for integers), so an element the kernel
//   does not write, or writes although it should not, is caught;
// * float references are computed in double and compared with the tolerance
//   of docs/semantics.md, |r - ref| <= (n + 8) * 2^-24 * mag; integer
//   references use wrap-around uint32_t arithmetic and compare bit-exactly;
// * inputs (and their guards) must be unchanged after the call;
// * every comparison is followed by a negative self-check: corrupted copies
//   of the kernel output must be rejected, so the test cannot pass vacuously.
//
// The arguments name the examples/small/*.mlir files that were linked in;
// each must be covered by a check below.
//
//===----------------------------------------------------------------------===//

#include "memref_abi.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// The kernels
//===----------------------------------------------------------------------===//

void dot_small(MR1_T(float), MR1_T(float), MR0_T(float));
void matvec_small(MR2_T(float), MR1_T(float), MR1_T(float));
void matmul_small(MR2_T(float), MR2_T(float), MR2_T(float));
void matmul_t_small(MR2_T(float), MR2_T(float), MR2_T(float));
void bmatmul_small(MR3_T(float), MR3_T(float), MR3_T(float));
void mcc_small(MR4_T(float), MR4_T(float), MR4_T(float));
void mcc_stride2_small(MR4_T(float), MR4_T(float), MR4_T(float));
void mcc_capsule_small(MR6_T(float), MR6_T(float), MR6_T(float));
void jacobi1d_small(MR1_T(float), MR1_T(float));
void prefix_sum_small(MR1_T(float), MR1_T(float));
void max_reduction_small(MR1_T(float), MR0_T(float));
void argmax_small(MR1_T(float), MR0_T(float), MR0_T(int32_t));
void int_dot_small(MR1_T(int32_t), MR1_T(int32_t), MR0_T(int32_t));
// f16 and bf16 elements as their bit patterns.
void matmul_f16_small(MR2_T(uint16_t), MR2_T(uint16_t), MR2_T(float));
void matmul_bf16_small(MR2_T(uint16_t), MR2_T(uint16_t), MR2_T(float));

//===----------------------------------------------------------------------===//
// Buffers with guard zones
//===----------------------------------------------------------------------===//

// Elements on either side of every buffer; they hold the sentinel and must
// keep it.
enum { GUARD = 16, MAX_RANK = 6 };

static const uint32_t SENTINEL_F32 = 0x7FF5A5A5u;
static const uint64_t SENTINEL_F64 = 0x7FF5A5A5A5A5A5A5ull;
static const uint32_t SENTINEL_I32 = 0x5A5A5A5Au;

static float sentinel_f32(void) {
  float f;
  memcpy(&f, &SENTINEL_F32, sizeof f);
  return f;
}

static int is_sentinel_f32(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  return bits == SENTINEL_F32;
}

static double sentinel_f64(void) {
  double d;
  memcpy(&d, &SENTINEL_F64, sizeof d);
  return d;
}

static int is_sentinel_f64(double d) {
  uint64_t bits;
  memcpy(&bits, &d, sizeof bits);
  return bits == SENTINEL_F64;
}

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  return p;
}

// A buffer of `n` elements of `elt` bytes with GUARD elements either side;
// returns the first element.
static void *buf_new(size_t n, size_t elt) {
  return (char *)xmalloc((n + 2 * GUARD) * elt) + GUARD * elt;
}

static void buf_free(void *p, size_t elt) {
  if (p)
    free((char *)p - GUARD * elt);
}

// A copy of a whole buffer, guards included.
static void *buf_snapshot(const void *p, size_t n, size_t elt) {
  void *copy = buf_new(n, elt);
  memcpy((char *)copy - GUARD * elt, (const char *)p - GUARD * elt,
         (n + 2 * GUARD) * elt);
  return copy;
}

static int buf_equal(const void *a, const void *b, size_t n, size_t elt) {
  return memcmp((const char *)a - GUARD * elt, (const char *)b - GUARD * elt,
                (n + 2 * GUARD) * elt) == 0;
}

// splitmix64, seeded once: every run sees the same data.
static uint64_t rng_state = 0x4D44482D4D4C4952ull;

static uint64_t rng_next(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A float in [-1, 1] on the grid k * 2^-20.
static float rng_f32(void) {
  int64_t k = (int64_t)(rng_next() % ((2u << 20) + 1)) - (1 << 20);
  return (float)k * 0x1p-20f;
}

static int32_t rng_i32(void) { return (int32_t)(uint32_t)rng_next(); }

// Output buffers: sentinel everywhere.
static float *out_f32(size_t n) {
  float *p = buf_new(n, sizeof(float));
  for (size_t i = 0; i < n + 2 * GUARD; ++i)
    p[(ptrdiff_t)i - GUARD] = sentinel_f32();
  return p;
}

static int32_t *out_i32(size_t n) {
  int32_t *p = buf_new(n, sizeof(int32_t));
  for (size_t i = 0; i < n + 2 * GUARD; ++i)
    p[(ptrdiff_t)i - GUARD] = (int32_t)SENTINEL_I32;
  return p;
}

// Input buffers: random data, sentinel guards.
static float *in_f32(size_t n) {
  float *p = out_f32(n);
  for (size_t i = 0; i < n; ++i)
    p[i] = rng_f32();
  return p;
}

static int32_t *in_i32(size_t n) {
  int32_t *p = out_i32(n);
  for (size_t i = 0; i < n; ++i)
    p[i] = rng_i32();
  return p;
}

//===----------------------------------------------------------------------===//
// References and comparison
//===----------------------------------------------------------------------===//

// The shape of an output (rank 0: one element).
typedef struct {
  int rank;
  int64_t dims[MAX_RANK];
} Shape;

static Shape shape(int rank, const int64_t *dims) {
  Shape s;
  s.rank = rank;
  for (int d = 0; d < rank; ++d)
    s.dims[d] = dims[d];
  return s;
}

#define SHAPE(...)                                                             \
  shape((int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)),             \
        (int64_t[]){__VA_ARGS__})
#define SCALAR shape(0, NULL)

static size_t shape_size(Shape s) {
  size_t n = 1;
  for (int d = 0; d < s.rank; ++d)
    n *= (size_t)s.dims[d];
  return n;
}

// Formats flat index `i` (relative to the first element) of shape `s`.
static void format_index(char *out, size_t len, Shape s, ptrdiff_t i) {
  size_t n = shape_size(s);
  if (i < 0 || (size_t)i >= n) {
    snprintf(out, len, "guard element at flat offset %td (buffer has %zu)", i,
             n);
    return;
  }
  int64_t idx[MAX_RANK];
  size_t rest = (size_t)i;
  for (int d = s.rank - 1; d >= 0; --d) {
    idx[d] = (int64_t)(rest % (size_t)s.dims[d]);
    rest /= (size_t)s.dims[d];
  }
  int pos = snprintf(out, len, "element [");
  for (int d = 0; d < s.rank && pos < (int)len; ++d)
    pos += snprintf(out + pos, len - (size_t)pos, d ? ", %lld" : "%lld",
                    (long long)idx[d]);
  if (pos < (int)len)
    snprintf(out + pos, len - (size_t)pos, "] (flat %td)", i);
}

// A float reference: value, number of summands n and magnitude mag of every
// element, guards included (they hold the sentinel).
typedef struct {
  Shape shape;
  size_t n;
  double *val, *cnt, *mag;
} RefF32;

static RefF32 ref_f32_new(Shape s) {
  RefF32 r;
  r.shape = s;
  r.n = shape_size(s);
  r.val = buf_new(r.n, sizeof(double));
  r.cnt = buf_new(r.n, sizeof(double));
  r.mag = buf_new(r.n, sizeof(double));
  for (size_t i = 0; i < r.n + 2 * GUARD; ++i) {
    ptrdiff_t k = (ptrdiff_t)i - GUARD;
    r.val[k] = sentinel_f64();
    r.cnt[k] = 0;
    r.mag[k] = 0;
  }
  return r;
}

static void ref_f32_free(RefF32 *r) {
  buf_free(r->val, sizeof(double));
  buf_free(r->cnt, sizeof(double));
  buf_free(r->mag, sizeof(double));
}

// Sets element `i` of an add-reduction reference: `sum` of `cnt` terms whose
// absolute values sum to `mag`.
static void ref_set(RefF32 *r, size_t i, double val, double cnt, double mag) {
  r->val[i] = val;
  r->cnt[i] = cnt;
  r->mag[i] = mag;
}

static double tolerance(double cnt, double mag) {
  return (cnt + 8.0) * 0x1p-24 * mag;
}

// docs/semantics.md, "Floating-point tolerance", plus the sentinel rule.
static int element_ok_f32(float got, double ref, double cnt, double mag) {
  int gotSentinel = is_sentinel_f32(got), refSentinel = is_sentinel_f64(ref);
  if (gotSentinel || refSentinel)
    return gotSentinel && refSentinel;
  if (isnan(ref) || isnan(got))
    return isnan(ref) && isnan(got);
  if (isinf(ref))
    return (double)got == ref;
  return fabs((double)got - ref) <= tolerance(cnt, mag);
}

// An integer reference: bit patterns, guards included.
typedef struct {
  Shape shape;
  size_t n;
  uint32_t *val;
} RefI32;

static RefI32 ref_i32_new(Shape s) {
  RefI32 r;
  r.shape = s;
  r.n = shape_size(s);
  r.val = buf_new(r.n, sizeof(uint32_t));
  for (size_t i = 0; i < r.n + 2 * GUARD; ++i)
    r.val[(ptrdiff_t)i - GUARD] = SENTINEL_I32;
  return r;
}

static void ref_i32_free(RefI32 *r) { buf_free(r->val, sizeof(uint32_t)); }

// The verdict on one kernel run: OK, or the first failure.
typedef struct {
  const char *name;
  int ok;
  char msg[512];
} Verdict;

static Verdict verdict(const char *name) {
  Verdict v;
  v.name = name;
  v.ok = 1;
  v.msg[0] = '\0';
  return v;
}

static void fail(Verdict *v, const char *fmt, ...) {
  if (!v->ok)
    return;
  v->ok = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->msg, sizeof v->msg, fmt, ap);
  va_end(ap);
}

// Prints the verdict; returns the number of failures (0 or 1).
static int report(const Verdict *v) {
  if (v->ok)
    printf("%s OK\n", v->name);
  else
    printf("%s FAIL %s\n", v->name, v->msg);
  fflush(stdout);
  return !v->ok;
}

// Returns the first element of `got` (guards included, relative to the first
// element) that does not match, and whether there is one.
static int first_bad_f32(const float *got, const RefF32 *ref, ptrdiff_t *bad) {
  for (size_t i = 0; i < ref->n + 2 * GUARD; ++i) {
    ptrdiff_t k = (ptrdiff_t)i - GUARD;
    if (!element_ok_f32(got[k], ref->val[k], ref->cnt[k], ref->mag[k])) {
      *bad = k;
      return 1;
    }
  }
  return 0;
}

static int first_bad_i32(const int32_t *got, const RefI32 *ref,
                         ptrdiff_t *bad) {
  for (size_t i = 0; i < ref->n + 2 * GUARD; ++i) {
    ptrdiff_t k = (ptrdiff_t)i - GUARD;
    if ((uint32_t)got[k] != ref->val[k]) {
      *bad = k;
      return 1;
    }
  }
  return 0;
}

static void describe_f32(char *out, size_t len, float got, double ref) {
  if (is_sentinel_f32(got))
    snprintf(out, len, "got <unwritten>");
  else
    snprintf(out, len, "got %.9g", (double)got);
  size_t pos = strlen(out);
  if (is_sentinel_f64(ref))
    snprintf(out + pos, len - pos, ", expected <unwritten>");
  else
    snprintf(out + pos, len - pos, ", expected %.17g", ref);
}

// The negative self-check: corrupted copies of `got` must be rejected. Only
// meaningful once `got` matched.
static void expect_rejected_f32(Verdict *v, const char *what, const float *got,
                                const RefF32 *ref) {
  size_t n = ref->n;
  float *copy = buf_snapshot(got, n, sizeof(float));
  ptrdiff_t bad;
  size_t mid = n / 2;
  // A written element off by well over the tolerance.
  double off = 16.0 * tolerance(ref->cnt[mid], ref->mag[mid]) + 1e-3;
  copy[mid] = (float)((double)copy[mid] + off);
  if (!isnan(ref->val[mid]) && !isinf(ref->val[mid]) &&
      !first_bad_f32(copy, ref, &bad))
    fail(v, "self-check: comparator accepted %s with element %zu off by %g",
         what, mid, off);
  copy[mid] = got[mid];
  // An element left unwritten.
  copy[n - 1] = sentinel_f32();
  if (!first_bad_f32(copy, ref, &bad) || bad != (ptrdiff_t)(n - 1))
    fail(v, "self-check: comparator accepted %s with an unwritten element",
         what);
  copy[n - 1] = got[n - 1];
  // A write past the end.
  copy[n] = 0.0f;
  if (!first_bad_f32(copy, ref, &bad) || bad != (ptrdiff_t)n)
    fail(v, "self-check: comparator accepted %s with a write past the end",
         what);
  copy[n] = got[n];
  if (first_bad_f32(copy, ref, &bad))
    fail(v, "self-check: comparator rejected an exact copy of %s", what);
  buf_free(copy, sizeof(float));
}

static void expect_rejected_i32(Verdict *v, const char *what,
                                const int32_t *got, const RefI32 *ref) {
  size_t n = ref->n;
  int32_t *copy = buf_snapshot(got, n, sizeof(int32_t));
  ptrdiff_t bad;
  copy[n / 2] = (int32_t)((uint32_t)copy[n / 2] ^ 1u);
  if (!first_bad_i32(copy, ref, &bad) || bad != (ptrdiff_t)(n / 2))
    fail(v, "self-check: comparator accepted %s with a flipped bit", what);
  copy[n / 2] = got[n / 2];
  copy[-1] = 0;
  if (!first_bad_i32(copy, ref, &bad) || bad != -1)
    fail(v, "self-check: comparator accepted %s with a write before the start",
         what);
  buf_free(copy, sizeof(int32_t));
}

// Compares output `what` of a kernel with its reference, then self-checks.
static void compare_f32(Verdict *v, const char *what, const float *got,
                        const RefF32 *ref) {
  ptrdiff_t bad;
  if (first_bad_f32(got, ref, &bad)) {
    char where[160], values[160];
    format_index(where, sizeof where, ref->shape, bad);
    describe_f32(values, sizeof values, got[bad], ref->val[bad]);
    fail(v, "%s %s: %s (tolerance %g)", what, where, values,
         tolerance(ref->cnt[bad], ref->mag[bad]));
    return;
  }
  expect_rejected_f32(v, what, got, ref);
}

static void compare_i32(Verdict *v, const char *what, const int32_t *got,
                        const RefI32 *ref) {
  ptrdiff_t bad;
  if (first_bad_i32(got, ref, &bad)) {
    char where[160];
    format_index(where, sizeof where, ref->shape, bad);
    fail(v, "%s %s: got 0x%08x, expected 0x%08x", what, where,
         (uint32_t)got[bad], ref->val[bad]);
    return;
  }
  expect_rejected_i32(v, what, got, ref);
}

static void check_unchanged(Verdict *v, const char *what, const void *buf,
                            const void *snapshot, size_t n, size_t elt) {
  if (!buf_equal(buf, snapshot, n, elt))
    fail(v, "input %s (or its guards) was modified", what);
}

//===----------------------------------------------------------------------===//
// The checks, one per kernel (some kernels run on several data sets)
//===----------------------------------------------------------------------===//

// One operand of a product: element (r, c) is data[r * rowStride + c *
// colStride], read by `load` (floats, or f16/bf16 bit patterns).
typedef struct {
  const void *data;
  double (*load)(const void *data, size_t index);
  size_t rowStride, colStride;
} Operand;

static double load_f32(const void *data, size_t index) {
  return ((const float *)data)[index];
}

// Sets ref[base + i * J + j] = sum_k A(i, k) * B(k, j) for i < I, j < J, in
// double, with the error bound of K products.
static void ref_product(RefF32 *ref, size_t base, int I, int J, int K,
                        Operand A, Operand B) {
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      double sum = 0, mag = 0;
      for (int k = 0; k < K; ++k) {
        double t = A.load(A.data, i * A.rowStride + k * A.colStride) *
                   B.load(B.data, k * B.rowStride + j * B.colStride);
        sum += t;
        mag += fabs(t);
      }
      ref_set(ref, base + (size_t)i * J + j, sum, K, mag);
    }
}

// dot: r = sum_k x[k] * y[k].
static int check_dot(void) {
  enum { K = 97 };
  Verdict v = verdict("dot_small");
  float *x = in_f32(K), *y = in_f32(K), *r = out_f32(1);
  float *x0 = buf_snapshot(x, K, 4), *y0 = buf_snapshot(y, K, 4);
  RefF32 ref = ref_f32_new(SCALAR);
  ref_product(&ref, 0, 1, 1, K, (Operand){x, load_f32, 0, 1},
              (Operand){y, load_f32, 1, 0});
  dot_small(MR1(x, K), MR1(y, K), MR0(r));
  compare_f32(&v, "r", r, &ref);
  check_unchanged(&v, "x", x, x0, K, 4);
  check_unchanged(&v, "y", y, y0, K, 4);
  ref_f32_free(&ref);
  buf_free(x, 4), buf_free(y, 4), buf_free(r, 4);
  buf_free(x0, 4), buf_free(y0, 4);
  return report(&v);
}

// matvec: w[i] = sum_k M[i, k] * v[k].
static int check_matvec(void) {
  enum { I = 13, K = 7 };
  Verdict v = verdict("matvec_small");
  float *M = in_f32(I * K), *x = in_f32(K), *w = out_f32(I);
  float *M0 = buf_snapshot(M, I * K, 4), *x0 = buf_snapshot(x, K, 4);
  RefF32 ref = ref_f32_new(SHAPE(I));
  ref_product(&ref, 0, I, 1, K, (Operand){M, load_f32, K, 1},
              (Operand){x, load_f32, 1, 0});
  matvec_small(MR2(M, I, K), MR1(x, K), MR1(w, I));
  compare_f32(&v, "w", w, &ref);
  check_unchanged(&v, "M", M, M0, I * K, 4);
  check_unchanged(&v, "v", x, x0, K, 4);
  ref_f32_free(&ref);
  buf_free(M, 4), buf_free(x, 4), buf_free(w, 4);
  buf_free(M0, 4), buf_free(x0, 4);
  return report(&v);
}

// matmul: C[i, j] = sum_k A[i, k] * B[k, j].
static int check_matmul(void) {
  enum { I = 5, J = 11, K = 7 };
  Verdict v = verdict("matmul_small");
  float *A = in_f32(I * K), *B = in_f32(K * J), *C = out_f32(I * J);
  float *A0 = buf_snapshot(A, I * K, 4), *B0 = buf_snapshot(B, K * J, 4);
  RefF32 ref = ref_f32_new(SHAPE(I, J));
  ref_product(&ref, 0, I, J, K, (Operand){A, load_f32, K, 1},
              (Operand){B, load_f32, J, 1});
  matmul_small(MR2(A, I, K), MR2(B, K, J), MR2(C, I, J));
  compare_f32(&v, "C", C, &ref);
  check_unchanged(&v, "A", A, A0, I * K, 4);
  check_unchanged(&v, "B", B, B0, K * J, 4);
  ref_f32_free(&ref);
  buf_free(A, 4), buf_free(B, 4), buf_free(C, 4);
  buf_free(A0, 4), buf_free(B0, 4);
  return report(&v);
}

// A 16-bit float in [-1, 1] on the grid k * 2^-7, whose value the format
// holds exactly (f16: 11 significant bits, bf16: 8), as its bit pattern.
static uint16_t rng_half_bits(int bf16) {
  int k = (int)(rng_next() % 257) - 128;
  if (k == 0)
    return 0;
  // |k| * 2^-7 = m * 2^e with 1 <= m < 2: the exponent and mantissa bits.
  unsigned a = (unsigned)(k < 0 ? -k : k);
  int e = 0;
  while ((a >> (e + 1)) != 0)
    ++e;
  unsigned frac = a - (1u << e); // e fraction bits of a
  int exp = e - 7;
  uint16_t sign = k < 0 ? 0x8000 : 0;
  if (bf16)
    return (uint16_t)(sign | (unsigned)(exp + 127) << 7 | frac << (7 - e));
  return (uint16_t)(sign | (unsigned)(exp + 15) << 10 | frac << (10 - e));
}

// The value of such a bit pattern (normal numbers and zero only).
static double half_value(uint16_t bits, int bf16) {
  int mant_bits = bf16 ? 7 : 10, bias = bf16 ? 127 : 15;
  unsigned exp = (bits & 0x7fff) >> mant_bits;
  unsigned mant = bits & ((1u << mant_bits) - 1);
  if (exp == 0 && mant == 0)
    return 0;
  double v = ldexp(1.0 + ldexp(mant, -mant_bits), (int)exp - bias);
  return bits & 0x8000 ? -v : v;
}

static double load_f16(const void *data, size_t index) {
  return half_value(((const uint16_t *)data)[index], 0);
}

static double load_bf16(const void *data, size_t index) {
  return half_value(((const uint16_t *)data)[index], 1);
}

// matmul_f16 / matmul_bf16: C[i, j] = sum_k A[i, k] * B[k, j] with 16-bit
// inputs and f32 products and sums.
static int check_matmul_half(const char *name, int bf16, int I, int J, int K,
                             void (*kernel)(MR2_T(uint16_t), MR2_T(uint16_t),
                                            MR2_T(float))) {
  Verdict v = verdict(name);
  uint16_t *A = buf_new(I * K, 2), *B = buf_new(K * J, 2);
  for (int x = -GUARD; x < I * K + GUARD; ++x)
    A[x] = rng_half_bits(bf16);
  for (int x = -GUARD; x < K * J + GUARD; ++x)
    B[x] = rng_half_bits(bf16);
  float *C = out_f32(I * J);
  uint16_t *A0 = buf_snapshot(A, I * K, 2), *B0 = buf_snapshot(B, K * J, 2);
  RefF32 ref = ref_f32_new(SHAPE(I, J));
  double (*load)(const void *, size_t) = bf16 ? load_bf16 : load_f16;
  ref_product(&ref, 0, I, J, K, (Operand){A, load, K, 1},
              (Operand){B, load, J, 1});
  kernel(MR2(A, I, K), MR2(B, K, J), MR2(C, I, J));
  compare_f32(&v, "C", C, &ref);
  check_unchanged(&v, "A", A, A0, I * K, 2);
  check_unchanged(&v, "B", B, B0, K * J, 2);
  ref_f32_free(&ref);
  buf_free(A, 2), buf_free(B, 2), buf_free(C, 4);
  buf_free(A0, 2), buf_free(B0, 2);
  return report(&v);
}

static int check_matmul_f16(void) {
  return check_matmul_half("matmul_f16_small", 0, 7, 13, 11, matmul_f16_small);
}

static int check_matmul_bf16(void) {
  return check_matmul_half("matmul_bf16_small", 1, 5, 3, 17, matmul_bf16_small);
}

// matmul_t: C[i, j] = sum_k A[k, i] * B[j, k].
static int check_matmul_t(void) {
  enum { I = 3, J = 13, K = 7 };
  Verdict v = verdict("matmul_t_small");
  float *A = in_f32(K * I), *B = in_f32(J * K), *C = out_f32(I * J);
  float *A0 = buf_snapshot(A, K * I, 4), *B0 = buf_snapshot(B, J * K, 4);
  RefF32 ref = ref_f32_new(SHAPE(I, J));
  ref_product(&ref, 0, I, J, K, (Operand){A, load_f32, 1, I},
              (Operand){B, load_f32, 1, K});
  matmul_t_small(MR2(A, K, I), MR2(B, J, K), MR2(C, I, J));
  compare_f32(&v, "C", C, &ref);
  check_unchanged(&v, "A", A, A0, K * I, 4);
  check_unchanged(&v, "B", B, B0, J * K, 4);
  ref_f32_free(&ref);
  buf_free(A, 4), buf_free(B, 4), buf_free(C, 4);
  buf_free(A0, 4), buf_free(B0, 4);
  return report(&v);
}

// bmatmul: C[b, i, j] = sum_k A[b, i, k] * B[b, k, j].
static int check_bmatmul(void) {
  enum { NB = 3, I = 5, J = 13, K = 7 };
  Verdict v = verdict("bmatmul_small");
  float *A = in_f32(NB * I * K), *B = in_f32(NB * K * J),
        *C = out_f32(NB * I * J);
  float *A0 = buf_snapshot(A, NB * I * K, 4),
        *B0 = buf_snapshot(B, NB * K * J, 4);
  RefF32 ref = ref_f32_new(SHAPE(NB, I, J));
  for (int b = 0; b < NB; ++b)
    ref_product(&ref, (size_t)b * I * J, I, J, K,
                (Operand){A + b * I * K, load_f32, K, 1},
                (Operand){B + b * K * J, load_f32, J, 1});
  bmatmul_small(MR3(A, NB, I, K), MR3(B, NB, K, J), MR3(C, NB, I, J));
  compare_f32(&v, "C", C, &ref);
  check_unchanged(&v, "A", A, A0, NB * I * K, 4);
  check_unchanged(&v, "B", B, B0, NB * K * J, 4);
  ref_f32_free(&ref);
  buf_free(A, 4), buf_free(B, 4), buf_free(C, 4);
  buf_free(A0, 4), buf_free(B0, 4);
  return report(&v);
}

// mcc: O[n, p, q, k] = sum_{r, s, c} I[n, p*st + r, q*st + s, c] * F[k, r,
// s, c], NHWC input, KRSC filter.
typedef void (*MCCKernel)(MR4_T(float), MR4_T(float), MR4_T(float));

static int check_mcc_generic(const char *name, MCCKernel kernel, int N, int P,
                             int Q, int K, int R, int S, int C, int H, int W,
                             int st) {
  Verdict v = verdict(name);
  size_t nI = (size_t)N * H * W * C, nF = (size_t)K * R * S * C,
         nO = (size_t)N * P * Q * K;
  float *In = in_f32(nI), *F = in_f32(nF), *O = out_f32(nO);
  float *In0 = buf_snapshot(In, nI, 4), *F0 = buf_snapshot(F, nF, 4);
  RefF32 ref = ref_f32_new(SHAPE(N, P, Q, K));
  for (int n = 0; n < N; ++n)
    for (int p = 0; p < P; ++p)
      for (int q = 0; q < Q; ++q)
        for (int k = 0; k < K; ++k) {
          double sum = 0, mag = 0;
          for (int r = 0; r < R; ++r)
            for (int s = 0; s < S; ++s)
              for (int c = 0; c < C; ++c) {
                int h = p * st + r, w = q * st + s;
                double t = (double)In[(((size_t)n * H + h) * W + w) * C + c] *
                           F[(((size_t)k * R + r) * S + s) * C + c];
                sum += t;
                mag += fabs(t);
              }
          ref_set(&ref, (((size_t)n * P + p) * Q + q) * K + k, sum,
                  (double)R * S * C, mag);
        }
  kernel(MR4(In, N, H, W, C), MR4(F, K, R, S, C), MR4(O, N, P, Q, K));
  compare_f32(&v, "O", O, &ref);
  check_unchanged(&v, "I", In, In0, nI, 4);
  check_unchanged(&v, "F", F, F0, nF, 4);
  ref_f32_free(&ref);
  buf_free(In, 4), buf_free(F, 4), buf_free(O, 4);
  buf_free(In0, 4), buf_free(F0, 4);
  return report(&v);
}

static int check_mcc(void) {
  // n, p, q, k, r, s, c, H, W, stride.
  return check_mcc_generic("mcc_small", mcc_small, 5, 7, 13, 17, 3, 2, 11, 9,
                           14, 1);
}

static int check_mcc_stride2(void) {
  return check_mcc_generic("mcc_stride2_small", mcc_stride2_small, 5, 7, 11, 13,
                           2, 3, 17, 14, 23, 2);
}

// mcc_capsule: O[n, p, q, k, i, j] =
//   sum_{r, s, c, m} I[n, 2p + r, 2q + s, c, i, m] * F[k, r, s, c, m, j].
static int check_mcc_capsule(void) {
  enum { N = 2, P = 3, Q = 5, K = 7, II = 11, J = 13 };
  enum { R = 2, S = 3, C = 5, M = 17, H = 6, W = 11, ST = 2 };
  Verdict v = verdict("mcc_capsule_small");
  size_t nI = (size_t)N * H * W * C * II * M,
         nF = (size_t)K * R * S * C * M * J,
         nO = (size_t)N * P * Q * K * II * J;
  float *In = in_f32(nI), *F = in_f32(nF), *O = out_f32(nO);
  float *In0 = buf_snapshot(In, nI, 4), *F0 = buf_snapshot(F, nF, 4);
  RefF32 ref = ref_f32_new(SHAPE(N, P, Q, K, II, J));
  for (int n = 0; n < N; ++n)
    for (int p = 0; p < P; ++p)
      for (int q = 0; q < Q; ++q)
        for (int k = 0; k < K; ++k)
          for (int i = 0; i < II; ++i)
            for (int j = 0; j < J; ++j) {
              double sum = 0, mag = 0;
              for (int r = 0; r < R; ++r)
                for (int s = 0; s < S; ++s)
                  for (int c = 0; c < C; ++c)
                    for (int m = 0; m < M; ++m) {
                      int h = p * ST + r, w = q * ST + s;
                      size_t iIdx =
                          (((((size_t)n * H + h) * W + w) * C + c) * II + i) *
                              M +
                          m;
                      size_t fIdx =
                          (((((size_t)k * R + r) * S + s) * C + c) * M + m) *
                              J +
                          j;
                      double t = (double)In[iIdx] * F[fIdx];
                      sum += t;
                      mag += fabs(t);
                    }
              size_t oIdx =
                  (((((size_t)n * P + p) * Q + q) * K + k) * II + i) * J + j;
              ref_set(&ref, oIdx, sum, (double)R * S * C * M, mag);
            }
  mcc_capsule_small(MR6(In, N, H, W, C, II, M), MR6(F, K, R, S, C, M, J),
                    MR6(O, N, P, Q, K, II, J));
  compare_f32(&v, "O", O, &ref);
  check_unchanged(&v, "I", In, In0, nI, 4);
  check_unchanged(&v, "F", F, F0, nF, 4);
  ref_f32_free(&ref);
  buf_free(In, 4), buf_free(F, 4), buf_free(O, 4);
  buf_free(In0, 4), buf_free(F0, 4);
  return report(&v);
}

// jacobi1d: y[i] = (x[i] + x[i + 1] + x[i + 2]) / 3; no reduction, so n = 1
// and mag = |ref|.
static int check_jacobi1d(void) {
  enum { N = 101 };
  Verdict v = verdict("jacobi1d_small");
  float *x = in_f32(N + 2), *y = out_f32(N);
  float *x0 = buf_snapshot(x, N + 2, 4);
  RefF32 ref = ref_f32_new(SHAPE(N));
  for (int i = 0; i < N; ++i) {
    double val = ((double)x[i] + x[i + 1] + x[i + 2]) / 3.0;
    ref_set(&ref, i, val, 1, fabs(val));
  }
  jacobi1d_small(MR1(x, N + 2), MR1(y, N));
  compare_f32(&v, "y", y, &ref);
  check_unchanged(&v, "x", x, x0, N + 2, 4);
  ref_f32_free(&ref);
  buf_free(x, 4), buf_free(y, 4), buf_free(x0, 4);
  return report(&v);
}

// prefix_sum: y[i] = sum_{k <= i} x[k]; element i has i + 1 summands.
static int check_prefix_sum(void) {
  enum { N = 127 };
  Verdict v = verdict("prefix_sum_small");
  float *x = in_f32(N), *y = out_f32(N);
  float *x0 = buf_snapshot(x, N, 4);
  RefF32 ref = ref_f32_new(SHAPE(N));
  double sum = 0, mag = 0;
  for (int i = 0; i < N; ++i) {
    sum += x[i];
    mag += fabs((double)x[i]);
    ref_set(&ref, i, sum, i + 1, mag);
  }
  prefix_sum_small(MR1(x, N), MR1(y, N));
  compare_f32(&v, "y", y, &ref);
  check_unchanged(&v, "x", x, x0, N, 4);
  ref_f32_free(&ref);
  buf_free(x, 4), buf_free(y, 4), buf_free(x0, 4);
  return report(&v);
}

// max_reduction: r = max_k x[k], NaN-propagating (arith.maximumf).
enum { MAX_N = 997 };

static int check_max_on(const char *name, float *x) {
  Verdict v = verdict(name);
  float *r = out_f32(1);
  float *x0 = buf_snapshot(x, MAX_N, 4);
  RefF32 ref = ref_f32_new(SCALAR);
  double best = x[0];
  for (int k = 1; k < MAX_N; ++k)
    if (isnan(best) || isnan(x[k]))
      best = NAN;
    else if (x[k] > best)
      best = x[k];
  ref_set(&ref, 0, best, MAX_N, fabs(best));
  max_reduction_small(MR1(x, MAX_N), MR0(r));
  compare_f32(&v, "r", r, &ref);
  check_unchanged(&v, "x", x, x0, MAX_N, 4);
  ref_f32_free(&ref);
  buf_free(r, 4), buf_free(x0, 4);
  return report(&v);
}

static int check_max_reduction(void) {
  int failures = 0;
  float *x = in_f32(MAX_N);
  failures += check_max_on("max_reduction_small", x);
  // All negative: the maximum is not 0 (a zero-initialized accumulator).
  for (int k = 0; k < MAX_N; ++k)
    x[k] = -fabsf(x[k]) - 0.5f;
  failures += check_max_on("max_reduction_small[negative]", x);
  // Two NaNs in the middle: the result is NaN.
  x[400] = NAN;
  x[800] = NAN;
  failures += check_max_on("max_reduction_small[nan]", x);
  buf_free(x, 4);
  return failures;
}

// argmax: (max_k x[k], first k attaining it); a NaN beats every number, the
// first NaN wins.
enum { ARGMAX_N = 1009 };

static int check_argmax_on(const char *name, float *x) {
  Verdict v = verdict(name);
  float *mx = out_f32(1);
  int32_t *arg = out_i32(1);
  float *x0 = buf_snapshot(x, ARGMAX_N, 4);
  RefF32 refMax = ref_f32_new(SCALAR);
  RefI32 refArg = ref_i32_new(SCALAR);
  int best = 0;
  for (int k = 1; k < ARGMAX_N; ++k) {
    if (isnan(x[best]))
      break;
    if (isnan(x[k]) || x[k] > x[best])
      best = k;
  }
  ref_set(&refMax, 0, x[best], ARGMAX_N, fabs((double)x[best]));
  refArg.val[0] = (uint32_t)best;
  argmax_small(MR1(x, ARGMAX_N), MR0(mx), MR0(arg));
  compare_f32(&v, "max", mx, &refMax);
  compare_i32(&v, "index", arg, &refArg);
  check_unchanged(&v, "x", x, x0, ARGMAX_N, 4);
  ref_f32_free(&refMax);
  ref_i32_free(&refArg);
  buf_free(mx, 4), buf_free(arg, 4), buf_free(x0, 4);
  return report(&v);
}

static int check_argmax(void) {
  int failures = 0;
  float *x = in_f32(ARGMAX_N);
  failures += check_argmax_on("argmax_small", x);
  // Ties: the smallest index of the maximum wins.
  x[700] = 1.5f;
  x[333] = 1.5f;
  x[901] = 1.5f;
  failures += check_argmax_on("argmax_small[ties]", x);
  // All negative: the index is not 0 by accident.
  for (int k = 0; k < ARGMAX_N; ++k)
    x[k] = -fabsf(x[k]) - 0.5f;
  x[517] = -0.25f;
  failures += check_argmax_on("argmax_small[negative]", x);
  // NaNs: the first NaN wins.
  x[802] = NAN;
  x[401] = NAN;
  failures += check_argmax_on("argmax_small[nan]", x);
  buf_free(x, 4);
  return failures;
}

// int_dot: r = sum_k a[k] * b[k] mod 2^32, over full-range i32 data.
static int check_int_dot(void) {
  enum { K = 1013 };
  Verdict v = verdict("int_dot_small");
  int32_t *a = in_i32(K), *b = in_i32(K), *r = out_i32(1);
  int32_t *a0 = buf_snapshot(a, K, 4), *b0 = buf_snapshot(b, K, 4);
  RefI32 ref = ref_i32_new(SCALAR);
  uint32_t sum = 0;
  for (int k = 0; k < K; ++k)
    sum += (uint32_t)a[k] * (uint32_t)b[k];
  ref.val[0] = sum;
  int_dot_small(MR1(a, K), MR1(b, K), MR0(r));
  compare_i32(&v, "r", r, &ref);
  check_unchanged(&v, "a", a, a0, K, 4);
  check_unchanged(&v, "b", b, b0, K, 4);
  ref_i32_free(&ref);
  buf_free(a, 4), buf_free(b, 4), buf_free(r, 4);
  buf_free(a0, 4), buf_free(b0, 4);
  return report(&v);
}

//===----------------------------------------------------------------------===//
// Self-test of the comparator
//===----------------------------------------------------------------------===//

// The comparator itself must accept what is within the tolerance and reject
// everything else.
static int check_comparator(void) {
  Verdict v = verdict("comparator-self-test");
  double tol = tolerance(10, 4.0);
  struct {
    float got;
    double ref;
    int ok;
  } cases[] = {
      {1.0f, 1.0, 1},
      {(float)(1.0 + 0.5 * tol), 1.0, 1},
      {(float)(1.0 + 4.0 * tol), 1.0, 0},
      {NAN, 1.0, 0},
      {1.0f, NAN, 0},
      {NAN, NAN, 1},
      {INFINITY, INFINITY, 1},
      {INFINITY, 1.0, 0},
      {-INFINITY, INFINITY, 0},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c)
    if (element_ok_f32(cases[c].got, cases[c].ref, 10, 4.0) != cases[c].ok)
      fail(&v, "case %zu: got %g vs ref %g judged %s", c, (double)cases[c].got,
           cases[c].ref, cases[c].ok ? "bad" : "good");
  if (element_ok_f32(sentinel_f32(), 0.0, 10, 4.0) ||
      element_ok_f32(0.0f, sentinel_f64(), 10, 4.0) ||
      element_ok_f32(NAN, sentinel_f64(), 10, 4.0) ||
      element_ok_f32(sentinel_f32(), NAN, 10, 4.0) ||
      !element_ok_f32(sentinel_f32(), sentinel_f64(), 10, 4.0))
    fail(&v, "the sentinel rule is not enforced");
  return report(&v);
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

typedef struct {
  const char *file; // examples/small/<file>.mlir
  int (*run)(void); // returns the number of failures
} Check;

static const Check checks[] = {
    {"dot", check_dot},
    {"matvec", check_matvec},
    {"matmul", check_matmul},
    {"matmul_t", check_matmul_t},
    {"matmul_f16", check_matmul_f16},
    {"matmul_f16", check_matmul_bf16},
    {"bmatmul", check_bmatmul},
    {"mcc", check_mcc},
    {"mcc", check_mcc_stride2},
    {"mcc_capsule", check_mcc_capsule},
    {"jacobi1d", check_jacobi1d},
    {"prefix_sum", check_prefix_sum},
    {"max_reduction", check_max_reduction},
    {"argmax", check_argmax},
    {"int_reduction", check_int_dot},
};

int main(int argc, char **argv) {
  enum { NUM_CHECKS = sizeof checks / sizeof checks[0] };
  int failures = check_comparator();

  // Every linked example file must be covered by a check.
  for (int a = 1; a < argc; ++a) {
    int covered = 0;
    for (size_t c = 0; c < NUM_CHECKS; ++c)
      covered |= strcmp(argv[a], checks[c].file) == 0;
    if (!covered) {
      printf("examples/small/%s.mlir FAIL no reference check in "
             "oracle_ref_test.c\n",
             argv[a]);
      ++failures;
    }
  }

  for (size_t c = 0; c < NUM_CHECKS; ++c)
    failures += checks[c].run();

  printf("%d failure%s\n", failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
