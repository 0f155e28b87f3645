// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/int_reduction.mlir
// and of examples/small/int_reduction.mlir.

// RUN: mdh-opt %examples/int_reduction.mlir | FileCheck %s
// RUN: mdh-opt %examples/int_reduction.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/int_reduction.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/int_reduction.mlir \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/int_reduction.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/int_reduction.mlir --mlir-print-op-generic \
// RUN:   | mdh-opt | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/int_reduction.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/int_reduction.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @int_dot_16777216(
// CHECK-SAME: %[[a:[a-zA-Z0-9_]+]]: memref<16777216xi32>, %[[b:[a-zA-Z0-9_]+]]: memref<16777216xi32>, %[[r:[a-zA-Z0-9_]+]]: memref<i32>) {
// CHECK-NEXT: mdh.compute "int_dot" sizes(16777216) combine(pw(add))
// CHECK-NEXT: ins(%[[a]] : memref<16777216xi32> [(d0) -> (d0)], %[[b]] : memref<16777216xi32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[r]] : memref<i32> [(d0) -> ()]) {
// CHECK-NEXT: ^bb0(%[[x:[a-zA-Z0-9_]+]]: i32, %[[y:[a-zA-Z0-9_]+]]: i32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.muli %[[x]], %[[y]] : i32
// CHECK-NEXT: mdh.yield %[[p]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @int_dot_small(
// SMALL-SAME: %[[a:[a-zA-Z0-9_]+]]: memref<1013xi32>, %[[b:[a-zA-Z0-9_]+]]: memref<1013xi32>, %[[r:[a-zA-Z0-9_]+]]: memref<i32>) {
// SMALL-NEXT: mdh.compute "int_dot" sizes(1013) combine(pw(add))
// SMALL-NEXT: ins(%[[a]] : memref<1013xi32> [(d0) -> (d0)], %[[b]] : memref<1013xi32> [(d0) -> (d0)])
// SMALL-NEXT: outs(%[[r]] : memref<i32> [(d0) -> ()]) {
// SMALL-NEXT: ^bb0(%[[x:[a-zA-Z0-9_]+]]: i32, %[[y:[a-zA-Z0-9_]+]]: i32):
// SMALL-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.muli %[[x]], %[[y]] : i32
// SMALL-NEXT: mdh.yield %[[p]] : i32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @int_dot_16777216(
// SMALL-LLVM-DAG: llvm.func @int_dot_small(
