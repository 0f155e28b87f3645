// The same product in f32 with precision(tf32): TF32 tensor cores.
func.func @mma_tf32(%A: memref<64x48xf32>, %B: memref<48x40xf32>,
                    %C: memref<64x40xf32>) {
  mdh.compute "mma_tf32" sizes(64, 40, 48) combine(cc, cc, pw(add))
      precision(tf32)
      ins(%A : memref<64x48xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<48x40xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<64x40xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
