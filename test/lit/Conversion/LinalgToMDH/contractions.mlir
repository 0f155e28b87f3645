// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh -split-input-file -verify-diagnostics | FileCheck %s

// A zero fill right before the matmul is the identity of add: the
// computation overwrites C and the fill, which nothing observes, is erased.
func.func @matmul(%A: memref<13x17xf32>, %B: memref<17x19xf32>, %C: memref<13x19xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<13x19xf32>)
  linalg.matmul ins(%A, %B : memref<13x17xf32>, memref<17x19xf32>) outs(%C : memref<13x19xf32>)
  return
}

// -----

// Without a fill the old content of C is read from a copy and added at k = 0.
func.func @matmul_accumulate(%A: memref<13x17xf32>, %B: memref<17x19xf32>, %C: memref<13x19xf32>) {
  linalg.matmul ins(%A, %B : memref<13x17xf32>, memref<17x19xf32>) outs(%C : memref<13x19xf32>)
  return
}

// -----

// A read of C between the fill and the matmul: the identity is still proven
// but the fill stays (and becomes an mdh.compute of its own).
func.func @matmul_read_between(%A: memref<5x7xf32>, %B: memref<7x3xf32>, %C: memref<5x3xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  linalg.fill ins(%zero : f32) outs(%C : memref<5x3xf32>)
  %x = memref.load %C[%c0, %c0] : memref<5x3xf32>
  linalg.matmul ins(%A, %B : memref<5x7xf32>, memref<7x3xf32>) outs(%C : memref<5x3xf32>)
  return %x : f32
}

// -----

// A write to another buffer that may alias C (both are function arguments)
// between the fill and the matmul: not proven, copy.
func.func @matmul_write_between(%A: memref<5x7xf32>, %B: memref<7x3xf32>, %C: memref<5x3xf32>, %D: memref<5x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  linalg.fill ins(%zero : f32) outs(%C : memref<5x3xf32>)
  memref.store %zero, %D[%c0, %c0] : memref<5x3xf32>
  linalg.matmul ins(%A, %B : memref<5x7xf32>, memref<7x3xf32>) outs(%C : memref<5x3xf32>)
  return
}

// -----

// A fill with 1.0 is no identity of add: copy.
func.func @matmul_fill_one(%A: memref<5x7xf32>, %B: memref<7x3xf32>, %C: memref<5x3xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%C : memref<5x3xf32>)
  linalg.matmul ins(%A, %B : memref<5x7xf32>, memref<7x3xf32>) outs(%C : memref<5x3xf32>)
  return
}

// -----

func.func @batch_matmul(%A: memref<3x5x7xf32>, %B: memref<3x7x11xf32>, %C: memref<3x5x11xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x5x11xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x5x7xf32>, memref<3x7x11xf32>) outs(%C : memref<3x5x11xf32>)
  return
}

// -----

func.func @matvec(%M: memref<13x7xf64>, %v: memref<7xf64>, %w: memref<13xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%w : memref<13xf64>)
  linalg.matvec ins(%M, %v : memref<13x7xf64>, memref<7xf64>) outs(%w : memref<13xf64>)
  return
}

// -----

func.func @vecmat(%v: memref<7xf32>, %M: memref<7x13xf32>, %w: memref<13xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%w : memref<13xf32>)
  linalg.vecmat ins(%v, %M : memref<7xf32>, memref<7x13xf32>) outs(%w : memref<13xf32>)
  return
}

// -----

func.func @dot(%x: memref<97xf32>, %y: memref<97xf32>, %r: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%r : memref<f32>)
  linalg.dot ins(%x, %y : memref<97xf32>, memref<97xf32>) outs(%r : memref<f32>)
  return
}

// -----

// Integer matmul with widening: the casts stay in the scalar function.
func.func @matmul_i8_i32(%A: memref<5x7xi8>, %B: memref<7x3xi8>, %C: memref<5x3xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%C : memref<5x3xi32>)
  linalg.matmul ins(%A, %B : memref<5x7xi8>, memref<7x3xi8>) outs(%C : memref<5x3xi32>)
  return
}

// -----

// A transposed B through the indexing maps of linalg.matmul.
func.func @matmul_transpose_b(%A: memref<5x7xf32>, %B: memref<3x7xf32>, %C: memref<5x3xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<5x3xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<5x7xf32>, memref<3x7xf32>) outs(%C : memref<5x3xf32>)
  return
}

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %[[A:.*]]: memref<13x17xf32>, %[[B:.*]]: memref<17x19xf32>, %[[C:.*]]: memref<13x19xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         mdh.compute "matmul" sizes(13, 19, 17) combine(cc, cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : memref<13x17xf32> [(d0, d1, d2) -> (d0, d2)], %[[B]] : memref<17x19xf32> [(d0, d1, d2) -> (d2, d1)])
// CHECK-NEXT:      outs(%[[C]] : memref<13x19xf32> [(d0, d1, d2) -> (d0, d1)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      mdh.yield %[[P]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @matmul_accumulate(
// CHECK-SAME:    %[[A:.*]]: memref<13x17xf32>, %[[B:.*]]: memref<17x19xf32>, %[[C:.*]]: memref<13x19xf32>)
// CHECK:         %[[OLD:.*]] = memref.alloc() : memref<13x19xf32>
// CHECK-NEXT:    memref.copy %[[C]], %[[OLD]]
// CHECK-NEXT:    mdh.compute "matmul" sizes(13, 19, 17) combine(cc, cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : {{.*}}, %[[B]] : {{.*}}, %[[OLD]] : memref<13x19xf32> [(d0, d1, d2) -> (d0, d1)])
// CHECK-NEXT:      outs(%[[C]] : memref<13x19xf32> [(d0, d1, d2) -> (d0, d1)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[K:.*]] = mdh.index 2
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %[[ZERO]] : index
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[O]], %[[P]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[FIRST]], %[[SUM]], %[[P]] : f32
// CHECK-NEXT:      mdh.yield %[[R]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[OLD]]

// CHECK-LABEL: func.func @matmul_read_between(
// CHECK-SAME:    %[[A:.*]]: memref<5x7xf32>, %[[B:.*]]: memref<7x3xf32>, %[[C:.*]]: memref<5x3xf32>)
// CHECK:         mdh.compute "fill" sizes(5, 3) combine(cc, cc)
// CHECK-NEXT:      outs(%[[C]] : memref<5x3xf32> [(d0, d1) -> (d0, d1)]) {
// CHECK:         memref.load %[[C]]
// CHECK-NOT:     memref.alloc
// CHECK:         mdh.compute "matmul" sizes(5, 3, 7) combine(cc, cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : {{.*}}, %[[B]] : memref<7x3xf32> [(d0, d1, d2) -> (d2, d1)])
// CHECK-NEXT:      outs(%[[C]] :

// CHECK-LABEL: func.func @matmul_write_between(
// CHECK:         mdh.compute "fill"
// CHECK:         memref.store
// CHECK:         memref.alloc
// CHECK:         mdh.compute "matmul"
// CHECK:           arith.select

// CHECK-LABEL: func.func @matmul_fill_one(
// CHECK-SAME:    %[[A:.*]]: memref<5x7xf32>, %[[B:.*]]: memref<7x3xf32>, %[[C:.*]]: memref<5x3xf32>)
// CHECK:         mdh.compute "fill"
// CHECK:           %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      mdh.yield %[[ONE]] : f32
// CHECK:         %[[OLD:.*]] = memref.alloc() : memref<5x3xf32>
// CHECK-NEXT:    memref.copy %[[C]], %[[OLD]]
// CHECK-NEXT:    mdh.compute "matmul" sizes(5, 3, 7) combine(cc, cc, pw(add))
// CHECK:           arith.select

// CHECK-LABEL: func.func @batch_matmul(
// CHECK-SAME:    %[[A:.*]]: memref<3x5x7xf32>, %[[B:.*]]: memref<3x7x11xf32>, %[[C:.*]]: memref<3x5x11xf32>)
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "batch_matmul" sizes(3, 5, 11, 7) combine(cc, cc, cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : memref<3x5x7xf32> [(d0, d1, d2, d3) -> (d0, d1, d3)], %[[B]] : memref<3x7x11xf32> [(d0, d1, d2, d3) -> (d0, d3, d2)])
// CHECK-NEXT:      outs(%[[C]] : memref<3x5x11xf32> [(d0, d1, d2, d3) -> (d0, d1, d2)]) {
// CHECK:           arith.mulf

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME:    %[[M:.*]]: memref<13x7xf64>, %[[V:.*]]: memref<7xf64>, %[[W:.*]]: memref<13xf64>)
// CHECK:         mdh.compute "matvec" sizes(13, 7) combine(cc, pw(add))
// CHECK-NEXT:      ins(%[[M]] : memref<13x7xf64> [(d0, d1) -> (d0, d1)], %[[V]] : memref<7xf64> [(d0, d1) -> (d1)])
// CHECK-NEXT:      outs(%[[W]] : memref<13xf64> [(d0, d1) -> (d0)]) {
// CHECK:           arith.mulf {{.*}} : f64

// CHECK-LABEL: func.func @vecmat(
// CHECK-SAME:    %[[V:.*]]: memref<7xf32>, %[[M:.*]]: memref<7x13xf32>, %[[W:.*]]: memref<13xf32>)
// CHECK:         mdh.compute "vecmat" sizes(13, 7) combine(cc, pw(add))
// CHECK-NEXT:      ins(%[[V]] : memref<7xf32> [(d0, d1) -> (d1)], %[[M]] : memref<7x13xf32> [(d0, d1) -> (d1, d0)])
// CHECK-NEXT:      outs(%[[W]] : memref<13xf32> [(d0, d1) -> (d0)]) {

// CHECK-LABEL: func.func @dot(
// CHECK-SAME:    %[[X:.*]]: memref<97xf32>, %[[Y:.*]]: memref<97xf32>, %[[R:.*]]: memref<f32>)
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "dot" sizes(97) combine(pw(add))
// CHECK-NEXT:      ins(%[[X]] : memref<97xf32> [(d0) -> (d0)], %[[Y]] : memref<97xf32> [(d0) -> (d0)])
// CHECK-NEXT:      outs(%[[R]] : memref<f32> [(d0) -> ()]) {

// CHECK-LABEL: func.func @matmul_i8_i32(
// CHECK:         mdh.compute "matmul" sizes(5, 3, 7) combine(cc, cc, pw(add))
// CHECK:         ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8):
// CHECK-NEXT:      %[[XW:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK-NEXT:      %[[YW:.*]] = arith.extsi %[[Y]] : i8 to i32
// CHECK-NEXT:      %[[P:.*]] = arith.muli %[[XW]], %[[YW]] : i32
// CHECK-NEXT:      mdh.yield %[[P]] : i32

// CHECK-LABEL: func.func @matmul_transpose_b(
// CHECK-SAME:    %[[A:.*]]: memref<5x7xf32>, %[[B:.*]]: memref<3x7xf32>, %[[C:.*]]: memref<5x3xf32>)
// CHECK:         mdh.compute "matmul" sizes(5, 3, 7) combine(cc, cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : memref<5x7xf32> [(d0, d1, d2) -> (d0, d2)], %[[B]] : memref<3x7xf32> [(d0, d1, d2) -> (d1, d2)])
