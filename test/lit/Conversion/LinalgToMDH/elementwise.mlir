// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh -split-input-file -verify-diagnostics | FileCheck %s

func.func @add(%a: memref<7x11xf32>, %b: memref<7x11xf32>, %c: memref<7x11xf32>) {
  linalg.add ins(%a, %b : memref<7x11xf32>, memref<7x11xf32>) outs(%c : memref<7x11xf32>)
  return
}

// -----

func.func @mul_i16(%a: memref<13xi16>, %b: memref<13xi16>, %c: memref<13xi16>) {
  linalg.mul ins(%a, %b : memref<13xi16>, memref<13xi16>) outs(%c : memref<13xi16>)
  return
}

// -----

// math ops stay in the scalar function; a constant from above is cloned in.
func.func @generic_exp(%a: memref<5x3xf32>, %c: memref<5x3xf32>) {
  %two = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<5x3xf32>) outs(%c : memref<5x3xf32>) {
  ^bb0(%x: f32, %out: f32):
    %e = math.exp %x : f32
    %y = arith.mulf %e, %two : f32
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @transpose(%a: memref<7x3x5xf32>, %b: memref<5x7x3xf32>) {
  linalg.transpose ins(%a : memref<7x3x5xf32>) outs(%b : memref<5x7x3xf32>) permutation = [2, 0, 1]
  return
}

// -----

func.func @broadcast(%a: memref<7xf32>, %b: memref<7x3xf32>) {
  linalg.broadcast ins(%a : memref<7xf32>) outs(%b : memref<7x3xf32>) dimensions = [1]
  return
}

// -----

// linalg.index becomes mdh.index.
func.func @iota(%c: memref<3x5xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<3x5xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    linalg.yield %v : i32
  }
  return
}

// -----

// An elementwise payload that reads its output (c += a): from a copy.
func.func @accumulate_elementwise(%a: memref<7xf32>, %c: memref<7xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : memref<7xf32>) outs(%c : memref<7xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.addf %out, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A fill on its own is a computation too; a scalar operand is cloned in.
func.func @fill(%c: memref<4x6xf64>) {
  %v = arith.constant 2.5 : f64
  linalg.fill ins(%v : f64) outs(%c : memref<4x6xf64>)
  return
}

// -----

// Two outputs.
func.func @two_outputs(%a: memref<9xf32>, %s: memref<9xf32>, %d: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<9xf32>) outs(%s, %d : memref<9xf32>, memref<9xf32>) {
  ^bb0(%x: f32, %o0: f32, %o1: f32):
    %sq = arith.mulf %x, %x : f32
    %ng = arith.negf %x : f32
    linalg.yield %sq, %ng : f32, f32
  }
  return
}

// CHECK-LABEL: func.func @add(
// CHECK-SAME:    %[[A:.*]]: memref<7x11xf32>, %[[B:.*]]: memref<7x11xf32>, %[[C:.*]]: memref<7x11xf32>)
// CHECK-NEXT:    mdh.compute "add" sizes(7, 11) combine(cc, cc)
// CHECK-NEXT:      ins(%[[A]] : memref<7x11xf32> [(d0, d1) -> (d0, d1)], %[[B]] : memref<7x11xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT:      outs(%[[C]] : memref<7x11xf32> [(d0, d1) -> (d0, d1)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      mdh.yield %[[S]] : f32

// CHECK-LABEL: func.func @mul_i16(
// CHECK:         mdh.compute "mul" sizes(13) combine(cc)
// CHECK:           arith.muli {{.*}} : i16

// CHECK-LABEL: func.func @generic_exp(
// CHECK-SAME:    %[[A:.*]]: memref<5x3xf32>, %[[C:.*]]: memref<5x3xf32>)
// CHECK:         mdh.compute "generic" sizes(5, 3) combine(cc, cc)
// CHECK-NEXT:      ins(%[[A]] : memref<5x3xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT:      outs(%[[C]] : memref<5x3xf32> [(d0, d1) -> (d0, d1)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf %[[E]], %[[TWO]] : f32
// CHECK-NEXT:      mdh.yield %[[Y]] : f32

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME:    %[[A:.*]]: memref<7x3x5xf32>, %[[B:.*]]: memref<5x7x3xf32>)
// CHECK-NEXT:    mdh.compute "transpose" sizes(5, 7, 3) combine(cc, cc, cc)
// CHECK-NEXT:      ins(%[[A]] : memref<7x3x5xf32> [(d0, d1, d2) -> (d1, d2, d0)])
// CHECK-NEXT:      outs(%[[B]] : memref<5x7x3xf32> [(d0, d1, d2) -> (d0, d1, d2)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:      mdh.yield %[[X]] : f32

// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME:    %[[A:.*]]: memref<7xf32>, %[[B:.*]]: memref<7x3xf32>)
// CHECK-NEXT:    mdh.compute "broadcast" sizes(7, 3) combine(cc, cc)
// CHECK-NEXT:      ins(%[[A]] : memref<7xf32> [(d0, d1) -> (d0)])
// CHECK-NEXT:      outs(%[[B]] : memref<7x3xf32> [(d0, d1) -> (d0, d1)]) {

// CHECK-LABEL: func.func @iota(
// CHECK-SAME:    %[[C:.*]]: memref<3x5xi32>)
// CHECK-NEXT:    mdh.compute "generic" sizes(3, 5) combine(cc, cc)
// CHECK-NEXT:      outs(%[[C]] : memref<3x5xi32> [(d0, d1) -> (d0, d1)]) {
// CHECK-NEXT:      %[[I:.*]] = mdh.index 0
// CHECK-NEXT:      %[[J:.*]] = mdh.index 1
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[I]], %[[J]] : index
// CHECK-NEXT:      %[[V:.*]] = arith.index_cast %[[S]] : index to i32
// CHECK-NEXT:      mdh.yield %[[V]] : i32

// CHECK-LABEL: func.func @accumulate_elementwise(
// CHECK-SAME:    %[[A:.*]]: memref<7xf32>, %[[C:.*]]: memref<7xf32>)
// CHECK-NEXT:    %[[OLD:.*]] = memref.alloc() : memref<7xf32>
// CHECK-NEXT:    memref.copy %[[C]], %[[OLD]]
// CHECK-NEXT:    mdh.compute "generic" sizes(7) combine(cc)
// CHECK-NEXT:      ins(%[[A]] : memref<7xf32> [(d0) -> (d0)], %[[OLD]] : memref<7xf32> [(d0) -> (d0)])
// CHECK-NEXT:      outs(%[[C]] : memref<7xf32> [(d0) -> (d0)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[PREV:.*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[PREV]], %[[X]] : f32
// CHECK-NEXT:      mdh.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[OLD]]

// CHECK-LABEL: func.func @fill(
// CHECK-SAME:    %[[C:.*]]: memref<4x6xf64>)
// CHECK:         mdh.compute "fill" sizes(4, 6) combine(cc, cc)
// CHECK-NEXT:      outs(%[[C]] : memref<4x6xf64> [(d0, d1) -> (d0, d1)]) {
// CHECK-NEXT:      %[[V:.*]] = arith.constant 2.500000e+00 : f64
// CHECK-NEXT:      mdh.yield %[[V]] : f64

// CHECK-LABEL: func.func @two_outputs(
// CHECK-SAME:    %[[A:.*]]: memref<9xf32>, %[[S:.*]]: memref<9xf32>, %[[D:.*]]: memref<9xf32>)
// CHECK-NEXT:    mdh.compute "generic" sizes(9) combine(cc)
// CHECK-NEXT:      ins(%[[A]] : memref<9xf32> [(d0) -> (d0)])
// CHECK-NEXT:      outs(%[[S]] : memref<9xf32> [(d0) -> (d0)], %[[D]] : memref<9xf32> [(d0) -> (d0)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:      %[[NG:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:      mdh.yield %[[SQ]], %[[NG]] : f32, f32
