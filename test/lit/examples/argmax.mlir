// Round trip (custom form, custom -> custom, generic -> custom) and oracle
// lowering of examples/argmax.mlir
// and of examples/small/argmax.mlir.

// RUN: mdh-opt %examples/argmax.mlir | FileCheck %s
// RUN: mdh-opt %examples/argmax.mlir | mdh-opt | FileCheck %s
// RUN: mdh-opt %examples/argmax.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s
// RUN: mdh-opt %examples/small/argmax.mlir | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/argmax.mlir | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/small/argmax.mlir --mlir-print-op-generic | mdh-opt \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: mdh-opt %examples/argmax.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=mdh.
// RUN: mdh-opt %examples/small/argmax.mlir --mdh-oracle-to-llvm \
// RUN:   | FileCheck %s --check-prefix=SMALL-LLVM --implicit-check-not=mdh.

// CHECK-NOT: #map
// CHECK-LABEL: mdh.combiner @argmax associative commutative (f32, i32) {
// CHECK-NEXT: ^bb0(%[[v0:[a-zA-Z0-9_]+]]: f32, %[[i0:[a-zA-Z0-9_]+]]: i32, %[[v1:[a-zA-Z0-9_]+]]: f32, %[[i1:[a-zA-Z0-9_]+]]: i32):
// CHECK-NEXT: %[[true:[a-zA-Z0-9_]+]] = arith.constant true
// CHECK-NEXT: %[[nan0:[a-zA-Z0-9_]+]] = arith.cmpf uno, %[[v0]], %[[v0]] : f32
// CHECK-NEXT: %[[nan1:[a-zA-Z0-9_]+]] = arith.cmpf uno, %[[v1]], %[[v1]] : f32
// CHECK-NEXT: %[[gt:[a-zA-Z0-9_]+]] = arith.cmpf ogt, %[[v1]], %[[v0]] : f32
// CHECK-NEXT: %[[eq:[a-zA-Z0-9_]+]] = arith.cmpf oeq, %[[v1]], %[[v0]] : f32
// CHECK-NEXT: %[[lt:[a-zA-Z0-9_]+]] = arith.cmpi slt, %[[i1]], %[[i0]] : i32
// CHECK-NEXT: %[[tie:[a-zA-Z0-9_]+]] = arith.andi %[[eq]], %[[lt]] : i1
// CHECK-NEXT: %[[better:[a-zA-Z0-9_]+]] = arith.ori %[[gt]], %[[tie]] : i1
// CHECK-NEXT: %[[num0:[a-zA-Z0-9_]+]] = arith.xori %[[nan0]], %[[true]] : i1
// CHECK-NEXT: %[[newnan:[a-zA-Z0-9_]+]] = arith.andi %[[nan1]], %[[num0]] : i1
// CHECK-NEXT: %[[bothnan:[a-zA-Z0-9_]+]] = arith.andi %[[nan0]], %[[nan1]] : i1
// CHECK-NEXT: %[[nantie:[a-zA-Z0-9_]+]] = arith.andi %[[bothnan]], %[[lt]] : i1
// CHECK-NEXT: %[[p0:[a-zA-Z0-9_]+]] = arith.ori %[[better]], %[[newnan]] : i1
// CHECK-NEXT: %[[pick:[a-zA-Z0-9_]+]] = arith.ori %[[p0]], %[[nantie]] : i1
// CHECK-NEXT: %[[v:[a-zA-Z0-9_]+]] = arith.select %[[pick]], %[[v1]], %[[v0]] : f32
// CHECK-NEXT: %[[i:[a-zA-Z0-9_]+]] = arith.select %[[pick]], %[[i1]], %[[i0]] : i32
// CHECK-NEXT: mdh.yield %[[v]], %[[i]] : f32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @argmax_16777216(
// CHECK-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<16777216xf32>, %[[max:[a-zA-Z0-9_]+]]: memref<f32>, %[[arg:[a-zA-Z0-9_]+]]: memref<i32>) {
// CHECK-NEXT: mdh.compute "argmax" sizes(16777216) combine(pw(@argmax))
// CHECK-NEXT: ins(%[[x]] : memref<16777216xf32> [(d0) -> (d0)])
// CHECK-NEXT: outs(%[[max]] : memref<f32> [(d0) -> ()], %[[arg]] : memref<i32> [(d0) -> ()]) {
// CHECK-NEXT: ^bb0(%[[v:[a-zA-Z0-9_]+]]: f32):
// CHECK-NEXT: %[[k:[a-zA-Z0-9_]+]] = mdh.index 0
// CHECK-NEXT: %[[ki:[a-zA-Z0-9_]+]] = arith.index_cast %[[k]] : index to i32
// CHECK-NEXT: mdh.yield %[[v]], %[[ki]] : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

// SMALL-NOT: #map
// SMALL-LABEL: mdh.combiner @argmax associative commutative (f32, i32) {
// SMALL-NEXT: ^bb0(%[[v0:[a-zA-Z0-9_]+]]: f32, %[[i0:[a-zA-Z0-9_]+]]: i32, %[[v1:[a-zA-Z0-9_]+]]: f32, %[[i1:[a-zA-Z0-9_]+]]: i32):
// SMALL-NEXT: %[[true:[a-zA-Z0-9_]+]] = arith.constant true
// SMALL-NEXT: %[[nan0:[a-zA-Z0-9_]+]] = arith.cmpf uno, %[[v0]], %[[v0]] : f32
// SMALL-NEXT: %[[nan1:[a-zA-Z0-9_]+]] = arith.cmpf uno, %[[v1]], %[[v1]] : f32
// SMALL-NEXT: %[[gt:[a-zA-Z0-9_]+]] = arith.cmpf ogt, %[[v1]], %[[v0]] : f32
// SMALL-NEXT: %[[eq:[a-zA-Z0-9_]+]] = arith.cmpf oeq, %[[v1]], %[[v0]] : f32
// SMALL-NEXT: %[[lt:[a-zA-Z0-9_]+]] = arith.cmpi slt, %[[i1]], %[[i0]] : i32
// SMALL-NEXT: %[[tie:[a-zA-Z0-9_]+]] = arith.andi %[[eq]], %[[lt]] : i1
// SMALL-NEXT: %[[better:[a-zA-Z0-9_]+]] = arith.ori %[[gt]], %[[tie]] : i1
// SMALL-NEXT: %[[num0:[a-zA-Z0-9_]+]] = arith.xori %[[nan0]], %[[true]] : i1
// SMALL-NEXT: %[[newnan:[a-zA-Z0-9_]+]] = arith.andi %[[nan1]], %[[num0]] : i1
// SMALL-NEXT: %[[bothnan:[a-zA-Z0-9_]+]] = arith.andi %[[nan0]], %[[nan1]] : i1
// SMALL-NEXT: %[[nantie:[a-zA-Z0-9_]+]] = arith.andi %[[bothnan]], %[[lt]] : i1
// SMALL-NEXT: %[[p0:[a-zA-Z0-9_]+]] = arith.ori %[[better]], %[[newnan]] : i1
// SMALL-NEXT: %[[pick:[a-zA-Z0-9_]+]] = arith.ori %[[p0]], %[[nantie]] : i1
// SMALL-NEXT: %[[v:[a-zA-Z0-9_]+]] = arith.select %[[pick]], %[[v1]], %[[v0]] : f32
// SMALL-NEXT: %[[i:[a-zA-Z0-9_]+]] = arith.select %[[pick]], %[[i1]], %[[i0]] : i32
// SMALL-NEXT: mdh.yield %[[v]], %[[i]] : f32, i32
// SMALL-NEXT: }
// SMALL-LABEL: func.func @argmax_small(
// SMALL-SAME: %[[x:[a-zA-Z0-9_]+]]: memref<1009xf32>, %[[max:[a-zA-Z0-9_]+]]: memref<f32>, %[[arg:[a-zA-Z0-9_]+]]: memref<i32>) {
// SMALL-NEXT: mdh.compute "argmax" sizes(1009) combine(pw(@argmax))
// SMALL-NEXT: ins(%[[x]] : memref<1009xf32> [(d0) -> (d0)])
// SMALL-NEXT: outs(%[[max]] : memref<f32> [(d0) -> ()], %[[arg]] : memref<i32> [(d0) -> ()]) {
// SMALL-NEXT: ^bb0(%[[v:[a-zA-Z0-9_]+]]: f32):
// SMALL-NEXT: %[[k:[a-zA-Z0-9_]+]] = mdh.index 0
// SMALL-NEXT: %[[ki:[a-zA-Z0-9_]+]] = arith.index_cast %[[k]] : index to i32
// SMALL-NEXT: mdh.yield %[[v]], %[[ki]] : f32, i32
// SMALL-NEXT: }
// SMALL-NEXT: return
// SMALL-NEXT: }

// LLVM-DAG: llvm.func @argmax_16777216(
// SMALL-LLVM-DAG: llvm.func @argmax_small(
