// RUN: mdh-opt %s | FileCheck %s
// Print, then reparse the printed form.
// RUN: mdh-opt %s | mdh-opt | FileCheck %s
// Print generically, then reparse.
// RUN: mdh-opt %s --mlir-print-op-generic | mdh-opt | FileCheck %s

// Round trip of the tensor form of mdh.compute: one result per output, of
// its type, printed after `outs(...)`.

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[M:.*]]: tensor<8x4xf32>, %[[V:.*]]: tensor<4xf32>, %[[W:.*]]: tensor<8xf32>) -> tensor<8xf32>
// CHECK: %[[R:.*]] = mdh.compute "matvec" sizes(8, 4) combine(cc, pw(add))
// CHECK-NEXT: ins(%[[M]] : tensor<8x4xf32> [(d0, d1) -> (d0, d1)], %[[V]] : tensor<4xf32> [(d0, d1) -> (d1)])
// CHECK-NEXT: outs(%[[W]] : tensor<8xf32> [(d0, d1) -> (d0)]) -> tensor<8xf32> {
// CHECK: mdh.yield
// CHECK: return %[[R]] : tensor<8xf32>
func.func @matvec(%M: tensor<8x4xf32>, %v: tensor<4xf32>, %w: tensor<8xf32>) -> tensor<8xf32> {
  %r = mdh.compute "matvec" sizes(8, 4) combine(cc, pw(add))
      ins(%M : tensor<8x4xf32> [(i, k) -> (i, k)], %v : tensor<4xf32> [(i, k) -> (k)])
      outs(%w : tensor<8xf32> [(i, k) -> (i)]) -> tensor<8xf32> {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return %r : tensor<8xf32>
}

// Two tensor outputs, two results; a memref input mixes with tensors.
// CHECK-LABEL: func.func @two_outputs(
// CHECK-SAME: %[[X:.*]]: memref<4xf32>, %[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xi32>)
// CHECK: %[[R:.*]]:2 = mdh.compute sizes(4) combine(cc)
// CHECK-NEXT: ins(%[[X]] : memref<4xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[A]] : tensor<4xf32> [(d0) -> (d0)], %[[B]] : tensor<4xi32> [(d0) -> (d0)]) -> tensor<4xf32>, tensor<4xi32> {
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @two_outputs(%x: memref<4xf32>, %a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %r:2 = mdh.compute sizes(4) combine(cc)
      ins(%x : memref<4xf32> [(i) -> (i)])
      outs(%a : tensor<4xf32> [(i) -> (i)], %b : tensor<4xi32> [(i) -> (i)]) -> tensor<4xf32>, tensor<4xi32> {
  ^bb0(%v: f32):
    %k = mdh.index 0
    %ki = arith.index_cast %k : index to i32
    mdh.yield %v, %ki : f32, i32
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}
