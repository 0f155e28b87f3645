// RUN: mdh-opt %s -split-input-file --mdh-ll-to-cl --canonicalize \
// RUN:   | FileCheck %s

// Block trees as warp trees (lib/Conversion/LLToCL/GPUWarpCombine.cpp,
// docs/cl-ir.md "Trees"): after the barrier, each round loads one part per
// thread into a register, combines a warp's parts by mdh_cl.shuffle down
// (whether the source lane holds a value is computed: the parts that do are
// a prefix), and the first
// lane of each group writes the group's result back in place; a barrier
// separates rounds. Trees whose blocks are not whole warps keep the
// shared-memory tree (gpu-combine-tree.mlir).

// Dot over 256 threads, one position: round 1 shuffles by 1 to 16 lanes
// (8 warps' results at slots 0, 32, ..., 224), round 2 by 1 to 4; thread 0
// then stores slot 0, without a barrier.

// CHECK-LABEL: func.func @dot_warps(
// CHECK-SAME: %[[R_OUT:[^:]*]]: memref<f32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[P:.*]] = mdh_cl.buffer shared : memref<256xf32>
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[R:.*]] = mdh_cl.buffer register : memref<1xf32>
// CHECK: scf.if %[[OK:.*]] {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[P]][%[[T]]]
// CHECK-NEXT: memref.store %[[V]], %[[R]][%[[C0]]]
// CHECK: %[[X1:.*]] = memref.load %[[R]][%[[C0]]]
// CHECK-NEXT: %[[S1:.*]] = mdh_cl.shuffle down %[[X1]], 1 width 32 : f32
// CHECK-NOT: width 32 : i1
// CHECK: %[[TAKE1:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: scf.if %[[TAKE1]] {
// CHECK-NEXT: mdh_cl.accumulate %[[S1]] into %[[R]][%[[C0]]] first %false combine pw(add)
// CHECK: mdh_cl.shuffle down %{{.*}}, 2 width 32 : f32
// CHECK: mdh_cl.shuffle down %{{.*}}, 4 width 32 : f32
// CHECK: mdh_cl.shuffle down %{{.*}}, 8 width 32 : f32
// CHECK-NOT: mdh_cl.barrier
// CHECK: mdh_cl.shuffle down %{{.*}}, 16 width 32 : f32
// CHECK-NOT: mdh_cl.barrier
// CHECK: memref.store %{{.*}}, %[[P]][%[[T]]]
// CHECK-NEXT: }
// CHECK-NEXT: mdh_cl.barrier
// CHECK-NEXT: %[[SLOT:.*]] = arith.muli %[[T]], %[[C32]] : index
// CHECK: memref.load %[[P]][%[[SLOT]]]
// CHECK: mdh_cl.shuffle down %{{.*}}, 1 width 32 : f32
// CHECK: mdh_cl.shuffle down %{{.*}}, 2 width 32 : f32
// CHECK: mdh_cl.shuffle down %{{.*}}, 4 width 32 : f32
// CHECK-NOT: mdh_cl.shuffle down %{{.*}}, 8 width 32 : f32
// CHECK: memref.store %{{.*}}, %[[P]][%[[SLOT]]]
// CHECK-NOT: mdh_cl.barrier
// CHECK: %[[S:.*]] = memref.load %[[P]][%[[C0]]]
// CHECK-NEXT: memref.store %[[S]], %[[R_OUT]][]
func.func @dot_warps(%x: memref<1024xf32>, %y: memref<1024xf32>, %r: memref<f32>) {
  mdh_ll.schedule "dot" on #mdh_ll.cuda<chip = "sm_90"> sizes(1024) combine(pw(add))
      ins(%x : memref<1024xf32> [(d0) -> (d0)], %y : memref<1024xf32> [(d0) -> (d0)])
      outs(%r : memref<f32> [(d0) -> ()]) {
    mdh_ll.level 0 "blocks" parallel tiles [1024] order [0] assign [x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [1024] order [0] {
        mdh_ll.level 2 "threads" parallel tiles [4] order [0] assign [x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4] order [0] {
            mdh_ll.scalar {
            ^bb0(%k: index, %a: f32, %b: f32):
              %0 = arith.mulf %a, %b : f32
              mdh_ll.yield %0 : f32
            }
          }
          mdh_ll.combine %r dims [0] across 3 in register sync none : memref<f32>
        }
        mdh_ll.combine %r dims [0] across 2 in shared sync barrier : memref<f32>
      }
    }
  }
  return
}

// -----

// Two rows per block, 64 threads along k: two positions per warp (position
// fastest, shuffles by 2, 4, 8, 16 lanes), and 128 items for 64 threads, so
// each thread takes two in a loop with bounds the same on every thread.

// CHECK-LABEL: func.func @rows_loop(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[P:.*]] = mdh_cl.buffer shared : memref<64x2xf32>
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[R:.*]] = mdh_cl.buffer register : memref<1xf32>
// CHECK-NEXT: mdh_cl.for %[[K:.*]] = %[[C0]] to %[[C2]] step
// CHECK-NEXT: %[[W0:.*]] = arith.muli %[[K]], %[[C64]] : index
// CHECK-NEXT: %[[W:.*]] = arith.addi %[[W0]], %[[T]] : index
// CHECK-NEXT: %[[U:.*]] = arith.divui %[[W]], %[[C2]] : index
// CHECK-NEXT: %[[POS:.*]] = arith.remui %[[W]], %[[C2]] : index
// CHECK: memref.load %[[P]][%[[U]], %[[POS]]]
// CHECK-NOT: width 32 : f32
// CHECK: mdh_cl.shuffle down %{{.*}}, 2 width 32 : f32
// CHECK: mdh_cl.shuffle down %{{.*}}, 4 width 32 : f32
// CHECK: mdh_cl.shuffle down %{{.*}}, 8 width 32 : f32
// CHECK: mdh_cl.shuffle down %{{.*}}, 16 width 32 : f32
// CHECK-NOT: width 32 : f32
// CHECK: memref.store %{{.*}}, %[[P]][%[[U]], %[[POS]]]
func.func @rows_loop(%M: memref<2x256xf32>, %w: memref<2xf32>) {
  mdh_ll.schedule "rows" on #mdh_ll.cuda<chip = "sm_90"> sizes(2, 256) combine(cc, pw(add))
      ins(%M : memref<2x256xf32> [(d0, d1) -> (d0, d1)])
      outs(%w : memref<2xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [2, 256] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [2, 256] order [0, 1] {
        mdh_ll.level 2 "threads" parallel tiles [2, 4] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [1, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32):
              mdh_ll.yield %m : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<2xf32>
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<2xf32>
      }
    }
  }
  return
}
