// RUN: mdh-opt %s --mdh-hl-to-ll="target=openmp,vector_width=512,vector_registers=32,cores=2,l1_cache_size=49152,l2_cache_size=2097152" | FileCheck %s

// CPU heuristic (HeuristicCPU.cpp, kCPUPackRowBytes): an input read in
// place along the lanes, larger than L2 over a thread's tile, whose rows a
// reduction walks 1 KiB or more apart, is packed per L2 tile in panels as
// wide as the register tile reads it (GotoBLAS' packed B). Its L2 tile
// spans the thread's rows and the reduction slab; the L1 tile is one
// register tile wide and takes the whole slab, since only the other inputs
// (A's rows) must stay in L1.

// CHECK-LABEL: func.func @mm1000(
// CHECK-SAME:      %{{[a-z0-9]+}}: memref<1000x1000xf32>, %[[B:[a-z0-9]+]]: memref<1000x1000xf32>
// CHECK:         mdh_ll.level 0 "threads" parallel tiles [504, 1000, 1000]
// CHECK-NEXT:      mdh_ll.level 1 "l2_tile" sequential tiles [504, 512, 256]
// CHECK-NEXT:        mdh_ll.copy %[[B]] to packed layout panels : memref<1000x1000xf32>
// CHECK-NEXT:        mdh_ll.level 2 "l1_tile" sequential tiles [12, 32, 256]
// CHECK-NEXT:          mdh_ll.level 3 "register_tile" simd tiles [12, 32, 1]

// Rows of 256 bytes stay in place (packed, 4-7% slower).
// CHECK-LABEL: func.func @mm4096x64x4096(
// CHECK-NOT:     mdh_ll.copy
// CHECK:         mdh_ll.level 1 "l2_tile" sequential tiles [516, 64, 256]
// CHECK-NOT:     mdh_ll.copy
// CHECK:         return

// One row of A: nothing would reuse the copy.
// CHECK-LABEL: func.func @mv_like(
// CHECK-NOT:     mdh_ll.copy
// CHECK:         return

// B of 1 MB per thread (8 batches of 64 x 500) fits L2: in place (packed,
// 2x slower).
// CHECK-LABEL: func.func @bmatmul(
// CHECK-NOT:     mdh_ll.copy
// CHECK:         return
func.func @mm1000(%A: memref<1000x1000xf32>, %B: memref<1000x1000xf32>, %C: memref<1000x1000xf32>) {
  mdh.compute "mm1000" sizes(1000, 1000, 1000) combine(cc, cc, pw(add))
      ins(%A : memref<1000x1000xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<1000x1000xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<1000x1000xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mm4096x64x4096(%A: memref<4096x4096xf32>, %B: memref<4096x64xf32>, %C: memref<4096x64xf32>) {
  mdh.compute "mm4096x64x4096" sizes(4096, 64, 4096) combine(cc, cc, pw(add))
      ins(%A : memref<4096x4096xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<4096x64xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<4096x64xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mv_like(%A: memref<1x2048xf32>, %B: memref<2048x1000xf32>, %C: memref<1x1000xf32>) {
  mdh.compute "mv_like" sizes(1, 1000, 2048) combine(cc, cc, pw(add))
      ins(%A : memref<1x2048xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<2048x1000xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<1x1000xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// Batched matrix multiplication: C[b, i, j] = sum_k A[b, i, k] * B[b, k, j].
func.func @bmatmul(%A: memref<16x10x64xf32>,
                                %B: memref<16x64x500xf32>,
                                %C: memref<16x10x500xf32>) {
  mdh.compute "bmatmul" sizes(16, 10, 500, 64) combine(cc, cc, cc, pw(add))
      ins(%A : memref<16x10x64xf32> [affine_map<(b, i, j, k) -> (b, i, k)>],
          %B : memref<16x64x500xf32> [affine_map<(b, i, j, k) -> (b, k, j)>])
      outs(%C : memref<16x10x500xf32> [affine_map<(b, i, j, k) -> (b, i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// Inputs widened on the way (f16 read as f32) are packed where each element
// serves at least 16 thread rows: the copies take the conversions out of
// the register tile's loop. A (reused by 640 columns) as it is, B (by 264
// rows) in panels, though at 1.3 MB per thread it would stay in place as
// an f32 input.
// CHECK-LABEL: func.func @mm_f16(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: memref<528x800xf16>, %[[B:[a-z0-9]+]]: memref<800x640xf16>
// CHECK:         mdh_ll.level 1 "l2_tile"
// CHECK-NEXT:      mdh_ll.copy %[[A]] to packed layout identity : memref<528x800xf16>
// CHECK-NEXT:      mdh_ll.copy %[[B]] to packed layout panels : memref<800x640xf16>
func.func @mm_f16(%A: memref<528x800xf16>, %B: memref<800x640xf16>, %C: memref<528x640xf32>) {
  mdh.compute "mm_f16" sizes(528, 640, 800) combine(cc, cc, pw(add))
      ins(%A : memref<528x800xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<800x640xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<528x640xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

// B reused by 12 thread rows only: in place; A by 50 columns: packed.
// CHECK-LABEL: func.func @small_f16(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: memref<19x33xf16>
// CHECK:         mdh_ll.level 1 "l2_tile"
// CHECK-NEXT:      mdh_ll.copy %[[A]] to packed layout identity : memref<19x33xf16>
// CHECK-NEXT:      mdh_ll.level 2 "l1_tile"
func.func @small_f16(%A: memref<19x33xf16>, %B: memref<33x50xf16>, %C: memref<19x50xf32>) {
  mdh.compute "small_f16" sizes(19, 50, 33) combine(cc, cc, pw(add))
      ins(%A : memref<19x33xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<33x50xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<19x50xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

// A rank-0 input is never packed (the random tester's reproducer, which
// crashed the heuristic), nor is a widened one.
// CHECK-LABEL: func.func @rank0(
// CHECK-NOT:     mdh_ll.copy
// CHECK:         return
func.func @rank0(%in0: memref<f64>, %out0: memref<2x2xi16>) {
  mdh.compute "rank0" sizes(2) combine(cc)
      ins(%in0 : memref<f64> [affine_map<(d0) -> ()>])
      outs(%out0 : memref<2x2xi16> [affine_map<(d0) -> (1, d0)>]) {
  ^bb0(%a0: f64):
    %v4 = arith.constant 1 : i16
    mdh.yield %v4 : i16
  }
  return
}

// CHECK-LABEL: func.func @scaled_f16(
// CHECK-SAME:      %{{[a-z0-9]+}}: memref<64x48xf32>, %[[S:[a-z0-9]+]]: memref<f16>
// CHECK-NOT:     mdh_ll.copy %[[S]]
// CHECK:         return
func.func @scaled_f16(%A: memref<64x48xf32>, %s: memref<f16>, %C: memref<64x48xf32>) {
  mdh.compute "scaled_f16" sizes(64, 48) combine(cc, cc)
      ins(%A : memref<64x48xf32> [affine_map<(i, j) -> (i, j)>],
          %s : memref<f16> [affine_map<(i, j) -> ()>])
      outs(%C : memref<64x48xf32> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%a: f32, %h: f16):
    %x = arith.extf %h : f16 to f32
    %p = arith.mulf %a, %x : f32
    mdh.yield %p : f32
  }
  return
}

// A batched product: the panels' other dimensions (the batch) shrink to
// their register tile before the lanes' one, so each L2 tile holds one
// batch's panels for 288 columns, not 3 batches' for 160.
// CHECK-LABEL: func.func @bmm(
// CHECK:         mdh_ll.level 0 "threads" parallel tiles [3, 300, 1100, 700]
// CHECK-NEXT:      mdh_ll.level 1 "l2_tile" sequential tiles [1, 300, 288, 256]
// CHECK-NEXT:        mdh_ll.copy %{{.*}} to packed layout panels : memref<6x700x1100xf32>
func.func @bmm(%A: memref<6x300x700xf32>, %B: memref<6x700x1100xf32>, %C: memref<6x300x1100xf32>) {
  mdh.compute "bmm" sizes(6, 300, 1100, 700) combine(cc, cc, cc, pw(add))
      ins(%A : memref<6x300x700xf32> [affine_map<(b, i, j, k) -> (b, i, k)>],
          %B : memref<6x700x1100xf32> [affine_map<(b, i, j, k) -> (b, k, j)>])
      outs(%C : memref<6x300x1100xf32> [affine_map<(b, i, j, k) -> (b, i, j)>]) {
  ^bb0(%a: f32, %x: f32):
    %p = arith.mulf %a, %x : f32
    mdh.yield %p : f32
  }
  return
}
