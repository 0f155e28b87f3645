// `foo` is not a reduction operator.
func.func @f(%x: memref<8xf32>, %y: memref<f32>) {
  mdh.compute sizes(8) combine(pw(foo))
      ins(%x : memref<8xf32> [affine_map<(k) -> (k)>])
      outs(%y : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
