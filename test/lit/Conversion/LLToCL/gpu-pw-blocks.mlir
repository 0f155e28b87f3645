// RUN: mdh-opt %s --mdh-ll-to-cl | mdh-opt | FileCheck %s

// A pw dimension split over blocks (Dot, 100 = 3 * 32 + 4: the last block's
// tile is partial): each block accumulates its part into a device buffer
// [block part]; a second kernel ("combine", one block of 4 threads) loads
// one part per thread into shared memory, adds them in a tree (offsets 2,
// then 1, a barrier between) and stores r.

// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[X:[^:]*]]: memref<100xf32>, %[[Y:[^:]*]]: memref<100xf32>, %[[R:[^:]*]]: memref<f32>)
// CHECK: %[[PARTS:.*]] = mdh_cl.buffer device : memref<4xf32>
// CHECK: mdh_cl.phase "main"
// CHECK: mdh_cl.par_for %[[BX:.*]] = %{{.*}} to %[[C4:.*]] step %{{.*}} on blocks x
// CHECK: mdh_cl.par_for %{{.*}} on threads x
// CHECK: %[[BLK:.*]] = arith.remui %[[BX]], %{{.*}} : index
// CHECK: %[[LO:.*]] = arith.muli %[[BLK]], %{{.*}} : index
// CHECK: %[[END:.*]] = arith.addi %[[LO]], %{{.*}} : index
// CHECK: %[[HI:.*]] = arith.minui %[[END]], %{{.*}} : index
// CHECK: mdh_cl.for %{{.*}} = %[[LO]] to %[[HI]] step
// CHECK: %[[P:.*]] = mdh_cl.scalar
// CHECK: mdh_cl.accumulate %[[P]] into %[[PARTS]][%[[BLK]]] first %{{.*}} combine pw(add)
// CHECK: mdh_cl.phase "combine"
// CHECK: mdh_cl.par_for {{.*}} on blocks x
// CHECK-NEXT: %[[S:.*]] = mdh_cl.buffer shared : memref<4x1xf32>
// CHECK: mdh_cl.par_for %[[T:.*]] = {{.*}} on threads x
// CHECK: %[[Z:.*]] = memref.load %[[PARTS]][%[[T]]]
// CHECK-NEXT: memref.store %[[Z]], %[[S]][%[[T]], %{{.*}}]
// CHECK-NEXT: mdh_cl.barrier
// CHECK: %[[F:.*]] = arith.addi %[[T]], %{{.*}} : index
// CHECK: %[[A:.*]] = memref.load %[[S]][%[[F]], %{{.*}}]
// CHECK: mdh_cl.accumulate %[[A]] into %[[S]][%[[T]], %{{.*}}] first %false combine pw(add)
// CHECK: mdh_cl.barrier
// CHECK: %[[B:.*]] = memref.load %[[S]]
// CHECK: mdh_cl.accumulate %[[B]] into %[[S]]
// CHECK-NOT: mdh_cl.barrier
// CHECK: %[[SUM:.*]] = memref.load %[[S]]
// CHECK-NEXT: memref.store %[[SUM]], %[[R]][] : memref<f32>
// CHECK-NOT: mdh_cl.phase
// CHECK: return

func.func @dot(%x: memref<100xf32>, %y: memref<100xf32>, %r: memref<f32>) {
  mdh_ll.schedule "dot" on #mdh_ll.cuda<chip = "sm_90"> sizes(100) combine(pw(add))
      ins(%x : memref<100xf32> [(d0) -> (d0)], %y : memref<100xf32> [(d0) -> (d0)])
      outs(%r : memref<f32> [(d0) -> ()]) {
    mdh_ll.level 0 "blocks" parallel tiles [32] order [0] assign [x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [16] order [0] {
        mdh_ll.level 2 "threads" parallel tiles [16] order [0] assign [x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4] order [0] {
            mdh_ll.scalar {
            ^bb0(%k: index, %a: f32, %b: f32):
              %0 = arith.mulf %a, %b : f32
              mdh_ll.yield %0 : f32
            }
          }
          mdh_ll.combine %r dims [0] across 3 in register sync none : memref<f32>
        }
      }
      mdh_ll.combine %r dims [0] across 1 in register sync none : memref<f32>
    }
    mdh_ll.combine %r dims [0] across 0 in device sync phase : memref<f32>
  }
  return
}
