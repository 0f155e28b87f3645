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
