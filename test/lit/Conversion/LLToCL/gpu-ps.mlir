// RUN: mdh-opt %s --mdh-ll-to-cl | mdh-opt | FileCheck %s

// A ps dimension split over blocks and threads (prefix sum of 50 elements,
// 4 blocks of 4 threads): the main kernel stores every element's value into
// a device buffer; the scan runs in chunks of 8 (ceil(sqrt(50))): "scan_0"
// scans each of the 7 chunks on a thread of its own, "scan_0_carry" scans
// the chunks' last elements, "scan_0_add" adds the last element of chunk
// k - 1 to every other element of chunk k (42 positions); a "write" kernel
// stores the results into s.

// CHECK-LABEL: func.func @prefix_sum(
// CHECK-SAME: %[[X:[^:]*]]: memref<50xf32>, %[[S:[^:]*]]: memref<50xf32>)
// CHECK: %[[BUF:.*]] = mdh_cl.buffer device : memref<50xf32>
// CHECK: mdh_cl.phase "main"
// CHECK: mdh_cl.par_for {{.*}} on blocks x
// CHECK: mdh_cl.par_for {{.*}} on threads x
// CHECK: %[[P:.*]] = mdh_cl.scalar(%[[I:[^,]*]],
// CHECK: mdh_cl.accumulate %[[P]] into %[[BUF]][%[[I]]] first %{{.*}} combine ps(add)
// CHECK: mdh_cl.phase "scan_0"
// CHECK: mdh_cl.par_for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} on threads x
// CHECK: %[[CH:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[FIRST:.*]] = arith.muli %[[CH]], %[[C8]] : index
// CHECK: %[[END:.*]] = arith.minui
// CHECK: %[[LB:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK: mdh_cl.for %[[J:.*]] = %[[LB]] to %[[END]] step %{{.*}} {
// CHECK: %[[PREV:.*]] = arith.subi %[[J]], %{{.*}} : index
// CHECK: %[[V:.*]] = memref.load %[[BUF]][%[[PREV]]]
// CHECK: mdh_cl.accumulate %[[V]] into %[[BUF]][%[[J]]] first %false combine ps(add)
// CHECK: mdh_cl.phase "scan_0_carry"
// CHECK: mdh_cl.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[KEND:.*]] = arith.subi
// CHECK: %[[KPREV:.*]] = arith.subi
// CHECK: %[[W:.*]] = memref.load %[[BUF]][%[[KPREV]]]
// CHECK: mdh_cl.accumulate %[[W]] into %[[BUF]][%[[KEND]]] first %false combine ps(add)
// CHECK: mdh_cl.phase "scan_0_add"
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: scf.if
// CHECK: %[[U:.*]] = memref.load %[[BUF]]
// CHECK: mdh_cl.accumulate %[[U]] into %[[BUF]][%{{.*}}] first %false combine ps(add)
// CHECK: mdh_cl.phase "write"
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on threads x
// CHECK: %[[Y:.*]] = memref.load %[[BUF]]
// CHECK: memref.store %[[Y]], %[[S]]
// CHECK-NOT: mdh_cl.phase
// CHECK: return

func.func @prefix_sum(%x: memref<50xf32>, %s: memref<50xf32>) {
  mdh_ll.schedule "prefix_sum" on #mdh_ll.cuda<chip = "sm_90"> sizes(50) combine(ps(add))
      ins(%x : memref<50xf32> [(d0) -> (d0)])
      outs(%s : memref<50xf32> [(d0) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [16] order [0] assign [x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [8] order [0] {
        mdh_ll.level 2 "threads" parallel tiles [2] order [0] assign [x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [1] order [0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %a: f32):
              mdh_ll.yield %a : f32
            }
          }
          mdh_ll.combine %s dims [0] across 3 in register sync none : memref<50xf32>
        }
        mdh_ll.combine %s dims [0] across 2 in shared sync barrier : memref<50xf32>
      }
      mdh_ll.combine %s dims [0] across 1 in register sync none : memref<50xf32>
    }
    mdh_ll.combine %s dims [0] across 0 in device sync phase : memref<50xf32>
  }
  return
}
