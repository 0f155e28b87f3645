func.func @matvec(%M: memref<1024x512xf32>, %v: memref<512xf32>, %w: memref<1024xf32>) {
  mdh.compute "matvec" sizes(1024, 512) combine(cc, pw(add))
      ins(%M : memref<1024x512xf32> [(i, k) -> (i, k)],
          %v : memref<512xf32> [(i, k) -> (k)])
      outs(%w : memref<1024xf32> [(i, k) -> (i)]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}
