// Capsule convolution (MCC with 4x4 matrix entries, stride 2):
// O[n, p, q, k, i, j] =
//   sum_{r, s, c, m} I[n, 2p + r, 2q + s, c, i, m] * F[k, r, s, c, m, j].

// 16x230x230x3x4x4 input, 64x7x7x3x4x4 filter: 16x112x112x64x4x4 output.
func.func @mcc_capsule_16x112x112x64(%I: memref<16x230x230x3x4x4xf32>,
                                     %F: memref<64x7x7x3x4x4xf32>,
                                     %O: memref<16x112x112x64x4x4xf32>) {
  mdh.compute "mcc_capsule" sizes(16, 112, 112, 64, 4, 4, 7, 7, 3, 4)
      combine(cc, cc, cc, cc, cc, cc, pw(add), pw(add), pw(add), pw(add))
      ins(%I : memref<16x230x230x3x4x4xf32>
               [affine_map<(n, p, q, k, i, j, r, s, c, m)
                           -> (n, p * 2 + r, q * 2 + s, c, i, m)>],
          %F : memref<64x7x7x3x4x4xf32>
               [affine_map<(n, p, q, k, i, j, r, s, c, m)
                           -> (k, r, s, c, m, j)>])
      outs(%O : memref<16x112x112x64x4x4xf32>
                [affine_map<(n, p, q, k, i, j, r, s, c, m)
                            -> (n, p, q, k, i, j)>]) {
  ^bb0(%x: f32, %w: f32):
    %prod = arith.mulf %x, %w : f32
    mdh.yield %prod : f32
  }
  return
}
