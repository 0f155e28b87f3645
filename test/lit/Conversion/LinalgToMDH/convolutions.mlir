// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh -split-input-file -verify-diagnostics | FileCheck %s

// Strides 2: the input map reads h * 2 + kh.
func.func @conv_nhwc_hwcf_strided(%I: memref<2x11x13x3xf32>, %F: memref<3x3x3x5xf32>, %O: memref<2x5x6x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%O : memref<2x5x6x5xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %F : memref<2x11x13x3xf32>, memref<3x3x3x5xf32>) outs(%O : memref<2x5x6x5xf32>)
  return
}

// -----

// Dilations 2 and strides (1, 3).
func.func @conv_nchw_fchw_dilated(%I: memref<1x3x11x18xf32>, %F: memref<7x3x3x2xf32>, %O: memref<1x7x7x6xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%O : memref<1x7x7x6xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<[1, 3]> : tensor<2xi64>}
      ins(%I, %F : memref<1x3x11x18xf32>, memref<7x3x3x2xf32>) outs(%O : memref<1x7x7x6xf32>)
  return
}

// -----

func.func @depthwise_conv_strided(%I: memref<1x9x11x4xf32>, %F: memref<3x3x4xf32>, %O: memref<1x4x5x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%O : memref<1x4x5x4xf32>)
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %F : memref<1x9x11x4xf32>, memref<3x3x4xf32>) outs(%O : memref<1x4x5x4xf32>)
  return
}

// -----

// An integer convolution accumulating into its output.
func.func @conv_1d_i32_accumulate(%I: memref<1x13x2xi32>, %F: memref<3x2x5xi32>, %O: memref<1x11x5xi32>) {
  linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%I, %F : memref<1x13x2xi32>, memref<3x2x5xi32>) outs(%O : memref<1x11x5xi32>)
  return
}

// CHECK-LABEL: func.func @conv_nhwc_hwcf_strided(
// CHECK-SAME:    %[[I:.*]]: memref<2x11x13x3xf32>, %[[F:.*]]: memref<3x3x3x5xf32>, %[[O:.*]]: memref<2x5x6x5xf32>)
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "conv_2d_nhwc_hwcf" sizes(2, 5, 6, 5, 3, 3, 3) combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
// CHECK-NEXT:      ins(%[[I]] : memref<2x11x13x3xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)], %[[F]] : memref<3x3x3x5xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)])
// CHECK-NEXT:      outs(%[[O]] : memref<2x5x6x5xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[W:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[W]] : f32
// CHECK-NEXT:      mdh.yield %[[P]] : f32

// CHECK-LABEL: func.func @conv_nchw_fchw_dilated(
// CHECK-SAME:    %[[I:.*]]: memref<1x3x11x18xf32>, %[[F:.*]]: memref<7x3x3x2xf32>, %[[O:.*]]: memref<1x7x7x6xf32>)
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "conv_2d_nchw_fchw" sizes(1, 7, 7, 6, 3, 3, 2) combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
// CHECK-NEXT:      ins(%[[I]] : memref<1x3x11x18xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5 * 2, d3 * 3 + d6 * 2)], %[[F]] : memref<7x3x3x2xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)])
// CHECK-NEXT:      outs(%[[O]] : memref<1x7x7x6xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)]) {

// CHECK-LABEL: func.func @depthwise_conv_strided(
// CHECK-SAME:    %[[I:.*]]: memref<1x9x11x4xf32>, %[[F:.*]]: memref<3x3x4xf32>, %[[O:.*]]: memref<1x4x5x4xf32>)
// CHECK:         mdh.compute "depthwise_conv_2d_nhwc_hwc" sizes(1, 4, 5, 4, 3, 3) combine(cc, cc, cc, cc, pw(add), pw(add))
// CHECK-NEXT:      ins(%[[I]] : memref<1x9x11x4xf32> [(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)], %[[F]] : memref<3x3x4xf32> [(d0, d1, d2, d3, d4, d5) -> (d4, d5, d3)])
// CHECK-NEXT:      outs(%[[O]] : memref<1x4x5x4xf32> [(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)]) {

// CHECK-LABEL: func.func @conv_1d_i32_accumulate(
// CHECK-SAME:    %[[I:.*]]: memref<1x13x2xi32>, %[[F:.*]]: memref<3x2x5xi32>, %[[O:.*]]: memref<1x11x5xi32>)
// CHECK:         %[[OLD:.*]] = memref.alloc() : memref<1x11x5xi32>
// CHECK-NEXT:    memref.copy %[[O]], %[[OLD]]
// CHECK-NEXT:    mdh.compute "conv_1d_nwc_wcf" sizes(1, 11, 5, 3, 2) combine(cc, cc, cc, pw(add), pw(add))
// CHECK-NEXT:      ins(%[[I]] : {{.*}}, %[[F]] : {{.*}}, %[[OLD]] : memref<1x11x5xi32> [(d0, d1, d2, d3, d4) -> (d0, d1, d2)])
// CHECK-NEXT:      outs(%[[O]] : memref<1x11x5xi32> [(d0, d1, d2, d3, d4) -> (d0, d1, d2)]) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32, %[[W:.*]]: i32, %[[PREV:.*]]: i32):
// CHECK-NEXT:      %[[P:.*]] = arith.muli %[[X]], %[[W]] : i32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[K0:.*]] = mdh.index 3
// CHECK-NEXT:      %[[F0:.*]] = arith.cmpi eq, %[[K0]], %[[ZERO]] : index
// CHECK-NEXT:      %[[K1:.*]] = mdh.index 4
// CHECK-NEXT:      %[[F1:.*]] = arith.cmpi eq, %[[K1]], %[[ZERO]] : index
// CHECK-NEXT:      %[[FIRST:.*]] = arith.andi %[[F0]], %[[F1]] : i1
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[PREV]], %[[P]] : i32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[FIRST]], %[[SUM]], %[[P]] : i32
// CHECK-NEXT:      mdh.yield %[[R]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[OLD]]
