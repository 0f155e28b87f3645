// Convolutions beyond the examples (bench/README.md, "Kernels beyond the
// examples"): NHWC inputs and NPQK outputs, each at the sizes of a layer of
// a published network, none a multiple of every tile size.

// Stride 2, KRSC filter (a ResNet down-sampling 3x3 layer, batch 2):
// O[n, p, q, k] = sum_{r, s, c} I[n, 2p + r, 2q + s, c] * F[k, r, s, c].
// 2x55x55x64 input, 128x3x3x64 filter: 2x27x27x128 output.
func.func @mcc_s2_2x27x27x128(%I: memref<2x55x55x64xf32>,
                              %F: memref<128x3x3x64xf32>,
                              %O: memref<2x27x27x128xf32>) {
  mdh.compute "mcc" sizes(2, 27, 27, 128, 3, 3, 64)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<2x55x55x64xf32>
               [affine_map<(n, p, q, k, r, s, c)
                           -> (n, p * 2 + r, q * 2 + s, c)>],
          %F : memref<128x3x3x64xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<2x27x27x128xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}

// Dilation 2, stride 1, KRSC filter (an atrous 3x3 layer as in DeepLab):
// O[n, p, q, k] = sum_{r, s, c} I[n, p + 2r, q + 2s, c] * F[k, r, s, c].
// 1x37x37x80 input, 96x3x3x80 filter: 1x33x33x96 output.
func.func @mcc_dilated_1x33x33x96(%I: memref<1x37x37x80xf32>,
                                  %F: memref<96x3x3x80xf32>,
                                  %O: memref<1x33x33x96xf32>) {
  mdh.compute "mcc_dilated" sizes(1, 33, 33, 96, 3, 3, 80)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<1x37x37x80xf32>
               [affine_map<(n, p, q, k, r, s, c)
                           -> (n, p + r * 2, q + s * 2, c)>],
          %F : memref<96x3x3x80xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<1x33x33x96xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}

// Depthwise 3x3, stride 1, RSC filter (TensorFlow's and linalg's HWC; a
// MobileNetV2 expanded layer, batch 2): every channel has its own filter,
// O[n, p, q, c] = sum_{r, s} I[n, p + r, q + s, c] * F[r, s, c].
// 2x58x58x144 input, 3x3x144 filter: 2x56x56x144 output.
func.func @depthwise_2x56x56x144(%I: memref<2x58x58x144xf32>,
                                 %F: memref<3x3x144xf32>,
                                 %O: memref<2x56x56x144xf32>) {
  mdh.compute "depthwise" sizes(2, 56, 56, 144, 3, 3)
      combine(cc, cc, cc, cc, pw(add), pw(add))
      ins(%I : memref<2x58x58x144xf32>
               [affine_map<(n, p, q, c, r, s) -> (n, p + r, q + s, c)>],
          %F : memref<3x3x144xf32>
               [affine_map<(n, p, q, c, r, s) -> (r, s, c)>])
      outs(%O : memref<2x56x56x144xf32>
                [affine_map<(n, p, q, c, r, s) -> (n, p, q, c)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}
