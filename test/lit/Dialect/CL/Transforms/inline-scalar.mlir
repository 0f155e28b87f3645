// RUN: mdh-opt %s --mdh-cl-inline-scalar=report -split-input-file -verify-diagnostics | FileCheck %s

// The body replaces the op; its arguments become the operands, a yielded
// argument included.

// CHECK-LABEL: func.func @inline(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32, %[[I:.*]]: index)
// CHECK-NOT:     mdh_cl.scalar
// CHECK:         %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK:         return %[[P]], %[[A]] : f32, f32
// expected-remark @below {{mdh-cl-inline-scalar: 1 mdh_cl.scalar ops inlined}}
func.func @inline(%a: f32, %b: f32, %i: index) -> (f32, f32) {
  %r:2 = mdh_cl.scalar(%i, %a, %b) : (index, f32, f32) -> (f32, f32) {
  ^bb0(%j: index, %x: f32, %y: f32):
    %p = arith.mulf %x, %y : f32
    mdh_cl.yield %p, %x : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}
