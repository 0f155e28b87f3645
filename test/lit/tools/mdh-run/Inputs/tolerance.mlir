// Kernels whose correct results an over-tight reference check rejects
// (docs/reliability.md, "The reference check"), for tolerance.test.

// f computes in f32 and widens to an f64 output: the terms carry f32
// rounding, not f64's.
func.func @widen_f64(%A: memref<4x96xf32>, %x: memref<96xf32>,
                     %y: memref<4xf64>) {
  mdh.compute sizes(4, 96) combine(cc, pw(add))
      ins(%A : memref<4x96xf32> [affine_map<(i, k) -> (i, k)>],
          %x : memref<96xf32> [affine_map<(i, k) -> (k)>])
      outs(%y : memref<4xf64> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    %w = arith.extf %p : f32 to f64
    mdh.yield %w : f64
  }
  return
}

// 60 chained roundings inside f: far more than a fixed allowance covers.
func.func @chain60(%a: memref<4096xf32>, %b: memref<4096xf32>,
                   %c: memref<4096xf32>) {
  mdh.compute sizes(4096) combine(cc)
      ins(%a : memref<4096xf32> [affine_map<(i) -> (i)>],
          %b : memref<4096xf32> [affine_map<(i) -> (i)>])
      outs(%c : memref<4096xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%x: f32, %y: f32):
    %s0 = arith.addf %x, %y : f32
    %s1 = arith.addf %s0, %x : f32
    %s2 = arith.addf %s1, %y : f32
    %s3 = arith.addf %s2, %x : f32
    %s4 = arith.addf %s3, %y : f32
    %s5 = arith.addf %s4, %x : f32
    %s6 = arith.addf %s5, %y : f32
    %s7 = arith.addf %s6, %x : f32
    %s8 = arith.addf %s7, %y : f32
    %s9 = arith.addf %s8, %x : f32
    %s10 = arith.addf %s9, %y : f32
    %s11 = arith.addf %s10, %x : f32
    %s12 = arith.addf %s11, %y : f32
    %s13 = arith.addf %s12, %x : f32
    %s14 = arith.addf %s13, %y : f32
    %s15 = arith.addf %s14, %x : f32
    %s16 = arith.addf %s15, %y : f32
    %s17 = arith.addf %s16, %x : f32
    %s18 = arith.addf %s17, %y : f32
    %s19 = arith.addf %s18, %x : f32
    %s20 = arith.addf %s19, %y : f32
    %s21 = arith.addf %s20, %x : f32
    %s22 = arith.addf %s21, %y : f32
    %s23 = arith.addf %s22, %x : f32
    %s24 = arith.addf %s23, %y : f32
    %s25 = arith.addf %s24, %x : f32
    %s26 = arith.addf %s25, %y : f32
    %s27 = arith.addf %s26, %x : f32
    %s28 = arith.addf %s27, %y : f32
    %s29 = arith.addf %s28, %x : f32
    %s30 = arith.addf %s29, %y : f32
    %s31 = arith.addf %s30, %x : f32
    %s32 = arith.addf %s31, %y : f32
    %s33 = arith.addf %s32, %x : f32
    %s34 = arith.addf %s33, %y : f32
    %s35 = arith.addf %s34, %x : f32
    %s36 = arith.addf %s35, %y : f32
    %s37 = arith.addf %s36, %x : f32
    %s38 = arith.addf %s37, %y : f32
    %s39 = arith.addf %s38, %x : f32
    %s40 = arith.addf %s39, %y : f32
    %s41 = arith.addf %s40, %x : f32
    %s42 = arith.addf %s41, %y : f32
    %s43 = arith.addf %s42, %x : f32
    %s44 = arith.addf %s43, %y : f32
    %s45 = arith.addf %s44, %x : f32
    %s46 = arith.addf %s45, %y : f32
    %s47 = arith.addf %s46, %x : f32
    %s48 = arith.addf %s47, %y : f32
    %s49 = arith.addf %s48, %x : f32
    %s50 = arith.addf %s49, %y : f32
    %s51 = arith.addf %s50, %x : f32
    %s52 = arith.addf %s51, %y : f32
    %s53 = arith.addf %s52, %x : f32
    %s54 = arith.addf %s53, %y : f32
    %s55 = arith.addf %s54, %x : f32
    %s56 = arith.addf %s55, %y : f32
    %s57 = arith.addf %s56, %x : f32
    %s58 = arith.addf %s57, %y : f32
    %s59 = arith.addf %s58, %x : f32
    mdh.yield %s59 : f32
  }
  return
}

// A long product of values in [-1, 1] underflows f32 (the f64 reference
// does not): an absolute floor, not a relative bound.
func.func @prod_underflow(%x: memref<3x256xf32>, %y: memref<3xf32>) {
  mdh.compute sizes(3, 256) combine(cc, pw(mul))
      ins(%x : memref<3x256xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<3xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// 1e20 for k < 8, 1e-20 after: the f64 reference is 1, but in f32 an order
// that multiplies the large factors first overflows, one that multiplies the
// small ones first underflows, and inf * 0 = NaN: in f32 this product has
// no meaningful value, and the check accepts what any order gives.
func.func @prod_overflow(%x: memref<2x16xf32>, %y: memref<2xf32>) {
  mdh.compute sizes(2, 16) combine(cc, pw(mul))
      ins(%x : memref<2x16xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<2xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%v: f32):
    %k = mdh.index 1
    %c8 = arith.constant 8 : index
    %lt = arith.cmpi slt, %k, %c8 : index
    %big = arith.constant 1.0e+20 : f32
    %small = arith.constant 1.0e-20 : f32
    %f = arith.select %lt, %big, %small : f32
    mdh.yield %f : f32
  }
  return
}

// A custom combiner that adds: it rounds like pw(add).
mdh.combiner @plus associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

func.func @custom_add(%x: memref<2x512xf32>, %y: memref<2xf32>) {
  mdh.compute sizes(2, 512) combine(cc, pw(@plus))
      ins(%x : memref<2x512xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<2xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%v: f32):
    %a = math.absf %v : f32
    mdh.yield %a : f32
  }
  return
}

// -(x - x) is exactly -0.0: an exact result, so its sign is compared.
func.func @neg_zero(%x: memref<8xf32>, %y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    %d = arith.subf %v, %v : f32
    %n = arith.negf %d : f32
    mdh.yield %n : f32
  }
  return
}
