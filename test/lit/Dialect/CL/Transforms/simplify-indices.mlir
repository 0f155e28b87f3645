// RUN: mdh-opt %s --mdh-cl-simplify-indices=report -split-input-file -verify-diagnostics | FileCheck %s

// A tile bound that cannot be partial: (u mod 4) + 1 <= 4; a minimum that
// repeats its operand.

// CHECK-LABEL: func.func @bounds(
// CHECK-SAME:      %[[U:.*]]: index, %[[X:.*]]: index)
// CHECK:         %[[R:.*]] = arith.remui %[[U]], %c4 : index
// CHECK:         %[[E:.*]] = arith.addi %[[R]], %c1 : index
// CHECK:         %[[M:.*]] = arith.minui %[[X]], %c7 : index
// CHECK:         return %[[E]], %[[M]], %[[M]]
// expected-remark @below {{mdh-cl-simplify-indices: 2 index expressions simplified}}
func.func @bounds(%u: index, %x: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %r = arith.remui %u, %c4 : index
  %e = arith.addi %r, %c1 : index
  %m0 = arith.minui %e, %c4 : index
  %m1 = arith.minui %x, %c7 : index
  %m2 = arith.minui %x, %m1 : index
  return %m0, %m1, %m2 : index, index, index
}
