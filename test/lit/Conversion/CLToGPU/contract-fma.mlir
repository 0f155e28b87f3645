// RUN: mdh-opt %s --mdh-gpu-contract-fma -split-input-file | FileCheck %s

// A product that feeds only an add becomes one fused multiply-add, in
// either operand order, on scalars and vectors.

// CHECK-LABEL: func.func @fused(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %[[D:.*]]: f32)
// CHECK-NEXT:    %[[X:.*]] = llvm.intr.fma(%[[A]], %[[B]], %[[C]]) : (f32, f32, f32) -> f32
// CHECK-NEXT:    %[[Y:.*]] = llvm.intr.fma(%[[A]], %[[D]], %[[X]]) : (f32, f32, f32) -> f32
// CHECK-NEXT:    return %[[Y]] : f32
func.func @fused(%a: f32, %b: f32, %c: f32, %d: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  %x = arith.addf %p, %c : f32
  %q = arith.mulf %a, %d : f32
  %y = arith.addf %x, %q : f32
  return %y : f32
}

// -----

// CHECK-LABEL: func.func @vector(
// CHECK-NEXT:    %[[X:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<4xf16>, vector<4xf16>, vector<4xf16>) -> vector<4xf16>
// CHECK-NEXT:    return %[[X]]
func.func @vector(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf16>) -> vector<4xf16> {
  %p = arith.mulf %a, %b : vector<4xf16>
  %x = arith.addf %c, %p : vector<4xf16>
  return %x : vector<4xf16>
}

// -----

// A product with another use stays: fusing would not save the multiply.
// Integers are not floating-point contractions.
// CHECK-LABEL: func.func @kept(
// CHECK-NEXT:    %[[P:.*]] = arith.mulf
// CHECK-NEXT:    %[[X:.*]] = arith.addf %[[P]], %{{.*}} : f64
// CHECK-NEXT:    %[[Q:.*]] = arith.muli
// CHECK-NEXT:    %[[Y:.*]] = arith.addi %[[Q]]
// CHECK-NEXT:    return %[[X]], %[[P]], %[[Y]]
func.func @kept(%a: f64, %b: f64, %c: f64, %i: i32, %j: i32) -> (f64, f64, i32) {
  %p = arith.mulf %a, %b : f64
  %x = arith.addf %p, %c : f64
  %q = arith.muli %i, %j : i32
  %y = arith.addi %q, %i : i32
  return %x, %p, %y : f64, f64, i32
}
