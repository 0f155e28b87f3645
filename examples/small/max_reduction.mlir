// Maximum of an f32 vector, small: r = max_k x[k], k < 997 (pw(max)).
func.func @max_reduction_small(%x: memref<997xf32>, %r: memref<f32>) {
  mdh.compute "max_reduction" sizes(997) combine(pw(max))
      ins(%x : memref<997xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
