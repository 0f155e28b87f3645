// Inclusive prefix sum, small: y[i] = sum_{k <= i} x[k] with i < 127.
func.func @prefix_sum_small(%x: memref<127xf32>, %y: memref<127xf32>) {
  mdh.compute "prefix_sum" sizes(127) combine(ps(add))
      ins(%x : memref<127xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<127xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
