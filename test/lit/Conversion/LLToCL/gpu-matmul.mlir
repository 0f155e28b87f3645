// RUN: mdh-opt %s --mdh-ll-to-cl | mdh-opt | FileCheck %s

// A cc MatMul tile on cuda (docs/cl-ir.md, "GPU schedules"): blocks on y and
// x, shared copies of A and B at the top of each shared tile between two
// barriers, a register copy of A from its shared copy, and the results
// accumulated straight into C: k is split neither over threads nor over
// blocks, so there is one phase and no partial-result buffer. The output is
// parsed again by mdh-opt, so the CL verifier accepts it.

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:[^:]*]]: memref<32x16xf32>, %[[B:[^:]*]]: memref<16x32xf32>, %[[C:[^:]*]]: memref<32x32xf32>)
// CHECK-NOT: mdh_cl.buffer device
// CHECK: mdh_cl.phase "main"
// CHECK: mdh_cl.par_for %[[BY:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on blocks y
// CHECK: mdh_cl.par_for %[[BX:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on blocks x
// CHECK-NEXT: %[[SA:.*]] = mdh_cl.buffer shared : memref<16x8xf32>
// CHECK-NEXT: %[[SB:.*]] = mdh_cl.buffer shared : memref<8x16xf32>
// CHECK: mdh_cl.par_for %[[TY:.*]] = %{{.*}} to %[[C8:.*]] step %{{.*}} on threads y
// CHECK: mdh_cl.par_for %[[TX:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on threads x
// CHECK-NEXT: %[[RA:.*]] = mdh_cl.buffer register : memref<2x1xf32>
// CHECK: %[[TID:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK: mdh_cl.for %[[K1:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: mdh_cl.for %[[I1:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// 32 x 32 x 16 in shared tiles of 16 x 16 x 8: every tile ends at lo + t
// (no minimum with the enclosing end; gpu-exact-tiles.mlir).
// CHECK: mdh_cl.for %[[J1:.*]] = %{{.*}} to %{{.*}} step %[[T1:.*]] {
// CHECK-NEXT: %[[T1B:.*]] = arith.constant 16 : index
// CHECK-NEXT: arith.addi %[[J1]], %[[T1B]] : index
// CHECK-NEXT: mdh_cl.barrier
// CHECK: mdh_cl.for %[[E:.*]] = %[[TID]] to %{{.*}} step %{{.*}} {
// CHECK: %[[X:.*]] = memref.load %[[A]]
// CHECK: memref.store %[[X]], %[[SA]]
// CHECK: mdh_cl.for %[[F:.*]] = %[[TID]] to %{{.*}} step %{{.*}} {
// CHECK: %[[Y:.*]] = memref.load %[[B]]
// CHECK: memref.store %[[Y]], %[[SB]]
// CHECK: mdh_cl.barrier
// CHECK: mdh_cl.copy %[[SA]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] to %[[RA]] layout identity : memref<16x8xf32> to memref<2x1xf32>
// CHECK: mdh_cl.for %[[K:.*]] = {{.*}} {
// CHECK: mdh_cl.for %[[I:.*]] = {{.*}} {
// CHECK: mdh_cl.for %[[J:.*]] = {{.*}} {
// CHECK: %[[VA:.*]] = memref.load %[[RA]]
// CHECK: %[[VB:.*]] = memref.load %[[SB]]
// CHECK: %[[P:.*]] = mdh_cl.scalar(%[[I]], %[[J]], %[[K]], %[[VA]], %[[VB]])
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %{{.*}} : index
// CHECK: mdh_cl.accumulate %[[P]] into %[[C]][%[[I]], %[[J]]] first %[[FIRST]] combine pw(add)
// CHECK-NOT: mdh_cl.phase
// CHECK: return

func.func @matmul(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>) {
  mdh_ll.schedule "matmul" on #mdh_ll.cuda<chip = "sm_90"> sizes(32, 32, 16) combine(cc, cc, pw(add))
      ins(%A : memref<32x16xf32> [(d0, d1, d2) -> (d0, d2)], %B : memref<16x32xf32> [(d0, d1, d2) -> (d2, d1)])
      outs(%C : memref<32x32xf32> [(d0, d1, d2) -> (d0, d1)]) {
    mdh_ll.level 0 "blocks" parallel tiles [16, 16, 16] order [0, 1, 2] assign [y, x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [16, 16, 8] order [2, 0, 1] {
        mdh_ll.copy %A to shared layout identity : memref<32x16xf32>
        mdh_ll.copy %B to shared layout identity : memref<16x32xf32>
        mdh_ll.level 2 "threads" parallel tiles [2, 2, 8] order [0, 1, 2] assign [y, x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [2, 2, 1] order [2, 0, 1] {
            mdh_ll.copy %A to register layout identity : memref<32x16xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %j: index, %k: index, %a: f32, %b: f32):
              %0 = arith.mulf %a, %b : f32
              mdh_ll.yield %0 : f32
            }
          }
          mdh_ll.combine %C dims [2] across 3 in register sync none : memref<32x32xf32>
        }
      }
      mdh_ll.combine %C dims [2] across 1 in register sync none : memref<32x32xf32>
    }
  }
  return
}
