// Mixed-precision matmul, small: f16 (bf16) inputs, f32 products and sums;
// M = 7, N = 13, K = 11 (bf16: M = 5, N = 3, K = 17).
func.func @matmul_f16_small(%A: memref<7x11xf16>, %B: memref<11x13xf16>,
                            %C: memref<7x13xf32>) {
  mdh.compute "matmul_f16" sizes(7, 13, 11) combine(cc, cc, pw(add))
      ins(%A : memref<7x11xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<11x13xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<7x13xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

func.func @matmul_bf16_small(%A: memref<5x17xbf16>, %B: memref<17x3xbf16>,
                             %C: memref<5x3xf32>) {
  mdh.compute "matmul_bf16" sizes(5, 3, 17) combine(cc, cc, pw(add))
      ins(%A : memref<5x17xbf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<17x3xbf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<5x3xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: bf16, %b: bf16):
    %x = arith.extf %a : bf16 to f32
    %y = arith.extf %b : bf16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}
