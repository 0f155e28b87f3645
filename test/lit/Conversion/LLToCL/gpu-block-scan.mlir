// RUN: mdh-opt %s --mdh-ll-to-cl --canonicalize | FileCheck %s

// A ps dimension of 1000 elements is scanned in blocks (GPUScan.cpp;
// gpu-ps.mlir: the chunked scan of a short one): T = 32 threads (the power
// of two at or above sqrt(n)), E = 6 elements each (ceil(sqrt(n / T))), so
// "scan_0" runs 6 blocks on tiles of 192. Each thread scans its elements in
// order, takes its total into a register, scans the totals of its warp by
// shuffles up by 1, 2, 4, 8, 16 lanes (whether the source lane holds a
// value is computed: the threads with elements are a prefix), stores the
// warp's total from lane 31, and after the barrier combines the earlier
// warps' totals and lane - 1's value into the prefix it adds to its
// elements. "scan_0_carry" scans the 6 tiles' last
// elements; "scan_0_add" adds the last element of tile k - 1 to the others
// of tile k.

// CHECK-LABEL: func.func @prefix_sum(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C192:.*]] = arith.constant 192 : index
// CHECK-DAG: %[[C1000:.*]] = arith.constant 1000 : index
// CHECK: %[[BUF:.*]] = mdh_cl.buffer device : memref<1000xf32>
// CHECK: mdh_cl.phase "scan_0" {
// CHECK-NEXT: mdh_cl.par_for %[[B:.*]] = %[[C0]] to %[[C6]] step %{{.*}} on blocks x {
// CHECK-NEXT: %[[TOT:.*]] = mdh_cl.buffer shared : memref<1xf32>
// CHECK-NEXT: mdh_cl.par_for %[[T:.*]] = %[[C0]] to %[[C32]] step %{{.*}} on threads x {
// CHECK: %[[FIRST:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[HAS:.*]] = arith.cmpi ult, %[[FIRST]], %[[C1000]] : index
// CHECK: %[[LAST:.*]] = arith.minui %{{.*}}, %[[C1000]] : index
// CHECK: mdh_cl.for %[[J:.*]] = %{{.*}} to %[[LAST]] step
// CHECK: mdh_cl.accumulate %{{.*}} into %[[BUF]][%[[J]]] first %false combine ps(add)
// CHECK: %[[R:.*]] = mdh_cl.buffer register : memref<1xf32>
// CHECK: scf.if %[[HAS]] {
// CHECK: %[[LANE:.*]] = arith.remui %[[T]], %[[C32]] : index
// CHECK: %[[WARP:.*]] = arith.divui %[[T]], %[[C32]] : index
// CHECK: %[[S1:.*]] = mdh_cl.shuffle up %{{.*}}, 1 width 32 : f32
// CHECK-NOT: width 32 : i1
// CHECK: mdh_cl.accumulate %[[S1]] into %[[R]][%[[C0]]]
// CHECK: mdh_cl.shuffle up %{{.*}}, 2 width 32 : f32
// CHECK: mdh_cl.shuffle up %{{.*}}, 4 width 32 : f32
// CHECK: mdh_cl.shuffle up %{{.*}}, 8 width 32 : f32
// CHECK: mdh_cl.shuffle up %{{.*}}, 16 width 32 : f32
// CHECK: memref.store %{{.*}}, %[[TOT]][%[[WARP]]] : memref<1xf32>
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[MINE:.*]] = memref.load %[[R]][%[[C0]]]
// CHECK-NEXT: %[[BEFORE:.*]] = mdh_cl.shuffle up %[[MINE]], 1 width 32 : f32
// CHECK-NEXT: %[[PRE:.*]] = mdh_cl.buffer register : memref<1xf32>
// CHECK: mdh_cl.for %[[K:.*]] = %[[C0]] to %[[WARP]] step
// CHECK-NEXT: memref.load %[[TOT]][%[[K]]]
// CHECK: mdh_cl.accumulate %[[BEFORE]] into %[[PRE]][%[[C0]]]
// CHECK: mdh_cl.for %[[E:.*]] = %[[FIRST]] to %[[LAST]] step
// CHECK-NEXT: %[[P:.*]] = memref.load %[[PRE]][%[[C0]]]
// CHECK-NEXT: mdh_cl.accumulate %[[P]] into %[[BUF]][%[[E]]] first %false combine ps(add)
// CHECK-NOT: mdh_cl.barrier
// CHECK: mdh_cl.phase "scan_0_carry" {
// CHECK: mdh_cl.for %{{.*}} = %{{.*}} to %[[C6]] step
// CHECK: mdh_cl.phase "scan_0_add" {
// CHECK: mdh_cl.phase "write" {

func.func @prefix_sum(%x: memref<1000xf32>, %s: memref<1000xf32>) {
  mdh_ll.schedule "prefix_sum" on #mdh_ll.cuda<chip = "sm_90"> sizes(1000) combine(ps(add))
      ins(%x : memref<1000xf32> [(d0) -> (d0)])
      outs(%s : memref<1000xf32> [(d0) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [256] order [0] assign [x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [128] order [0] {
        mdh_ll.level 2 "threads" parallel tiles [2] order [0] assign [x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [1] order [0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %a: f32):
              mdh_ll.yield %a : f32
            }
          }
          mdh_ll.combine %s dims [0] across 3 in register sync none : memref<1000xf32>
        }
        mdh_ll.combine %s dims [0] across 2 in shared sync barrier : memref<1000xf32>
      }
      mdh_ll.combine %s dims [0] across 1 in register sync none : memref<1000xf32>
    }
    mdh_ll.combine %s dims [0] across 0 in device sync phase : memref<1000xf32>
  }
  return
}
