#!/usr/bin/env python3
# Runs the CUDA that `mdh-opt --emit-cuda` prints on the CPU and compares its
# results with the C that the openmp path prints (`--emit-c`), for every
# function of a kernel file.
#
# The emulation compiles the CUDA as C++20 with a small shim: blocks run one
# after the other, the threads of a block run as real threads (std::thread),
# `__syncthreads()` is a std::barrier over them (and `__shfl_{down,up}_sync`
# an exchange between two barriers), `__shared__` arrays are
# static (one block at a time uses them) and are poisoned before each block.
# A missing barrier or a wrong index shows up as a wrong result (races are
# likely but not certain to show); a 128-bit load from a misaligned address
# stops the program (mdh_emu_load, and -fsanitize=alignment). Small sizes only: every GPU thread is an
# OS thread. The workspace is allocated once per function, with the size its
# `<f>_workspace_size()` says, and poisoned before the call; each function
# must first refuse a NULL and a misaligned workspace (when it needs one)
# without writing its outputs.
#
# With --hip, the HIP that `--emit-hip` prints for the `hip` target instead
# (its API names mapped onto the same shim; wavefronts of 64 lanes for
# shuffles and MFMA).
#
# usage: emulate.py [--hip] [--pass=PASS ...] MDH_OPT CXX (SRC.mlir [CONFIG.json ...])...
# (several kernel files, each with its configurations, are checked by one
# program: one C++ compile)
# (`--pass=`: CL-IR passes to run after --mdh-lower-to-clir, e.g.
# --pass=--mdh-cl-accumulate-in-registers)
import os
import random
import re
import subprocess
import sys
import tempfile

SHIM = r"""
#include <barrier>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
static thread_local dim3 threadIdx, blockIdx, blockDim;
// CUDA's 128-bit vector types (cooperative copies load through them). The
// user-provided copy constructors make `*reinterpret_cast<const float4 *>(p)`
// a reference binding, which -fsanitize=alignment checks: a 128-bit load
// from a misaligned address fails the run, as it traps on a GPU.
#define MDH_VEC4(T, N) struct alignas(16) N { T x, y, z, w; N() = default; \
  N(const N &o) : x(o.x), y(o.y), z(o.z), w(o.w) {} };
#define MDH_VEC2(T, N) struct alignas(16) N { T x, y; N() = default; \
  N(const N &o) : x(o.x), y(o.y) {} };
MDH_VEC4(float, float4)
MDH_VEC2(double, double2)
MDH_VEC4(int, int4)
MDH_VEC2(long long, longlong2)
// cuda_fp16.h and cuda_bf16.h: the host compiler's own 16-bit floats, so
// that the conversions are not the emitters' (the C reference's are).
typedef _Float16 __half;
typedef __bf16 __nv_bfloat16;
static inline float __half2float(__half h) { return (float)h; }
static inline __half __float2half_rn(float f) { return (__half)f; }
static inline float __bfloat162float(__nv_bfloat16 h) { return (float)h; }
static inline __nv_bfloat16 __float2bfloat16_rn(float f) {
  return (__nv_bfloat16)f;
}
// Host-side views of the 16-bit bit patterns the harness stores.
template <class T> double mdh_emu_value(uint16_t bits) {
  T v;
  std::memcpy(&v, &bits, 2);
  return (double)(float)v;
}
template <class T> uint16_t mdh_emu_bits(float f) {
  T v = (T)f;
  uint16_t bits;
  std::memcpy(&bits, &v, 2);
  return bits;
}
// Every 128-bit load of the code goes through this (emulate_case rewrites
// `*reinterpret_cast<const T *>(p)`): a misaligned one stops the program,
// as it traps on a GPU, whatever T is (the structs of eight 16-bit
// elements are trivially copyable, which -fsanitize=alignment lets pass).
template <class T> T mdh_emu_load(const void *p) {
  if ((uintptr_t)p % alignof(T) != 0) {
    std::fprintf(stderr, "misaligned %zu-byte vector load\n", sizeof(T));
    std::abort();
  }
  T v;
  std::memcpy((void *)&v, p, sizeof v);
  return v;
}
// The same for the 128-bit stores into shared memory.
template <class T> void mdh_emu_store(void *p, const T &v) {
  if ((uintptr_t)p % alignof(T) != 0) {
    std::fprintf(stderr, "misaligned %zu-byte vector store\n", sizeof(T));
    std::abort();
  }
  std::memcpy(p, (const void *)&v, sizeof v);
}
static std::barrier<> *mdh_barrier;
static std::vector<std::pair<void *, size_t>> mdh_shared;
// cp.async: each thread's copies wait in its queue until mdh_cp_async_wait
// (cp.async.wait_all) makes them; a barrier with copies still queued stops
// the program (the code must wait for them before every barrier).
static thread_local std::vector<std::pair<void *, const void *>> mdh_async;
static void mdh_cp_async16(void *dst, const void *src) {
  if ((uintptr_t)dst % 16 != 0 || (uintptr_t)src % 16 != 0) {
    std::fprintf(stderr, "misaligned cp.async\n");
    std::abort();
  }
  mdh_async.push_back({dst, src});
}
static void mdh_cp_async_wait() {
  for (auto [dst, src] : mdh_async)
    std::memcpy(dst, src, 16);
  mdh_async.clear();
}
static void mdh_syncthreads() {
  if (!mdh_async.empty()) {
    std::fprintf(stderr, "barrier with cp.async copies not waited for\n");
    std::abort();
  }
  mdh_barrier->arrive_and_wait();
}
#define __syncthreads() mdh_syncthreads()
// Warp shuffles: every thread of the block calls them together (uniform
// control flow, which the CL-IR verifier checks), so they exchange values
// through one slot per thread between two barriers.
static std::vector<uint64_t> mdh_lanes;
static thread_local unsigned mdh_tid;
template <class T>
T mdh_shuffle(unsigned mask, T v, int delta, int width) {
  static_assert(sizeof(T) <= sizeof(uint64_t), "one slot per value");
  std::memcpy(&mdh_lanes[mdh_tid], &v, sizeof(T));
  mdh_barrier->arrive_and_wait();
  T r = v;
  if (mask != 0xffffffffu)
    std::abort(); // The code shuffles whole warps only.
  int lane = (int)(mdh_tid % width);
  if (lane + delta >= 0 && lane + delta < width)
    std::memcpy(&r, &mdh_lanes[mdh_tid + delta], sizeof(T));
  mdh_barrier->arrive_and_wait();
  return r;
}
// mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32, from
// the PTX ISA's fragment layouts: each lane leaves its packed fragments of
// A and B in a slot; after a barrier every lane rebuilds the warp's 16x16 A
// and 16x8 B from all 32 slots and adds its own four elements of A * B.
// The emitted helper with the inline PTX is replaced by this one.
static inline uint16_t __half_as_ushort(__half h) {
  uint16_t bits;
  std::memcpy(&bits, &h, 2);
  return bits;
}
static inline uint16_t __bfloat16_as_ushort(__nv_bfloat16 h) {
  uint16_t bits;
  std::memcpy(&bits, &h, 2);
  return bits;
}
struct MdhMmaSlot {
  uint32_t a[4], b[2];
};
static std::vector<MdhMmaSlot> mdh_mma_slots;
template <class T> static float mdh_mma_half(uint32_t reg, int high) {
  uint16_t bits = (uint16_t)(reg >> (16 * high));
  T v;
  std::memcpy(&v, &bits, 2);
  return (float)v;
}
// Adds to the lane's four accumulators d[e], at (row[e], col[e]) of the
// result, the products of A (16 x K, row stride lda) and B (K x n, row
// stride ldb) along k; then waits for the warp, whose slots are reused.
static void mdh_mma_accumulate(float *const d[4], const unsigned row[4],
                               const unsigned col[4], const float *A,
                               unsigned lda, const float *B, unsigned ldb,
                               unsigned K) {
  for (unsigned e = 0; e < 4; ++e) {
    float sum = *d[e];
    for (unsigned k = 0; k < K; ++k)
      sum += A[row[e] * lda + k] * B[k * ldb + col[e]];
    *d[e] = sum;
  }
  mdh_barrier->arrive_and_wait();
}
template <class T>
void mdh_mma_emulated(float &d0, float &d1, float &d2, float &d3, uint32_t a0,
                      uint32_t a1, uint32_t a2, uint32_t a3, uint32_t b0,
                      uint32_t b1) {
  mdh_mma_slots[mdh_tid] = {{a0, a1, a2, a3}, {b0, b1}};
  mdh_barrier->arrive_and_wait();
  float A[16][16], B[16][8];
  unsigned first = mdh_tid - mdh_tid % 32;
  for (unsigned l = 0; l < 32; ++l) {
    const MdhMmaSlot &s = mdh_mma_slots[first + l];
    unsigned g = l >> 2, t = l % 4;
    for (unsigned i = 0; i < 8; ++i) {
      unsigned row = (i < 2 || (i >= 4 && i < 6)) ? g : g + 8;
      unsigned col = t * 2 + (i & 1) + (i >= 4 ? 8 : 0);
      A[row][col] = mdh_mma_half<T>(s.a[i / 2], i % 2);
    }
    for (unsigned i = 0; i < 4; ++i) {
      unsigned row = t * 2 + (i & 1) + (i >= 2 ? 8 : 0);
      B[row][g] = mdh_mma_half<T>(s.b[i / 2], i % 2);
    }
  }
  unsigned l = mdh_tid % 32, g = l >> 2, t = l % 4;
  float *const d[4] = {&d0, &d1, &d2, &d3};
  const unsigned row[4] = {g, g, g + 8, g + 8};
  const unsigned col[4] = {2 * t, 2 * t + 1, 2 * t, 2 * t + 1};
  mdh_mma_accumulate(d, row, col, &A[0][0], 16, &B[0][0], 8, 16);
}
// AMD v_mfma_f32_16x16x16{f16,bf16_1k} of a wavefront of 64 lanes: lane l
// (r = l % 16, q = 4 * (l / 16)) holds A[r][q + j] and B[q + j][r], j < 4,
// and its accumulators D[q + e][r], e < 4.
struct MdhMfmaSlot {
  float a[4], b[4];
};
static std::vector<MdhMfmaSlot> mdh_mfma_slots;
static void mdh_mfma_emulated(float &d0, float &d1, float &d2, float &d3,
                              const float *a, const float *b) {
  MdhMfmaSlot &mine = mdh_mfma_slots[mdh_tid];
  for (int j = 0; j < 4; ++j) {
    mine.a[j] = a[j];
    mine.b[j] = b[j];
  }
  mdh_barrier->arrive_and_wait();
  float A[16][16], B[16][16];
  unsigned first = mdh_tid - mdh_tid % 64;
  for (unsigned l = 0; l < 64; ++l) {
    const MdhMfmaSlot &s = mdh_mfma_slots[first + l];
    unsigned r = l % 16, q = 4 * (l / 16);
    for (unsigned j = 0; j < 4; ++j) {
      A[r][q + j] = s.a[j];
      B[q + j][r] = s.b[j];
    }
  }
  unsigned l = mdh_tid % 64, r = l % 16, q = 4 * (l / 16);
  float *const d[4] = {&d0, &d1, &d2, &d3};
  const unsigned row[4] = {q, q + 1, q + 2, q + 3};
  const unsigned col[4] = {r, r, r, r};
  mdh_mma_accumulate(d, row, col, &A[0][0], 16, &B[0][0], 16, 16);
}
typedef _Float16 mdh_f16x4 __attribute__((ext_vector_type(4)));
typedef short mdh_i16x4 __attribute__((ext_vector_type(4)));
void mdh_mfma_16x16x16_f16(float &d0, float &d1, float &d2, float &d3,
                           mdh_f16x4 va, mdh_f16x4 vb) {
  float a[4], b[4];
  for (int j = 0; j < 4; ++j) {
    a[j] = (float)va[j];
    b[j] = (float)vb[j];
  }
  mdh_mfma_emulated(d0, d1, d2, d3, a, b);
}
static float mdh_emu_bf16(uint16_t bits) {
  uint32_t w = (uint32_t)bits << 16;
  float f;
  std::memcpy(&f, &w, 4);
  return f;
}
void mdh_mfma_16x16x16_bf16(float &d0, float &d1, float &d2, float &d3,
                            mdh_i16x4 va, mdh_i16x4 vb) {
  float a[4], b[4];
  for (int j = 0; j < 4; ++j) {
    a[j] = mdh_emu_bf16((uint16_t)va[j]);
    b[j] = mdh_emu_bf16((uint16_t)vb[j]);
  }
  mdh_mfma_emulated(d0, d1, d2, d3, a, b);
}
#define mdh_mma_m16n8k16_f16 mdh_mma_emulated<__half>
#define mdh_mma_m16n8k16_bf16 mdh_mma_emulated<__nv_bfloat16>
// mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 of f32 fragments
// rounded as cvt.rna.tf32.f32 does (to nearest, ties away; NaNs kept):
// a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4) of the 16x8 A,
// b0 (t, g), b1 (t + 4, g) of the 8x8 B.
static float mdh_emu_tf32(float x) {
  if (std::isnan(x))
    return x;
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  bits = (bits + 0x1000u) & 0xffffe000u;
  std::memcpy(&x, &bits, 4);
  return x;
}
static uint32_t mdh_emu_tf32_bits(float x) {
  x = mdh_emu_tf32(x);
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  return bits;
}
static float mdh_emu_f32(uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, 4);
  return x;
}
static uint32_t mdh_emu_round_bits(uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, 4);
  return mdh_emu_tf32_bits(x);
}
static inline float __uint_as_float(uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, 4);
  return x;
}
static inline uint32_t __float_as_uint(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  return bits;
}
// cvt.rna.tf32.f32 of an f32's bits.
static uint32_t mdh_tf32(uint32_t bits) { return mdh_emu_round_bits(bits); }
// The fragments are the bits of f32 elements already rounded to TF32 (by
// mdh_tf32): one that is not stops the program.
static uint32_t mdh_emu_tf32_fragment(uint32_t bits) {
  if ((bits & 0x1fffu) != 0 && !std::isnan(mdh_emu_f32(bits))) {
    std::fprintf(stderr, "TF32 fragment not rounded\n");
    std::abort();
  }
  return bits;
}
void mdh_mma_m16n8k8_tf32(float &d0, float &d1, float &d2, float &d3,
                          uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                          uint32_t b0, uint32_t b1) {
  mdh_mma_slots[mdh_tid] = {
      {mdh_emu_tf32_fragment(a0), mdh_emu_tf32_fragment(a1),
       mdh_emu_tf32_fragment(a2), mdh_emu_tf32_fragment(a3)},
      {mdh_emu_tf32_fragment(b0), mdh_emu_tf32_fragment(b1)}};
  mdh_barrier->arrive_and_wait();
  float A[16][8], B[8][8];
  unsigned first = mdh_tid - mdh_tid % 32;
  for (unsigned l = 0; l < 32; ++l) {
    const MdhMmaSlot &s = mdh_mma_slots[first + l];
    unsigned g = l >> 2, t = l % 4;
    A[g][t] = mdh_emu_f32(s.a[0]);
    A[g + 8][t] = mdh_emu_f32(s.a[1]);
    A[g][t + 4] = mdh_emu_f32(s.a[2]);
    A[g + 8][t + 4] = mdh_emu_f32(s.a[3]);
    B[t][g] = mdh_emu_f32(s.b[0]);
    B[t + 4][g] = mdh_emu_f32(s.b[1]);
  }
  unsigned l = mdh_tid % 32, g = l >> 2, t = l % 4;
  float *const d[4] = {&d0, &d1, &d2, &d3};
  const unsigned row[4] = {g, g, g + 8, g + 8};
  const unsigned col[4] = {2 * t, 2 * t + 1, 2 * t, 2 * t + 1};
  mdh_mma_accumulate(d, row, col, &A[0][0], 8, &B[0][0], 8, 8);
}
// ldmatrix.sync.aligned.m8n8.{x2,x4}[.trans].shared.b16: lane l gives the
// address of row l % 8 of 8x8 block l / 8 of 16-bit elements (16 bytes,
// 16-byte aligned); register q of lane l receives block q's elements
// (l / 4, 2 (l % 4)) and (l / 4, 2 (l % 4) + 1), the first in the lower
// half, or with .trans (2 (l % 4), l / 4) and (2 (l % 4) + 1, l / 4).
static std::vector<const unsigned char *> mdh_ldm_rows;
static void mdh_ldmatrix(uint32_t *r, unsigned n, bool trans, const void *p) {
  mdh_ldm_rows[mdh_tid] = (const unsigned char *)p;
  mdh_barrier->arrive_and_wait();
  unsigned first = mdh_tid - mdh_tid % 32, l = mdh_tid % 32;
  for (unsigned q = 0; q < n; ++q) {
    uint16_t h[2];
    for (unsigned x = 0; x < 2; ++x) {
      unsigned row = trans ? 2 * (l % 4) + x : l / 4;
      unsigned col = trans ? l / 4 : 2 * (l % 4) + x;
      const unsigned char *base = mdh_ldm_rows[first + 8 * q + row];
      if ((uintptr_t)base % 16 != 0) {
        std::fprintf(stderr, "misaligned ldmatrix row\n");
        std::abort();
      }
      std::memcpy(&h[x], base + 2 * col, 2);
    }
    r[q] = h[0] | (uint32_t)h[1] << 16;
  }
  mdh_barrier->arrive_and_wait();
}
#define MDH_LDMATRIX2(name, trans)                                             \
  static void name(uint32_t &r0, uint32_t &r1, const void *p) {                \
    uint32_t r[2];                                                             \
    mdh_ldmatrix(r, 2, trans, p);                                              \
    r0 = r[0], r1 = r[1];                                                      \
  }
MDH_LDMATRIX2(mdh_ldmatrix_x2, false)
MDH_LDMATRIX2(mdh_ldmatrix_x2_trans, true)
#define MDH_LDMATRIX4(name, trans)                                             \
  static void name(uint32_t &r0, uint32_t &r1, uint32_t &r2, uint32_t &r3,     \
                   const void *p) {                                            \
    uint32_t r[4];                                                             \
    mdh_ldmatrix(r, 4, trans, p);                                              \
    r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3];                                \
  }
MDH_LDMATRIX4(mdh_ldmatrix_x4, false)
MDH_LDMATRIX4(mdh_ldmatrix_x4_trans, true)
template <class T>
T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32) {
  return mdh_shuffle(mask, v, (int)delta, width);
}
template <class T>
T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32) {
  return mdh_shuffle(mask, v, -(int)delta, width);
}
// HIP's: the whole wavefront, no mask.
template <class T> T __shfl_down(T v, unsigned delta, int width = 64) {
  return mdh_shuffle(0xffffffffu, v, (int)delta, width);
}
template <class T> T __shfl_up(T v, unsigned delta, int width = 64) {
  return mdh_shuffle(0xffffffffu, v, -(int)delta, width);
}
#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __restrict__ __restrict
#define __align__(n) alignas(n)
#define MDH_SHARED_POISON(T, name, n)
typedef int cudaError_t;
typedef int cudaStream_t;
#define cudaSuccess 0
#define cudaErrorInvalidValue 1
#define cudaGetLastError() 0
#define cudaFuncSetAttribute(...) 0
template <class K, class... A>
void mdh_launch(K kernel, dim3 grid, dim3 block, A... args) {
  unsigned threads = block.x * block.y * block.z;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx) {
        for (auto &[p, n] : mdh_shared)
          std::memset(p, 0xff, n);  // NaN / -1 in every element
        std::barrier<> barrier(threads);
        mdh_barrier = &barrier;
        mdh_lanes.assign(threads, 0);
        mdh_mma_slots.assign(threads, {});
        mdh_ldm_rows.assign(threads, nullptr);
        mdh_mfma_slots.assign(threads, {});
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t)
          pool.emplace_back([&, t] {
            blockIdx = dim3(bx, by, bz);
            blockDim = block;
            mdh_tid = t;
            threadIdx = dim3(t % block.x, t / block.x % block.y,
                             t / (block.x * block.y));
            kernel(args...);
          });
        for (auto &th : pool)
          th.join();
      }
}
"""

CTYPES = {"f32": "float", "f64": "double", "i8": "int8_t", "i16": "int16_t",
          "i32": "int32_t", "i64": "int64_t", "f16": "uint16_t",
          "bf16": "uint16_t"}
# 16-bit floats: stored as bit patterns here, passed to the CUDA code as
# these types; compared with a tolerance of a few units in their last place.
HALF = {"f16": "__half", "bf16": "__nv_bfloat16"}
TOLERANCE = {"f16": "4e-3", "bf16": "3e-2"}


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.stderr.write(" ".join(cmd) + "\n" + r.stdout + r.stderr)
        sys.exit(1)
    return r.stdout


def emulate_case(k, mdh_opt, passes, src, configs, hip=False):
    """The code of one kernel file in namespace case<k>, with a check()
    that returns the number of mismatches."""
    cfg = " config=" + ",".join(configs) if configs else ""
    target = "hip" if hip else "cuda"
    cuda = run([mdh_opt, src, "--mdh-lower-to-clir=target=" + target + cfg] +
               passes + ["--emit-" + target])
    if hip:
        # The HIP runtime's names are the shim's CUDA ones.
        cuda = re.sub(r"\bhip([A-Z]\w*)", r"cuda\1", cuda)
    ref = run([mdh_opt, src, "--mdh-lower-to-clir=target=openmp", "--emit-c"])
    text = open(src).read()
    funcs = re.findall(r"func\.func @(\w+)\(([^)]*)\)", text)

    # Kernels: shared arrays registered for poisoning; launches as calls.
    body = cuda[cuda.index("static_assert"):]

    def shared(m):
        t, name, n = m.group(1), m.group(2), m.group(3)
        return ("alignas(16) static %s %s[%s]; static bool %s_reg = "
                "(mdh_shared.push_back({%s, sizeof(%s)}), true); (void)%s_reg;"
                % (t, name, n, name, name, name, name))
    body = re.sub(r"__shared__ (?:__align__\(16\) )?(\w+) (\w+)\[(\d+)\];",
                  shared, body)
    body = re.sub(r"(\w+)<<<(dim3\([^)]*\)), (dim3\([^)]*\)), \d+, stream>>>\(",
                  r"mdh_launch(\1, \2, \3, ", body)
    body = body.replace('extern "C" ', "")
    # The inline-PTX mma helpers: the shim emulates them.
    body = re.sub(r"static __device__ __forceinline__ \w+ "
                  r"mdh_(?:(?:mma_m16n8k\d+|mfma_16x16x16|ldmatrix)_\w+|tf32|"
                  r"cp_async\w*)"
                  r"\(.*?\n}\n", "",
                  body,
                  flags=re.DOTALL)
    body = re.sub(r"\*reinterpret_cast<const (\w+) \*>", r"mdh_emu_load<\1>",
                  body)
    body = re.sub(r"\*reinterpret_cast<(\w+) \*>\(([^;]*)\) = (\w+);",
                  r"mdh_emu_store<\1>(\2, \3);", body)
    refc = ref
    for name, _ in funcs:
        refc = refc.replace("void %s(" % name, "void ref_%s(" % name)
    refc = refc.replace("restrict", "__restrict").replace("mdh_", "ref_mdh_")
    refc = refc[refc.index("_Static_assert"):].replace("_Static_assert",
                                                       "static_assert")

    # The 16-bit types the kernels take: HIP's _Float16 and bf16 bits.
    half = {"f16": "_Float16", "bf16": "uint16_t"} if hip else HALF
    label = " ".join([os.path.basename(src)] +
                     [os.path.basename(c) for c in configs])
    main_src = ["int check() {", "  int bad = 0;", "  srand(7);"]
    for name, params in funcs:
        shapes = re.findall(r"memref<((?:\d+x)*)(\w+)>", params)
        main_src.append("  {")
        decl_args, ref_args = [], []
        for a, (dims, elt) in enumerate(shapes):
            n = 1
            for d in dims.split("x")[:-1]:
                n *= int(d)
            t = CTYPES[elt]
            main_src.append("  std::vector<%s> a%d(%d), r%d(%d);" %
                            (t, a, n, a, n))
            if elt in HALF:
                main_src.append("  for (auto &x : a%d) x = mdh_emu_bits<%s>("
                                "(float)(rand() %% 2001 - 1000) / 256);"
                                % (a, HALF[elt]))
            elif elt.startswith("f"):
                main_src.append("  for (auto &x : a%d) x = (%s)(rand() %% "
                                "2001 - 1000) / 256;" % (a, t))
            else:
                main_src.append("  for (auto &x : a%d) x = (%s)(rand() %% "
                                "201 - 100);" % (a, t))
            main_src.append("  r%d = a%d;" % (a, a))
            main_src.append("  std::vector<%s> i%d = a%d;" % (t, a, a))
            decl_args.append("(%s *)a%d.data()" % (half[elt], a)
                             if elt in HALF else "a%d.data()" % a)
            ref_args.append("r%d.data()" % a)
        # The refused workspaces first: the outputs must stay as they are.
        main_src.append("  size_t ws_size = %s_workspace_size();" % name)
        main_src.append("  if (ws_size %% 256 != 0) { bad++; printf(\"%s: "
                        "%s: workspace size %%zu\\n\", ws_size); }"
                        % (label, name))
        main_src.append("  unsigned char *ws = (unsigned char *)"
                        "std::aligned_alloc(256, ws_size / 256 * 256 + 256);")
        main_src.append("  if (ws_size != 0) {")
        for bad_ws in ("nullptr", "ws + 8"):
            main_src.append(
                "    if (%s(%s, %s, 0) != cudaErrorInvalidValue) { bad++; "
                "printf(\"%s: %s accepts workspace %s\\n\"); }" %
                (name, ", ".join(decl_args), bad_ws, label, name, bad_ws))
        for a in range(len(shapes)):
            main_src.append("    if (a%d != r%d) { bad++; printf(\"%s: %s "
                            "arg %d written with a refused workspace\\n\"); }"
                            % (a, a, label, name, a))
        main_src.append("  }")
        main_src.append("  std::memset(ws, 0xff, ws_size);")
        main_src.append("  if (%s(%s, ws_size ? ws : nullptr, 0) != "
                        "cudaSuccess) { bad++; printf(\"%s: %s fails\\n\"); }"
                        % (name, ", ".join(decl_args), label, name))
        main_src.append("  std::free(ws);")
        main_src.append("  ref_%s(%s);" % (name, ", ".join(ref_args)))
        for a, (dims, elt) in enumerate(shapes):
            main_src.append(
                "  for (size_t i = 0; i < a%d.size(); ++i) {" % a)
            if elt in HALF:
                main_src.append(
                    "    double x = mdh_emu_value<%s>(a%d[i]), "
                    "y = mdh_emu_value<%s>(r%d[i]);"
                    " bool ok = (std::isnan(x) && std::isnan(y)) || x == y || "
                    "std::fabs(x - y) <= %s * (1 + std::fabs(y));"
                    % (HALF[elt], a, HALF[elt], a, TOLERANCE[elt]))
            elif elt.startswith("f"):
                main_src.append(
                    "    double x = a%d[i], y = r%d[i];"
                    " bool ok = (std::isnan(x) && std::isnan(y)) || "
                    "std::fabs(x - y) <= 1e-3 * (1 + std::fabs(y));" % (a, a))
            else:
                main_src.append("    bool ok = a%d[i] == r%d[i];"
                                " double x = a%d[i], y = r%d[i];" % (a, a, a, a))
            main_src.append(
                "    if (!ok && bad++ < 10) printf(\"%s: %s arg %d [%%zu]: "
                "%%g, expected %%g\\n\", i, x, y);" % (label, name, a))
            main_src.append("  }")
        # Again with every argument one element past a 16-byte boundary:
        # the kernels must not assume aligned arguments (128-bit copies).
        mis_args = []
        for a, (dims, elt) in enumerate(shapes):
            t = CTYPES[elt]
            main_src.append("  std::vector<%s> m%d(i%d.size() + 1);" % (t, a, a))
            main_src.append("  std::copy(i%d.begin(), i%d.end(), m%d.begin() + 1);"
                            % (a, a, a))
            mis_args.append("(%s *)m%d.data() + 1" % (half[elt], a)
                            if elt in HALF else "m%d.data() + 1" % a)
        main_src.append("  ws = (unsigned char *)std::aligned_alloc(256, "
                        "ws_size / 256 * 256 + 256);")
        main_src.append("  if (%s(%s, ws_size ? ws : nullptr, 0) != "
                        "cudaSuccess) { bad++; printf(\"%s: %s fails on "
                        "misaligned arguments\\n\"); }"
                        % (name, ", ".join(mis_args), label, name))
        main_src.append("  std::free(ws);")
        for a, (dims, elt) in enumerate(shapes):
            main_src.append(
                "  for (size_t i = 0; i < r%d.size(); ++i) {" % a)
            if elt in HALF:
                main_src.append(
                    "    double x = mdh_emu_value<%s>(m%d[i + 1]), "
                    "y = mdh_emu_value<%s>(r%d[i]);"
                    % (HALF[elt], a, HALF[elt], a))
            else:
                main_src.append("    double x = m%d[i + 1], y = r%d[i];"
                                % (a, a))
            main_src.append(
                "    bool ok = (std::isnan(x) && std::isnan(y)) || x == y || "
                "std::fabs(x - y) <= %s * (1 + std::fabs(y));"
                % TOLERANCE.get(elt, "1e-3"))
            main_src.append(
                "    if (!ok && bad++ < 10) printf(\"%s: %s misaligned arg %d "
                "[%%zu]: %%g, expected %%g\\n\", i, x, y);"
                % (label, name, a))
            main_src.append("  }")
        main_src.append("  }")
    main_src.append("  return bad;")
    main_src.append("}")
    return ("namespace case%d {\n" % k + body + "\n" + refc + "\n" +
            "\n".join(main_src) + "\n} // namespace case%d\n" % k)


def main():
    passes = [a[len("--pass="):] for a in sys.argv[1:]
              if a.startswith("--pass=")]
    hip = "--hip" in sys.argv[1:]
    args = [a for a in sys.argv[1:]
            if not a.startswith("--pass=") and a != "--hip"]
    mdh_opt, cxx = args[0:2]
    # Each .mlir file starts a case; the .json files after it configure it.
    cases = []
    for a in args[2:]:
        if a.endswith(".mlir"):
            cases.append((a, []))
        else:
            cases[-1][1].append(a)
    code = [emulate_case(k, mdh_opt, passes, src, configs, hip)
            for k, (src, configs) in enumerate(cases)]
    main_src = ["int main() {", "  int bad = 0;"]
    main_src += ["  bad += case%d::check();" % k for k in range(len(cases))]
    main_src += ["  printf(bad ? \"MISMATCH %d\\n\" : \"OK\\n\", bad);",
                 "  return bad != 0;", "}"]

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "emu.cpp")
        with open(path, "w") as f:
            f.write(SHIM + "\nusing std::isnan;\nusing std::signbit;\n"
                    "using std::isunordered;\nusing std::islessgreater;\n"
                    + "\n".join(code) +
                    "\n".join(main_src) + "\n")
        exe = os.path.join(tmp, "emu")
        # compiler-rt's builtins convert to __bf16 (__truncsfbf2), which
        # Debian 12's libgcc lacks.
        builtins = run([cxx, "-rtlib=compiler-rt",
                        "-print-libgcc-file-name"]).strip()
        run([cxx, "-std=c++20", "-O0", "-w", "-pthread",
             "-fsanitize=alignment", "-fno-sanitize-recover=alignment", path,
             "-o", exe] + ([builtins] if os.path.exists(builtins) else []))
        out = subprocess.run([exe], capture_output=True, text=True)
        sys.stdout.write(out.stdout)
        sys.stderr.write(out.stderr)
        sys.exit(out.returncode)


if __name__ == "__main__":
    main()
