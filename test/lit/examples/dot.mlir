// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/dot.mlir
// and of examples/small/dot.mlir.

// RUN: mdh-opt %examples/dot.mlir | FileCheck %s
// RUN: mdh-opt %examples/dot.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/dot.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/dot.mlir | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/dot.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/dot.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/dot.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/dot.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @dot_16777216(
// CHECK-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<16777216xf32>, %[[y:[a-zA-Z0-9_]+]]: memref<16777216xf32>, %[[r:[a-zA-Z0-9_]+]]: memref<f32>) {
// CHECK-NEXT: mdh.compute "dot" sizes(16777216) combine(pw(add))
// CHECK-NEXT: ins(%[[x]] : memref<16777216xf32> [(d0) -> (d0)], %[[y]] : memref<16777216xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[r]] : memref<f32> [(d0) -> ()]) {
// CHECK-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dot_10000000(
// CHECK-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<10000000xf32>, %[[y:[a-zA-Z0-9_]+]]: memref<10000000xf32>, %[[r:[a-zA-Z0-9_]+]]: memref<f32>) {
// CHECK-NEXT: mdh.compute "dot" sizes(10000000) combine(pw(add))
// CHECK-NEXT: ins(%[[x]] : memref<10000000xf32> [(d0) -> (d0)], %[[y]] : memref<10000000xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[r]] : memref<f32> [(d0) -> ()]) {
// CHECK-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @dot_small(
// SMALL-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<97xf32>, %[[y:[a-zA-Z0-9_]+]]: memref<97xf32>, %[[r:[a-zA-Z0-9_]+]]: memref<f32>) {
// SMALL-NEXT: mdh.compute "dot" sizes(97) combine(pw(add))
// SMALL-NEXT: ins(%[[x]] : memref<97xf32> [(d0) -> (d0)], %[[y]] : memref<97xf32> [(d0) -> (d0)])
// SMALL-NEXT: outs(%[[r]] : memref<f32> [(d0) -> ()]) {
// SMALL-NEXT: ^bb0(%[[a:[a-zA-Z0-9_]+]]: f32, %[[b:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[a]], %[[b]] : f32
// SMALL-NEXT: mdh.yield %[[p]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @dot_16777216(
// LLVM-DAG: llvm.func @dot_10000000(
// SMALL-LLVM-DAG: llvm.func @dot_small(
