// RUN: mdh-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// The injectivity check of output views on many dimensions whose maps are
// not mixed-radix numbers. An exact Presburger test took time exponential in
// the number of dimensions on each of these (seconds to minutes at 16, and
// doubling per dimension); the pinning, gcd, dynamic-programming,
// meet-in-the-middle and exhaustive steps of lib/Dialect/HL/MDHViews.cpp
// decide them in milliseconds, and what no step decides is refused with a
// diagnostic.

// The top 13 digits are mixed-radix; 3, 4 and 5 are not (5 < 3 + 4), but
// no two sums of them are equal.
// CHECK-LABEL: func.func @low_digits(
// CHECK: mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
func.func @low_digits(%x: memref<1xf32>, %y: memref<131069xf32>) {
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<131069xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (3 * a0 + 4 * a1 + 5 * a2 + 16 * a3 + 32 * a4 + 64 * a5 + 128 * a6 + 256 * a7 + 512 * a8 + 1024 * a9 + 2048 * a10 + 4096 * a11 + 8192 * a12 + 16384 * a13 + 32768 * a14 + 65536 * a15)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// Extent 3: 2 * x + 3 * y takes 9 distinct values (gcd argument), below a
// mixed-radix top.
// CHECK-LABEL: func.func @extent_three(
// CHECK: mdh.compute sizes(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
func.func @extent_three(%x: memref<1xf32>, %y: memref<52612659xf32>) {
  mdh.compute sizes(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<52612659xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (2 * a0 + 3 * a1 + 11 * a2 + 33 * a3 + 99 * a4 + 297 * a5 + 891 * a6 + 2673 * a7 + 8019 * a8 + 24057 * a9 + 72171 * a10 + 216513 * a11 + 649539 * a12 + 1948617 * a13 + 5845851 * a14 + 17537553 * a15)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// Two results, each the low-digit number above over its own 8 dimensions.
// CHECK-LABEL: func.func @two_results(
// CHECK: mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
func.func @two_results(%x: memref<1xf32>, %y: memref<509x509xf32>) {
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<509x509xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (3 * a0 + 4 * a1 + 5 * a2 + 16 * a3 + 32 * a4 + 64 * a5 + 128 * a6 + 256 * a7, 3 * a8 + 4 * a9 + 5 * a10 + 16 * a11 + 32 * a12 + 64 * a13 + 128 * a14 + 256 * a15)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// a0 + a1 and a0 - a1 together tell a0 from a1, neither alone does.
// CHECK-LABEL: func.func @sum_and_difference(
// CHECK: mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
func.func @sum_and_difference(%x: memref<1xf32>, %y: memref<49152x3xf32>) {
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<49152x3xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (a0 + a1 + 3 * a2 + 6 * a3 + 12 * a4 + 24 * a5 + 48 * a6 + 96 * a7 + 192 * a8 + 384 * a9 + 768 * a10 + 1536 * a11 + 3072 * a12 + 6144 * a13 + 12288 * a14 + 24576 * a15, a0 + -1 * a1 + 1)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// Coefficients of 31 bits with distinct subset sums: too wide for a table
// of sums, so the sums of each half of the dimensions are matched.
// CHECK-LABEL: func.func @large_coefficients(
// CHECK: mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
func.func @large_coefficients(%x: memref<1xf32>, %y: memref<26751919025xf32>) {
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<26751919025xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (1362286842 * a0 + 1209262696 * a1 + 1621498398 * a2 + 1326970308 * a3 + 2137680573 * a4 + 2039016529 * a5 + 2087880752 * a6 + 1888959307 * a7 + 1524616342 * a8 + 1275303750 * a9 + 2121406017 * a10 + 1134617556 * a11 + 1910849862 * a12 + 2003102019 * a13 + 1078264531 * a14 + 2030203542 * a15)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// Six dimensions split into blocks of 4 by floordiv and mod (24 variables
// for a Presburger test of two points): the results pin every quotient and
// then every dimension.
// CHECK-LABEL: func.func @blocks(
// CHECK: mdh.compute sizes(16, 16, 16, 16, 16, 16)
func.func @blocks(%x: memref<1xf32>, %y: memref<4x4x4x4x4x4x4x4x4x4x4x4xf32>) {
  mdh.compute sizes(16, 16, 16, 16, 16, 16)
      combine(cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5) -> (0)>])
      outs(%y : memref<4x4x4x4x4x4x4x4x4x4x4x4xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5) -> (a0 floordiv 4, a1 floordiv 4, a2 floordiv 4, a3 floordiv 4, a4 floordiv 4, a5 floordiv 4, a0 mod 4, a1 mod 4, a2 mod 4, a3 mod 4, a4 mod 4, a5 mod 4)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// Two maps: even and odd elements (a gcd argument on their difference).
// CHECK-LABEL: func.func @even_odd(
// CHECK: mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
func.func @even_odd(%x: memref<1xf32>, %y: memref<262138xf32>) {
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<262138xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (6 * a0 + 8 * a1 + 10 * a2 + 32 * a3 + 64 * a4 + 128 * a5 + 256 * a6 + 512 * a7 + 1024 * a8 + 2048 * a9 + 4096 * a10 + 8192 * a11 + 16384 * a12 + 32768 * a13 + 65536 * a14 + 131072 * a15)>,
                         affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (6 * a0 + 8 * a1 + 10 * a2 + 32 * a3 + 64 * a4 + 128 * a5 + 256 * a6 + 512 * a7 + 1024 * a8 + 2048 * a9 + 4096 * a10 + 8192 * a11 + 16384 * a12 + 32768 * a13 + 65536 * a14 + 131072 * a15 + 1)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

// The first fuzzer input (34 s before): 510 = 2 + 4 + ... + 256.
func.func @fuzz_first(%x: memref<1xf32>, %y: memref<65533xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is not written injectively in dimension 1 (cc) by index map #0: iteration points (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0) and (0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0) both write element (510)}}
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<65533xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (a0 + 2 * a1 + 4 * a2 + 8 * a3 + 16 * a4 + 32 * a5 + 64 * a6 + 128 * a7 + 256 * a8 + 510 * a9 + 1024 * a10 + 2048 * a11 + 4096 * a12 + 8192 * a13 + 16384 * a14 + 32767 * a15)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// The second fuzzer input: 255 = 1 + 2 + ... + 128 (and a15 is unused).
func.func @fuzz_second(%x: memref<1xf32>, %y: memref<65536xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is not written injectively in dimension 0 (cc) by index map #0: iteration points (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0) and (1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0) both write element (255)}}
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<65536xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (a0 + 2 * a1 + 4 * a2 + 8 * a3 + 16 * a4 + 32 * a5 + 64 * a6 + 128 * a7 + 255 * a8 + 512 * a9 + 1024 * a10 + 34816 * a11 + 4097 * a12 + 8192 * a13 + 16384 * a14)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// Dimension 16 is not used: its two values collide at once.
func.func @dropped_dimension(%x: memref<1xf32>, %y: memref<131069xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is not written injectively in dimension 16 (cc) by index map #0: iteration points (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) and (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1) both write element (0)}}
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16) -> (0)>])
      outs(%y : memref<131069xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16) -> (3 * a0 + 4 * a1 + 5 * a2 + 16 * a3 + 32 * a4 + 64 * a5 + 128 * a6 + 256 * a7 + 512 * a8 + 1024 * a9 + 2048 * a10 + 4096 * a11 + 8192 * a12 + 16384 * a13 + 32768 * a14 + 65536 * a15)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// Two maps 7 apart: 3 + 4 is a difference of two images.
func.func @overlap(%x: memref<1xf32>, %y: memref<131076xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0 is written twice by index maps #0 and #1: iteration points}}
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (0)>])
      outs(%y : memref<131076xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (3 * a0 + 4 * a1 + 5 * a2 + 16 * a3 + 32 * a4 + 64 * a5 + 128 * a6 + 256 * a7 + 512 * a8 + 1024 * a9 + 2048 * a10 + 4096 * a11 + 8192 * a12 + 16384 * a13 + 32768 * a14 + 65536 * a15)>,
                         affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) -> (3 * a0 + 4 * a1 + 5 * a2 + 16 * a3 + 32 * a4 + 64 * a5 + 128 * a6 + 256 * a7 + 512 * a8 + 1024 * a9 + 2048 * a10 + 4096 * a11 + 8192 * a12 + 16384 * a13 + 32768 * a14 + 65536 * a15 + 7)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

// 26 dimensions with coefficients of 31 bits: too many sums to match,
// points to visit, and variables for an exact test. Injective or not, the
// view is refused.
func.func @beyond_the_limits(%x: memref<1xf32>, %y: memref<40925560434xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #0: cannot prove index map #0 injective in dimension 0 (cc) within the limits of the exact check (26 variables, at most 8); output views must be provably injective}}
  mdh.compute sizes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)
      combine(cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc, cc)
      ins(%x : memref<1xf32> [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25) -> (0)>])
      outs(%y : memref<40925560434xf32>
               [affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25) -> (1362286842 * a0 + 1209262696 * a1 + 1621498398 * a2 + 1326970308 * a3 + 2137680573 * a4 + 2039016529 * a5 + 2087880752 * a6 + 1888959307 * a7 + 1524616342 * a8 + 1275303750 * a9 + 2121406017 * a10 + 1134617556 * a11 + 1910849862 * a12 + 2003102019 * a13 + 1078264531 * a14 + 2030203542 * a15 + 1645682337 * a16 + 1565004952 * a17 + 1293272975 * a18 + 1755416777 * a19 + 1139433326 * a20 + 1121678193 * a21 + 1128386396 * a22 + 1093509279 * a23 + 1892371687 * a24 + 1538885487 * a25)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
