// Capsule convolution, small (stride 2, matrix entries i, j, m):
// O[n, p, q, k, i, j] =
//   sum_{r, s, c, m} I[n, 2p + r, 2q + s, c, i, m] * F[k, r, s, c, m, j].

// n = 2, p = 3, q = 5, k = 7, i = 11, j = 13, r = 2, s = 3, c = 5, m = 17:
// the dimensions indexing one buffer have distinct sizes.
func.func @mcc_capsule_small(%I: memref<2x6x11x5x11x17xf32>,
                             %F: memref<7x2x3x5x17x13xf32>,
                             %O: memref<2x3x5x7x11x13xf32>) {
  mdh.compute "mcc_capsule" sizes(2, 3, 5, 7, 11, 13, 2, 3, 5, 17)
      combine(cc, cc, cc, cc, cc, cc, pw(add), pw(add), pw(add), pw(add))
      ins(%I : memref<2x6x11x5x11x17xf32>
               [affine_map<(n, p, q, k, i, j, r, s, c, m)
                           -> (n, p * 2 + r, q * 2 + s, c, i, m)>],
          %F : memref<7x2x3x5x17x13xf32>
               [affine_map<(n, p, q, k, i, j, r, s, c, m)
                           -> (k, r, s, c, m, j)>])
      outs(%O : memref<2x3x5x7x11x13xf32>
                [affine_map<(n, p, q, k, i, j, r, s, c, m)
                            -> (n, p, q, k, i, j)>]) {
  ^bb0(%x: f32, %w: f32):
    %prod = arith.mulf %x, %w : f32
    mdh.yield %prod : f32
  }
  return
}
