// Mixed-precision matrix multiplication: C[i, j] = sum_k A[i, k] * B[k, j]
// with f16 (or bf16) inputs whose products and sums are f32, as a tensor
// core computes them (cuBLAS's GemmEx with an f32 result).
func.func @matmul_f16_1024(%A: memref<1024x1024xf16>, %B: memref<1024x1024xf16>,
                           %C: memref<1024x1024xf32>) {
  mdh.compute "matmul_f16" sizes(1024, 1024, 1024) combine(cc, cc, pw(add))
      ins(%A : memref<1024x1024xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<1024x1024xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

// bf16, M = 512, N = 768, K = 1000.
func.func @matmul_bf16_512x768x1000(%A: memref<512x1000xbf16>,
                                    %B: memref<1000x768xbf16>,
                                    %C: memref<512x768xf32>) {
  mdh.compute "matmul_bf16" sizes(512, 768, 1000) combine(cc, cc, pw(add))
      ins(%A : memref<512x1000xbf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<1000x768xbf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<512x768xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: bf16, %b: bf16):
    %x = arith.extf %a : bf16 to f32
    %y = arith.extf %b : bf16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}
