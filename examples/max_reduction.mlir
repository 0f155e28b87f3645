// Maximum of an f32 vector: r = max_k x[k] (pw(max), NaN-propagating).
func.func @max_reduction_16777216(%x: memref<16777216xf32>, %r: memref<f32>) {
  mdh.compute "max_reduction" sizes(16777216) combine(pw(max))
      ins(%x : memref<16777216xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
