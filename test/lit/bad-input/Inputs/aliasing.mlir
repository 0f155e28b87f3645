// An in-place update: the input is also the output.
func.func @f(%x: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%x : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    %s = arith.addf %a, %a : f32
    mdh.yield %s : f32
  }
  return
}
