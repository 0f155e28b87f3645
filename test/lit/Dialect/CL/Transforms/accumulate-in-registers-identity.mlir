// RUN: mdh-opt %s --mdh-cl-accumulate-in-registers="start-at-identity=true" -split-input-file | FileCheck %s
// RUN: mdh-opt %s --mdh-cl-accumulate-in-registers -split-input-file | FileCheck %s --check-prefix=OFF

// With start-at-identity (the GPU pipeline), a register tile of a builtin
// combiner with an exact identity starts at it before the nest, and the
// accumulation in the nest combines unconditionally (first = false): a
// contraction's body is then one multiply-add. -0.0 is the identity of
// floating-point add (-0 + x == x also for x = -0). The flush into the
// partial results keeps the original flag.

// CHECK-LABEL: func.func @rows(
// CHECK:         %[[ACC:.*]] = mdh_cl.buffer register : memref<4xf32>
// CHECK:         %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG:     memref.store %[[ID]], %[[ACC]][%c0{{.*}}] : memref<4xf32>
// CHECK-DAG:     memref.store %[[ID]], %[[ACC]][%c1{{.*}}] : memref<4xf32>
// CHECK-DAG:     memref.store %[[ID]], %[[ACC]][%c2{{.*}}] : memref<4xf32>
// CHECK-DAG:     memref.store %[[ID]], %[[ACC]][%c3{{.*}}] : memref<4xf32>
// CHECK:         mdh_cl.for
// CHECK:           %[[NOFIRST:.*]] = arith.constant false
// CHECK:           mdh_cl.accumulate %{{.*}} into %[[ACC]][%{{.*}}] first %[[NOFIRST]] combine pw(add)
// The flush: the original flag as it was at the first point.
// CHECK:         mdh_cl.for
// CHECK:           %[[T:.*]] = memref.load %[[ACC]]
// CHECK:           %[[FF:.*]] = memref.load
// CHECK:           mdh_cl.accumulate %[[T]] into %{{.*}}[%{{.*}}] first %[[FF]] combine pw(add)
// OFF-LABEL:   func.func @rows(
// OFF-NOT:       arith.constant -0.000000e+00
// OFF:           mdh_cl.accumulate %{{.*}} into %{{.*}} first %{{.*}} combine pw(add)
func.func @rows(%M: memref<10x8xf32>, %w: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c10 step %c4 {
        %e = arith.addi %i3, %c4 : index
        %hi = arith.minui %e, %c10 : index
        mdh_cl.for %k3 = %c0 to %c8 step %c2 {
          %ek = arith.addi %k3, %c2 : index
          %hk = arith.minui %ek, %c8 : index
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %k = %k3 to %hk step %c1 {
              %v = memref.load %M[%i, %k] : memref<10x8xf32>
              %first = arith.cmpi eq, %k, %c0 : index
              mdh_cl.accumulate %v into %w[%i] first %first combine pw(add) : f32 into memref<10xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// max on i32 starts at the smallest i32.
// CHECK-LABEL: func.func @int_max(
// CHECK:         %[[ID:.*]] = arith.constant -2147483648 : i32
// CHECK:         mdh_cl.accumulate %{{.*}} first %false{{.*}} combine pw(maxsi)
func.func @int_max(%M: memref<10x8xi32>, %w: memref<10xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c10 step %c4 {
        %e = arith.addi %i3, %c4 : index
        %hi = arith.minui %e, %c10 : index
        mdh_cl.for %k = %c0 to %c8 step %c1 {
          mdh_cl.for %i = %i3 to %hi step %c1 {
            %v = memref.load %M[%i, %k] : memref<10x8xi32>
            %first = arith.cmpi eq, %k, %c0 : index
            mdh_cl.accumulate %v into %w[%i] first %first combine pw(maxsi) : i32 into memref<10xi32>
          }
        }
      }
    }
  }
  return
}
