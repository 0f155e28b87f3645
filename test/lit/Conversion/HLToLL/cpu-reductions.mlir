// RUN: mdh-opt %s --mdh-hl-to-ll="target=openmp,vector_width=512,vector_registers=32,cores=2" | FileCheck %s

// CPU heuristic, reductions without output dimensions: 4 vectors of each
// dimension, except the innermost pw dimension that every input reads
// contiguously, which gets 64 vectors (1024 f32 lanes on AVX-512), so that
// the vectorizer's lane loop runs many groups of independent partial
// results. Not a strided read, not a scan.

// CHECK-LABEL: func.func @max_1m(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [1024]
func.func @max_1m(%x: memref<1048576xf32>, %r: memref<f32>) {
  mdh.compute "max_1m" sizes(1048576) combine(pw(max))
      ins(%x : memref<1048576xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// f64: 8 lanes, 512 elements.
// CHECK-LABEL: func.func @sum_f64(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [512]
func.func @sum_f64(%x: memref<100003xf64>, %r: memref<f64>) {
  mdh.compute "sum_f64" sizes(100003) combine(pw(add))
      ins(%x : memref<100003xf64> [affine_map<(k) -> (k)>])
      outs(%r : memref<f64> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f64):
    mdh.yield %v : f64
  }
  return
}

// Every other element: not contiguous, 4 vectors.
// CHECK-LABEL: func.func @strided_sum(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [64]
func.func @strided_sum(%x: memref<20000xf32>, %r: memref<f32>) {
  mdh.compute "strided_sum" sizes(10000) combine(pw(add))
      ins(%x : memref<20000xf32> [affine_map<(k) -> (k * 2)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// Two reduced dimensions: the inner one (contiguous) is long, the outer
// one 4 vectors.
// CHECK-LABEL: func.func @sum_2d(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [64, 1024]
func.func @sum_2d(%x: memref<300x5000xf32>, %r: memref<f32>) {
  mdh.compute "sum_2d" sizes(300, 5000) combine(pw(add), pw(add))
      ins(%x : memref<300x5000xf32> [affine_map<(k, l) -> (k, l)>])
      outs(%r : memref<f32> [affine_map<(k, l) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// A scan writes along its dimension: 4 vectors.
// CHECK-LABEL: func.func @scan(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [64]
func.func @scan(%x: memref<100000xf32>, %y: memref<100000xf32>) {
  mdh.compute "scan" sizes(100000) combine(ps(add))
      ins(%x : memref<100000xf32> [affine_map<(k) -> (k)>])
      outs(%y : memref<100000xf32> [affine_map<(k) -> (k)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
