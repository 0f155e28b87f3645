// pw(add) and pw(max) in one computation depend on the nesting order.
func.func @f(%x: memref<4x8xf32>, %y: memref<f32>) {
  mdh.compute sizes(4, 8) combine(pw(add), pw(max))
      ins(%x : memref<4x8xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<f32> [affine_map<(i, j) -> ()>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
