// 1-D Jacobi stencil: y[i] = (x[i] + x[i+1] + x[i+2]) / 3, x read via 3 maps.
func.func @jacobi1d_16777216(%x: memref<16777218xf32>,
                             %y: memref<16777216xf32>) {
  mdh.compute "jacobi1d" sizes(16777216) combine(cc)
      ins(%x : memref<16777218xf32> [affine_map<(i) -> (i)>,
                                     affine_map<(i) -> (i + 1)>,
                                     affine_map<(i) -> (i + 2)>])
      outs(%y : memref<16777216xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%l: f32, %c: f32, %r: f32):
    %three = arith.constant 3.0 : f32
    %s0 = arith.addf %l, %c : f32
    %s1 = arith.addf %s0, %r : f32
    %v = arith.divf %s1, %three : f32
    mdh.yield %v : f32
  }
  return
}
