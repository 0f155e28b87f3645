// Batched matmul, small: C[b, i, j] = sum_k A[b, i, k] * B[b, k, j].
func.func @bmatmul_small(%A: memref<3x5x7xf32>, %B: memref<3x7x13xf32>,
                         %C: memref<3x5x13xf32>) {
  mdh.compute "bmatmul" sizes(3, 5, 13, 7) combine(cc, cc, cc, pw(add))
      ins(%A : memref<3x5x7xf32> [affine_map<(b, i, j, k) -> (b, i, k)>],
          %B : memref<3x7x13xf32> [affine_map<(b, i, j, k) -> (b, k, j)>])
      outs(%C : memref<3x5x13xf32> [affine_map<(b, i, j, k) -> (b, i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
