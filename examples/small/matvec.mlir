// Matrix-vector product, small: w[i] = sum_k M[i, k] * v[k], 13x7.
func.func @matvec_small(%M: memref<13x7xf32>, %v: memref<7xf32>,
                        %w: memref<13xf32>) {
  mdh.compute "matvec" sizes(13, 7) combine(cc, pw(add))
      ins(%M : memref<13x7xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<7xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<13xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}
