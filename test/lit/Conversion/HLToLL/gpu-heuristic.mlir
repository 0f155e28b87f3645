// RUN: mdh-opt %s --mdh-hl-to-ll=target=cuda:sm_90 --split-input-file | FileCheck %s

// The GPU heuristic. On contractions (a reduction, an input read identically
// along each of the two innermost output dimensions, both a multiple of 8
// or at least 64 long): 8 x 8 register tiles and 16 x 16 threads, a square
// 128 x 128 block tile with a 16-deep slab. Too few blocks for the SMs
// split the reduction over blocks, but into pieces of at least 4 slabs.

// 1024^3: 64 blocks for 132 SMs; k in 5 pieces of 208 (13 slabs).
// CHECK-LABEL: func.func @matmul_1024(
// CHECK:         mdh_ll.level 0 "blocks" parallel tiles [128, 128, 208]
// CHECK:         mdh_ll.level 1 "shared_tile" sequential tiles [128, 128, 16]
// CHECK:         mdh_ll.level 2 "threads" parallel tiles [8, 8, 16]
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [8, 8, 1]
func.func @matmul_1024(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>,
                       %C: memref<1024x1024xf32>) {
  mdh.compute "matmul" sizes(1024, 1024, 1024) combine(cc, cc, pw(add))
      ins(%A : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<1024x1024xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// -----

// Sizes that divide nothing, A transposed: 15 blocks; k = 129 in pieces of
// 64 (4 slabs), not 9 of one slab.
// CHECK-LABEL: func.func @matmul_odd(
// CHECK:         mdh_ll.level 0 "blocks" parallel tiles [128, 128, 64]
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [8, 8, 1]
func.func @matmul_odd(%A: memref<129x333xf32>, %B: memref<129x517xf32>,
                      %C: memref<333x517xf32>) {
  mdh.compute "mm" sizes(333, 517, 129) combine(cc, cc, pw(add))
      ins(%A : memref<129x333xf32> [affine_map<(i, j, k) -> (k, i)>],
          %B : memref<129x517xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<333x517xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// -----

// A batched product whose output rows are only 10 long (neither a multiple
// of 8 nor 64 long): the 4 x 4 tiles of other computations.
// CHECK-LABEL: func.func @bmatmul(
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [1, 4, 4, 1] order [1, 2, 3, 0]
func.func @bmatmul(%A: memref<16x10x64xf32>, %B: memref<16x64x500xf32>,
                   %C: memref<16x10x500xf32>) {
  mdh.compute "bmm" sizes(16, 10, 500, 64) combine(cc, cc, cc, pw(add))
      ins(%A : memref<16x10x64xf32> [affine_map<(b, i, j, k) -> (b, i, k)>],
          %B : memref<16x64x500xf32> [affine_map<(b, i, j, k) -> (b, k, j)>])
      outs(%C : memref<16x10x500xf32> [affine_map<(b, i, j, k) -> (b, i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// -----

// No reduction (an outer product): no contraction.
// CHECK-LABEL: func.func @outer(
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [4, 4]
func.func @outer(%x: memref<256xf32>, %y: memref<256xf32>,
                 %z: memref<256x256xf32>) {
  mdh.compute "outer" sizes(256, 256) combine(cc, cc)
      ins(%x : memref<256xf32> [affine_map<(i, j) -> (i)>],
          %y : memref<256xf32> [affine_map<(i, j) -> (j)>])
      outs(%z : memref<256x256xf32> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// -----

// A streaming reduction (no cc dimension, contiguous inputs): 4 f32 (16
// bytes) per thread and step, 256 threads, shared tiles of 1024.
// CHECK-LABEL: func.func @dot(
// CHECK:         mdh_ll.level 1 "shared_tile" sequential tiles [1024]
// CHECK:         mdh_ll.level 2 "threads" parallel tiles [4]
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [4]
func.func @dot(%x: memref<1048576xf32>, %y: memref<1048576xf32>, %r: memref<f32>) {
  mdh.compute "dot" sizes(1048576) combine(pw(add))
      ins(%x : memref<1048576xf32> [affine_map<(i) -> (i)>],
          %y : memref<1048576xf32> [affine_map<(i) -> (i)>])
      outs(%r : memref<f32> [affine_map<(i) -> ()>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// -----

// The same in f64: 2 per thread and step.
// CHECK-LABEL: func.func @dot64(
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [2]
func.func @dot64(%x: memref<1048576xf64>, %y: memref<1048576xf64>, %r: memref<f64>) {
  mdh.compute "dot" sizes(1048576) combine(pw(add))
      ins(%x : memref<1048576xf64> [affine_map<(i) -> (i)>],
          %y : memref<1048576xf64> [affine_map<(i) -> (i)>])
      outs(%r : memref<f64> [affine_map<(i) -> ()>]) {
  ^bb0(%a: f64, %b: f64):
    %p = arith.mulf %a, %b : f64
    mdh.yield %p : f64
  }
  return
}

// -----

// In f16 widened to f32: 8 per thread and step, 16 bytes of each input as
// loaded (the f32 that a tile copy would hold do not count: there is none).
// CHECK-LABEL: func.func @dot_f16(
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [8]
func.func @dot_f16(%x: memref<1048576xf16>, %y: memref<1048576xf16>, %r: memref<f32>) {
  mdh.compute "dot" sizes(1048576) combine(pw(add))
      ins(%x : memref<1048576xf16> [affine_map<(i) -> (i)>],
          %y : memref<1048576xf16> [affine_map<(i) -> (i)>])
      outs(%r : memref<f32> [affine_map<(i) -> ()>]) {
  ^bb0(%a: f16, %b: f16):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    mdh.yield %p : f32
  }
  return
}

// -----

// MatVec: the output runs along the rows, the inputs along k, which is
// split over 8 threads: each thread reads 4 rows of 4 contiguous floats
// per step (a 32-deep shared slab of the vector).
// CHECK-LABEL: func.func @matvec(
// CHECK:         mdh_ll.level 1 "shared_tile" sequential tiles [128, 32]
// CHECK:         mdh_ll.level 2 "threads" parallel tiles [4, 4]
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [4, 4]
func.func @matvec(%M: memref<4096x4096xf32>, %v: memref<4096xf32>,
                  %w: memref<4096xf32>) {
  mdh.compute "matvec" sizes(4096, 4096) combine(cc, pw(add))
      ins(%M : memref<4096x4096xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<4096xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<4096xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}

// -----

// An f64 contraction: 8 x 8 accumulators of two registers each break the
// register budget (half of the 255 registers), so the heuristic takes the
// 4 x 4 tiles of other computations, not the one-thread configuration that
// is valid everywhere.
// CHECK-LABEL: func.func @matmul_f64(
// CHECK:         mdh_ll.level 2 "threads" parallel tiles [4, 4, 16]
// CHECK:         mdh_ll.level 3 "register_tile" sequential tiles [4, 4, 1]
func.func @matmul_f64(%A: memref<512x256xf64>, %B: memref<256x384xf64>,
                      %C: memref<512x384xf64>) {
  mdh.compute "mm64" sizes(512, 384, 256) combine(cc, cc, pw(add))
      ins(%A : memref<512x256xf64> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<256x384xf64> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<512x384xf64> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f64, %b: f64):
    %p = arith.mulf %a, %b : f64
    mdh.yield %p : f64
  }
  return
}
