// RUN: mdh-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// One-Shot Bufferize on the tensor form of mdh.compute: the output tensor
// becomes its result's buffer, in place where the analysis allows. An
// output is read only where its maps leave elements unwritten, so a copy
// of the old values is made only then.

// In place on the argument: no allocation, no copy.
// CHECK-LABEL: func.func @in_place(
// CHECK-SAME: %[[M:.*]]: memref<8x4xf32>, %[[V:.*]]: memref<4xf32>, %[[W:.*]]: memref<8xf32>) -> memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: mdh.compute "matvec" sizes(8, 4) combine(cc, pw(add))
// CHECK-NEXT: ins(%[[M]] : memref<8x4xf32> [(d0, d1) -> (d0, d1)], %[[V]] : memref<4xf32> [(d0, d1) -> (d1)])
// CHECK-NEXT: outs(%[[W]] : memref<8xf32> [(d0, d1) -> (d0)]) {
// CHECK-NOT: memref.copy
// CHECK: return %[[W]] : memref<8xf32>
func.func @in_place(%M: tensor<8x4xf32>, %v: tensor<4xf32>, %w: tensor<8xf32>) -> tensor<8xf32> {
  %r = mdh.compute "matvec" sizes(8, 4) combine(cc, pw(add))
      ins(%M : tensor<8x4xf32> [(i, k) -> (i, k)], %v : tensor<4xf32> [(i, k) -> (k)])
      outs(%w : tensor<8xf32> [(i, k) -> (i)]) -> tensor<8xf32> {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return %r : tensor<8xf32>
}

// -----

// The old value of the output is used after the computation: a new buffer.
// The maps write every element, so nothing is copied into it.
// CHECK-LABEL: func.func @conflict_whole_output(
// CHECK-SAME: %[[X:.*]]: memref<8xf32>, %[[Y:.*]]: memref<8xf32>) -> (memref<8xf32>, memref<8xf32>)
// CHECK: %[[NEW:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// CHECK-NOT: memref.copy
// CHECK: mdh.compute sizes(8) combine(cc)
// CHECK-NEXT: ins(%[[X]] : memref<8xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[NEW]] : memref<8xf32> [(d0) -> (d0)]) {
// CHECK: return %[[NEW]], %[[Y]] : memref<8xf32>, memref<8xf32>
func.func @conflict_whole_output(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %r = mdh.compute sizes(8) combine(cc)
      ins(%x : tensor<8xf32> [(i) -> (i)])
      outs(%y : tensor<8xf32> [(i) -> (i)]) -> tensor<8xf32> {
  ^bb0(%a: f32):
    %b = arith.addf %a, %a : f32
    mdh.yield %b : f32
  }
  return %r, %y : tensor<8xf32>, tensor<8xf32>
}

// -----

// The same, but the maps write only the even elements: the odd ones keep
// their value, so the new buffer starts as a copy of the output.
// CHECK-LABEL: func.func @conflict_partial_output(
// CHECK-SAME: %[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<8xf32>) -> (memref<8xf32>, memref<8xf32>)
// CHECK: %[[NEW:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// CHECK: memref.copy %[[Y]], %[[NEW]]
// CHECK: mdh.compute sizes(4) combine(cc)
// CHECK-NEXT: ins(%[[X]] : memref<4xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[NEW]] : memref<8xf32> [(d0) -> (d0 * 2)]) {
// CHECK: return %[[NEW]], %[[Y]] : memref<8xf32>, memref<8xf32>
func.func @conflict_partial_output(%x: tensor<4xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %r = mdh.compute sizes(4) combine(cc)
      ins(%x : tensor<4xf32> [(i) -> (i)])
      outs(%y : tensor<8xf32> [(i) -> (2 * i)]) -> tensor<8xf32> {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return %r, %y : tensor<8xf32>, tensor<8xf32>
}

// -----

// Partial, but nothing else uses the old value: in place, no copy.
// CHECK-LABEL: func.func @partial_in_place(
// CHECK-SAME: %[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<8xf32>) -> memref<8xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: outs(%[[Y]] : memref<8xf32> [(d0) -> (d0 * 2)]) {
// CHECK: return %[[Y]] : memref<8xf32>
func.func @partial_in_place(%x: tensor<4xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %r = mdh.compute sizes(4) combine(cc)
      ins(%x : tensor<4xf32> [(i) -> (i)])
      outs(%y : tensor<8xf32> [(i) -> (2 * i)]) -> tensor<8xf32> {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return %r : tensor<8xf32>
}

// -----

// tensor.empty outputs: new buffers, nothing copied; the second computation
// reads the first one's buffer.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[A:.*]]: memref<5x7xf32>, %[[B:.*]]: memref<7x11xf32>) -> memref<5x11xf32>
// CHECK-NOT: memref.copy
// CHECK: %[[C:.*]] = memref.alloc() {{.*}} : memref<5x11xf32>
// CHECK: mdh.compute "matmul"
// CHECK: outs(%[[C]] : memref<5x11xf32> [(d0, d1, d2) -> (d0, d1)]) {
// CHECK: %[[R:.*]] = memref.alloc() {{.*}} : memref<5x11xf32>
// CHECK: mdh.compute "relu"
// CHECK-NEXT: ins(%[[C]] : memref<5x11xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT: outs(%[[R]] : memref<5x11xf32> [(d0, d1) -> (d0, d1)]) {
// CHECK-NOT: memref.copy
// CHECK: return %[[R]] : memref<5x11xf32>
func.func @chain(%A: tensor<5x7xf32>, %B: tensor<7x11xf32>) -> tensor<5x11xf32> {
  %e = tensor.empty() : tensor<5x11xf32>
  %c = mdh.compute "matmul" sizes(5, 11, 7) combine(cc, cc, pw(add))
      ins(%A : tensor<5x7xf32> [(i, j, k) -> (i, k)], %B : tensor<7x11xf32> [(i, j, k) -> (k, j)])
      outs(%e : tensor<5x11xf32> [(i, j, k) -> (i, j)]) -> tensor<5x11xf32> {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  %e2 = tensor.empty() : tensor<5x11xf32>
  %r = mdh.compute "relu" sizes(5, 11) combine(cc, cc)
      ins(%c : tensor<5x11xf32> [(i, j) -> (i, j)])
      outs(%e2 : tensor<5x11xf32> [(i, j) -> (i, j)]) -> tensor<5x11xf32> {
  ^bb0(%a: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %a, %z : f32
    mdh.yield %m : f32
  }
  return %r : tensor<5x11xf32>
}
