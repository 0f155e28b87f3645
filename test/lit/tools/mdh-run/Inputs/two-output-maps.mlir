func.func @two_maps(%x: memref<24xf64>, %y: memref<142xf64>) {
  mdh.compute sizes(24) combine(ps(add))
      ins(%x : memref<24xf64> [affine_map<(i) -> (i)>])
      outs(%y : memref<142xf64> [affine_map<(i) -> (i * 3)>, affine_map<(i) -> (i * 3 + 70)>]) {
  ^bb0(%a: f64):
    mdh.yield %a, %a : f64, f64
  }
  return
}
