func.func @k(%x: memref<8xf32>, %y: memref<8xf32>, %z: memref<1000000x1000000xf64>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
