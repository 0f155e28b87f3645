// RUN: mdh-opt %s | FileCheck %s
// Print, then reparse the printed form.
// RUN: mdh-opt %s | mdh-opt | FileCheck %s
// Print generically, then reparse.
// RUN: mdh-opt %s --mlir-print-op-generic | mdh-opt | FileCheck %s

// Round trip of every syntax feature of HL-IR.

// CHECK-NOT: #map

//===----------------------------------------------------------------------===//
// Views: names, inputs, outputs, maps
//===----------------------------------------------------------------------===//

// A name, two inputs, one output.
// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[M:.*]]: memref<1024x512xf32>, %[[V:.*]]: memref<512xf32>, %[[W:.*]]: memref<1024xf32>)
// CHECK: mdh.compute "matvec" sizes(1024, 512) combine(cc, pw(add))
// CHECK-NEXT: ins(%[[M]] : memref<1024x512xf32> [(d0, d1) -> (d0, d1)], %[[V]] : memref<512xf32> [(d0, d1) -> (d1)])
// CHECK-NEXT: outs(%[[W]] : memref<1024xf32> [(d0, d1) -> (d0)]) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT: mdh.yield %[[P]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @matvec(%M: memref<1024x512xf32>, %v: memref<512xf32>,
                  %w: memref<1024xf32>) {
  mdh.compute "matvec" sizes(1024, 512) combine(cc, pw(add))
      ins(%M : memref<1024x512xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<512xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<1024xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}

// No name; three dimensions.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: memref<13x11xf32>, %[[B:.*]]: memref<11x7xf32>, %[[C:.*]]: memref<13x7xf32>)
// CHECK: mdh.compute sizes(13, 7, 11) combine(cc, cc, pw(add))
// CHECK-NEXT: ins(%[[A]] : memref<13x11xf32> [(d0, d1, d2) -> (d0, d2)], %[[B]] : memref<11x7xf32> [(d0, d1, d2) -> (d2, d1)])
// CHECK-NEXT: outs(%[[C]] : memref<13x7xf32> [(d0, d1, d2) -> (d0, d1)]) {
func.func @matmul(%a: memref<13x11xf32>, %b: memref<11x7xf32>,
                  %c: memref<13x7xf32>) {
  mdh.compute sizes(13, 7, 11) combine(cc, cc, pw(add))
      ins(%a : memref<13x11xf32> [affine_map<(i, j, k) -> (i, k)>],
          %b : memref<11x7xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%c : memref<13x7xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%x: f32, %y: f32):
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

// No `ins`: the scalar function has no arguments.
// CHECK-LABEL: func.func @fill(
// CHECK-SAME: %[[Y:.*]]: memref<7x5xi32>)
// CHECK: mdh.compute sizes(7, 5) combine(cc, cc)
// CHECK-NEXT: outs(%[[Y]] : memref<7x5xi32> [(d0, d1) -> (d0, d1)]) {
// CHECK-NEXT: %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT: mdh.yield %[[C]] : i32
// CHECK-NEXT: }
func.func @fill(%y: memref<7x5xi32>) {
  mdh.compute sizes(7, 5) combine(cc, cc)
      outs(%y : memref<7x5xi32> [affine_map<(i, j) -> (i, j)>]) {
    %c = arith.constant 3 : i32
    mdh.yield %c : i32
  }
  return
}

// A rank-0 output.
// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[X:.*]]: memref<13xf32>, %[[Y:.*]]: memref<13xf32>, %[[R:.*]]: memref<f32>)
// CHECK: mdh.compute "dot" sizes(13) combine(pw(add))
// CHECK-NEXT: ins(%[[X]] : memref<13xf32> [(d0) -> (d0)], %[[Y]] : memref<13xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[R]] : memref<f32> [(d0) -> ()]) {
func.func @dot(%x: memref<13xf32>, %y: memref<13xf32>, %r: memref<f32>) {
  mdh.compute "dot" sizes(13) combine(pw(add))
      ins(%x : memref<13xf32> [affine_map<(k) -> (k)>],
          %y : memref<13xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// One buffer read three times: one block argument per (buffer, map) pair.
// CHECK-LABEL: func.func @jacobi1d(
// CHECK-SAME: %[[X:.*]]: memref<130xf32>, %[[Y:.*]]: memref<128xf32>)
// CHECK: mdh.compute "jacobi1d" sizes(128) combine(cc)
// CHECK-NEXT: ins(%[[X]] : memref<130xf32> [(d0) -> (d0), (d0) -> (d0 + 1), (d0) -> (d0 + 2)])
// CHECK-NEXT: outs(%[[Y]] : memref<128xf32> [(d0) -> (d0)]) {
// CHECK-NEXT: ^bb0(%[[L:.*]]: f32, %[[C:.*]]: f32, %[[R:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[L]], %[[C]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[S]], %[[R]] : f32
// CHECK-NEXT: mdh.yield %[[T]] : f32
func.func @jacobi1d(%x: memref<130xf32>, %y: memref<128xf32>) {
  mdh.compute "jacobi1d" sizes(128) combine(cc)
      ins(%x : memref<130xf32> [affine_map<(i) -> (i)>,
                                affine_map<(i) -> (i + 1)>,
                                affine_map<(i) -> (i + 2)>])
      outs(%y : memref<128xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%l: f32, %c: f32, %r: f32):
    %s = arith.addf %l, %c : f32
    %t = arith.addf %s, %r : f32
    mdh.yield %t : f32
  }
  return
}

// Several inputs with several maps each: the block arguments follow the
// (buffer, map) pairs in order.
// CHECK-LABEL: func.func @two_stencils(
// CHECK-SAME: %[[A:.*]]: memref<10xi32>, %[[B:.*]]: memref<10xi64>, %[[Y:.*]]: memref<8xi64>)
// CHECK: mdh.compute sizes(8) combine(cc)
// CHECK-NEXT: ins(%[[A]] : memref<10xi32> [(d0) -> (d0), (d0) -> (d0 + 2)], %[[B]] : memref<10xi64> [(d0) -> (d0 + 1), (d0) -> (d0), (d0) -> (d0 + 2)])
// CHECK-NEXT: outs(%[[Y]] : memref<8xi64> [(d0) -> (d0)]) {
// CHECK-NEXT: ^bb0(%[[A0:.*]]: i32, %[[A2:.*]]: i32, %[[B1:.*]]: i64, %[[B0:.*]]: i64, %[[B2:.*]]: i64):
func.func @two_stencils(%a: memref<10xi32>, %b: memref<10xi64>,
                        %y: memref<8xi64>) {
  mdh.compute sizes(8) combine(cc)
      ins(%a : memref<10xi32> [affine_map<(i) -> (i)>,
                               affine_map<(i) -> (i + 2)>],
          %b : memref<10xi64> [affine_map<(i) -> (i + 1)>,
                               affine_map<(i) -> (i)>,
                               affine_map<(i) -> (i + 2)>])
      outs(%y : memref<8xi64> [affine_map<(i) -> (i)>]) {
  ^bb0(%a0: i32, %a2: i32, %b1: i64, %b0: i64, %b2: i64):
    %d = arith.subi %a2, %a0 : i32
    %de = arith.extsi %d : i32 to i64
    %s = arith.addi %b0, %b2 : i64
    %t = arith.subi %s, %b1 : i64
    %r = arith.muli %t, %de : i64
    mdh.yield %r : i64
  }
  return
}

// Multi-channel convolution (NHWC / KRSC) with stride 2; the input is exactly
// large enough: H = 2 * (P - 1) + R, W = 2 * (Q - 1) + S.
// CHECK-LABEL: func.func @mcc_stride2(
// CHECK-SAME: %[[I:.*]]: memref<2x7x11x11xf32>, %[[F:.*]]: memref<7x3x3x11xf32>, %[[O:.*]]: memref<2x3x5x7xf32>)
// CHECK: mdh.compute "mcc" sizes(2, 3, 5, 7, 3, 3, 11)
// CHECK-SAME: combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
// CHECK-NEXT: ins(%[[I]] : memref<2x7x11x11xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)], %[[F]] : memref<7x3x3x11xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)])
// CHECK-NEXT: outs(%[[O]] : memref<2x3x5x7xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)]) {
func.func @mcc_stride2(%in: memref<2x7x11x11xf32>, %f: memref<7x3x3x11xf32>,
                       %out: memref<2x3x5x7xf32>) {
  mdh.compute "mcc" sizes(2, 3, 5, 7, 3, 3, 11)
      combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
      ins(%in : memref<2x7x11x11xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, 2 * p + r, 2 * q + s, c)>],
          %f : memref<7x3x3x11xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>])
      outs(%out : memref<2x3x5x7xf32>
                [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>]) {
  ^bb0(%x: f32, %w: f32):
    %p = arith.mulf %x, %w : f32
    mdh.yield %p : f32
  }
  return
}

// Several outputs, and one output written through two maps: the scalar
// function yields one value per (buffer, map) pair.
// CHECK-LABEL: func.func @several_outputs(
// CHECK-SAME: %[[X:.*]]: memref<3x5xf64>, %[[A:.*]]: memref<3x5xf64>, %[[B:.*]]: memref<5x3xf64>, %[[C:.*]]: memref<2x3x5xf64>)
// CHECK: mdh.compute sizes(3, 5) combine(cc, cc)
// CHECK-NEXT: ins(%[[X]] : memref<3x5xf64> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT: outs(%[[A]] : memref<3x5xf64> [(d0, d1) -> (d0, d1)], %[[B]] : memref<5x3xf64> [(d0, d1) -> (d1, d0)], %[[C]] : memref<2x3x5xf64> [(d0, d1) -> (0, d0, d1), (d0, d1) -> (1, d0, d1)]) {
// CHECK-NEXT: ^bb0(%[[V:.*]]: f64):
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[V]] : f64
// CHECK-NEXT: mdh.yield %[[V]], %[[N]], %[[V]], %[[N]] : f64, f64, f64, f64
func.func @several_outputs(%x: memref<3x5xf64>, %a: memref<3x5xf64>,
                           %b: memref<5x3xf64>, %c: memref<2x3x5xf64>) {
  mdh.compute sizes(3, 5) combine(cc, cc)
      ins(%x : memref<3x5xf64> [affine_map<(i, j) -> (i, j)>])
      outs(%a : memref<3x5xf64> [affine_map<(i, j) -> (i, j)>],
           %b : memref<5x3xf64> [affine_map<(i, j) -> (j, i)>],
           %c : memref<2x3x5xf64> [affine_map<(i, j) -> (0, i, j)>,
                                   affine_map<(i, j) -> (1, i, j)>]) {
  ^bb0(%v: f64):
    %n = arith.negf %v : f64
    mdh.yield %v, %n, %v, %n : f64, f64, f64, f64
  }
  return
}

// Rank-0 input and rank-0 output.
// CHECK-LABEL: func.func @rank0_copy(
// CHECK-SAME: %[[X:.*]]: memref<i64>, %[[Y:.*]]: memref<i64>)
// CHECK: mdh.compute sizes(1) combine(cc)
// CHECK-NEXT: ins(%[[X]] : memref<i64> [(d0) -> ()])
// CHECK-NEXT: outs(%[[Y]] : memref<i64> [(d0) -> ()]) {
func.func @rank0_copy(%x: memref<i64>, %y: memref<i64>) {
  mdh.compute sizes(1) combine(cc)
      ins(%x : memref<i64> [affine_map<(i) -> ()>])
      outs(%y : memref<i64> [affine_map<(i) -> ()>]) {
  ^bb0(%v: i64):
    mdh.yield %v : i64
  }
  return
}

// floordiv and mod in a map (exactly in bounds).
// CHECK-LABEL: func.func @divmod_view(
// CHECK-SAME: %[[X:.*]]: memref<3x4xi16>, %[[Y:.*]]: memref<12xi16>)
// CHECK: mdh.compute sizes(12) combine(cc)
// CHECK-NEXT: ins(%[[X]] : memref<3x4xi16> [(d0) -> (d0 floordiv 4, d0 mod 4)])
// CHECK-NEXT: outs(%[[Y]] : memref<12xi16> [(d0) -> (d0)]) {
func.func @divmod_view(%x: memref<3x4xi16>, %y: memref<12xi16>) {
  mdh.compute sizes(12) combine(cc)
      ins(%x : memref<3x4xi16> [affine_map<(i) -> (i floordiv 4, i mod 4)>])
      outs(%y : memref<12xi16> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: i16):
    mdh.yield %v : i16
  }
  return
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

// f16 and bf16 inputs accumulated in an f32 output.
// CHECK-LABEL: func.func @dot_f16_bf16(
// CHECK-SAME: %[[X:.*]]: memref<13xf16>, %[[Y:.*]]: memref<13xbf16>, %[[R:.*]]: memref<f32>)
// CHECK: mdh.compute sizes(13) combine(pw(add))
// CHECK-NEXT: ins(%[[X]] : memref<13xf16> [(d0) -> (d0)], %[[Y]] : memref<13xbf16> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[R]] : memref<f32> [(d0) -> ()]) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f16, %[[B:.*]]: bf16):
// CHECK-NEXT: %[[AE:.*]] = arith.extf %[[A]] : f16 to f32
// CHECK-NEXT: %[[BE:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[AE]], %[[BE]] : f32
// CHECK-NEXT: mdh.yield %[[P]] : f32
func.func @dot_f16_bf16(%x: memref<13xf16>, %y: memref<13xbf16>,
                        %r: memref<f32>) {
  mdh.compute sizes(13) combine(pw(add))
      ins(%x : memref<13xf16> [affine_map<(k) -> (k)>],
          %y : memref<13xbf16> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f16, %b: bf16):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : bf16 to f32
    %p = arith.mulf %ae, %be : f32
    mdh.yield %p : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// Builtin operators
//===----------------------------------------------------------------------===//

// add and mul on every type; max and min on floats.
// CHECK-LABEL: func.func @float_operators(
// CHECK-SAME: %[[H:.*]]: memref<7xf16>, %[[HR:.*]]: memref<f16>, %[[BF:.*]]: memref<7xbf16>, %[[BFR:.*]]: memref<bf16>, %[[F:.*]]: memref<7xf32>, %[[FR:.*]]: memref<f32>, %[[D:.*]]: memref<7xf64>, %[[DR:.*]]: memref<f64>)
// CHECK: mdh.compute sizes(7) combine(pw(add))
// CHECK-NEXT: ins(%[[H]] : memref<7xf16> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[HR]] : memref<f16> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(mul))
// CHECK-NEXT: ins(%[[BF]] : memref<7xbf16> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[BFR]] : memref<bf16> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(max))
// CHECK-NEXT: ins(%[[F]] : memref<7xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[FR]] : memref<f32> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(min))
// CHECK-NEXT: ins(%[[D]] : memref<7xf64> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[DR]] : memref<f64> [(d0) -> ()])
func.func @float_operators(%h: memref<7xf16>, %hr: memref<f16>,
                           %bf: memref<7xbf16>, %bfr: memref<bf16>,
                           %f: memref<7xf32>, %fr: memref<f32>,
                           %d: memref<7xf64>, %dr: memref<f64>) {
  mdh.compute sizes(7) combine(pw(add))
      ins(%h : memref<7xf16> [affine_map<(k) -> (k)>])
      outs(%hr : memref<f16> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f16):
    mdh.yield %v : f16
  }
  mdh.compute sizes(7) combine(pw(mul))
      ins(%bf : memref<7xbf16> [affine_map<(k) -> (k)>])
      outs(%bfr : memref<bf16> [affine_map<(k) -> ()>]) {
  ^bb0(%v: bf16):
    mdh.yield %v : bf16
  }
  mdh.compute sizes(7) combine(pw(max))
      ins(%f : memref<7xf32> [affine_map<(k) -> (k)>])
      outs(%fr : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  mdh.compute sizes(7) combine(pw(min))
      ins(%d : memref<7xf64> [affine_map<(k) -> (k)>])
      outs(%dr : memref<f64> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f64):
    mdh.yield %v : f64
  }
  return
}

// The integer operators, on every integer width.
// CHECK-LABEL: func.func @integer_operators(
// CHECK-SAME: %[[B:.*]]: memref<7xi8>, %[[BR:.*]]: memref<i8>, %[[S:.*]]: memref<7xi16>, %[[SR:.*]]: memref<i16>, %[[W:.*]]: memref<7xi32>, %[[WR:.*]]: memref<i32>, %[[L:.*]]: memref<7xi64>, %[[LR:.*]]: memref<i64>)
// CHECK: mdh.compute sizes(7) combine(pw(add))
// CHECK-NEXT: ins(%[[W]] : memref<7xi32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[WR]] : memref<i32> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(mul))
// CHECK-NEXT: ins(%[[L]] : memref<7xi64> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[LR]] : memref<i64> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(maxsi))
// CHECK-NEXT: ins(%[[W]] : memref<7xi32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[WR]] : memref<i32> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(maxui))
// CHECK-NEXT: ins(%[[B]] : memref<7xi8> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[BR]] : memref<i8> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(minsi))
// CHECK-NEXT: ins(%[[S]] : memref<7xi16> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[SR]] : memref<i16> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(minui))
// CHECK-NEXT: ins(%[[L]] : memref<7xi64> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[LR]] : memref<i64> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(and))
// CHECK-NEXT: ins(%[[W]] : memref<7xi32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[WR]] : memref<i32> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(or))
// CHECK-NEXT: ins(%[[S]] : memref<7xi16> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[SR]] : memref<i16> [(d0) -> ()])
// CHECK: mdh.compute sizes(7) combine(pw(xor))
// CHECK-NEXT: ins(%[[B]] : memref<7xi8> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[BR]] : memref<i8> [(d0) -> ()])
func.func @integer_operators(%b: memref<7xi8>, %br: memref<i8>,
                             %s: memref<7xi16>, %sr: memref<i16>,
                             %w: memref<7xi32>, %wr: memref<i32>,
                             %l: memref<7xi64>, %lr: memref<i64>) {
  mdh.compute sizes(7) combine(pw(add))
      ins(%w : memref<7xi32> [affine_map<(k) -> (k)>])
      outs(%wr : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i32):
    mdh.yield %v : i32
  }
  mdh.compute sizes(7) combine(pw(mul))
      ins(%l : memref<7xi64> [affine_map<(k) -> (k)>])
      outs(%lr : memref<i64> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i64):
    mdh.yield %v : i64
  }
  mdh.compute sizes(7) combine(pw(maxsi))
      ins(%w : memref<7xi32> [affine_map<(k) -> (k)>])
      outs(%wr : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i32):
    mdh.yield %v : i32
  }
  mdh.compute sizes(7) combine(pw(maxui))
      ins(%b : memref<7xi8> [affine_map<(k) -> (k)>])
      outs(%br : memref<i8> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i8):
    mdh.yield %v : i8
  }
  mdh.compute sizes(7) combine(pw(minsi))
      ins(%s : memref<7xi16> [affine_map<(k) -> (k)>])
      outs(%sr : memref<i16> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i16):
    mdh.yield %v : i16
  }
  mdh.compute sizes(7) combine(pw(minui))
      ins(%l : memref<7xi64> [affine_map<(k) -> (k)>])
      outs(%lr : memref<i64> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i64):
    mdh.yield %v : i64
  }
  mdh.compute sizes(7) combine(pw(and))
      ins(%w : memref<7xi32> [affine_map<(k) -> (k)>])
      outs(%wr : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i32):
    mdh.yield %v : i32
  }
  mdh.compute sizes(7) combine(pw(or))
      ins(%s : memref<7xi16> [affine_map<(k) -> (k)>])
      outs(%sr : memref<i16> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i16):
    mdh.yield %v : i16
  }
  mdh.compute sizes(7) combine(pw(xor))
      ins(%b : memref<7xi8> [affine_map<(k) -> (k)>])
      outs(%br : memref<i8> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i8):
    mdh.yield %v : i8
  }
  return
}

// Two pw dimensions with one operator.
// CHECK-LABEL: func.func @sum2d(
// CHECK: mdh.compute sizes(3, 5) combine(pw(maxsi), pw(maxsi))
func.func @sum2d(%x: memref<3x5xi32>, %r: memref<i32>) {
  mdh.compute sizes(3, 5) combine(pw(maxsi), pw(maxsi))
      ins(%x : memref<3x5xi32> [affine_map<(i, j) -> (i, j)>])
      outs(%r : memref<i32> [affine_map<(i, j) -> ()>]) {
  ^bb0(%v: i32):
    mdh.yield %v : i32
  }
  return
}

//===----------------------------------------------------------------------===//
// Prefix sums
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @prefix_sum(
// CHECK-SAME: %[[X:.*]]: memref<3x17xf32>, %[[Y:.*]]: memref<3x17xf32>)
// CHECK: mdh.compute "scan" sizes(3, 17) combine(cc, ps(add))
// CHECK-NEXT: ins(%[[X]] : memref<3x17xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT: outs(%[[Y]] : memref<3x17xf32> [(d0, d1) -> (d0, d1)]) {
func.func @prefix_sum(%x: memref<3x17xf32>, %y: memref<3x17xf32>) {
  mdh.compute "scan" sizes(3, 17) combine(cc, ps(add))
      ins(%x : memref<3x17xf32> [affine_map<(b, i) -> (b, i)>])
      outs(%y : memref<3x17xf32> [affine_map<(b, i) -> (b, i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// ps and pw in one computation share the operator.
// CHECK-LABEL: func.func @scan_of_row_max(
// CHECK: mdh.compute sizes(5, 3) combine(ps(max), pw(max))
// CHECK-NEXT: ins(%{{.*}} : memref<5x3xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT: outs(%{{.*}} : memref<5xf32> [(d0, d1) -> (d0)])
func.func @scan_of_row_max(%x: memref<5x3xf32>, %y: memref<5xf32>) {
  mdh.compute sizes(5, 3) combine(ps(max), pw(max))
      ins(%x : memref<5x3xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<5xf32> [affine_map<(i, j) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// Custom combiners and mdh.index
//===----------------------------------------------------------------------===//

// A combiner with an identity.
// CHECK-LABEL: mdh.combiner @argmax associative commutative (f32, i32) identity [0xFF800000 : f32, 0 : i32] {
// CHECK-NEXT: ^bb0(%[[V0:.*]]: f32, %[[I0:.*]]: i32, %[[V1:.*]]: f32, %[[I1:.*]]: i32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[V1]], %[[V0]] : f32
// CHECK-NEXT: %[[V:.*]] = arith.select %[[GT]], %[[V1]], %[[V0]] : f32
// CHECK-NEXT: %[[I:.*]] = arith.select %[[GT]], %[[I1]], %[[I0]] : i32
// CHECK-NEXT: mdh.yield %[[V]], %[[I]] : f32, i32
// CHECK-NEXT: }
mdh.combiner @argmax associative commutative (f32, i32)
    identity [0xFF800000 : f32, 0 : i32] {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %v = arith.select %gt, %v1, %v0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

// A combiner without an identity.
// CHECK-LABEL: mdh.combiner @sum_i8 associative commutative (i8) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8):
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[B]] : i8
// CHECK-NEXT: mdh.yield %[[S]] : i8
// CHECK-NEXT: }
mdh.combiner @sum_i8 associative commutative (i8) {
^bb0(%a: i8, %b: i8):
  %s = arith.addi %a, %b : i8
  mdh.yield %s : i8
}

// argmax: the custom combiner reduces the tuple of both outputs; mdh.index
// gives the position of the value.
// CHECK-LABEL: func.func @argmax_rows(
// CHECK-SAME: %[[X:.*]]: memref<5x17xf32>, %[[V:.*]]: memref<5xf32>, %[[I:.*]]: memref<5xi32>)
// CHECK: mdh.compute "argmax" sizes(5, 17) combine(cc, pw(@argmax))
// CHECK-NEXT: ins(%[[X]] : memref<5x17xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT: outs(%[[V]] : memref<5xf32> [(d0, d1) -> (d0)], %[[I]] : memref<5xi32> [(d0, d1) -> (d0)]) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32):
// CHECK-NEXT: %[[K:.*]] = mdh.index 1
// CHECK-NEXT: %[[KI:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-NEXT: mdh.yield %[[A]], %[[KI]] : f32, i32
func.func @argmax_rows(%x: memref<5x17xf32>, %v: memref<5xf32>,
                       %i: memref<5xi32>) {
  mdh.compute "argmax" sizes(5, 17) combine(cc, pw(@argmax))
      ins(%x : memref<5x17xf32> [affine_map<(r, k) -> (r, k)>])
      outs(%v : memref<5xf32> [affine_map<(r, k) -> (r)>],
           %i : memref<5xi32> [affine_map<(r, k) -> (r)>]) {
  ^bb0(%a: f32):
    %k = mdh.index 1
    %ki = arith.index_cast %k : index to i32
    mdh.yield %a, %ki : f32, i32
  }
  return
}

// A custom combiner in a prefix sum; mdh.index in a cc dimension.
// CHECK-LABEL: func.func @custom_scan(
// CHECK: mdh.compute sizes(4, 9) combine(cc, ps(@sum_i8))
// CHECK: mdh.index 0
func.func @custom_scan(%x: memref<4x9xi8>, %y: memref<4x9xi8>) {
  mdh.compute sizes(4, 9) combine(cc, ps(@sum_i8))
      ins(%x : memref<4x9xi8> [affine_map<(b, i) -> (b, i)>])
      outs(%y : memref<4x9xi8> [affine_map<(b, i) -> (b, i)>]) {
  ^bb0(%v: i8):
    %b = mdh.index 0
    %bi = arith.index_cast %b : index to i8
    %s = arith.addi %v, %bi : i8
    mdh.yield %s : i8
  }
  return
}

// math ops are allowed in the scalar function.
// CHECK-LABEL: func.func @softplus(
// CHECK: math.exp
// CHECK: math.log1p
func.func @softplus(%x: memref<9xf32>, %y: memref<9xf32>) {
  mdh.compute sizes(9) combine(cc)
      ins(%x : memref<9xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<9xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    %e = math.exp %v : f32
    %l = math.log1p %e : f32
    mdh.yield %l : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// Precision
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @tf32(
// CHECK: mdh.compute "matmul" sizes(16, 8, 4) combine(cc, cc, pw(add)) precision(tf32)
// CHECK-NEXT: ins(
func.func @tf32(%A: memref<16x4xf32>, %B: memref<4x8xf32>,
                %C: memref<16x8xf32>) {
  mdh.compute "matmul" sizes(16, 8, 4) combine(cc, cc, pw(add))
      precision(tf32)
      ins(%A : memref<16x4xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<4x8xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<16x8xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// ieee (the default when absent) may be spelled out.
// CHECK-LABEL: func.func @ieee(
// CHECK: mdh.compute sizes(4) combine(cc) precision(ieee)
// CHECK-NEXT: ins(
func.func @ieee(%x: memref<4xf32>, %y: memref<4xf32>) {
  mdh.compute sizes(4) combine(cc) precision(ieee)
      ins(%x : memref<4xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<4xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// The combiner attribute on its own
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @standalone_attr()
// CHECK-SAME: mdh.a = #mdh.combine<cc>
// CHECK-SAME: mdh.b = #mdh.combine<pw(xor)>
// CHECK-SAME: mdh.c = #mdh.combine<ps(@argmax)>
func.func @standalone_attr() attributes {
    mdh.a = #mdh.combine<cc>, mdh.b = #mdh.combine<pw(xor)>,
    mdh.c = #mdh.combine<ps(@argmax)>} {
  return
}
