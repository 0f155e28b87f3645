// Matmul, small: C[i, j] = sum_k A[i, k] * B[k, j]; M = 5, N = 11, K = 7.
func.func @matmul_small(%A: memref<5x7xf32>, %B: memref<7x11xf32>,
                        %C: memref<5x11xf32>) {
  mdh.compute "matmul" sizes(5, 11, 7) combine(cc, cc, pw(add))
      ins(%A : memref<5x7xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<7x11xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<5x11xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
