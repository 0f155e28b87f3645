// Kernels whose innermost output dimension is shorter than a vector, so
// that the CPU heuristic runs the register tile's lanes along the next
// output dimension that has a whole vector, spanning the shorter ones whole
// (HeuristicCPU.cpp): a product with 8 output columns (its rows as lanes,
// through a transposed copy of A), a capsule convolution (output channels
// as lanes around its 4 x 4 matrices, through a rotated copy of the
// filter), and an f64 convolution with 2 output channels in each of 24
// groups (the groups as lanes, through a transposed copy of the image and a
// rotated one of the filter).

func.func @narrow_mm_200x8x67(%A: memref<200x67xf32>, %B: memref<67x8xf32>,
                              %C: memref<200x8xf32>) {
  mdh.compute "narrow_mm" sizes(200, 8, 67) combine(cc, cc, pw(add))
      ins(%A : memref<200x67xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<67x8xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<200x8xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @capsule_2x9x9x32(%I: memref<2x11x11x2x4x4xf32>,
                            %F: memref<32x3x3x2x4x4xf32>,
                            %O: memref<2x9x9x32x4x4xf32>) {
  mdh.compute "capsule" sizes(2, 9, 9, 32, 4, 4, 3, 3, 2, 4)
      combine(cc, cc, cc, cc, cc, cc, pw(add), pw(add), pw(add), pw(add))
      ins(%I : memref<2x11x11x2x4x4xf32>
               [affine_map<(n, p, q, k, i, j, r, s, c, m)
                           -> (n, p + r, q + s, c, i, m)>],
          %F : memref<32x3x3x2x4x4xf32>
               [affine_map<(n, p, q, k, i, j, r, s, c, m)
                           -> (k, r, s, c, m, j)>])
      outs(%O : memref<2x9x9x32x4x4xf32>
                [affine_map<(n, p, q, k, i, j, r, s, c, m)
                            -> (n, p, q, k, i, j)>]) {
  ^bb0(%x: f32, %w: f32):
    %prod = arith.mulf %x, %w : f32
    mdh.yield %prod : f32
  }
  return
}

func.func @grouped_conv_20x24x2(%I: memref<22x24x3xf64>, %F: memref<24x3x2xf64>,
                                %O: memref<20x24x2xf64>) {
  mdh.compute "grouped_conv" sizes(20, 24, 2, 3, 3)
      combine(cc, cc, cc, pw(add), pw(add))
      ins(%I : memref<22x24x3xf64> [affine_map<(p, g, k, r, c) -> (p + r, g, c)>],
          %F : memref<24x3x2xf64> [affine_map<(p, g, k, r, c) -> (g, c, k)>])
      outs(%O : memref<20x24x2xf64> [affine_map<(p, g, k, r, c) -> (p, g, k)>]) {
  ^bb0(%x: f64, %w: f64):
    %prod = arith.mulf %x, %w : f64
    mdh.yield %prod : f64
  }
  return
}
