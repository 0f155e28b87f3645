// RUN: mdh-opt %s --mdh-hl-to-ll="target=openmp,vector_width=512,vector_registers=32,cores=2" | FileCheck %s
// RUN: mdh-opt %s --mdh-lower-to-clir="target=openmp,vector_width=512,vector_registers=32,cores=2" | FileCheck %s --check-prefix=CL

// CPU heuristic: an input read along the register tile's lanes (the
// innermost output dimension) through its second-to-last buffer dimension
// (C = A B^T reads B[j][k] along j), and reused along another output
// dimension, gets a packed copy at the L2 level with its last two
// dimensions swapped. The lanes then run along the output as in MatMul
// (16 f32 lanes, two vectors: 32 columns), not along the reduction, and
// the threads split first the dimensions the copied input depends on, so
// that each thread copies a part of its own.

// CHECK-LABEL: func.func @matmul_t(
// CHECK:         mdh_ll.level 0 "threads" parallel tiles [10, 256, 64] order [1, 0, 2]
// CHECK:           mdh_ll.level 1 "l2_tile"
// CHECK-NEXT:        mdh_ll.copy %arg1 to packed layout transposed : memref<500x64xf32>
// CHECK:             mdh_ll.level 3 "register_tile" simd tiles [10, 32, 1]

// The packed buffer's rows are padded to an odd number of 64-byte lines
// (256 + 16 floats): rows of 1 KiB would fall into 4 of the 64 sets of
// the L1 cache and evict each other (4.5x slower here). Rows of 45 floats
// (bmt below) are not padded.

// CL-LABEL: func.func @matmul_t(
// CL: %[[P:.*]] = mdh_cl.buffer packed : memref<64x272xf32>
// CL: mdh_cl.copy %{{.*}} to %[[P]] layout transposed : memref<500x64xf32> to memref<64x272xf32>
// CL-LABEL: func.func @bmt(
// CL: mdh_cl.buffer packed : memref<4x61x45xf32>
func.func @matmul_t(%A: memref<64x10xf32>, %B: memref<500x64xf32>,
                    %C: memref<10x500xf32>) {
  mdh.compute "matmul_t" sizes(10, 500, 64) combine(cc, cc, pw(add))
      ins(%A : memref<64x10xf32> [affine_map<(i, j, k) -> (k, i)>],
          %B : memref<500x64xf32> [affine_map<(i, j, k) -> (j, k)>])
      outs(%C : memref<10x500xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// A batched product with B transposed: both inputs are contiguous along k,
// so the lanes could run along k instead, but k = 61 is under 4 vectors and
// B serves 37 rows: the copy pays. The batch dimension is the first one B
// depends on.

// CHECK-LABEL: func.func @bmt(
// CHECK:         mdh_ll.level 0 "threads" parallel tiles [4, 37, 45, 61]
// CHECK:           mdh_ll.level 1 "l2_tile"
// CHECK-NEXT:        mdh_ll.copy %arg1 to packed layout transposed : memref<7x45x61xf32>
// CHECK:             mdh_ll.level 3 "register_tile" simd tiles [1, 12, 32, 1]
func.func @bmt(%A: memref<7x37x61xf32>, %B: memref<7x45x61xf32>, %C: memref<7x37x45xf32>) {
  mdh.compute "bmt" sizes(7, 37, 45, 61) combine(cc, cc, cc, pw(add))
      ins(%A : memref<7x37x61xf32> [affine_map<(b, i, j, k) -> (b, i, k)>],
          %B : memref<7x45x61xf32> [affine_map<(b, i, j, k) -> (b, j, k)>])
      outs(%C : memref<7x37x45xf32> [affine_map<(b, i, j, k) -> (b, i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// MatVec: M is read along its rows, but no other output dimension reuses
// a copy; the lanes stay along the reduction, without copies.

// CHECK-LABEL: func.func @matvec(
// CHECK-NOT:     mdh_ll.copy
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [12, 1]
func.func @matvec(%M: memref<300x200xf32>, %v: memref<200xf32>, %w: memref<300xf32>) {
  mdh.compute "matvec" sizes(300, 200) combine(cc, pw(add))
      ins(%M : memref<300x200xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<200xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<300xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// B read at rows 2 * j: a transposed copy would not be contiguous along j
// either; no copy, the lanes along the reduction.

// CHECK-LABEL: func.func @strided(
// CHECK-NOT:     mdh_ll.copy
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [3, 4, 1]
func.func @strided(%A: memref<64x10xf32>, %B: memref<1000x64xf32>, %C: memref<10x500xf32>) {
  mdh.compute "strided" sizes(10, 500, 64) combine(cc, cc, pw(add))
      ins(%A : memref<64x10xf32> [affine_map<(i, j, k) -> (k, i)>],
          %B : memref<1000x64xf32> [affine_map<(i, j, k) -> (2 * j, k)>])
      outs(%C : memref<10x500xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// C[r][j] = sum_k A[r][k] B[j][k] with a long k (512 = 32 vectors) that
// both inputs read contiguously: the lanes run along k without a copy (the
// copy made this 1.15x to 2.8x slower, r = 16 to 2).

// CHECK-LABEL: func.func @long_reduction(
// CHECK-NOT:     mdh_ll.copy
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [3, 4, 1]
func.func @long_reduction(%A: memref<16x512xf32>, %B: memref<4096x512xf32>, %C: memref<16x4096xf32>) {
  mdh.compute "long_reduction" sizes(16, 4096, 512) combine(cc, cc, pw(add))
      ins(%A : memref<16x512xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<4096x512xf32> [affine_map<(i, j, k) -> (j, k)>])
      outs(%C : memref<16x4096xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
