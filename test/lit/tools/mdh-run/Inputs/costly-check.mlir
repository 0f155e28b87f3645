// Kernels whose reference check costs more than the reference's limit of
// 2^32 evaluations of f: a reduction of 2^63 - 1 points and, checked at
// every point, a scan of 2^22 elements (2^43 evaluations).
func.func @huge(%x: memref<1xf32>, %y: memref<1xf32>) {
  mdh.compute "huge" sizes(9223372036854775807) combine(pw(add))
      ins(%x : memref<1xf32> [affine_map<(i) -> (0)>])
      outs(%y : memref<1xf32> [affine_map<(i) -> (0)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

func.func @scan(%x: memref<4194304xi32>, %y: memref<4194304xi32>) {
  mdh.compute "scan" sizes(4194304) combine(ps(add))
      ins(%x : memref<4194304xi32> [affine_map<(i) -> (i)>])
      outs(%y : memref<4194304xi32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}
