// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh -split-input-file -verify-diagnostics | FileCheck %s

func.func @reduce_add_rows(%a: memref<23x29xf32>, %r: memref<23xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%r : memref<23xf32>)
  linalg.reduce ins(%a : memref<23x29xf32>) outs(%r : memref<23xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}

// -----

func.func @reduce_max_cols(%a: memref<23x29xf32>, %r: memref<29xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%r : memref<29xf32>)
  linalg.reduce ins(%a : memref<23x29xf32>) outs(%r : memref<29xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %m = arith.maximumf %in, %init : f32
      linalg.yield %m : f32
    }
  return
}

// -----

func.func @reduce_min_all(%a: memref<7x11xf64>, %r: memref<f64>) {
  %inf = arith.constant 0x7FF0000000000000 : f64
  linalg.fill ins(%inf : f64) outs(%r : memref<f64>)
  linalg.reduce ins(%a : memref<7x11xf64>) outs(%r : memref<f64>) dimensions = [0, 1]
    (%in: f64, %init: f64) {
      %m = arith.minimumf %init, %in : f64
      linalg.yield %m : f64
    }
  return
}

// -----

func.func @reduce_mul_i64(%a: memref<5x3xi64>, %r: memref<5xi64>) {
  %one = arith.constant 1 : i64
  linalg.fill ins(%one : i64) outs(%r : memref<5xi64>)
  linalg.reduce ins(%a : memref<5x3xi64>) outs(%r : memref<5xi64>) dimensions = [1]
    (%in: i64, %init: i64) {
      %m = arith.muli %in, %init : i64
      linalg.yield %m : i64
    }
  return
}

// -----

func.func @reduce_maxui_i8(%a: memref<31xi8>, %r: memref<i8>) {
  %zero = arith.constant 0 : i8
  linalg.fill ins(%zero : i8) outs(%r : memref<i8>)
  linalg.reduce ins(%a : memref<31xi8>) outs(%r : memref<i8>) dimensions = [0]
    (%in: i8, %init: i8) {
      %m = arith.maxui %in, %init : i8
      linalg.yield %m : i8
    }
  return
}

// -----

// A sum of squares as a generic; the term is computed from the input.
func.func @sum_of_squares(%a: memref<17x13xf32>, %r: memref<13xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%r : memref<13xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<17x13xf32>) outs(%r : memref<13xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %sq = arith.mulf %x, %x : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A min reduction into an output of unknown content: from a copy.
func.func @reduce_minsi_accumulate(%a: memref<6x10xi32>, %r: memref<6xi32>) {
  linalg.reduce ins(%a : memref<6x10xi32>) outs(%r : memref<6xi32>) dimensions = [1]
    (%in: i32, %init: i32) {
      %m = arith.minsi %in, %init : i32
      linalg.yield %m : i32
    }
  return
}

// -----

// Two outputs combined with the same operator: sum and sum of squares.
func.func @two_sums(%a: memref<8x5xf32>, %s: memref<8xf32>, %q: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<8xf32>)
  linalg.fill ins(%zero : f32) outs(%q : memref<8xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x5xf32>) outs(%s, %q : memref<8xf32>, memref<8xf32>) {
  ^bb0(%x: f32, %o0: f32, %o1: f32):
    %sq = arith.mulf %x, %x : f32
    %s0 = arith.addf %o0, %x : f32
    %s1 = arith.addf %o1, %sq : f32
    linalg.yield %s0, %s1 : f32, f32
  }
  return
}

// CHECK-LABEL: func.func @reduce_add_rows(
// CHECK-SAME:    %[[A:.*]]: memref<23x29xf32>, %[[R:.*]]: memref<23xf32>)
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "reduce" sizes(23, 29) combine(cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : memref<23x29xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT:      outs(%[[R]] : memref<23xf32> [(d0, d1) -> (d0)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:      mdh.yield %[[X]] : f32

// CHECK-LABEL: func.func @reduce_max_cols(
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "reduce" sizes(23, 29) combine(pw(max), cc)
// CHECK-NEXT:      ins(%{{.*}} : memref<23x29xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT:      outs(%{{.*}} : memref<29xf32> [(d0, d1) -> (d1)]) {

// CHECK-LABEL: func.func @reduce_min_all(
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "reduce" sizes(7, 11) combine(pw(min), pw(min))
// CHECK-NEXT:      ins(%{{.*}} : memref<7x11xf64> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT:      outs(%{{.*}} : memref<f64> [(d0, d1) -> ()]) {

// CHECK-LABEL: func.func @reduce_mul_i64(
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "reduce" sizes(5, 3) combine(cc, pw(mul))

// CHECK-LABEL: func.func @reduce_maxui_i8(
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "reduce" sizes(31) combine(pw(maxui))

// CHECK-LABEL: func.func @sum_of_squares(
// CHECK-SAME:    %[[A:.*]]: memref<17x13xf32>, %[[R:.*]]: memref<13xf32>)
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "generic" sizes(13, 17) combine(cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : memref<17x13xf32> [(d0, d1) -> (d1, d0)])
// CHECK-NEXT:      outs(%[[R]] : memref<13xf32> [(d0, d1) -> (d0)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:      mdh.yield %[[SQ]] : f32

// CHECK-LABEL: func.func @reduce_minsi_accumulate(
// CHECK-SAME:    %[[A:.*]]: memref<6x10xi32>, %[[R:.*]]: memref<6xi32>)
// CHECK-NEXT:    %[[OLD:.*]] = memref.alloc() : memref<6xi32>
// CHECK-NEXT:    memref.copy %[[R]], %[[OLD]]
// CHECK-NEXT:    mdh.compute "reduce" sizes(6, 10) combine(cc, pw(minsi))
// CHECK-NEXT:      ins(%[[A]] : memref<6x10xi32> [(d0, d1) -> (d0, d1)], %[[OLD]] : memref<6xi32> [(d0, d1) -> (d0)])
// CHECK-NEXT:      outs(%[[R]] : memref<6xi32> [(d0, d1) -> (d0)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32, %[[PREV:.*]]: i32):
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[J:.*]] = mdh.index 1
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpi eq, %[[J]], %[[ZERO]] : index
// CHECK-NEXT:      %[[M:.*]] = arith.minsi %[[X]], %[[PREV]] : i32
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[FIRST]], %[[M]], %[[X]] : i32
// CHECK-NEXT:      mdh.yield %[[V]] : i32

// The fill of %q is erased; the fill of %s is not, because the fill of %q
// (a buffer that may alias %s) stands between it and the reduction.
// CHECK-LABEL: func.func @two_sums(
// CHECK-SAME:    %[[A:.*]]: memref<8x5xf32>, %[[S:.*]]: memref<8xf32>, %[[Q:.*]]: memref<8xf32>)
// CHECK:         mdh.compute "fill" sizes(8) combine(cc)
// CHECK-NEXT:      outs(%[[S]] :
// CHECK-NOT:     mdh.compute "fill"
// CHECK:         %[[OLD:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    memref.copy %[[S]], %[[OLD]]
// CHECK-NEXT:    mdh.compute "generic" sizes(8, 5) combine(cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : memref<8x5xf32> [(d0, d1) -> (d0, d1)], %[[OLD]] : memref<8xf32> [(d0, d1) -> (d0)])
// CHECK-NEXT:      outs(%[[S]] : memref<8xf32> [(d0, d1) -> (d0)], %[[Q]] : memref<8xf32> [(d0, d1) -> (d0)]) {
// CHECK:           mdh.yield %{{.*}}, %{{.*}} : f32, f32
