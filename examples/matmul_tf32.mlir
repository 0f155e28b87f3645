// Matrix multiplication of f32 matrices that allows TF32 (precision(tf32)):
// on NVIDIA sm_80 and later tensor cores compute it from the inputs rounded
// to 10 explicit significand bits, with f32 products and sums (cuBLAS's
// CUBLAS_COMPUTE_32F_FAST_TF32); every other target reads the inputs exactly.
func.func @matmul_tf32_1024(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>,
                            %C: memref<1024x1024xf32>) {
  mdh.compute "matmul" sizes(1024, 1024, 1024) combine(cc, cc, pw(add))
      precision(tf32)
      ins(%A : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<1024x1024xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
