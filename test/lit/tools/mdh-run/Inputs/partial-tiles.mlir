// MatMul 333 x 517 x 129: no tile size divides the extents, so every
// schedule has partial register tiles at the edges.
func.func @mm333(%A: memref<333x129xf32>, %B: memref<129x517xf32>, %C: memref<333x517xf32>) {
  mdh.compute "mm333" sizes(333, 517, 129) combine(cc, cc, pw(add))
      ins(%A : memref<333x129xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<129x517xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<333x517xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
