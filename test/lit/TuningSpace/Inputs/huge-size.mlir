func.func @huge(%x: memref<1xf32>, %y: memref<1xf32>) {
  mdh.compute sizes(9223372036854775807) combine(pw(add))
      ins(%x : memref<1xf32> [affine_map<(i) -> (0)>])
      outs(%y : memref<1xf32> [affine_map<(i) -> (0)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
