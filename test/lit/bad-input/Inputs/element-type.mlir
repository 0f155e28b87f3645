// i1 is not an element type of MDH buffers.
func.func @f(%x: memref<8xi1>, %y: memref<8xi8>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xi1> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xi8> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i1):
    %b = arith.extui %a : i1 to i8
    mdh.yield %b : i8
  }
  return
}
