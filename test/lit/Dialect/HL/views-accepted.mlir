// RUN: mdh-opt %s | FileCheck %s

// Views that are exactly in bounds and exactly injective over the iteration
// box. A rank test or an interval estimate would reject most of them; the
// Presburger checks must accept them without a diagnostic.

// CHECK-NOT: #map

// (i, j) -> 4 * i + j with j < 4 is injective: every element of 12 written
// once, although the map has rank 1 over two cc dimensions.
// CHECK-LABEL: func.func @linearized(
// CHECK: mdh.compute sizes(3, 4) combine(cc, cc)
// CHECK-NEXT: ins(%{{.*}} : memref<3x4xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT: outs(%{{.*}} : memref<12xf32> [(d0, d1) -> (d0 * 4 + d1)])
func.func @linearized(%x: memref<3x4xf32>, %y: memref<12xf32>) {
  mdh.compute sizes(3, 4) combine(cc, cc)
      ins(%x : memref<3x4xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<12xf32> [affine_map<(i, j) -> (4 * i + j)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// A convolution whose input has exactly P + R - 1 elements.
// CHECK-LABEL: func.func @convolution_exact(
// CHECK: mdh.compute sizes(5, 3) combine(cc, pw(add))
// CHECK-NEXT: ins(%{{.*}} : memref<7xf32> [(d0, d1) -> (d0 + d1)]
func.func @convolution_exact(%x: memref<7xf32>, %w: memref<3xf32>,
                             %y: memref<5xf32>) {
  mdh.compute sizes(5, 3) combine(cc, pw(add))
      ins(%x : memref<7xf32> [affine_map<(p, r) -> (p + r)>],
          %w : memref<3xf32> [affine_map<(p, r) -> (r)>])
      outs(%y : memref<5xf32> [affine_map<(p, r) -> (p)>]) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %b : f32
    mdh.yield %m : f32
  }
  return
}

// Stride 2: the input has exactly 2 * (P - 1) + R elements.
// CHECK-LABEL: func.func @strided_convolution_exact(
// CHECK: mdh.compute sizes(5, 3) combine(cc, pw(add))
func.func @strided_convolution_exact(%x: memref<11xf32>, %w: memref<3xf32>,
                                     %y: memref<5xf32>) {
  mdh.compute sizes(5, 3) combine(cc, pw(add))
      ins(%x : memref<11xf32> [affine_map<(p, r) -> (2 * p + r)>],
          %w : memref<3xf32> [affine_map<(p, r) -> (r)>])
      outs(%y : memref<5xf32> [affine_map<(p, r) -> (p)>]) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %b : f32
    mdh.yield %m : f32
  }
  return
}

// Jacobi: three reads of one buffer of exactly N + 2 elements; the output has
// N + 2 elements too and only its interior [1, N] is written.
// CHECK-LABEL: func.func @jacobi_exact(
// CHECK: mdh.compute sizes(8) combine(cc)
func.func @jacobi_exact(%x: memref<10xf32>, %y: memref<10xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<10xf32> [affine_map<(i) -> (i)>,
                               affine_map<(i) -> (i + 1)>,
                               affine_map<(i) -> (i + 2)>])
      outs(%y : memref<10xf32> [affine_map<(i) -> (i + 1)>]) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    mdh.yield %t : f32
  }
  return
}

// floordiv and mod exactly in bounds, in both directions.
// CHECK-LABEL: func.func @divmod_exact(
// CHECK: mdh.compute sizes(12) combine(cc)
// CHECK-NEXT: ins(%{{.*}} : memref<3x4xi8> [(d0) -> (d0 floordiv 4, d0 mod 4)])
func.func @divmod_exact(%x: memref<3x4xi8>, %y: memref<12xi8>) {
  mdh.compute sizes(12) combine(cc)
      ins(%x : memref<3x4xi8> [affine_map<(i) -> (i floordiv 4, i mod 4)>])
      outs(%y : memref<12xi8> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i8):
    mdh.yield %a : i8
  }
  return
}

// The inverse: 12 points written through floordiv/mod, injectively.
// CHECK-LABEL: func.func @divmod_output(
// CHECK: mdh.compute sizes(12) combine(cc)
func.func @divmod_output(%x: memref<12xi8>, %y: memref<3x4xi8>) {
  mdh.compute sizes(12) combine(cc)
      ins(%x : memref<12xi8> [affine_map<(i) -> (i)>])
      outs(%y : memref<3x4xi8> [affine_map<(i) -> (i floordiv 4, i mod 4)>]) {
  ^bb0(%a: i8):
    mdh.yield %a : i8
  }
  return
}

// A transposition of 3x4 blocks into a flat buffer: i = 4a + b goes to
// 3b + a, a bijection of [0, 12) that no interval estimate proves in bounds.
// CHECK-LABEL: func.func @divmod_permutation(
// CHECK: mdh.compute sizes(12) combine(cc)
func.func @divmod_permutation(%x: memref<12xi8>, %y: memref<12xi8>) {
  mdh.compute sizes(12) combine(cc)
      ins(%x : memref<12xi8> [affine_map<(i) -> (i)>])
      outs(%y : memref<12xi8>
               [affine_map<(i) -> ((i mod 4) * 3 + i floordiv 4)>]) {
  ^bb0(%a: i8):
    mdh.yield %a : i8
  }
  return
}

// Both maps only take the values 0 and 1 (the parity of i, and its
// complement), although their terms range much wider.
// CHECK-LABEL: func.func @parity(
// CHECK: mdh.compute sizes(8) combine(cc)
// CHECK-NEXT: ins(%{{.*}} : memref<2xi16> [(d0) -> ((d0 + 1) floordiv 2 - d0 floordiv 2), (d0) -> ((d0 floordiv 2) * 2 - d0 + 1)])
func.func @parity(%x: memref<2xi16>, %y: memref<8xi16>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<2xi16>
               [affine_map<(i) -> ((i + 1) floordiv 2 - i floordiv 2)>,
                affine_map<(i) -> (2 * (i floordiv 2) - i + 1)>])
      outs(%y : memref<8xi16> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i16, %b: i16):
    %s = arith.addi %a, %b : i16
    mdh.yield %s : i16
  }
  return
}

// Reversal: 7 - i is in bounds and injective.
// CHECK-LABEL: func.func @reverse(
// CHECK: mdh.compute sizes(8) combine(cc)
func.func @reverse(%x: memref<8xi64>, %y: memref<8xi64>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xi64> [affine_map<(i) -> (7 - i)>])
      outs(%y : memref<8xi64> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i64):
    mdh.yield %a : i64
  }
  return
}

// Two maps of one output write disjoint elements (even and odd).
// CHECK-LABEL: func.func @even_odd(
// CHECK: mdh.compute sizes(4) combine(cc)
func.func @even_odd(%x: memref<4xf32>, %y: memref<8xf32>) {
  mdh.compute sizes(4) combine(cc)
      ins(%x : memref<4xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (2 * i)>,
                               affine_map<(i) -> (2 * i + 1)>]) {
  ^bb0(%a: f32):
    %n = arith.negf %a : f32
    mdh.yield %a, %n : f32, f32
  }
  return
}

// Two maps meeting at the boundary but not overlapping: [0, 4) and [4, 8).
// CHECK-LABEL: func.func @halves(
// CHECK: mdh.compute sizes(4, 6) combine(cc, pw(add))
func.func @halves(%x: memref<4x6xf32>, %y: memref<8xf32>) {
  mdh.compute sizes(4, 6) combine(cc, pw(add))
      ins(%x : memref<4x6xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<8xf32> [affine_map<(i, k) -> (i)>,
                               affine_map<(i, k) -> (i + 4)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// A cc dimension of size 1 may be absent from the output index.
// CHECK-LABEL: func.func @unit_cc_dimension(
// CHECK: mdh.compute sizes(1, 5) combine(cc, pw(mul))
func.func @unit_cc_dimension(%x: memref<5xi32>, %y: memref<i32>) {
  mdh.compute sizes(1, 5) combine(cc, pw(mul))
      ins(%x : memref<5xi32> [affine_map<(c, k) -> (k)>])
      outs(%y : memref<i32> [affine_map<(c, k) -> ()>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

// Inputs need not be read injectively: every point reads element 0.
// CHECK-LABEL: func.func @broadcast_input(
// CHECK: mdh.compute sizes(6) combine(ps(add))
func.func @broadcast_input(%x: memref<1xf64>, %y: memref<6xf64>) {
  mdh.compute sizes(6) combine(ps(add))
      ins(%x : memref<1xf64> [affine_map<(i) -> (0)>])
      outs(%y : memref<6xf64> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f64):
    mdh.yield %a : f64
  }
  return
}

// Sixteen cc dimensions of size 2 linearized into one index, read in one
// digit order and written in the other. The exact injectivity check takes
// time exponential in the number of dimensions here (over a minute); the
// mixed-radix test settles it at once.
// CHECK-LABEL: func.func @sixteen_dimensions(
// CHECK: mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
func.func @sixteen_dimensions(%x: memref<65536xf32>, %y: memref<65536xf32>) {
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<65536xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (32768 * a0 + 16384 * a1 + 8192 * a2 + 4096 * a3 + 2048 * a4 + 1024 * a5 + 512 * a6 + 256 * a7 + 128 * a8 + 64 * a9 + 32 * a10 + 16 * a11 + 8 * a12 + 4 * a13 + 2 * a14 + a15)>])
      outs(%y : memref<65536xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (a0 + 2 * a1 + 4 * a2 + 8 * a3 + 16 * a4 + 32 * a5 + 64 * a6 + 128 * a7 + 256 * a8 + 512 * a9 + 1024 * a10 + 2048 * a11 + 4096 * a12 + 8192 * a13 + 16384 * a14 + 32768 * a15)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// The largest iteration space whose indices stay in 64-bit range.
// CHECK-LABEL: func.func @int64_max_size(
// CHECK: mdh.compute sizes(9223372036854775807) combine(cc)
func.func @int64_max_size(%x: memref<8xf32>,
                          %y: memref<9223372036854775807xf32>) {
  mdh.compute sizes(9223372036854775807) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i mod 8)>])
      outs(%y : memref<9223372036854775807xf32> [affine_map<(i) -> (-i + 9223372036854775806)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
