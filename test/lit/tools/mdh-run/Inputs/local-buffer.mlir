func.func @k(%x: memref<13xf32>) {
  %y = memref.alloc() : memref<13xf32>
  mdh.compute sizes(13) combine(cc)
      ins(%x : memref<13xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<13xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
