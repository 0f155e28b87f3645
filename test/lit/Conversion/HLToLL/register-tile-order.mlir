// RUN: mdh-opt %s --mdh-hl-to-ll="target=openmp,vector_width=512,vector_registers=32,cores=2" | FileCheck %s

// The register tile's order is also the order of its point loops. A
// dimension whose register tile is its whole L1 tile runs one tile per L1
// tile but many points, so its place in the order is kept: here the 10 rows
// stay outside the 32 contiguous columns, which the CPU vectorizer needs
// innermost (it used to be moved last, after the single-trip dimensions,
// and the tile was not vectorized).

// CHECK-LABEL: func.func @bmatmul(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [1, 10, 32, 1] order [1, 2, 3, 0] {
func.func @bmatmul(%A: memref<16x10x64xf32>, %B: memref<16x64x500xf32>,
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
