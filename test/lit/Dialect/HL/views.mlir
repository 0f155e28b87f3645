// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// The exact bounds and injectivity checks of the views. Each error names a
// witness; the cases are built so that the witness is unique. Accepted
// corner cases are in views-accepted.mlir.

//===----------------------------------------------------------------------===//
// Bounds
//===----------------------------------------------------------------------===//

// One before the start of an input.
func.func @input_index_minus_one(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #1 of input #0 is out of bounds: at iteration point (0) it accesses index (-1) of 'memref<8xf32>' (dimension 0 must be in [0, 8))}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>,
                              affine_map<(i) -> (i - 1)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    mdh.yield %s : f32
  }
  return
}

// -----

// One past the end of an input.
func.func @input_index_n(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 is out of bounds: at iteration point (7) it accesses index (8) of 'memref<8xf32>' (dimension 0 must be in [0, 8))}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i + 1)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// One before the start of an output.
func.func @output_index_minus_one(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of output #0 is out of bounds: at iteration point (0) it accesses index (-1) of 'memref<8xf32>' (dimension 0 must be in [0, 8))}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i - 1)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// One past the end of an output.
func.func @output_index_n(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of output #0 is out of bounds: at iteration point (7) it accesses index (8) of 'memref<8xf32>' (dimension 0 must be in [0, 8))}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i + 1)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// The second buffer dimension leaves the buffer at one point only.
func.func @second_dimension(%x: memref<8x4xf32>, %y: memref<8x4xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 is out of bounds: at iteration point (7, 3) it accesses index (7, 4) of 'memref<8x4xf32>' (dimension 1 must be in [0, 4))}}
  mdh.compute sizes(8, 4) combine(cc, cc)
      ins(%x : memref<8x4xf32> [affine_map<(i, j) -> (i, j + i floordiv 7)>])
      outs(%y : memref<8x4xf32> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// A convolution whose input is one element short: p + r reaches P + R - 2.
func.func @convolution_one_short(%x: memref<6xf32>, %w: memref<3xf32>,
                                 %y: memref<5xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 is out of bounds: at iteration point (4, 2) it accesses index (6) of 'memref<6xf32>' (dimension 0 must be in [0, 6))}}
  mdh.compute sizes(5, 3) combine(cc, pw(add))
      ins(%x : memref<6xf32> [affine_map<(p, r) -> (p + r)>],
          %w : memref<3xf32> [affine_map<(p, r) -> (r)>])
      outs(%y : memref<5xf32> [affine_map<(p, r) -> (p)>]) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %b : f32
    mdh.yield %m : f32
  }
  return
}

// -----

// A strided convolution one element short.
func.func @strided_convolution_one_short(%x: memref<10xf32>, %w: memref<3xf32>,
                                         %y: memref<5xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 is out of bounds: at iteration point (4, 2) it accesses index (10) of 'memref<10xf32>' (dimension 0 must be in [0, 10))}}
  mdh.compute sizes(5, 3) combine(cc, pw(add))
      ins(%x : memref<10xf32> [affine_map<(p, r) -> (2 * p + r)>],
          %w : memref<3xf32> [affine_map<(p, r) -> (r)>])
      outs(%y : memref<5xf32> [affine_map<(p, r) -> (p)>]) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %b : f32
    mdh.yield %m : f32
  }
  return
}

// -----

// floordiv: 12 floordiv 4 = 3 is one past the end.
func.func @floordiv_out_of_bounds(%x: memref<3xi32>, %y: memref<13xi32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 is out of bounds: at iteration point (12) it accesses index (3) of 'memref<3xi32>' (dimension 0 must be in [0, 3))}}
  mdh.compute sizes(13) combine(cc)
      ins(%x : memref<3xi32> [affine_map<(i) -> (i floordiv 4)>])
      outs(%y : memref<13xi32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

// -----

// mod: 4 mod 5 = 4 is one past the end; no other point leaves the buffer.
func.func @mod_out_of_bounds(%x: memref<4xi32>, %y: memref<8xi32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 is out of bounds: at iteration point (4) it accesses index (4) of 'memref<4xi32>' (dimension 0 must be in [0, 4))}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<4xi32> [affine_map<(i) -> (i mod 5)>])
      outs(%y : memref<8xi32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

// -----

// The flattening into a Presburger set needs a positive divisor.
func.func @floordiv_by_zero(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 cannot be analyzed: floordiv, ceildiv and mod need positive constant divisors}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i floordiv 0)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @mod_by_negative(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of output #0 cannot be analyzed: floordiv, ceildiv and mod need positive constant divisors}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i mod -3)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Injectivity
//===----------------------------------------------------------------------===//

// 4 * i + j with j < 5 is not injective: (0, 4) and (1, 0) both write 4. (With
// j < 4 it is; see views-accepted.mlir.)
func.func @linearized_overlap(%x: memref<2x5xf32>, %y: memref<9xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is not written injectively in dimension 0 (cc) by index map #0: iteration points (0, 4) and (1, 0) both write element (4)}}
  mdh.compute sizes(2, 5) combine(cc, cc)
      ins(%x : memref<2x5xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<9xf32> [affine_map<(i, j) -> (4 * i + j)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// A cc dimension missing from the output index.
func.func @cc_dimension_dropped(%x: memref<1x2xf32>, %y: memref<1xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is not written injectively in dimension 1 (cc) by index map #0: iteration points (0, 0) and (0, 1) both write element (0)}}
  mdh.compute sizes(1, 2) combine(cc, cc)
      ins(%x : memref<1x2xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<1xf32> [affine_map<(i, j) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// A rank-0 output of a cc dimension of size 2.
func.func @cc_into_scalar(%x: memref<2xf32>, %y: memref<f32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is not written injectively in dimension 0 (cc) by index map #0: iteration points (0) and (1) both write element ()}}
  mdh.compute sizes(2) combine(cc)
      ins(%x : memref<2xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<f32> [affine_map<(i) -> ()>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// A prefix-sum dimension must be written injectively too.
func.func @ps_not_injective(%x: memref<2xi64>, %y: memref<1xi64>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is not written injectively in dimension 0 (ps) by index map #0: iteration points (0) and (1) both write element (0)}}
  mdh.compute sizes(2) combine(ps(add))
      ins(%x : memref<2xi64> [affine_map<(i) -> (i)>])
      outs(%y : memref<1xi64> [affine_map<(i) -> (i floordiv 2)>]) {
  ^bb0(%a: i64):
    mdh.yield %a : i64
  }
  return
}

// -----

// Two maps of one output write element 3: map #0 at point 3, map #1 at 0.
func.func @two_maps_collide(%x: memref<4xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is written twice by index maps #0 and #1: iteration points (3) and (0) both write element (3)}}
  mdh.compute sizes(4) combine(cc)
      ins(%x : memref<4xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>,
                               affine_map<(i) -> (i + 3)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

// The same map twice writes every element twice.
func.func @same_map_twice(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is written twice by index maps #0 and #1: iteration points}}
  mdh.compute sizes(4) combine(cc)
      ins(%x : memref<4xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<4xf32> [affine_map<(i) -> (i)>,
                               affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

// Collisions between maps count even for a pure reduction.
func.func @two_maps_collide_pw(%x: memref<3xf32>, %y: memref<1xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is written twice by index maps #0 and #1: iteration points}}
  mdh.compute sizes(3) combine(pw(add))
      ins(%x : memref<3xf32> [affine_map<(k) -> (k)>])
      outs(%y : memref<1xf32> [affine_map<(k) -> (0)>,
                               affine_map<(k) -> (0)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

// Map #1 alone is not injective; it never meets map #0 (even elements).
func.func @second_map_not_injective(%x: memref<2xf32>, %y: memref<3xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is not written injectively in dimension 0 (cc) by index map #1: iteration points (0) and (1) both write element (1)}}
  mdh.compute sizes(2) combine(cc)
      ins(%x : memref<2xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<3xf32> [affine_map<(i) -> (2 * i)>,
                               affine_map<(i) -> (1)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

// The second output is the one written twice.
func.func @second_output(%x: memref<2xf32>, %y: memref<2xf32>,
                         %z: memref<1xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #1 is not written injectively in dimension 0 (cc) by index map #0: iteration points (0) and (1) both write element (0)}}
  mdh.compute sizes(2) combine(cc)
      ins(%x : memref<2xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<2xf32> [affine_map<(i) -> (i)>],
           %z : memref<1xf32> [affine_map<(i) -> (0)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

// The kernels compute indices in wrapping 64-bit arithmetic: 2 * (2^62 + 1)
// wraps to a negative number, whose floordiv is -2, although the exact
// quotient of every point is in bounds. Such a map is rejected up front
// (mdh-run used to write out of bounds with it).
func.func @index_overflow(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of output #0 overflows 64-bit index arithmetic: 'd0 * 4611686018427387905' ranges over [0, 13835058055282163715] in the iteration space}}
  mdh.compute sizes(4) combine(cc)
      ins(%x : memref<4xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<4xf32> [affine_map<(i) -> ((i * 4611686018427387905) floordiv 4611686018427387904)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// An intermediate sum that overflows, although the mod brings it back.
func.func @index_overflow_sum(%x: memref<8xf32>, %y: memref<9223372036854775807xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 overflows 64-bit index arithmetic: 'd0 + 9223372036854775807' ranges over [9223372036854775807, 18446744073709551613] in the iteration space}}
  mdh.compute sizes(9223372036854775807) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> ((i + 9223372036854775807) mod 8)>])
      outs(%y : memref<9223372036854775807xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
