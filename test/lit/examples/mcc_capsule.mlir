// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/mcc_capsule.mlir
// and of examples/small/mcc_capsule.mlir.

// RUN: mdh-opt %examples/mcc_capsule.mlir | FileCheck %s
// RUN: mdh-opt %examples/mcc_capsule.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/mcc_capsule.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/mcc_capsule.mlir \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/mcc_capsule.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/mcc_capsule.mlir --mlir-print-op-generic \
// RUN:   | mdh-opt | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/mcc_capsule.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/mcc_capsule.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @mcc_capsule_16x112x112x64(
// CHECK-SAME: %[[I:[a-zA-Z0-9_]+]]: memref<16x230x230x3x4x4xf32>, %[[F:[a-zA-Z0-9_]+]]: memref<64x7x7x3x4x4xf32>, %[[O:[a-zA-Z0-9_]+]]: memref<16x112x112x64x4x4xf32>) {
// CHECK-NEXT: mdh.compute "mcc_capsule" sizes(16, 112, 112, 64, 4, 4, 7, 7, 3, 4) combine(cc, cc, cc, cc, cc, cc, pw(add), pw(add), pw(add), pw(add))
// CHECK-NEXT: ins(%[[I]] : memref<16x230x230x3x4x4xf32> [(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1 * 2 + d6, d2 * 2 + d7, d8, d4, d9)], %[[F]] : memref<64x7x7x3x4x4xf32> [(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d3, d6, d7, d8, d9, d5)])
// CHECK-NEXT: outs(%[[O]] : memref<16x112x112x64x4x4xf32> [(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1, d2, d3, d4, d5)]) {
// CHECK-NEXT: ^bb0(%[[x:[a-zA-Z0-9_]+]]: f32, %[[w:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[prod:[a-zA-Z0-9_]+]] = arith.mulf %[[x]], %[[w]] : f32
// CHECK-NEXT: mdh.yield %[[prod]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @mcc_capsule_small(
// SMALL-SAME: %[[I:[a-zA-Z0-9_]+]]: memref<2x6x11x5x11x17xf32>, %[[F:[a-zA-Z0-9_]+]]: memref<7x2x3x5x17x13xf32>, %[[O:[a-zA-Z0-9_]+]]: memref<2x3x5x7x11x13xf32>) {
// SMALL-NEXT: mdh.compute "mcc_capsule" sizes(2, 3, 5, 7, 11, 13, 2, 3, 5, 17) combine(cc, cc, cc, cc, cc, cc, pw(add), pw(add), pw(add), pw(add))
// SMALL-NEXT: ins(%[[I]] : memref<2x6x11x5x11x17xf32> [(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1 * 2 + d6, d2 * 2 + d7, d8, d4, d9)], %[[F]] : memref<7x2x3x5x17x13xf32> [(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d3, d6, d7, d8, d9, d5)])
// SMALL-NEXT: outs(%[[O]] : memref<2x3x5x7x11x13xf32> [(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1, d2, d3, d4, d5)]) {
// SMALL-NEXT: ^bb0(%[[x:[a-zA-Z0-9_]+]]: f32, %[[w:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[prod:[a-zA-Z0-9_]+]] = arith.mulf %[[x]], %[[w]] : f32
// SMALL-NEXT: mdh.yield %[[prod]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @mcc_capsule_16x112x112x64(
// SMALL-LLVM-DAG: llvm.func @mcc_capsule_small(
