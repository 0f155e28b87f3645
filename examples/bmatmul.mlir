// Batched matrix multiplication: C[b, i, j] = sum_k A[b, i, k] * B[b, k, j].
func.func @bmatmul_16x10x500x64(%A: memref<16x10x64xf32>,
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
