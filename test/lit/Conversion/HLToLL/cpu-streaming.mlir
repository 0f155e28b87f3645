// RUN: mdh-opt %s --mdh-hl-to-ll="target=openmp,vector_width=512,vector_registers=32,cores=2,l1_cache_size=49152,l2_cache_size=2097152" | FileCheck %s
// RUN: mdh-opt %s --mdh-hl-to-ll="target=openmp,vector_width=256,vector_registers=16,cores=2,l1_cache_size=49152,l2_cache_size=2097152" | FileCheck %s --check-prefix=AVX2

// CPU heuristic (HeuristicCPU.cpp, kCPUStreamVectors): a computation
// without reduction dimensions holds no accumulators, so its register tile
// runs up to 16 vectors along the lanes instead of 2, within the register
// tile rule (256 floats on AVX-512; 96 on AVX2, whose 16 registers allow no
// more), and the other output dimensions what the rule leaves.

// CHECK-LABEL: func.func @stencil1d(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [256]
// AVX2-LABEL: func.func @stencil1d(
// AVX2:         mdh_ll.level 3 "register_tile" simd tiles [96]
func.func @stencil1d(%x: memref<100002xf32>, %y: memref<100000xf32>) {
  mdh.compute "jacobi" sizes(100000) combine(cc)
      ins(%x : memref<100002xf32> [affine_map<(i) -> (i)>,
                                   affine_map<(i) -> (i + 2)>])
      outs(%y : memref<100000xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    mdh.yield %s : f32
  }
  return
}

// Rows of 300: the lanes' loop takes 256 of them (16 whole vectors).
// CHECK-LABEL: func.func @elementwise2d(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [1, 256]
func.func @elementwise2d(%a: memref<500x300xf32>, %b: memref<500x300xf32>) {
  mdh.compute "scale" sizes(500, 300) combine(cc, cc)
      ins(%a : memref<500x300xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%b : memref<500x300xf32> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%v: f32):
    %k = arith.constant 3.0 : f32
    %m = arith.mulf %v, %k : f32
    mdh.yield %m : f32
  }
  return
}

// A short row: its whole vectors (32 of 40; the vectorizer masks the
// partial tile), and the rest of the budget as rows.
// CHECK-LABEL: func.func @short_rows(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [12, 32]
func.func @short_rows(%a: memref<1000x40xf32>, %b: memref<1000x40xf32>) {
  mdh.compute "neg" sizes(1000, 40) combine(cc, cc)
      ins(%a : memref<1000x40xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%b : memref<1000x40xf32> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%v: f32):
    %m = arith.negf %v : f32
    mdh.yield %m : f32
  }
  return
}
