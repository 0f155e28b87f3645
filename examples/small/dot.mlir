// Dot product, small: r = sum_k x[k] * y[k] with k < 97 (rank-0 result).
func.func @dot_small(%x: memref<97xf32>, %y: memref<97xf32>, %r: memref<f32>) {
  mdh.compute "dot" sizes(97) combine(pw(add))
      ins(%x : memref<97xf32> [affine_map<(k) -> (k)>],
          %y : memref<97xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
