// MatVec whose block partials (16 thread parts x 1000 rows of f32 = 64 KB)
// do not fit into 48 KB of shared memory: they go to a device buffer with one
// slice per block (emulate.test, with matvec-device-partials.cuda.json).
func.func @matvec_big(%M: memref<1000x64xf32>, %v: memref<64xf32>, %w: memref<1000xf32>) {
  mdh.compute "matvec" sizes(1000, 64) combine(cc, pw(add))
      ins(%M : memref<1000x64xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<64xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<1000xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}
