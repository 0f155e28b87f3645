// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/prefix_sum.mlir
// and of examples/small/prefix_sum.mlir.

// RUN: mdh-opt %examples/prefix_sum.mlir | FileCheck %s
// RUN: mdh-opt %examples/prefix_sum.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/prefix_sum.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/prefix_sum.mlir \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/prefix_sum.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/prefix_sum.mlir --mlir-print-op-generic \
// RUN:   | mdh-opt | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/prefix_sum.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/prefix_sum.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @prefix_sum_32768(
// CHECK-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<32768xf32>, %[[y:[a-zA-Z0-9_]+]]: memref<32768xf32>) {
// CHECK-NEXT: mdh.compute "prefix_sum" sizes(32768) combine(ps(add))
// CHECK-NEXT: ins(%[[x]] : memref<32768xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[y]] : memref<32768xf32> [(d0) -> (d0)]) {
// CHECK-NEXT: ^bb0(%[[v:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: mdh.yield %[[v]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @prefix_sum_small(
// SMALL-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<127xf32>, %[[y:[a-zA-Z0-9_]+]]: memref<127xf32>) {
// SMALL-NEXT: mdh.compute "prefix_sum" sizes(127) combine(ps(add))
// SMALL-NEXT: ins(%[[x]] : memref<127xf32> [(d0) -> (d0)])
// SMALL-NEXT: outs(%[[y]] : memref<127xf32> [(d0) -> (d0)]) {
// SMALL-NEXT: ^bb0(%[[v:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: mdh.yield %[[v]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @prefix_sum_32768(
// SMALL-LLVM-DAG: llvm.func @prefix_sum_small(
