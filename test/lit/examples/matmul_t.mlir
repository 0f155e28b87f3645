// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/matmul_t.mlir
// and of examples/small/matmul_t.mlir.

// RUN: mdh-opt %examples/matmul_t.mlir | FileCheck %s
// RUN: mdh-opt %examples/matmul_t.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/matmul_t.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/matmul_t.mlir \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/matmul_t.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/matmul_t.mlir --mlir-print-op-generic \
// RUN:   | mdh-opt | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/matmul_t.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/matmul_t.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @matmul_t_10x500x64(
// CHECK-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<64x10xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<500x64xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<10x500xf32>) {
// CHECK-NEXT: mdh.compute "matmul_t" sizes(10, 500, 64) combine(cc, cc, pw(add))
// CHECK-NEXT: ins(%[[A]] : memref<64x10xf32> [(d0, d1, d2) -> (d2, d0)], %[[B]] : memref<500x64xf32> [(d0, d1, d2) -> (d1, d2)])
// CHECK-NEXT: outs(%[[C]] : memref<10x500xf32> [(d0, d1, d2) -> (d0, d1)]) {
// CHECK-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @matmul_t_small(
// SMALL-SAME: %[[A:[a-zA-Z0-9_]+]]: memref<7x3xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<13x7xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<3x13xf32>) {
// SMALL-NEXT: mdh.compute "matmul_t" sizes(3, 13, 7) combine(cc, cc, pw(add))
// SMALL-NEXT: ins(%[[A]] : memref<7x3xf32> [(d0, d1, d2) -> (d2, d0)], %[[B]] : memref<13x7xf32> [(d0, d1, d2) -> (d1, d2)])
// SMALL-NEXT: outs(%[[C]] : memref<3x13xf32> [(d0, d1, d2) -> (d0, d1)]) {
// SMALL-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// SMALL-NEXT: mdh.yield %[[p]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @matmul_t_10x500x64(
// SMALL-LLVM-DAG: llvm.func @matmul_t_small(
