// Matrix multiplication: C[i, j] = sum_k A[i, k] * B[k, j].
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

// M = 1, K = 2048, N = 1000.
func.func @matmul_1x2048x1000(%A: memref<1x2048xf32>, %B: memref<2048x1000xf32>,
                              %C: memref<1x1000xf32>) {
  mdh.compute "matmul" sizes(1, 1000, 2048) combine(cc, cc, pw(add))
      ins(%A : memref<1x2048xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<2048x1000xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<1x1000xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
