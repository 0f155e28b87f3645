// Malformed syntax: the size list is not closed.
func.func @f(%y: memref<8xf32>) {
  mdh.compute sizes(8 combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}
