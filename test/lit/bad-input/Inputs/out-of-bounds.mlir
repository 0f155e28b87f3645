// Jacobi 1D with an input that is one element too short.
func.func @jacobi(%x: memref<9xf32>, %y: memref<8xf32>) {
  mdh.compute "jacobi" sizes(8) combine(cc)
      ins(%x : memref<9xf32> [affine_map<(i) -> (i)>,
                              affine_map<(i) -> (i + 1)>,
                              affine_map<(i) -> (i + 2)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    mdh.yield %t : f32
  }
  return
}
