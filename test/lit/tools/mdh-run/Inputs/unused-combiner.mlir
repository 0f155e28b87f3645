mdh.combiner @cmb associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

func.func @size_one(%x: memref<1xf32>, %y: memref<f32>) {
  mdh.compute sizes(1) combine(pw(@cmb))
      ins(%x : memref<1xf32> [affine_map<(k) -> (k)>])
      outs(%y : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

func.func @copy(%x: memref<8xf32>, %y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
