//===- memref_abi.h - Expanded memref calling convention ----------*- C -*-===//
//
// Part of the MDH-MLIR project.
//
// MLIR's func-to-llvm lowering passes every memref argument of a function
// without `llvm.emit_c_interface` as its expanded descriptor: allocated
// pointer, aligned pointer, int64 offset, int64 sizes[rank], int64
// strides[rank] (rank 0: the two pointers and the offset). These macros spell
// that out for contiguous row-major buffers at offset 0.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TEST_REF_MEMREF_ABI_H
#define MDH_TEST_REF_MEMREF_ABI_H

#include <stdint.h>

// Parameter lists of the prototypes.
#define MR0_T(T) T *, T *, int64_t
#define MR1_T(T) MR0_T(T), int64_t, int64_t
#define MR2_T(T) MR0_T(T), int64_t, int64_t, int64_t, int64_t
#define MR3_T(T) MR0_T(T), int64_t, int64_t, int64_t, int64_t, int64_t, int64_t
#define MR4_T(T)                                                               \
  MR0_T(T), int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,     \
      int64_t
#define MR6_T(T)                                                               \
  MR0_T(T), int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,     \
      int64_t, int64_t, int64_t, int64_t, int64_t

// Arguments of the calls: pointer, then the sizes; the strides follow from
// the sizes (row-major, contiguous).
#define MR0(p) (p), (p), (int64_t)0
#define MR1(p, a) MR0(p), (int64_t)(a), (int64_t)1
#define MR2(p, a, b)                                                           \
  MR0(p), (int64_t)(a), (int64_t)(b), (int64_t)(b), (int64_t)1
#define MR3(p, a, b, c)                                                        \
  MR0(p), (int64_t)(a), (int64_t)(b), (int64_t)(c), (int64_t)(b) * (c),        \
      (int64_t)(c), (int64_t)1
#define MR4(p, a, b, c, d)                                                     \
  MR0(p), (int64_t)(a), (int64_t)(b), (int64_t)(c), (int64_t)(d),              \
      (int64_t)(b) * (c) * (d), (int64_t)(c) * (d), (int64_t)(d), (int64_t)1
#define MR6(p, a, b, c, d, e, f)                                               \
  MR0(p), (int64_t)(a), (int64_t)(b), (int64_t)(c), (int64_t)(d),              \
      (int64_t)(e), (int64_t)(f), (int64_t)(b) * (c) * (d) * (e) * (f),        \
      (int64_t)(c) * (d) * (e) * (f), (int64_t)(d) * (e) * (f),                \
      (int64_t)(e) * (f), (int64_t)(f), (int64_t)1

#endif // MDH_TEST_REF_MEMREF_ABI_H
