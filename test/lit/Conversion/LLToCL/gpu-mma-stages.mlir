// RUN: mdh-opt %s --mdh-ll-to-cl | mdh-opt | FileCheck %s

// A tensor-core schedule with `stages 2` (docs/tuning-parameters.md,
// "Stages"): the shared tiles of A (32 x 24 padded) and B (16 x 40 padded)
// hold two stages one after another along their first dimension, stage 1
// from row 32 of A and row 16 of B; in the blocks whose tiles of m and n
// are full, the first tile of k is copied into stage 0 before the loop,
// and the loop runs two tiles per iteration, each after one barrier: the
// copies of the next tile into the other stage, then the products over
// this one, so that every stage offset is a constant. k = 80 is five tiles
// of 16: two iterations, then the fifth tile alone (no copy after it). The
// other blocks keep one stage: a barrier, the copies with zeros past the
// ends into stage 0, a barrier, the products.

// CHECK-LABEL: func.func @mm(
// CHECK: %[[SA:.*]] = mdh_cl.buffer shared : memref<64x24xf16>
// CHECK: %[[SB:.*]] = mdh_cl.buffer shared : memref<32x40xf16>
// CHECK: scf.if
// CHECK-NEXT: mdh_cl.barrier
// CHECK: vector.store %{{.*}}, %[[SA]][%{{[0-9]+}}, %{{.*}}]
// CHECK: vector.store %{{.*}}, %[[SB]][%{{[0-9]+}}, %{{.*}}]
// CHECK: %[[TWO:.*]] = arith.constant 2 : index
// CHECK: mdh_cl.for %[[R:.*]] = %{{.*}} to %[[TWO]] step
// Tile 2r: the copies of tile 2r + 1 into stage 1, the products on stage 0.
// CHECK: mdh_cl.barrier
// CHECK-NOT: mdh_cl.barrier
// CHECK: vector.store %{{.*}}, %[[SA]][%{{[0-9]+}}, %{{.*}}]
// CHECK-NOT: mdh_cl.barrier
// CHECK: vector.store %{{.*}}, %[[SB]][%{{[0-9]+}}, %{{.*}}]
// CHECK-NOT: mdh_cl.barrier
// Stage 0: B's rows are k itself.
// CHECK: mdh_cl.mma m16n8k16 tiles [2, 2] %[[SA]][%{{[0-9]+}}, %[[K0:arg[0-9]+]]], %[[SB]][%[[K0]], %{{.*}}]
// Tile 2r + 1: the copies of tile 2r + 2 into stage 0 (there is one: the
// fifth tile follows the loop), the products on stage 1.
// CHECK: mdh_cl.barrier
// CHECK-NOT: mdh_cl.barrier
// CHECK-NOT: scf.if
// CHECK: vector.store %{{.*}}, %[[SA]][%{{[0-9]+}}, %{{.*}}]
// CHECK-NOT: mdh_cl.barrier
// CHECK: vector.store %{{.*}}, %[[SB]][%{{[0-9]+}}, %{{.*}}]
// CHECK-NOT: mdh_cl.barrier
// Stage 1: 32 rows of A and 16 of B further.
// CHECK: %[[MA1:[0-9]+]] = arith.addi %{{.*}}, %c32{{[_0-9]*}} : index
// CHECK-NEXT: %c16{{[_0-9]*}} = arith.constant 16 : index
// CHECK-NEXT: %[[MB1:[0-9]+]] = arith.addi %[[KK:arg[0-9]+]], %c16{{[_0-9]*}} : index
// CHECK: mdh_cl.mma m16n8k16 tiles [2, 2] %[[SA]][%[[MA1]], %[[KK]]], %[[SB]][%[[MB1]], %{{.*}}]
// CHECK-NEXT: }
// CHECK-NEXT: }
// The fifth tile: stage 0, no copies.
// CHECK-NEXT: mdh_cl.barrier
// CHECK-NOT: store
// CHECK: mdh_cl.mma m16n8k16 tiles [2, 2] %[[SA]][%{{[0-9]+}}, %[[K5:.*]]], %[[SB]][%[[K5]], %{{.*}}]
// CHECK: } else {
// CHECK: mdh_cl.for %{{.*}} = %{{.*}} to %c80 step %c16{{[_0-9]*}} {
// CHECK-NEXT: mdh_cl.barrier
// CHECK: memref.store %{{.*}}, %[[SA]][%{{.*}}, %{{.*}}]
// CHECK: memref.store %{{.*}}, %[[SB]][%{{.*}}, %{{.*}}]
// CHECK: mdh_cl.barrier
// CHECK: mdh_cl.mma m16n8k16 tiles [2, 2] %[[SA]][%{{[0-9]+}}, %[[K6:.*]]], %[[SB]][%[[K6]], %{{.*}}]

func.func @mm(%arg0: memref<64x80xf16>, %arg1: memref<80x32xf16>, %arg2: memref<64x32xf32>) {
  mdh_ll.schedule "mm" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32, 80) combine(cc, cc, pw(add))
      ins(%arg0 : memref<64x80xf16> [(d0, d1, d2) -> (d0, d2)], %arg1 : memref<80x32xf16> [(d0, d1, d2) -> (d2, d1)])
      outs(%arg2 : memref<64x32xf32> [(d0, d1, d2) -> (d0, d1)]) {
    mdh_ll.level 0 "blocks" parallel tiles [32, 32, 80] order [0, 1, 2] assign [x, x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [32, 32, 16] order [2, 0, 1] stages 2 {
        mdh_ll.copy %arg0 to shared layout identity : memref<64x80xf16>
        mdh_ll.copy %arg1 to shared layout identity : memref<80x32xf16>
        mdh_ll.level 2 "threads" parallel tiles [32, 16, 16] order [0, 1, 2] assign [x, x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [16, 8, 16] order [0, 1, 2] mma m16n8k16 {
            mdh_ll.scalar {
            ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: f16, %arg7: f16):
              %0 = arith.extf %arg6 : f16 to f32
              %1 = arith.extf %arg7 : f16 to f32
              %2 = arith.mulf %0, %1 : f32
              mdh_ll.yield %2 : f32
            }
          }
          mdh_ll.combine %arg2 dims [2] across 3 in register sync none : memref<64x32xf32>
        }
      }
      mdh_ll.combine %arg2 dims [2] across 1 in register sync none : memref<64x32xf32>
    }
  }
  return
}
