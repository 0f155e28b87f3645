// 4 * i + j with j < 5 writes some elements twice.
func.func @f(%x: memref<2x5xf32>, %y: memref<9xf32>) {
  mdh.compute sizes(2, 5) combine(cc, cc)
      ins(%x : memref<2x5xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<9xf32> [affine_map<(i, j) -> (4 * i + j)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
