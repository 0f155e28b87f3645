// An f16 input, which the CUDA/HIP emitters refuse (mdh-opt-emit.test).
func.func @h(%a: memref<8xf16>, %b: memref<8xf32>) {
  mdh.compute "cvt" sizes(8) combine(cc)
      ins(%a : memref<8xf16> [affine_map<(i) -> (i)>])
      outs(%b : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%x: f16):
    %y = arith.extf %x : f16 to f32
    mdh.yield %y : f32
  }
  return
}
