// Matrix-vector product: w[i] = sum_k M[i, k] * v[k].
func.func @matvec_4096(%M: memref<4096x4096xf32>, %v: memref<4096xf32>,
                       %w: memref<4096xf32>) {
  mdh.compute "matvec" sizes(4096, 4096) combine(cc, pw(add))
      ins(%M : memref<4096x4096xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<4096xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<4096xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}

func.func @matvec_8192(%M: memref<8192x8192xf32>, %v: memref<8192xf32>,
                       %w: memref<8192xf32>) {
  mdh.compute "matvec" sizes(8192, 8192) combine(cc, pw(add))
      ins(%M : memref<8192x8192xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<8192xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<8192xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}
