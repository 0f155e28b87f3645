// RUN: mdh-opt %s --mdh-cl-unroll=report --canonicalize -split-input-file -verify-diagnostics | FileCheck %s

// The tile loop over rows (step 4, tiles ending at min(lo + 4, 10)) splits
// into its full tiles (0 to 8) and the partial last tile; in the full tiles
// the point loop runs exactly 4 times and is unrolled.

// CHECK-LABEL: func.func @tiles(
// CHECK-SAME:      %[[W:.*]]: memref<10xf32>, %[[V:.*]]: f32)
// CHECK:         mdh_cl.for %[[LO:.*]] = %c0 to %c8 step %c4 {
// CHECK-NEXT:      memref.store %[[V]], %[[W]][%[[LO]]]
// CHECK-COUNT-3:   memref.store %[[V]], %[[W]]
// CHECK-NEXT:    }
// CHECK-NEXT:    mdh_cl.for %[[PLO:.*]] = %c8 to %c10 step %c4 {
// CHECK:           %[[PHI:.*]] = arith.minui
// CHECK:           mdh_cl.for %[[I:.*]] = %[[PLO]] to %[[PHI]] step %c1 {
// CHECK:             memref.store %[[V]], %[[W]][%[[I]]]
// expected-remark @+2 {{mdh-cl-unroll: 1 tile loops split into full and partial tiles}}
// expected-remark @+1 {{mdh-cl-unroll: 1 loops fully unrolled}}
func.func @tiles(%w: memref<10xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %lo = %c0 to %c10 step %c4 {
        %e = arith.addi %lo, %c4 : index
        %hi = arith.minui %e, %c10 : index
        mdh_cl.for %i = %lo to %hi step %c1 {
          memref.store %v, %w[%i] : memref<10xf32>
        }
      }
    }
  }
  return
}

// -----

// A thread's range of a partial tile, [lo, hi) = [2t, min(2t + 2, 3)) for
// threads t = 0, 1, 2: thread 2 has lo = 4 > hi = 3 and runs zero times.
// The split uses max(hi, lo) - lo as the span, so that its full and
// partial loops run zero times too. (With hi - lo, which wraps, the partial
// loop of thread 2 ran once from 3 to 3 + 1 and stored w[3]; found on the
// GPU CL-IR of a random small MatVec configuration by the CUDA emulation.)

// CHECK-LABEL: func.func @idle_thread(
// CHECK:         %[[LO:.*]] = arith.muli %{{.*}}, %c2 : index
// CHECK:         %[[HI:.*]] = arith.minui
// CHECK:         %[[TOP:.*]] = arith.maxui %[[HI]], %[[LO]] : index
// CHECK:         %[[SPAN:.*]] = arith.subi %[[TOP]], %[[LO]] : index
// CHECK:         %[[TILES:.*]] = arith.divui %[[SPAN]], %c2 : index
// CHECK:         %[[FULL:.*]] = arith.muli %[[TILES]], %c2 : index
// CHECK:         %[[MID:.*]] = arith.addi %[[LO]], %[[FULL]] : index
// CHECK:         mdh_cl.for %{{.*}} = %[[LO]] to %[[MID]] step %c2 {
// CHECK:         mdh_cl.for %{{.*}} = %[[MID]] to %[[HI]] step %c2 {
// expected-remark @+2 {{mdh-cl-unroll: 1 tile loops split into full and partial tiles}}
// expected-remark @+1 {{mdh-cl-unroll: 1 loops fully unrolled}}
func.func @idle_thread(%w: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c3 step %c1 on threads x {
      %lo = arith.muli %t, %c2 : index
      %e = arith.addi %lo, %c2 : index
      %hi = arith.minui %e, %c3 : index
      mdh_cl.for %lo3 = %lo to %hi step %c2 {
        %e3 = arith.addi %lo3, %c2 : index
        %hi3 = arith.minui %e3, %hi : index
        mdh_cl.for %i = %lo3 to %hi3 step %c1 {
          memref.store %v, %w[%i] : memref<4xf32>
        }
      }
    }
  }
  return
}
