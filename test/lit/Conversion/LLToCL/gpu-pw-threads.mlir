// RUN: mdh-opt %s --mdh-ll-to-cl | mdh-opt | FileCheck %s

// A pw dimension split over the threads of a block (MatVec, k over 8
// threads): every thread accumulates into its part of a shared buffer
// [thread part][block-local i]; after a barrier (outside every guard) the
// 64 threads combine the 8 parts of the 16 positions in a tree: offsets 4,
// 2, 1, a barrier between steps, thread t on pair t / 16 of position t % 16,
// skipping parts of idle threads. The thread that combined into part 0 of
// position i last stores it into w. No second phase.

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[M:[^:]*]]: memref<64x32xf32>, %[[V:[^:]*]]: memref<32xf32>, %[[W:[^:]*]]: memref<64xf32>)
// CHECK-NOT: mdh_cl.buffer device
// CHECK: mdh_cl.phase "main"
// CHECK: mdh_cl.par_for %[[BX:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on blocks x
// CHECK-NEXT: %[[PART:.*]] = mdh_cl.buffer shared : memref<8x16xf32>
// CHECK: mdh_cl.par_for %[[TX:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on threads x
// CHECK: %[[TK:.*]] = arith.remui %[[TX]], %{{.*}} : index
// CHECK: %[[P:.*]] = mdh_cl.scalar
// CHECK: mdh_cl.accumulate %[[P]] into %[[PART]][%[[TK]], %{{.*}}] first %{{.*}} combine pw(add)
// CHECK: mdh_cl.barrier
// CHECK: %[[L1:.*]] = arith.remui %[[TX]], %{{.*}} : index
// CHECK: %[[TO1:.*]] = arith.divui %[[TX]], %{{.*}} : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[FROM1:.*]] = arith.addi %[[TO1]], %[[C4]] : index
// CHECK: scf.if %{{.*}} {
// CHECK: %[[X1:.*]] = memref.load %[[PART]][%[[FROM1]], %[[L1]]] : memref<8x16xf32>
// CHECK: mdh_cl.accumulate %[[X1]] into %[[PART]][%[[TO1]], %[[L1]]] first %false combine pw(add)
// CHECK: mdh_cl.barrier
// CHECK: scf.if %{{.*}} {
// CHECK: %[[TO2:.*]] = arith.divui %[[TX]], %{{.*}} : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[FROM2:.*]] = arith.addi %[[TO2]], %[[C2]] : index
// CHECK: %[[X2:.*]] = memref.load %[[PART]][%[[FROM2]], %{{.*}}] : memref<8x16xf32>
// CHECK: mdh_cl.accumulate %[[X2]] into %[[PART]][%[[TO2]], %{{.*}}] first %false
// CHECK: mdh_cl.barrier
// CHECK: scf.if %{{.*}} {
// CHECK: %[[X3:.*]] = memref.load %[[PART]][%{{.*}}, %[[TX]]] : memref<8x16xf32>
// CHECK: mdh_cl.accumulate %[[X3]] into %[[PART]][%{{.*}}, %[[TX]]] first %false
// CHECK-NOT: mdh_cl.barrier
// CHECK: %[[R:.*]] = memref.load %[[PART]][%{{.*}}, %[[TX]]]
// CHECK: memref.store %[[R]], %[[W]][%{{.*}}] : memref<64xf32>
// CHECK-NOT: mdh_cl.phase
// CHECK: return

func.func @matvec(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_90"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [16, 32] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [16, 32] order [0, 1] {
        mdh_ll.level 2 "threads" parallel tiles [2, 4] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [2, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %0 = arith.mulf %m, %x : f32
              mdh_ll.yield %0 : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
  }
  return
}
