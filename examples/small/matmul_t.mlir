// Transposed matmul, small: C[i, j] = sum_k A[k, i] * B[j, k]; 3x13, K = 7.
func.func @matmul_t_small(%A: memref<7x3xf32>, %B: memref<13x7xf32>,
                          %C: memref<3x13xf32>) {
  mdh.compute "matmul_t" sizes(3, 13, 7) combine(cc, cc, pw(add))
      ins(%A : memref<7x3xf32> [affine_map<(i, j, k) -> (k, i)>],
          %B : memref<13x7xf32> [affine_map<(i, j, k) -> (j, k)>])
      outs(%C : memref<3x13xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
