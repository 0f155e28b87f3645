// MDH buffers have static shapes.
func.func @f(%x: memref<?xf32>, %y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<?xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
