// A channels-last convolution whose default CUDA schedule reads its filter
// tile with rows that fall into one bank; --mdh-cl-pad-shared-tiles pads
// them, splitting the copies' 128-bit stores.
func.func @mcc_1x5x5x128(%I: memref<1x7x7x64xf32>, %F: memref<128x3x3x64xf32>,
                         %O: memref<1x5x5x128xf32>) {
  mdh.compute "mcc" sizes(1, 5, 5, 128, 3, 3, 64)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<1x7x7x64xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (n, p + r, q + s, c)>],
          %F : memref<128x3x3x64xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<1x5x5x128xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}
