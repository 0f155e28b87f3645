// math.ctlz, which the CUDA/HIP emitters do not print (mdh-opt-emit.test).
func.func @h(%a: memref<8xi32>, %b: memref<8xi32>) {
  mdh.compute "clz" sizes(8) combine(cc)
      ins(%a : memref<8xi32> [affine_map<(i) -> (i)>])
      outs(%b : memref<8xi32> [affine_map<(i) -> (i)>]) {
  ^bb0(%x: i32):
    %y = math.ctlz %x : i32
    mdh.yield %y : i32
  }
  return
}
