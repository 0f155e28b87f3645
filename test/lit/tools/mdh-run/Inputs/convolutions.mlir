// Convolutions the examples do not have: other strides, a dilation, the
// OIHW (KCRS) filter layout, a depthwise and a 1-D convolution, odd sizes.
// The CPU heuristic reads the filters through rotated copies (their first
// dimension, the output channels, moved innermost) except where a long
// channel reduction carries the vector lanes instead.

// NHWC input, KRSC filter, stride 2: 2x23x23x3 -> 2x11x11x20.
func.func @krsc_stride2(%I: memref<2x23x23x3xf32>, %F: memref<20x3x3x3xf32>,
                        %O: memref<2x11x11x20xf32>) {
  mdh.compute "krsc_stride2" sizes(2, 11, 11, 20, 3, 3, 3)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<2x23x23x3xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (n, p * 2 + r, q * 2 + s, c)>],
          %F : memref<20x3x3x3xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<2x11x11x20xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}

// NHWC input, KCRS (PyTorch's OIHW) filter, dilation 2: 1x13x17x5 ->
// 1x9x13x17.
func.func @kcrs_dilated(%I: memref<1x13x17x5xf32>, %F: memref<17x5x3x3xf32>,
                        %O: memref<1x9x13x17xf32>) {
  mdh.compute "kcrs_dilated" sizes(1, 9, 13, 17, 3, 3, 5)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<1x13x17x5xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (n, p + r * 2, q + s * 2, c)>],
          %F : memref<17x5x3x3xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, c, r, s)>])
      outs(%O : memref<1x9x13x17xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}

// Depthwise, CRS filter: 1x12x9x37 -> 1x10x7x37.
func.func @depthwise(%I: memref<1x12x9x37xf32>, %F: memref<37x3x3xf32>,
                     %O: memref<1x10x7x37xf32>) {
  mdh.compute "depthwise" sizes(1, 10, 7, 37, 3, 3)
      combine(cc, cc, cc, cc, pw(add), pw(add))
      ins(%I : memref<1x12x9x37xf32>
               [affine_map<(n, p, q, c, r, s) -> (n, p + r, q + s, c)>],
          %F : memref<37x3x3xf32>
               [affine_map<(n, p, q, c, r, s) -> (c, r, s)>])
      outs(%O : memref<1x10x7x37xf32>
                [affine_map<(n, p, q, c, r, s) -> (n, p, q, c)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}

// 1-D, batched, KRC filter: 3x33x7 -> 3x29x19.
func.func @conv1d(%I: memref<3x33x7xf32>, %F: memref<19x5x7xf32>,
                  %O: memref<3x29x19xf32>) {
  mdh.compute "conv1d" sizes(3, 29, 19, 5, 7)
      combine(cc, cc, cc, pw(add), pw(add))
      ins(%I : memref<3x33x7xf32>
               [affine_map<(b, t, k, r, c) -> (b, t + r, c)>],
          %F : memref<19x5x7xf32>
               [affine_map<(b, t, k, r, c) -> (k, r, c)>])
      outs(%O : memref<3x29x19xf32>
                [affine_map<(b, t, k, r, c) -> (b, t, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}

// KRSC with 70 input channels: the channel reduction is long enough to
// carry the vector lanes; no copy.
func.func @long_channels(%I: memref<1x7x6x70xf32>, %F: memref<12x2x2x70xf32>,
                         %O: memref<1x6x5x12xf32>) {
  mdh.compute "long_channels" sizes(1, 6, 5, 12, 2, 2, 70)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%I : memref<1x7x6x70xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (n, p + r, q + s, c)>],
          %F : memref<12x2x2x70xf32>
               [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%O : memref<1x6x5x12xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%i: f32, %f: f32):
    %p = arith.mulf %i, %f : f32
    mdh.yield %p : f32
  }
  return
}
