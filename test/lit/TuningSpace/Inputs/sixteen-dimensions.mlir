// 16 dimensions of extent 2 (views-accept.mlir's @sixteen_dimensions).
func.func @sixteen_dimensions(%x: memref<65536xf32>, %y: memref<65536xf32>) {
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<65536xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (32768 * a0 + 16384 * a1 + 8192 * a2 + 4096 * a3 + 2048 * a4 + 1024 * a5 + 512 * a6 + 256 * a7 + 128 * a8 + 64 * a9 + 32 * a10 + 16 * a11 + 8 * a12 + 4 * a13 + 2 * a14 + a15)>])
      outs(%y : memref<65536xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (a0 + 2 * a1 + 4 * a2 + 8 * a3 + 16 * a4 + 32 * a5 + 64 * a6 + 128 * a7 + 256 * a8 + 512 * a9 + 1024 * a10 + 2048 * a11 + 4096 * a12 + 8192 * a13 + 16384 * a14 + 32768 * a15)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
