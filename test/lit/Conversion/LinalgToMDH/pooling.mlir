// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh -split-input-file -verify-diagnostics | FileCheck %s

// The window operand only gives the loop ranges; it is an unused input.
func.func @pooling_sum(%I: memref<1x11x13x3xf32>, %W: memref<3x3xf32>, %O: memref<1x5x6x3xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%O : memref<1x5x6x3xf32>)
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %W : memref<1x11x13x3xf32>, memref<3x3xf32>) outs(%O : memref<1x5x6x3xf32>)
  return
}

// -----

// -inf is the identity of max (arith.maximumf, MDH's NaN-propagating max).
func.func @pooling_max(%I: memref<1x11x13x3xf32>, %W: memref<3x3xf32>, %O: memref<1x9x11x3xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%O : memref<1x9x11x3xf32>)
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %W : memref<1x11x13x3xf32>, memref<3x3xf32>) outs(%O : memref<1x9x11x3xf32>)
  return
}

// -----

func.func @pooling_min(%I: memref<1x11x13x3xf32>, %W: memref<2x2xf32>, %O: memref<1x5x6x3xf32>) {
  %inf = arith.constant 0x7F800000 : f32
  linalg.fill ins(%inf : f32) outs(%O : memref<1x5x6x3xf32>)
  linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %W : memref<1x11x13x3xf32>, memref<2x2xf32>) outs(%O : memref<1x5x6x3xf32>)
  return
}

// -----

// A max pooling into an output of unknown content: maximumf with the copy.
func.func @pooling_max_accumulate(%I: memref<1x7x7x2xf32>, %W: memref<3x3xf32>, %O: memref<1x5x5x2xf32>) {
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %W : memref<1x7x7x2xf32>, memref<3x3xf32>) outs(%O : memref<1x5x5x2xf32>)
  return
}

// -----

// Signed integer max pooling: the identity is the smallest i32.
func.func @pooling_max_i32(%I: memref<1x7x7x2xi32>, %W: memref<3x3xi32>, %O: memref<1x5x5x2xi32>) {
  %min = arith.constant -2147483648 : i32
  linalg.fill ins(%min : i32) outs(%O : memref<1x5x5x2xi32>)
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %W : memref<1x7x7x2xi32>, memref<3x3xi32>) outs(%O : memref<1x5x5x2xi32>)
  return
}

// CHECK-LABEL: func.func @pooling_sum(
// CHECK-SAME:    %[[I:.*]]: memref<1x11x13x3xf32>, %[[W:.*]]: memref<3x3xf32>, %[[O:.*]]: memref<1x5x6x3xf32>)
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "pooling_nhwc_sum" sizes(1, 5, 6, 3, 3, 3) combine(cc, cc, cc, cc, pw(add), pw(add))
// CHECK-NEXT:      ins(%[[I]] : memref<1x11x13x3xf32> [(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)], %[[W]] : memref<3x3xf32> [(d0, d1, d2, d3, d4, d5) -> (d4, d5)])
// CHECK-NEXT:      outs(%[[O]] : memref<1x5x6x3xf32> [(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      mdh.yield %[[X]] : f32

// CHECK-LABEL: func.func @pooling_max(
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "pooling_nhwc_max" sizes(1, 9, 11, 3, 3, 3) combine(cc, cc, cc, cc, pw(max), pw(max))
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      mdh.yield %[[X]] : f32

// CHECK-LABEL: func.func @pooling_min(
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "pooling_nhwc_min" sizes(1, 5, 6, 3, 2, 2) combine(cc, cc, cc, cc, pw(min), pw(min))
// CHECK-NEXT:      ins(%{{.*}} : memref<1x11x13x3xf32> [(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)], %{{.*}} : memref<2x2xf32> [(d0, d1, d2, d3, d4, d5) -> (d4, d5)])

// CHECK-LABEL: func.func @pooling_max_accumulate(
// CHECK-SAME:    %[[I:.*]]: memref<1x7x7x2xf32>, %[[W:.*]]: memref<3x3xf32>, %[[O:.*]]: memref<1x5x5x2xf32>)
// CHECK:         %[[OLD:.*]] = memref.alloc() : memref<1x5x5x2xf32>
// CHECK-NEXT:    memref.copy %[[O]], %[[OLD]]
// CHECK-NEXT:    mdh.compute "pooling_nhwc_max" sizes(1, 5, 5, 2, 3, 3) combine(cc, cc, cc, cc, pw(max), pw(max))
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32, %[[PREV:.*]]: f32):
// CHECK:           %[[FIRST:.*]] = arith.andi
// CHECK-NEXT:      %[[M:.*]] = arith.maximumf %[[PREV]], %[[X]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[FIRST]], %[[M]], %[[X]] : f32
// CHECK-NEXT:      mdh.yield %[[R]] : f32
// CHECK:         memref.dealloc %[[OLD]]

// CHECK-LABEL: func.func @pooling_max_i32(
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "pooling_nhwc_max" sizes(1, 5, 5, 2, 3, 3) combine(cc, cc, cc, cc, pw(maxsi), pw(maxsi))
