// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/max_reduction.mlir
// and of examples/small/max_reduction.mlir.

// RUN: mdh-opt %examples/max_reduction.mlir | FileCheck %s
// RUN: mdh-opt %examples/max_reduction.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/max_reduction.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/max_reduction.mlir \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/max_reduction.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/max_reduction.mlir --mlir-print-op-generic \
// RUN:   | mdh-opt | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/max_reduction.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/max_reduction.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @max_reduction_16777216(
// CHECK-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<16777216xf32>, %[[r:[a-zA-Z0-9_]+]]: memref<f32>) {
// CHECK-NEXT: mdh.compute "max_reduction" sizes(16777216) combine(pw(max))
// CHECK-NEXT: ins(%[[x]] : memref<16777216xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[r]] : memref<f32> [(d0) -> ()]) {
// CHECK-NEXT: ^bb0(%[[v:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: mdh.yield %[[v]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @max_reduction_small(
// SMALL-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<997xf32>, %[[r:[a-zA-Z0-9_]+]]: memref<f32>) {
// SMALL-NEXT: mdh.compute "max_reduction" sizes(997) combine(pw(max))
// SMALL-NEXT: ins(%[[x]] : memref<997xf32> [(d0) -> (d0)])
// SMALL-NEXT: outs(%[[r]] : memref<f32> [(d0) -> ()]) {
// SMALL-NEXT: ^bb0(%[[v:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: mdh.yield %[[v]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @max_reduction_16777216(
// SMALL-LLVM-DAG: llvm.func @max_reduction_small(
