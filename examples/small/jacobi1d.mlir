// 1-D Jacobi stencil, small: y[i] = (x[i] + x[i+1] + x[i+2]) / 3, i < 101.
func.func @jacobi1d_small(%x: memref<103xf32>, %y: memref<101xf32>) {
  mdh.compute "jacobi1d" sizes(101) combine(cc)
      ins(%x : memref<103xf32> [affine_map<(i) -> (i)>,
                                affine_map<(i) -> (i + 1)>,
                                affine_map<(i) -> (i + 2)>])
      outs(%y : memref<101xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%l: f32, %c: f32, %r: f32):
    %three = arith.constant 3.0 : f32
    %s0 = arith.addf %l, %c : f32
    %s1 = arith.addf %s0, %r : f32
    %v = arith.divf %s1, %three : f32
    mdh.yield %v : f32
  }
  return
}
