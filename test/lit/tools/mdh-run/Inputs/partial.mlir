// The output has 20 elements; only y[2 .. 14] are written.
func.func @partial(%x: memref<13xf32>, %y: memref<20xf32>) {
  mdh.compute sizes(13) combine(cc)
      ins(%x : memref<13xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<20xf32> [affine_map<(i) -> (i + 2)>]) {
  ^bb0(%a: f32):
    %two = arith.constant 2.0 : f32
    %b = arith.mulf %a, %two : f32
    mdh.yield %b : f32
  }
  return
}

func.func @isum(%x: memref<7x13xi8>, %y: memref<7xi8>) {
  mdh.compute sizes(7, 13) combine(cc, pw(add))
      ins(%x : memref<7x13xi8> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<7xi8> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%a: i8):
    %b = arith.muli %a, %a : i8
    mdh.yield %b : i8
  }
  return
}
