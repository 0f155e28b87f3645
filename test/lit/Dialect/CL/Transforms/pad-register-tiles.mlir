// RUN: mdh-opt %s --mdh-cl-pad-register-tiles=report=true -split-input-file -verify-diagnostics | FileCheck %s

// A thread's loop over its register tile, [lo, min(lo + 4, n)), runs 4
// times with the body guarded by the bound: the register buffer's indices
// become constants once the loop is unrolled.

// CHECK-LABEL: func.func @tile(
// CHECK:         %[[ACC:.*]] = mdh_cl.buffer register : memref<4xf32>
// CHECK:         %[[HI:.*]] = arith.minui
// CHECK:         %[[FOUR:.*]] = arith.constant 4 : index
// CHECK:         mdh_cl.for %[[J:.*]] = %{{.*}} to %[[FOUR]] step %{{.*}} {
// CHECK-NEXT:      %[[I:.*]] = arith.addi %[[LO:.*]], %[[J]] : index
// CHECK-NEXT:      %[[IN:.*]] = arith.cmpi ult, %[[I]], %[[HI]] : index
// CHECK-NEXT:      scf.if %[[IN]] {
// CHECK-NEXT:        %[[K:.*]] = arith.subi %[[I]], %[[LO]] : index
// CHECK-NEXT:        %[[V:.*]] = memref.load %{{.*}}[%[[I]]] : memref<10xf32>
// CHECK-NEXT:        memref.store %[[V]], %[[ACC]][%[[K]]] : memref<4xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// expected-remark @+1 {{mdh-cl-pad-register-tiles: 1 register-tile loops padded}}
func.func @tile(%a: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c3 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<4xf32>
      %lo = arith.muli %t, %c4 : index
      %e = arith.addi %lo, %c4 : index
      %hi = arith.minui %e, %c10 : index
      mdh_cl.for %i = %lo to %hi step %c1 {
        %k = arith.subi %i, %lo : index
        %v = memref.load %a[%i] : memref<10xf32>
        memref.store %v, %acc[%k] : memref<4xf32>
      }
    }
  }
  return
}

// -----

// A copy into a register buffer (transposed) runs over the buffer's shape,
// guarded by the copy's sizes; the destination's last two indices are the
// source's swapped.

// CHECK-LABEL: func.func @copy(
// CHECK-SAME:      %[[SRC:.*]]: memref<8x8xf32>, %[[ROWS:.*]]: index, %[[COLS:.*]]: index
// CHECK:         %[[R:.*]] = mdh_cl.buffer register : memref<2x3xf32>
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         mdh_cl.for %[[A:.*]] = %{{.*}} to %[[C3]] step
// CHECK-NEXT:      %[[INA:.*]] = arith.cmpi ult, %[[A]], %[[ROWS]] : index
// CHECK-NEXT:      scf.if %[[INA]] {
// CHECK-NEXT:        mdh_cl.for %[[B:.*]] = %{{.*}} to %[[C2]] step
// CHECK-NEXT:          %[[INB:.*]] = arith.cmpi ult, %[[B]], %[[COLS]] : index
// CHECK-NEXT:          scf.if %[[INB]] {
// CHECK-NEXT:            %[[SA:.*]] = arith.addi %{{.*}}, %[[A]] : index
// CHECK-NEXT:            %[[SB:.*]] = arith.addi %{{.*}}, %[[B]] : index
// CHECK-NEXT:            %[[V:.*]] = memref.load %[[SRC]][%[[SA]], %[[SB]]] : memref<8x8xf32>
// CHECK-NEXT:            memref.store %[[V]], %[[R]][%[[B]], %[[A]]] : memref<2x3xf32>
// CHECK-NOT:     mdh_cl.copy
// expected-remark @+1 {{mdh-cl-pad-register-tiles: 1 copies into register buffers padded}}
func.func @copy(%src: memref<8x8xf32>, %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %r = mdh_cl.buffer register : memref<2x3xf32>
      mdh_cl.copy %src[%c4, %t] [%rows, %cols] to %r layout transposed : memref<8x8xf32> to memref<2x3xf32>
    }
  }
  return
}

// -----

// A rotated copy: source dimension 0 is the destination's last, so the
// loops run over the destination's extents 3, 4, 2 in the source's order
// (2, 3, 4) and the store moves the first counter innermost.

// CHECK-LABEL: func.func @copy_rotated(
// CHECK-SAME:      %[[SRC:.*]]: memref<8x8x8xf32>, %[[N:.*]]: index
// CHECK:         %[[R:.*]] = mdh_cl.buffer register : memref<3x4x2xf32>
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         mdh_cl.for %[[A:.*]] = %{{.*}} to %[[C2]] step
// CHECK:           mdh_cl.for %[[B:.*]] = %{{.*}} to %[[C3]] step
// CHECK:             mdh_cl.for %[[C:.*]] = %{{.*}} to %[[C4]] step
// CHECK:                   %[[V:.*]] = memref.load %[[SRC]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<8x8x8xf32>
// CHECK-NEXT:              memref.store %[[V]], %[[R]][%[[B]], %[[C]], %[[A]]] : memref<3x4x2xf32>
// expected-remark @+1 {{mdh-cl-pad-register-tiles: 1 copies into register buffers padded}}
func.func @copy_rotated(%src: memref<8x8x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %r = mdh_cl.buffer register : memref<3x4x2xf32>
      mdh_cl.copy %src[%t, %t, %t] [%n, %n, %n] to %r layout rotated : memref<8x8x8xf32> to memref<3x4x2xf32>
    }
  }
  return
}

// -----

// Left alone: a loop with a barrier (uniform bounds), a loop that uses no register buffer,
// a loop with a known trip count (lo to lo + 4), one bounded by more than
// max-trips, and one whose trip count has no constant bound.

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @left_alone(%a: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %f = arith.constant 0.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<32xf32>
      %ulo = arith.muli %n, %c4 : index
      %ue = arith.addi %ulo, %c4 : index
      %uhi = arith.minui %ue, %c64 : index
      mdh_cl.for %i = %ulo to %uhi step %c1 {
        %k = arith.subi %i, %ulo : index
        memref.store %f, %acc[%k] : memref<32xf32>
        mdh_cl.barrier
      }
      %lo = arith.muli %t, %c4 : index
      %e = arith.addi %lo, %c4 : index
      %hi = arith.minui %e, %c64 : index
      mdh_cl.for %i = %lo to %hi step %c1 {
        memref.store %f, %a[%i] : memref<64xf32>
      }
      mdh_cl.for %i = %lo to %e step %c1 {
        %k = arith.subi %i, %lo : index
        memref.store %f, %acc[%k] : memref<32xf32>
      }
      %e32 = arith.addi %lo, %c32 : index
      %hi32 = arith.minui %e32, %c64 : index
      mdh_cl.for %i = %lo to %hi32 step %c1 {
        %k = arith.subi %i, %lo : index
        memref.store %f, %acc[%k] : memref<32xf32>
      }
      mdh_cl.for %i = %lo to %n step %c1 {
        %k = arith.subi %i, %lo : index
        memref.store %f, %acc[%k] : memref<32xf32>
      }
    }
  }
  return
}
