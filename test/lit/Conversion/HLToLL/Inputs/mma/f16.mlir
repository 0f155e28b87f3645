// C[i][j] = sum_k A[i][k] B[k][j], f16 inputs, f32 products and sums.
func.func @mma_f16(%A: memref<128x48xf16>, %B: memref<48x72xf16>,
                   %C: memref<128x72xf32>) {
  mdh.compute "mma_f16" sizes(128, 72, 48) combine(cc, cc, pw(add))
      ins(%A : memref<128x48xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<48x72xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<128x72xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}
