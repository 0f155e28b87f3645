// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/bmatmul.mlir
// and of examples/small/bmatmul.mlir.

// RUN: mdh-opt %examples/bmatmul.mlir | FileCheck %s
// RUN: mdh-opt %examples/bmatmul.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/bmatmul.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/bmatmul.mlir | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/bmatmul.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/bmatmul.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/bmatmul.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/bmatmul.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @bmatmul_16x10x500x64(
// CHECK-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<16x10x64xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<16x64x500xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<16x10x500xf32>) {
// CHECK-NEXT: mdh.compute "bmatmul" sizes(16, 10, 500, 64) combine(cc, cc, cc, pw(add))
// CHECK-NEXT: ins(%[[A]] : memref<16x10x64xf32> [(d0, d1, d2, d3) -> (d0, d1, d3)], %[[B]] : memref<16x64x500xf32> [(d0, d1, d2, d3) -> (d0, d3, d2)])
// CHECK-NEXT: outs(%[[C]] : memref<16x10x500xf32> [(d0, d1, d2, d3) -> (d0, d1, d2)]) {
// CHECK-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @bmatmul_small(
// SMALL-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<3x5x7xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<3x7x13xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<3x5x13xf32>) {
// SMALL-NEXT: mdh.compute "bmatmul" sizes(3, 5, 13, 7) combine(cc, cc, cc, pw(add))
// SMALL-NEXT: ins(%[[A]] : memref<3x5x7xf32> [(d0, d1, d2, d3) -> (d0, d1, d3)], %[[B]] : memref<3x7x13xf32> [(d0, d1, d2, d3) -> (d0, d3, d2)])
// SMALL-NEXT: outs(%[[C]] : memref<3x5x13xf32> [(d0, d1, d2, d3) -> (d0, d1, d2)]) {
// SMALL-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// SMALL-NEXT: mdh.yield %[[p]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @bmatmul_16x10x500x64(
// SMALL-LLVM-DAG: llvm.func @bmatmul_small(
