// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/matvec.mlir
// and of examples/small/matvec.mlir.

// RUN: mdh-opt %examples/matvec.mlir | FileCheck %s
// RUN: mdh-opt %examples/matvec.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/matvec.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/matvec.mlir | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/matvec.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/matvec.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/matvec.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/matvec.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: func.func @matvec_4096(
// CHECK-SAME: %[[M:[a-zA-Z0-9_]+]]: memref<4096x4096xf32>, %[[v:[a-zA-Z0-9_]+]]: memref<4096xf32>, %[[w:[a-zA-Z0-9_]+]]: memref<4096xf32>) {
// CHECK-NEXT: mdh.compute "matvec" sizes(4096, 4096) combine(cc, pw(add))
// CHECK-NEXT: ins(%[[M]] : memref<4096x4096xf32> [(d0, d1) -> (d0, d1)], %[[v]] : memref<4096xf32> [(d0, d1) -> (d1)])
// CHECK-NEXT: outs(%[[w]] : memref<4096xf32> [(d0, d1) -> (d0)]) {
// CHECK-NEXT: ^bb0(%[[m:[a-zA-Z0-9_]+]]: f32, %[[x:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[m]], %[[x]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @matvec_8192(
// CHECK-SAME: %[[M:[a-zA-Z0-9_]+]]: memref<8192x8192xf32>, %[[v:[a-zA-Z0-9_]+]]: memref<8192xf32>, %[[w:[a-zA-Z0-9_]+]]: memref<8192xf32>) {
// CHECK-NEXT: mdh.compute "matvec" sizes(8192, 8192) combine(cc, pw(add))
// CHECK-NEXT: ins(%[[M]] : memref<8192x8192xf32> [(d0, d1) -> (d0, d1)], %[[v]] : memref<8192xf32> [(d0, d1) -> (d1)])
// CHECK-NEXT: outs(%[[w]] : memref<8192xf32> [(d0, d1) -> (d0)]) {
// CHECK-NEXT: ^bb0(%[[m:[a-zA-Z0-9_]+]]: f32, %[[x:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[m]], %[[x]] : f32
// CHECK-NEXT: mdh.yield %[[p]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: func.func @matvec_small(
// SMALL-SAME: %[[M:[a-zA-Z0-9_]+]]: memref<13x7xf32>, %[[v:[a-zA-Z0-9_]+]]: memref<7xf32>, %[[w:[a-zA-Z0-9_]+]]: memref<13xf32>) {
// SMALL-NEXT: mdh.compute "matvec" sizes(13, 7) combine(cc, pw(add))
// SMALL-NEXT: ins(%[[M]] : memref<13x7xf32> [(d0, d1) -> (d0, d1)], %[[v]] : memref<7xf32> [(d0, d1) -> (d1)])
// SMALL-NEXT: outs(%[[w]] : memref<13xf32> [(d0, d1) -> (d0)]) {
// SMALL-NEXT: ^bb0(%[[m:[a-zA-Z0-9_]+]]: f32, %[[x:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[p:[a-zA-Z0-9_]+]] = arith.mulf %[[m]], %[[x]] : f32
// SMALL-NEXT: mdh.yield %[[p]] : f32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @matvec_4096(
// LLVM-DAG: llvm.func @matvec_8192(
// SMALL-LLVM-DAG: llvm.func @matvec_small(
