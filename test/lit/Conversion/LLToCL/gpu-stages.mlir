// RUN: mdh-opt %s --mdh-ll-to-cl | mdh-opt | FileCheck %s

// An FFMA schedule with `stages 2` (docs/tuning-parameters.md, "Stages"):
// C = A B of 40x24x100, k split over two blocks of 68 (the second holds 32)
// in shared tiles of 17. The shared tiles hold two stages one after another
// along their first dimension (A: 2 x 40 rows of 17, B: 2 x 17 rows of 24).
// The loop over a block's tiles of k is the one it has with one stage (so
// that the accumulators stay in registers across it), as a pipeline: the
// first tile is copied before it; each trip is one barrier, the copies of
// the next tile (if there is one) into the other stage, then the thread's
// register tiles read from this trip's stage (k - lo) / 17 % 2.

// CHECK-LABEL: func.func @mm(
// CHECK: %[[SA:.*]] = mdh_cl.buffer shared : memref<80x17xf32>
// CHECK: %[[SB:.*]] = mdh_cl.buffer shared : memref<34x24xf32>
// CHECK: %[[RA:.*]] = mdh_cl.buffer register : memref<8x1xf32>
// CHECK: %[[RB:.*]] = mdh_cl.buffer register : memref<1x8xf32>
// CHECK: scf.if
// The first tile into stage 0, after a barrier.
// CHECK: mdh_cl.barrier
// CHECK: memref.store %{{.*}}, %[[SA]]
// CHECK: vector.store %{{.*}}, %[[SB]]
// CHECK: mdh_cl.for %[[K:.*]] = %[[LO:.*]] to %[[HI:.*]] step %c17{{[_0-9]*}} {
// CHECK-NEXT: %[[REL:.*]] = arith.subi %[[K]], %[[LO]] : index
// CHECK-NEXT: %c17{{[_0-9]*}} = arith.constant 17 : index
// CHECK-NEXT: %[[T:.*]] = arith.divui %[[REL]], %c17{{[_0-9]*}} : index
// CHECK-NEXT: %c2{{[_0-9]*}} = arith.constant 2 : index
// CHECK-NEXT: %[[STAGE:.*]] = arith.remui %[[T]], %c2{{[_0-9]*}} : index
// CHECK-NEXT: mdh_cl.barrier
// CHECK-NOT: mdh_cl.barrier
// CHECK: %[[NEXT:.*]] = arith.addi %[[K]], %c17{{[_0-9]*}} : index
// CHECK-NEXT: %[[MORE:.*]] = arith.cmpi ult, %[[NEXT]], %[[HI]] : index
// CHECK-NEXT: scf.if %[[MORE]] {
// The next tile into stage (t + 1) % 2: its first rows at 40 (A) and 17 (B)
// times that.
// CHECK: %[[S1:.*]] = arith.addi %[[STAGE]], %c1{{[_0-9]*}} : index
// CHECK: %[[OTHER:.*]] = arith.remui %[[S1]], %c2{{[_0-9]*}} : index
// CHECK: %[[OFFA:.*]] = arith.muli %[[OTHER]], %c40{{[_0-9]*}} : index
// CHECK: %[[ROWA:.*]] = arith.addi %{{.*}}, %[[OFFA]] : index
// CHECK-NEXT: %[[XA:.*]] = memref.load
// CHECK-NEXT: memref.store %[[XA]], %[[SA]][%[[ROWA]], %{{.*}}]
// CHECK: %[[OFFB:.*]] = arith.muli %[[OTHER]], %c17{{[_0-9]*}} : index
// CHECK: %[[ROWB:.*]] = arith.addi %{{.*}}, %[[OFFB]] : index
// CHECK-NEXT: %[[XB:.*]] = vector.load
// CHECK-NEXT: vector.store %[[XB]], %[[SB]][%[[ROWB]], %{{.*}}]
// CHECK-NOT: mdh_cl.barrier
// This tile's stage: the register copies read from row 40 (A) and 17 (B)
// times it.
// CHECK: %[[CA:.*]] = arith.muli %[[STAGE]], %c40{{[_0-9]*}} : index
// CHECK: %[[CB:.*]] = arith.muli %[[STAGE]], %c17{{[_0-9]*}} : index
// CHECK-NOT: mdh_cl.barrier
// CHECK: %[[RA0:.*]] = arith.addi %{{.*}}, %[[CA]] : index
// CHECK-NEXT: mdh_cl.copy %[[SA]][%[[RA0]], %{{.*}}] [%{{.*}}, %{{.*}}] to %[[RA]]
// CHECK: %[[RB0:.*]] = arith.addi %{{.*}}, %[[CB]] : index
// CHECK-NEXT: mdh_cl.copy %[[SB]][%[[RB0]], %{{.*}}] [%{{.*}}, %{{.*}}] to %[[RB]]
// CHECK: } else {

func.func @mm(%arg0: memref<40x100xf32>, %arg1: memref<100x24xf32>, %arg2: memref<40x24xf32>) {
  mdh_ll.schedule "mm" on #mdh_ll.cuda<chip = "sm_80"> sizes(40, 24, 100) combine(cc, cc, pw(add))
      ins(%arg0 : memref<40x100xf32> [(d0, d1, d2) -> (d0, d2)], %arg1 : memref<100x24xf32> [(d0, d1, d2) -> (d2, d1)])
      outs(%arg2 : memref<40x24xf32> [(d0, d1, d2) -> (d0, d1)]) {
    mdh_ll.level 0 "blocks" parallel tiles [40, 24, 68] order [2, 0, 1] assign [x, x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [40, 24, 17] order [2, 0, 1] stages 2 {
        mdh_ll.copy %arg0 to shared layout identity : memref<40x100xf32>
        mdh_ll.copy %arg1 to shared layout identity : memref<100x24xf32>
        mdh_ll.level 2 "threads" parallel tiles [8, 8, 1] order [0, 1, 2] assign [x, x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [8, 8, 1] order [0, 1, 2] {
            mdh_ll.copy %arg0 to register layout identity : memref<40x100xf32>
            mdh_ll.copy %arg1 to register layout identity : memref<100x24xf32>
            mdh_ll.scalar {
            ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: f32, %arg7: f32):
              %0 = arith.mulf %arg6, %arg7 : f32
              mdh_ll.yield %0 : f32
            }
          }
        }
        mdh_ll.combine %arg2 dims [2] across 2 in shared sync barrier : memref<40x24xf32>
      }
      mdh_ll.combine %arg2 dims [2] across 1 in register sync none : memref<40x24xf32>
    }
    mdh_ll.combine %arg2 dims [2] across 0 in device sync phase : memref<40x24xf32>
  }
  return
}
