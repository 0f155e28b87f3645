// RUN: mdh-opt %s --mdh-cl-eliminate-combines=report -split-input-file -verify-diagnostics | FileCheck %s

// `first` true: the value is stored, the combine operator is gone.
// `first` false or unknown: the accumulation stays.

// CHECK-LABEL: func.func @combines(
// CHECK-SAME:      %[[V:.*]]: f32, %[[W:.*]]: i32, %[[BUF:.*]]: memref<4xf32>, %[[IBUF:.*]]: memref<4xi32>, %[[I:.*]]: index, %[[C:.*]]: i1)
// CHECK:         memref.store %[[V]], %[[BUF]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:    memref.store %[[V]], %[[BUF]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:    memref.store %[[W]], %[[IBUF]][%[[I]]] : memref<4xi32>
// CHECK-NEXT:    mdh_cl.accumulate %[[V]] into %[[BUF]][%[[I]]] first %false combine pw(add)
// CHECK-NEXT:    mdh_cl.accumulate %[[V]] into %[[BUF]][%[[I]]] first %[[C]] combine pw(add)
mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
  %gt = arith.cmpf ogt, %b, %a : f32
  %m = arith.select %gt, %b, %a : f32
  %mi = arith.select %gt, %bi, %ai : i32
  mdh.yield %m, %mi : f32, i32
}
// expected-remark @below {{mdh-cl-eliminate-combines: 2 accumulations became stores}}
func.func @combines(%v: f32, %w: i32, %buf: memref<4xf32>, %ibuf: memref<4xi32>, %i: index, %c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  mdh_cl.accumulate %v into %buf[%i] first %true combine pw(add) : f32 into memref<4xf32>
  mdh_cl.accumulate %v, %w into %buf, %ibuf[%i] first %true combine pw(@argmax) : f32, i32 into memref<4xf32>, memref<4xi32>
  mdh_cl.accumulate %v into %buf[%i] first %false combine pw(add) : f32 into memref<4xf32>
  mdh_cl.accumulate %v into %buf[%i] first %c combine pw(add) : f32 into memref<4xf32>
  return
}
