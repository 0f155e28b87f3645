// RUN: mdh-opt %s --mdh-cl-eliminate-partition-indices=report -split-input-file -verify-diagnostics | FileCheck %s

// Loops that run exactly once become their body: constant bounds with one
// trip; `lb + c` with c <= step; `min(lb + c, x)` with lb an induction
// variable bounded by x; `min((u mod P) * t + c, N)` with (P-1)*t < N.
// Loops that may run more often, or not at all, stay.

// CHECK-LABEL: func.func @loops(
// CHECK-SAME:      %[[BUF:.*]]: memref<64xf32>, %[[X:.*]]: index, %[[V:.*]]: f32)
// CHECK:         mdh_cl.par_for %[[U:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on threads x {
// CHECK:           %[[REM:.*]] = arith.remui %[[U]], %c4 : index
// CHECK:           %[[LO:.*]] = arith.muli %[[REM]], %c16 : index
// CHECK-NOT:       mdh_cl.for %{{.*}} = %c0 to %c16 step %c16
// CHECK:           memref.store %[[V]], %[[BUF]][%c0]
// CHECK:           mdh_cl.for %[[I:.*]] = %[[LO]] to %{{.*}} step %c8 {
// CHECK-NOT:         mdh_cl.for
// CHECK:             memref.store %[[V]], %[[BUF]][%[[I]]]
// CHECK:           }
// CHECK:           mdh_cl.for %[[J:.*]] = %c0 to %c64 step %c16 {
// CHECK-NEXT:        memref.store %[[V]], %[[BUF]][%[[J]]]
// CHECK:           mdh_cl.for %{{.*}} = %[[X]] to %{{.*}} step %c4 {
// CHECK:           mdh_cl.for %{{.*}} = %c0 to %[[X]] step %c16 {
// expected-remark @below {{mdh-cl-eliminate-partition-indices: 3 single-trip loops removed}}
func.func @loops(%buf: memref<64xf32>, %x: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %u = %c0 to %c4 step %c1 on threads x {
      // (u mod 4) * 16 < 64: the loop over the thread's 16 elements in
      // steps of 16 runs once.
      %rem = arith.remui %u, %c4 : index
      %lo = arith.muli %rem, %c16 : index
      %end = arith.addi %lo, %c16 : index
      %hi = arith.minui %end, %c64 : index
      // Constant bounds, one trip.
      mdh_cl.for %k = %c0 to %c16 step %c16 {
        memref.store %v, %buf[%k] : memref<64xf32>
      }
      mdh_cl.for %l = %lo to %hi step %c16 {
        mdh_cl.for %i = %l to %hi step %c8 {
          // min(i + 8, hi) with i < hi: one trip of step 8.
          %e = arith.addi %i, %c8 : index
          %h = arith.minui %e, %hi : index
          mdh_cl.for %ii = %i to %h step %c8 {
            memref.store %v, %buf[%ii] : memref<64xf32>
          }
        }
      }
      // Four trips.
      mdh_cl.for %j = %c0 to %c64 step %c16 {
        memref.store %v, %buf[%j] : memref<64xf32>
      }
      // x + 8 with step 4: two trips.
      %x8 = arith.addi %x, %c8 : index
      mdh_cl.for %m = %x to %x8 step %c4 {
        memref.store %v, %buf[%m] : memref<64xf32>
      }
      // Unknown upper bound: perhaps no trip at all.
      mdh_cl.for %n = %c0 to %x step %c16 {
        memref.store %v, %buf[%n] : memref<64xf32>
      }
    }
  }
  return
}

// -----

// A thread's part of its block's tile, as LL-to-CL writes it for GPUs: the
// block loop [b * 32, min(b * 32 + 32, 1024)) step 32 runs once because
// b * 32 <= 31 * 32 < 1024; the thread loop [t0 + (t mod 8) * 4, ...) step 4
// inside it runs once because (t mod 8) * 4 <= 28 < 32, which the pass sees
// in a second round, once the block loop's induction variable is its lower
// bound t0 = b * 32.

// CHECK-LABEL: func.func @thread_in_block(
// CHECK-NOT:     mdh_cl.for
// CHECK:         memref.store
// CHECK-NOT:     mdh_cl.for
// CHECK:         return
// expected-remark @below {{mdh-cl-eliminate-partition-indices: 2 single-trip loops removed}}
func.func @thread_in_block(%buf: memref<1024xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c32 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c256 step %c1 on threads x {
        %rb = arith.remui %b, %c32 : index
        %b0 = arith.muli %rb, %c32 : index
        %be = arith.addi %b0, %c32 : index
        %bhi = arith.minui %be, %c1024 : index
        mdh_cl.for %t0 = %b0 to %bhi step %c32 {
          %te = arith.addi %t0, %c32 : index
          %thi = arith.minui %te, %bhi : index
          %rt = arith.remui %t, %c8 : index
          %off = arith.muli %rt, %c4 : index
          %lo = arith.addi %t0, %off : index
          %e = arith.addi %lo, %c4 : index
          %hi = arith.minui %e, %thi : index
          mdh_cl.for %i = %lo to %hi step %c4 {
            memref.store %v, %buf[%i] : memref<1024xf32>
          }
        }
      }
    }
  }
  return
}
