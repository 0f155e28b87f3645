// Inclusive prefix sum: y[i] = sum_{k <= i} x[k] (ps(add); O(N^2) oracle).
func.func @prefix_sum_32768(%x: memref<32768xf32>, %y: memref<32768xf32>) {
  mdh.compute "prefix_sum" sizes(32768) combine(ps(add))
      ins(%x : memref<32768xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<32768xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
