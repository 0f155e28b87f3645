// RUN: mdh-opt %s --mdh-ll-to-cl | mdh-opt | FileCheck %s

// Partial tiles (MatVec 13 x 7: blocks of 8 rows, shared tiles of 3 columns,
// 3 x 3 threads of 3 rows and 1 column): every tile end is a minimum with
// the enclosing end, so the last tiles shrink and idle threads run empty
// loops; the barriers stay outside every guard, and the combine of the
// threads' parts (a tree: 8 positions, 9 threads, 3 parts; offsets 2 and 1)
// skips the parts of threads idle in the block's first shared tile.

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[M:[^:]*]]: memref<13x7xf32>, %[[V:[^:]*]]: memref<7xf32>, %[[W:[^:]*]]: memref<13xf32>)
// CHECK: mdh_cl.par_for {{.*}} on blocks x
// CHECK-NEXT: %[[SV:.*]] = mdh_cl.buffer shared : memref<3xf32>
// CHECK-NEXT: %[[PART:.*]] = mdh_cl.buffer shared : memref<3x8xf32>
// CHECK: mdh_cl.par_for %[[TY:.*]] = {{.*}} on threads y
// CHECK: mdh_cl.par_for %[[TX:.*]] = {{.*}} on threads x
// CHECK: mdh_cl.for %[[K1:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[KE:.*]] = arith.addi %[[K1]], %{{.*}} : index
// CHECK-NEXT: %[[KHI:.*]] = arith.minui %[[KE]], %{{.*}} : index
// CHECK: mdh_cl.for %[[I1:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: mdh_cl.barrier
// CHECK-NOT: scf.if
// CHECK: memref.store %{{.*}}, %[[SV]]
// CHECK: mdh_cl.barrier
// CHECK: %[[TLO:.*]] = arith.addi %[[K1]], %{{.*}} : index
// CHECK: %[[TEND:.*]] = arith.addi %[[TLO]], %{{.*}} : index
// CHECK: %[[THI:.*]] = arith.minui %[[TEND]], %[[KHI]] : index
// CHECK: mdh_cl.for %{{.*}} = %[[TLO]] to %[[THI]] step
// CHECK: mdh_cl.accumulate %{{.*}} into %[[PART]]
// CHECK: mdh_cl.barrier
// CHECK: scf.if
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: %[[VALID:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[BOTH:.*]] = arith.andi %[[IN]], %[[VALID]] : i1
// CHECK-NEXT: scf.if %[[BOTH]] {
// CHECK: mdh_cl.accumulate %{{.*}} into %[[PART]]{{.*}} first %false
// CHECK: mdh_cl.barrier
// CHECK: scf.if
// CHECK: %[[IN2:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: %[[VALID2:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[BOTH2:.*]] = arith.andi %[[IN2]], %[[VALID2]] : i1
// CHECK-NEXT: scf.if %[[BOTH2]] {
// CHECK: mdh_cl.accumulate %{{.*}} into %[[PART]]{{.*}} first %false
// CHECK-NOT: mdh_cl.barrier
// CHECK: memref.store %{{.*}}, %[[W]]
// CHECK-NOT: mdh_cl.phase
// CHECK: return

func.func @matvec(%M: memref<13x7xf32>, %v: memref<7xf32>, %w: memref<13xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_90"> sizes(13, 7) combine(cc, pw(add))
      ins(%M : memref<13x7xf32> [(d0, d1) -> (d0, d1)], %v : memref<7xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<13xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [8, 7] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [8, 3] order [1, 0] {
        mdh_ll.copy %v to shared layout identity : memref<7xf32>
        mdh_ll.level 2 "threads" parallel tiles [3, 1] order [0, 1] assign [x, y] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [2, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %0 = arith.mulf %m, %x : f32
              mdh_ll.yield %0 : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<13xf32>
      }
      mdh_ll.combine %w dims [1] across 1 in register sync none : memref<13xf32>
    }
  }
  return
}
