// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/jacobi1d.mlir
// and of examples/small/jacobi1d.mlir.

// RUN: mdh-opt %examples/jacobi1d.mlir | FileCheck %s
// RUN: mdh-opt %examples/jacobi1d.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/jacobi1d.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/jacobi1d.mlir \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/jacobi1d.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/jacobi1d.mlir --mlir-print-op-generic \
// RUN:   | mdh-opt | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/jacobi1d.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/jacobi1d.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @jacobi1d_16777216(
// CHECK-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<16777218xf32>, %[[y:[a-zA-Z0-9_]+]]: memref<16777216xf32>) {
// CHECK-NEXT: mdh.compute "jacobi1d" sizes(16777216) combine(cc)
// CHECK-NEXT: ins(%[[x]] : memref<16777218xf32> [(d0) -> (d0), (d0) -> (d0 + 1), (d0) -> (d0 + 2)])
// CHECK-NEXT: outs(%[[y]] : memref<16777216xf32> [(d0) -> (d0)]) {
// CHECK-NEXT: ^bb0(%[[l:[a-zA-Z0-9_]+]]: f32, %[[c:[a-zA-Z0-9_]+]]: f32, %[[r:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[three:[a-zA-Z0-9_]+]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %[[s0:[a-zA-Z0-9_]+]] = arith.addf %[[l]], %[[c]] : f32
// CHECK-NEXT: %[[s1:[a-zA-Z0-9_]+]] = arith.addf %[[s0]], %[[r]] : f32
// CHECK-NEXT: %[[v:[a-zA-Z0-9_]+]] = arith.divf %[[s1]], %[[three]] : f32
// CHECK-NEXT: mdh.yield %[[v]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @jacobi1d_small(
// SMALL-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<103xf32>, %[[y:[a-zA-Z0-9_]+]]: memref<101xf32>) {
// SMALL-NEXT: mdh.compute "jacobi1d" sizes(101) combine(cc)
// SMALL-NEXT: ins(%[[x]] : memref<103xf32> [(d0) -> (d0), (d0) -> (d0 + 1), (d0) -> (d0 + 2)])
// SMALL-NEXT: outs(%[[y]] : memref<101xf32> [(d0) -> (d0)]) {
// SMALL-NEXT: ^bb0(%[[l:[a-zA-Z0-9_]+]]: f32, %[[c:[a-zA-Z0-9_]+]]: f32, %[[r:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[three:[a-zA-Z0-9_]+]] = arith.constant 3.000000e+00 : f32
// SMALL-NEXT: %[[s0:[a-zA-Z0-9_]+]] = arith.addf %[[l]], %[[c]] : f32
// SMALL-NEXT: %[[s1:[a-zA-Z0-9_]+]] = arith.addf %[[s0]], %[[r]] : f32
// SMALL-NEXT: %[[v:[a-zA-Z0-9_]+]] = arith.divf %[[s1]], %[[three]] : f32
// SMALL-NEXT: mdh.yield %[[v]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @jacobi1d_16777216(
// SMALL-LLVM-DAG: llvm.func @jacobi1d_small(
