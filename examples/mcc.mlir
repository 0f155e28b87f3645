// Multi-channel convolution, NHWC input, KRSC filter, NPQK output:
// O[n, p, q, k] = sum_{r, s, c} I[n, p*st + r, q*st + s, c] * F[k, r, s, c].

// 1x9x9x512 input, 512x3x3x512 filter, stride 1: 1x7x7x512 output.
func.func @mcc_1x7x7x512(%I: memref<1x9x9x512xf32>, %F: memref<512x3x3x512xf32>,
                         %O: memref<1x7x7x512xf32>) {
  mdh.compute "mcc" sizes(1, 7, 7, 512, 3, 3, 512)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<1x9x9x512xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (n, p + r, q + s, c)>],
          %F : memref<512x3x3x512xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<1x7x7x512xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}

// 1x230x230x3 input, 64x7x7x3 filter, stride 2: 1x112x112x64 output.
func.func @mcc_1x112x112x64(%I: memref<1x230x230x3xf32>,
                            %F: memref<64x7x7x3xf32>,
                            %O: memref<1x112x112x64xf32>) {
  mdh.compute "mcc" sizes(1, 112, 112, 64, 7, 7, 3)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<1x230x230x3xf32>
               [affine_map<(n, p, q, k, r, s, c)
                           -> (n, p * 2 + r, q * 2 + s, c)>],
          %F : memref<64x7x7x3xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<1x112x112x64xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}
