// RUN: mdh-opt %s --mdh-cl-accumulate-in-registers="start-at-identity=true" -split-input-file | FileCheck %s

// The two branches of an `scf.if` (GPU code's full and partial blocks)
// share their register tiles: one tile and one flag, created before the
// `if`. Separate tiles end up in local memory once LLVM merges the
// branches' identical flushes through a phi of the two addresses.

// CHECK-LABEL: func.func @versions(
// CHECK:         %[[ACC:.*]] = mdh_cl.buffer register : memref<4xf32>
// CHECK:         %[[FLAG:.*]] = mdh_cl.buffer register : memref<1xi1>
// CHECK:         scf.if
// CHECK-NOT:       mdh_cl.buffer
// CHECK:           mdh_cl.accumulate %{{.*}} into %[[ACC]]
// CHECK:           memref.store %{{.*}}, %[[FLAG]]
// CHECK:         } else {
// CHECK-NOT:       mdh_cl.buffer
// CHECK:           mdh_cl.accumulate %{{.*}} into %[[ACC]]
// CHECK:           memref.store %{{.*}}, %[[FLAG]]
// CHECK:         }
func.func @versions(%M: memref<10x8xf32>, %w: memref<10xf32>, %full: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      scf.if %full {
        mdh_cl.for %i3 = %c0 to %c8 step %c4 {
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
      } else {
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
  }
  return
}

// -----

// Tiles of different shapes are not shared; their flags are.

// CHECK-LABEL: func.func @shapes(
// CHECK:         mdh_cl.buffer register : memref<1xi1>
// CHECK-NEXT:    scf.if
// CHECK:           mdh_cl.buffer register : memref<4xf32>
// CHECK:         } else {
// CHECK:           mdh_cl.buffer register : memref<2xf32>
func.func @shapes(%M: memref<10x8xf32>, %w: memref<10xf32>, %full: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      scf.if %full {
        mdh_cl.for %i3 = %c0 to %c10 step %c4 {
          %e = arith.addi %i3, %c4 : index
          %hi = arith.minui %e, %c10 : index
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %k = %c0 to %c8 step %c1 {
              %v = memref.load %M[%i, %k] : memref<10x8xf32>
              %first = arith.cmpi eq, %k, %c0 : index
              mdh_cl.accumulate %v into %w[%i] first %first combine pw(add) : f32 into memref<10xf32>
            }
          }
        }
      } else {
        mdh_cl.for %i3 = %c0 to %c10 step %c2 {
          %e = arith.addi %i3, %c2 : index
          %hi = arith.minui %e, %c10 : index
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %k = %c0 to %c8 step %c1 {
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

// A branch around the threads' loop: each thread keeps its own tile, which
// a tile created before the `if` (outside the threads) would not be.

// CHECK-LABEL: func.func @threads_inside(
// CHECK:         scf.if
// CHECK-NEXT:      mdh_cl.par_for
// CHECK:             mdh_cl.buffer register : memref<4xf32>
// CHECK:         } else {
// CHECK-NEXT:      mdh_cl.par_for
// CHECK:             mdh_cl.buffer register : memref<4xf32>
func.func @threads_inside(%M: memref<10x8xf32>, %w: memref<10xf32>, %full: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  mdh_cl.phase "main" {
    scf.if %full {
      mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
        mdh_cl.for %i3 = %c0 to %c10 step %c4 {
          %e = arith.addi %i3, %c4 : index
          %hi = arith.minui %e, %c10 : index
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %k = %c0 to %c8 step %c1 {
              %v = memref.load %M[%i, %k] : memref<10x8xf32>
              %first = arith.cmpi eq, %k, %c0 : index
              mdh_cl.accumulate %v into %w[%i] first %first combine pw(add) : f32 into memref<10xf32>
            }
          }
        }
      }
    } else {
      mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
        mdh_cl.for %i3 = %c0 to %c10 step %c4 {
          %e = arith.addi %i3, %c4 : index
          %hi = arith.minui %e, %c10 : index
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %k = %c0 to %c8 step %c1 {
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
