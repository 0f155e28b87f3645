// `zz` is not a combine operator.
func.func @f(%y: memref<8xf32>) {
  mdh.compute sizes(8) combine(zz)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}
