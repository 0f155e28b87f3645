// RUN: mdh-opt %s | mdh-opt | FileCheck %s

// A hand-written schedule parses, verifies and prints back the same:
// levels with tiles, orders and (strided) assignments, a packed transposed
// copy, the scalar phase and the combines with their regions and syncs.

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME:      %[[M:.*]]: memref<64x32xf32>, %[[V:.*]]: memref<32xf32>, %[[W:.*]]: memref<64xf32>)
// CHECK:         mdh_ll.schedule "matvec" on #mdh_ll.openmp<cores = 4> sizes(64, 32) combine(cc, pw(add))
// CHECK-NEXT:        ins(%[[M]] : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %[[V]] : memref<32xf32> [(d0, d1) -> (d1)])
// CHECK-NEXT:        outs(%[[W]] : memref<64xf32> [(d0, d1) -> (d0)]) {
// CHECK-NEXT:      mdh_ll.level 0 "threads" parallel tiles [16, 16] order [1, 0] assign [x, y] strided {
// CHECK-NEXT:        mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
// CHECK-NEXT:          mdh_ll.level 2 "l1_tile" sequential tiles [16, 8] order [0, 1] {
// CHECK-NEXT:            mdh_ll.copy %[[M]] to packed layout transposed : memref<64x32xf32>
// CHECK-NEXT:            mdh_ll.level 3 "register_tile" simd tiles [8, 1] order [1, 0] {
// CHECK-NEXT:              mdh_ll.scalar {
// CHECK-NEXT:              ^bb0(%[[I:.*]]: index, %[[K:.*]]: index, %[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT:                %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:                mdh_ll.yield %[[P]] : f32
// CHECK-NEXT:              }
// CHECK-NEXT:            }
// CHECK-NEXT:            mdh_ll.combine %[[W]] dims [1] across 3 in register sync none : memref<64xf32>
// CHECK-NEXT:          }
// CHECK-NEXT:          mdh_ll.combine %[[W]] dims [1] across 2 in register sync none : memref<64xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      mdh_ll.combine %[[W]] dims [1] across 0 in device sync phase : memref<64xf32>
// CHECK-NEXT:    }
func.func @matvec(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<cores = 4> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)],
          %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16] order [1, 0] assign [x, y] strided {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 8] order [0, 1] {
          mdh_ll.copy %M to packed layout transposed : memref<64x32xf32>
          mdh_ll.level 3 "register_tile" simd tiles [8, 1] order [1, 0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
        mdh_ll.combine %w dims [1] across 2 in register sync none : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}
