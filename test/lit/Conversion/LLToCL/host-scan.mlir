// RUN: mdh-opt %s --mdh-ll-to-cl --canonicalize --split-input-file | FileCheck %s

// Scans on the host (LLToCL.cpp, HostLowering::buildScanPhase). One long
// dimension on one core: 8 chains wanted, but chunks are at least 256
// elements, so 3 chunks of 334 (the last one short: every chain tests its
// end), scanned by one thread as 3 interleaved chains; then the chunks'
// last elements; then every chunk after the first gets the previous
// chunk's last element, loaded once, on all elements but its last.

// CHECK-LABEL: func.func @long_scan(
// CHECK:         %[[BUF:.*]] = mdh_cl.buffer device : memref<1000xf32>
// CHECK:         mdh_cl.phase "scan_0" {
// CHECK:           mdh_cl.par_for %[[G:.*]] = %c0 to %c1 step %c1 on threads x {
// CHECK-COUNT-3:     arith.muli %{{.*}}, %c334 : index
// CHECK:             mdh_cl.for %[[J:.*]] = %c1 to %c334 step %c1 {
// CHECK-COUNT-3:       scf.if
// CHECK-NOT:           scf.if
// CHECK:         mdh_cl.phase "scan_0_carry" {
// CHECK:           mdh_cl.for %[[K:.*]] = %c1 to %c3 step %c1 {
// CHECK:             %[[FIRST:.*]] = arith.muli %[[K]], %c334 : index
// CHECK:             %[[NEXT:.*]] = arith.addi %[[FIRST]], %c334 : index
// CHECK:             %[[END:.*]] = arith.minui %[[NEXT]], %c1000 : index
// CHECK:             %[[LAST:.*]] = arith.subi %[[END]], %c1 : index
// CHECK:             %[[P:.*]] = arith.subi %{{.*}}, %c1 : index
// CHECK:             %[[V:.*]] = memref.load %[[BUF]][%[[P]]]
// CHECK:             mdh_cl.accumulate %[[V]] into %[[BUF]][%[[LAST]]] first %false combine ps(add)
// CHECK:         mdh_cl.phase "scan_0_add" {
// CHECK:           mdh_cl.par_for %{{.*}} = %c0 to %c2 step %c1 on threads x {
// CHECK:             %[[CARRY:.*]] = memref.load %[[BUF]]
// CHECK:             mdh_cl.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c1 {
// CHECK-NEXT:          mdh_cl.accumulate %[[CARRY]] into %[[BUF]][%[[I]]] first %false combine ps(add)
// CHECK:         mdh_cl.phase "write" {
func.func @long_scan(%arg0: memref<1000xf32>, %arg1: memref<1000xf32>) {
  mdh_ll.schedule "prefix" on #mdh_ll.openmp<cores = 1> sizes(1000) combine(ps(add))
      ins(%arg0 : memref<1000xf32> [(d0) -> (d0)])
      outs(%arg1 : memref<1000xf32> [(d0) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [1000] order [0] assign [x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [1000] order [0] {
        mdh_ll.level 2 "l1_tile" sequential tiles [1000] order [0] {
          mdh_ll.level 3 "register_tile" simd tiles [1] order [0] {
            mdh_ll.scalar {
            ^bb0(%arg2: index, %arg3: f32):
              mdh_ll.yield %arg3 : f32
            }
          }
          mdh_ll.combine %arg1 dims [0] across 3 in register sync none : memref<1000xf32>
        }
      }
    }
  }
  return
}

// -----

// 20 rows on 2 cores: enough positions for 16 chains, so no chunks and no
// carry phases: a chain per row, 8 rows interleaved per group, 3 groups
// (the last one has 4 rows: every chain tests that its row exists).

// CHECK-LABEL: func.func @rows(
// CHECK:         mdh_cl.phase "scan_1" {
// CHECK:           mdh_cl.par_for %{{.*}} = %c0 to %c3 step %c1 on threads x {
// CHECK:             mdh_cl.for %[[J:.*]] = %c1 to %c50 step %c1 {
// CHECK-COUNT-8:       scf.if
// CHECK-NOT:     scan_1_carry
// CHECK-NOT:     scan_1_add
// CHECK:         mdh_cl.phase "write" {
func.func @rows(%arg0: memref<20x50xi32>, %arg1: memref<20x50xi32>) {
  mdh_ll.schedule "rows" on #mdh_ll.openmp<cores = 2> sizes(20, 50) combine(cc, ps(add))
      ins(%arg0 : memref<20x50xi32> [(d0, d1) -> (d0, d1)])
      outs(%arg1 : memref<20x50xi32> [(d0, d1) -> (d0, d1)]) {
    mdh_ll.level 0 "threads" parallel tiles [10, 50] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [10, 50] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [10, 50] order [0, 1] {
          mdh_ll.level 3 "register_tile" simd tiles [1, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%arg2: index, %arg3: index, %arg4: i32):
              mdh_ll.yield %arg4 : i32
            }
          }
          mdh_ll.combine %arg1 dims [1] across 3 in register sync none : memref<20x50xi32>
        }
      }
    }
  }
  return
}
