// Transposed matmul C = A^T B^T: C[i, j] = sum_k A[k, i] * B[j, k].
func.func @matmul_t_10x500x64(%A: memref<64x10xf32>, %B: memref<500x64xf32>,
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
