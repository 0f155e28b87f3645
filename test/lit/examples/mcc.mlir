// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/mcc.mlir
// and of examples/small/mcc.mlir.

// RUN: mdh-opt %examples/mcc.mlir | FileCheck %s
// RUN: mdh-opt %examples/mcc.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/mcc.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/mcc.mlir | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/mcc.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/mcc.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/mcc.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/mcc.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @mcc_1x7x7x512(
// CHECK-SAME: %[[I:[a-zA-Z0-9_]+]]: memref<1x9x9x512xf32>, %[[F:[a-zA-Z0-9_]+]]: memref<512x3x3x512xf32>, %[[O:[a-zA-Z0-9_]+]]: memref<1x7x7x512xf32>) {
// CHECK-NEXT: mdh.compute "mcc" sizes(1, 7, 7, 512, 3, 3, 512) combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
// CHECK-NEXT: ins(%[[I]] : memref<1x9x9x512xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)], %[[F]] : memref<512x3x3x512xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)])
// CHECK-NEXT: outs(%[[O]] : memref<1x7x7x512xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)]) {
// CHECK-NEXT: ^bb0(%[[i:[a-zA-Z0-9_]+]]: f32, %[[f:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[i]], %[[f]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @mcc_1x112x112x64(
// CHECK-SAME: %[[I:[a-zA-Z0-9_]+]]: memref<1x230x230x3xf32>, %[[F:[a-zA-Z0-9_]+]]: memref<64x7x7x3xf32>, %[[O:[a-zA-Z0-9_]+]]: memref<1x112x112x64xf32>) {
// CHECK-NEXT: mdh.compute "mcc" sizes(1, 112, 112, 64, 7, 7, 3) combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
// CHECK-NEXT: ins(%[[I]] : memref<1x230x230x3xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)], %[[F]] : memref<64x7x7x3xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)])
// CHECK-NEXT: outs(%[[O]] : memref<1x112x112x64xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)]) {
// CHECK-NEXT: ^bb0(%[[i:[a-zA-Z0-9_]+]]: f32, %[[f:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[i]], %[[f]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @mcc_small(
// SMALL-SAME: %[[I:[a-zA-Z0-9_]+]]: memref<5x9x14x11xf32>, %[[F:[a-zA-Z0-9_]+]]: memref<17x3x2x11xf32>, %[[O:[a-zA-Z0-9_]+]]: memref<5x7x13x17xf32>) {
// SMALL-NEXT: mdh.compute "mcc" sizes(5, 7, 13, 17, 3, 2, 11) combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
// SMALL-NEXT: ins(%[[I]] : memref<5x9x14x11xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)], %[[F]] : memref<17x3x2x11xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)])
// SMALL-NEXT: outs(%[[O]] : memref<5x7x13x17xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)]) {
// SMALL-NEXT: ^bb0(%[[i:[a-zA-Z0-9_]+]]: f32, %[[f:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[i]], %[[f]] : f32
// SMALL-NEXT: mdh.yield %[[p]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }
// SMALL-LABEL: func.func @mcc_stride2_small(
// SMALL-SAME: %[[I:[a-zA-Z0-9_]+]]: memref<5x14x23x17xf32>, %[[F:[a-zA-Z0-9_]+]]: memref<13x2x3x17xf32>, %[[O:[a-zA-Z0-9_]+]]: memref<5x7x11x13xf32>) {
// SMALL-NEXT: mdh.compute "mcc" sizes(5, 7, 11, 13, 2, 3, 17) combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
// SMALL-NEXT: ins(%[[I]] : memref<5x14x23x17xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)], %[[F]] : memref<13x2x3x17xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)])
// SMALL-NEXT: outs(%[[O]] : memref<5x7x11x13xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)]) {
// SMALL-NEXT: ^bb0(%[[i:[a-zA-Z0-9_]+]]: f32, %[[f:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[i]], %[[f]] : f32
// SMALL-NEXT: mdh.yield %[[p]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @mcc_1x7x7x512(
// LLVM-DAG: llvm.func @mcc_1x112x112x64(
// SMALL-LLVM-DAG: llvm.func @mcc_small(
// SMALL-LLVM-DAG: llvm.func @mcc_stride2_small(
