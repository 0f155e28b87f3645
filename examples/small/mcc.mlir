// Multi-channel convolution, small (NHWC input, KRSC filter, NPQK output):
// O[n, p, q, k] = sum_{r, s, c} I[n, p*st + r, q*st + s, c] * F[k, r, s, c].

// Stride 1: n = 5, p = 7, q = 13, k = 17, r = 3, s = 2, c = 11.
func.func @mcc_small(%I: memref<5x9x14x11xf32>, %F: memref<17x3x2x11xf32>,
                     %O: memref<5x7x13x17xf32>) {
  mdh.compute "mcc" sizes(5, 7, 13, 17, 3, 2, 11)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<5x9x14x11xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (n, p + r, q + s, c)>],
          %F : memref<17x3x2x11xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<5x7x13x17xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}

// Stride 2: n = 5, p = 7, q = 11, k = 13, r = 2, s = 3, c = 17.
func.func @mcc_stride2_small(%I: memref<5x14x23x17xf32>,
                             %F: memref<13x2x3x17xf32>,
                             %O: memref<5x7x11x13xf32>) {
  mdh.compute "mcc" sizes(5, 7, 11, 13, 2, 3, 17)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<5x14x23x17xf32>
               [affine_map<(n, p, q, k, r, s, c)
                           -> (n, p * 2 + r, q * 2 + s, c)>],
          %F : memref<13x2x3x17xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<5x7x11x13xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}
