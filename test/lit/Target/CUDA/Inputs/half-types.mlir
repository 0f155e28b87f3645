// f16 and bf16 through every operation the emitters print: an f16 matmul
// with f32 sums, f16 arithmetic, comparisons and math, a bf16 sum, and
// conversions from double and wide integers (half-emulate.test).
func.func @f16_matmul(%a: memref<7x13xf16>, %b: memref<13x11xf16>, %c: memref<7x11xf32>) {
  mdh.compute sizes(7, 11, 13) combine(cc, cc, pw(add))
      ins(%a : memref<7x13xf16> [affine_map<(i, j, k) -> (i, k)>],
          %b : memref<13x11xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%c : memref<7x11xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%x: f16, %y: f16):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    mdh.yield %p : f32
  }
  return
}
func.func @f16_arith(%a: memref<5x19xf16>, %b: memref<5x19xf16>, %r: memref<5x19xf16>) {
  mdh.compute sizes(5, 19) combine(cc, cc)
      ins(%a : memref<5x19xf16> [affine_map<(i, j) -> (i, j)>],
          %b : memref<5x19xf16> [affine_map<(i, j) -> (i, j)>])
      outs(%r : memref<5x19xf16> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%x: f16, %y: f16):
    %half = arith.constant 0.5 : f16
    %one = arith.constant 1.0 : f16
    %p = arith.mulf %x, %y : f16
    %s = arith.addf %p, %half : f16
    %yy = arith.mulf %y, %y : f16
    %d = arith.addf %yy, %one : f16
    %q = arith.divf %x, %d : f16
    %t = arith.subf %s, %q : f16
    %n = arith.negf %t : f16
    %c = arith.cmpf olt, %x, %y : f16
    %m = arith.select %c, %n, %t : f16
    %e = math.exp %q : f16
    %sq = math.sqrt %d : f16
    %u = arith.addf %m, %e : f16
    %v = arith.maximumf %u, %sq : f16
    mdh.yield %v : f16
  }
  return
}
func.func @bf16_sum(%a: memref<3x29xbf16>, %r: memref<3xbf16>) {
  mdh.compute sizes(3, 29) combine(cc, pw(add))
      ins(%a : memref<3x29xbf16> [affine_map<(i, k) -> (i, k)>])
      outs(%r : memref<3xbf16> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%x: bf16):
    %two = arith.constant 2.0 : bf16
    %y = arith.mulf %x, %two : bf16
    mdh.yield %y : bf16
  }
  return
}
func.func @conversions(%d: memref<23xf64>, %i: memref<23xi32>, %l: memref<23xi64>,
                       %h: memref<23xf16>, %r1: memref<23xf16>, %r2: memref<23xbf16>,
                       %r3: memref<23xf16>, %r4: memref<23xbf16>, %r5: memref<23xi32>,
                       %r6: memref<23xf64>, %r7: memref<23xbf16>) {
  mdh.compute sizes(23) combine(cc)
      ins(%d : memref<23xf64> [affine_map<(k) -> (k)>],
          %i : memref<23xi32> [affine_map<(k) -> (k)>],
          %l : memref<23xi64> [affine_map<(k) -> (k)>],
          %h : memref<23xf16> [affine_map<(k) -> (k)>])
      outs(%r1 : memref<23xf16> [affine_map<(k) -> (k)>],
           %r2 : memref<23xbf16> [affine_map<(k) -> (k)>],
           %r3 : memref<23xf16> [affine_map<(k) -> (k)>],
           %r4 : memref<23xbf16> [affine_map<(k) -> (k)>],
           %r5 : memref<23xi32> [affine_map<(k) -> (k)>],
           %r6 : memref<23xf64> [affine_map<(k) -> (k)>],
           %r7 : memref<23xbf16> [affine_map<(k) -> (k)>]) {
  ^bb0(%x: f64, %n: i32, %m: i64, %y: f16):
    %a = arith.truncf %x : f64 to f16
    %b = arith.truncf %x : f64 to bf16
    %c = arith.sitofp %m : i64 to f16
    %e = arith.uitofp %n : i32 to bf16
    %f = arith.fptosi %y : f16 to i32
    %g = arith.extf %y : f16 to f64
    %xf = arith.truncf %x : f64 to f32
    %k = arith.truncf %xf : f32 to bf16
    mdh.yield %a, %b, %c, %e, %f, %g, %k : f16, bf16, f16, bf16, i32, f64, bf16
  }
  return
}
// Rows of whole 16-byte vectors: 128-bit copies of eight 16-bit elements
// into shared memory (f16 widened to f32 on the way, i16 kept).
func.func @f16_matmul_vec(%a: memref<16x32xf16>, %b: memref<32x16xf16>, %c: memref<16x16xf32>) {
  mdh.compute sizes(16, 16, 32) combine(cc, cc, pw(add))
      ins(%a : memref<16x32xf16> [affine_map<(i, j, k) -> (i, k)>],
          %b : memref<32x16xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%c : memref<16x16xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%x: f16, %y: f16):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    mdh.yield %p : f32
  }
  return
}
func.func @i16_matmul_vec(%a: memref<16x32xi16>, %b: memref<32x16xi16>, %c: memref<16x16xi32>) {
  mdh.compute sizes(16, 16, 32) combine(cc, cc, pw(add))
      ins(%a : memref<16x32xi16> [affine_map<(i, j, k) -> (i, k)>],
          %b : memref<32x16xi16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%c : memref<16x16xi32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%x: i16, %y: i16):
    %xe = arith.extsi %x : i16 to i32
    %ye = arith.extsi %y : i16 to i32
    %p = arith.muli %xe, %ye : i32
    mdh.yield %p : i32
  }
  return
}
