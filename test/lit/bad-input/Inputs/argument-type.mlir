// The block argument does not have the element type of the input.
func.func @f(%x: memref<8xf64>, %y: memref<8xf64>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf64> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf64> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    %b = arith.extf %a : f32 to f64
    mdh.yield %b : f64
  }
  return
}
