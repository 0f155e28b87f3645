// RUN: mdh-opt %s --mdh-cl-to-gpu --split-input-file | FileCheck %s

// Loops over a register tile with a constant trip count (step 1, `lo + c`
// or constant bounds, a register buffer used inside, no barrier) run from 0
// to their trip count, with `lo + j` as the index, and carry an LLVM loop
// annotation that unrolls them fully: then every index into the register
// buffer is a constant and it stays in registers (scf-to-cf moves the
// annotation to the back edge).

// CHECK-DAG:   #[[UNROLL:.*]] = #llvm.loop_unroll<full = true>
// CHECK-DAG:   #[[FULL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @register_tile(
// CHECK:         gpu.launch
// CHECK-DAG:       %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:       %[[C4:.*]] = arith.constant 4 : index
// CHECK:           scf.for %[[J:.*]] = %[[C0]] to %[[C4]] step %{{.*}} {
// CHECK-NEXT:        %[[I:.*]] = arith.addi %[[LO:.*]], %[[J]] : index
// CHECK:             memref.load %{{.*}}[%[[I]]] : memref<64xf32>
// CHECK:           } {loop_annotation = #[[FULL]]}
// A loop over the tile whose trip count is not known (its end is a `min`)
// is left alone.
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:       loop_annotation
// CHECK:           gpu.terminator
func.func @register_tile(%A: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %bx = %c0 to %c1 step %c1 on blocks x {
      mdh_cl.par_for %tx = %c0 to %c16 step %c1 on threads x {
        %acc = mdh_cl.buffer register : memref<4xf32>
        %lo = arith.muli %tx, %c4 : index
        %hi = arith.addi %lo, %c4 : index
        mdh_cl.for %i = %lo to %hi step %c1 {
          %x = memref.load %A[%i] : memref<64xf32>
          %r = arith.subi %i, %lo : index
          memref.store %x, %acc[%r] : memref<4xf32>
        }
        %end = arith.minui %hi, %n : index
        mdh_cl.for %i = %lo to %end step %c1 {
          %r = arith.subi %i, %lo : index
          %x = memref.load %acc[%r] : memref<4xf32>
          memref.store %x, %A[%i] : memref<64xf32>
        }
      }
    }
  }
  return
}
