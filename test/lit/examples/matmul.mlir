// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/matmul.mlir
// and of examples/small/matmul.mlir.

// RUN: mdh-opt %examples/matmul.mlir | FileCheck %s
// RUN: mdh-opt %examples/matmul.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/matmul.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/matmul.mlir | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/matmul.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/matmul.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/matmul.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/matmul.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @matmul_1024(
// CHECK-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<1024x1024xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<1024x1024xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<1024x1024xf32>) {
// CHECK-NEXT: mdh.compute "matmul" sizes(1024, 1024, 1024) combine(cc, cc, pw(add))
// CHECK-NEXT: ins(%[[A]] : memref<1024x1024xf32> [(d0, d1, d2) -> (d0, d2)], %[[B]] : memref<1024x1024xf32> [(d0, d1, d2) -> (d2, d1)])
// CHECK-NEXT: outs(%[[C]] : memref<1024x1024xf32> [(d0, d1, d2) -> (d0, d1)]) {
// CHECK-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @matmul_1x2048x1000(
// CHECK-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<1x2048xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<2048x1000xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<1x1000xf32>) {
// CHECK-NEXT: mdh.compute "matmul" sizes(1, 1000, 2048) combine(cc, cc, pw(add))
// CHECK-NEXT: ins(%[[A]] : memref<1x2048xf32> [(d0, d1, d2) -> (d0, d2)], %[[B]] : memref<2048x1000xf32> [(d0, d1, d2) -> (d2, d1)])
// CHECK-NEXT: outs(%[[C]] : memref<1x1000xf32> [(d0, d1, d2) -> (d0, d1)]) {
// CHECK-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @matmul_small(
// SMALL-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<5x7xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<7x11xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<5x11xf32>) {
// SMALL-NEXT: mdh.compute "matmul" sizes(5, 11, 7) combine(cc, cc, pw(add))
// SMALL-NEXT: ins(%[[A]] : memref<5x7xf32> [(d0, d1, d2) -> (d0, d2)], %[[B]] : memref<7x11xf32> [(d0, d1, d2) -> (d2, d1)])
// SMALL-NEXT: outs(%[[C]] : memref<5x11xf32> [(d0, d1, d2) -> (d0, d1)]) {
// SMALL-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// SMALL-NEXT: mdh.yield %[[p]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @matmul_1024(
// LLVM-DAG: llvm.func @matmul_1x2048x1000(
// SMALL-LLVM-DAG: llvm.func @matmul_small(
