// RUN: mdh-opt %s -split-input-file --mdh-ll-to-cl --canonicalize \
// RUN:   | FileCheck %s

// The re-composition of GPU partial results as block-wide trees
// (docs/cl-ir.md, "Re-composition"): after a barrier, each step combines
// pairs of slots in shared memory, one pair per thread, and a barrier
// separates the steps (outside every guard). A builtin operator halves
// the offset from step to step; a custom one doubles it, combining
// neighbouring slots in order. Slot 0 of a position is stored by the thread
// that combined into it last, without a barrier in between.

// Dot over 13 threads (100 = 12 * 8 + 4): offsets 8, 4, 2, 1 with 5, 4, 2
// and 1 pairs; a part counts where its threads' first index is in the
// block's first shared tile.

// CHECK-LABEL: func.func @dot_threads(
// CHECK-SAME: %{{[^:]*}}: memref<100xf32>, %{{[^:]*}}: memref<100xf32>, %[[R:[^:]*]]: memref<f32>)
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK: %[[P:.*]] = mdh_cl.buffer shared : memref<13xf32>
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK: mdh_cl.accumulate %{{.*}} into %[[P]][%{{.*}}] first %{{.*}} combine pw(add)
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W1:.*]] = arith.cmpi ult, %[[T]], %[[C5]] : index
// CHECK-NEXT: scf.if %[[W1]] {
// CHECK-NEXT: %[[F1:.*]] = arith.addi %[[T]], %[[C8]] : index
// CHECK-NEXT: %[[X1:.*]] = arith.muli %[[F1]], %[[C8]] : index
// CHECK-NEXT: %[[OK1:.*]] = arith.cmpi ult, %[[X1]], %[[C100]] : index
// CHECK-NEXT: scf.if %[[OK1]] {
// CHECK-NEXT: %[[V1:.*]] = memref.load %[[P]][%[[F1]]]
// CHECK-NEXT: mdh_cl.accumulate %[[V1]] into %[[P]][%[[T]]] first %[[FALSE]] combine pw(add)
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W2:.*]] = arith.cmpi ult, %[[T]], %[[C4]] : index
// CHECK-NEXT: scf.if %[[W2]] {
// CHECK-NEXT: %[[F2:.*]] = arith.addi %[[T]], %[[C4]] : index
// CHECK: %[[V2:.*]] = memref.load %[[P]][%[[F2]]]
// CHECK-NEXT: mdh_cl.accumulate %[[V2]] into %[[P]][%[[T]]] first %[[FALSE]]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W3:.*]] = arith.cmpi ult, %[[T]], %[[C2]] : index
// CHECK-NEXT: scf.if %[[W3]] {
// CHECK-NEXT: %[[F3:.*]] = arith.addi %[[T]], %[[C2]] : index
// CHECK: %[[V3:.*]] = memref.load %[[P]][%[[F3]]]
// CHECK-NEXT: mdh_cl.accumulate %[[V3]] into %[[P]][%[[T]]] first %[[FALSE]]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W4:.*]] = arith.cmpi ult, %[[T]], %[[C1]] : index
// CHECK-NEXT: scf.if %[[W4]] {
// CHECK-NEXT: %[[V4:.*]] = memref.load %[[P]][%[[C1]]]
// CHECK-NEXT: mdh_cl.accumulate %[[V4]] into %[[P]][%[[C0]]] first %[[FALSE]]
// CHECK-NOT: mdh_cl.barrier
// CHECK: %[[LAST:.*]] = arith.cmpi ult, %[[T]], %[[C1]] : index
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: %[[S:.*]] = memref.load %[[P]][%[[C0]]]
// CHECK-NEXT: memref.store %[[S]], %[[R]][]
// CHECK-NOT: mdh_cl.phase
// CHECK: return
func.func @dot_threads(%x: memref<100xf32>, %y: memref<100xf32>, %r: memref<f32>) {
  mdh_ll.schedule "dot" on #mdh_ll.cuda<chip = "sm_90"> sizes(100) combine(pw(add))
      ins(%x : memref<100xf32> [(d0) -> (d0)], %y : memref<100xf32> [(d0) -> (d0)])
      outs(%r : memref<f32> [(d0) -> ()]) {
    mdh_ll.level 0 "blocks" parallel tiles [100] order [0] assign [x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [100] order [0] {
        mdh_ll.level 2 "threads" parallel tiles [8] order [0] assign [x] blocked {
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

// A custom operator (argmax over 20 = 2 * 8 + 4 elements, 8 threads per
// block, 3 blocks): offsets 1, 2, 4, slots 2m and 4m the left operands, in
// the main kernel and in the combine phase, which combines the 3 blocks'
// parts in a block of 4 threads.

mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %v = arith.select %gt, %v1, %v0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

// CHECK-LABEL: func.func @argmax_blocks(
// CHECK-SAME: %{{[^:]*}}: memref<20xf32>, %[[MAX:[^:]*]]: memref<f32>, %[[ARG:[^:]*]]: memref<i32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[DV:.*]] = mdh_cl.buffer device : memref<3xf32>
// CHECK: %[[DI:.*]] = mdh_cl.buffer device : memref<3xi32>
// CHECK: mdh_cl.phase "main"
// CHECK: %[[PV:.*]] = mdh_cl.buffer shared : memref<8xf32>
// CHECK: %[[PI:.*]] = mdh_cl.buffer shared : memref<8xi32>
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W1:.*]] = arith.cmpi ult, %[[T]], %[[C4]] : index
// CHECK-NEXT: scf.if %[[W1]] {
// CHECK-NEXT: %[[TO1:.*]] = arith.muli %[[T]], %[[C2]] : index
// CHECK-NEXT: %[[F1:.*]] = arith.addi %[[TO1]], %[[C1]] : index
// CHECK: memref.load %[[PV]][%[[F1]]]
// CHECK-NEXT: memref.load %[[PI]][%[[F1]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}}, %{{.*}} into %[[PV]], %[[PI]][%[[TO1]]] first %{{.*}} combine pw(@argmax)
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W2:.*]] = arith.cmpi ult, %[[T]], %[[C2]] : index
// CHECK-NEXT: scf.if %[[W2]] {
// CHECK-NEXT: %[[TO2:.*]] = arith.muli %[[T]], %[[C4]] : index
// CHECK-NEXT: %[[F2:.*]] = arith.addi %[[TO2]], %[[C2]] : index
// CHECK: memref.load %[[PV]][%[[F2]]]
// CHECK-NEXT: memref.load %[[PI]][%[[F2]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}}, %{{.*}} into %[[PV]], %[[PI]][%[[TO2]]]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W3:.*]] = arith.cmpi ult, %[[T]], %[[C1]] : index
// CHECK-NEXT: scf.if %[[W3]] {
// CHECK: memref.load %[[PV]][%[[C4]]]
// CHECK-NEXT: memref.load %[[PI]][%[[C4]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}}, %{{.*}} into %[[PV]], %[[PI]][%[[C0]]]
// CHECK-NOT: mdh_cl.barrier
// CHECK: memref.load %[[PV]][%[[C0]]]
// CHECK-NEXT: memref.store %{{.*}}, %[[DV]][%{{.*}}]
// CHECK: mdh_cl.phase "combine"
// CHECK-NEXT: mdh_cl.par_for %{{.*}} = %[[C0]] to %[[C1]] step %[[C1]] on blocks x {
// CHECK-NEXT: %[[SV:.*]] = mdh_cl.buffer shared : memref<4x1xf32>
// CHECK-NEXT: %[[SI:.*]] = mdh_cl.buffer shared : memref<4x1xi32>
// CHECK-NEXT: mdh_cl.par_for %[[U:.*]] = %[[C0]] to %[[C4]] step %[[C1]] on threads x {
// CHECK-NEXT: %[[HAS:.*]] = arith.cmpi ult, %[[U]], %[[C3]] : index
// CHECK-NEXT: scf.if %[[HAS]] {
// CHECK-NEXT: %[[X:.*]] = memref.load %[[DV]][%[[U]]]
// CHECK-NEXT: memref.store %[[X]], %[[SV]][%[[U]], %[[C0]]]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[V1:.*]] = arith.cmpi ult, %[[U]], %[[C1]] : index
// CHECK-NEXT: scf.if %[[V1]] {
// CHECK-NEXT: memref.load %[[SV]][%[[C1]], %[[C0]]]
// CHECK-NEXT: memref.load %[[SI]][%[[C1]], %[[C0]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}}, %{{.*}} into %[[SV]], %[[SI]][%[[C0]], %[[C0]]]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[V2:.*]] = arith.cmpi ult, %[[U]], %[[C1]] : index
// CHECK-NEXT: scf.if %[[V2]] {
// CHECK-NEXT: memref.load %[[SV]][%[[C2]], %[[C0]]]
// CHECK-NEXT: memref.load %[[SI]][%[[C2]], %[[C0]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}}, %{{.*}} into %[[SV]], %[[SI]][%[[C0]], %[[C0]]]
// CHECK-NOT: mdh_cl.barrier
// CHECK: %[[RV:.*]] = memref.load %[[SV]][%[[C0]], %[[C0]]]
// CHECK-NEXT: memref.store %[[RV]], %[[MAX]][]
// CHECK-NEXT: %[[RI:.*]] = memref.load %[[SI]][%[[C0]], %[[C0]]]
// CHECK-NEXT: memref.store %[[RI]], %[[ARG]][]
// CHECK-NOT: mdh_cl.phase
// CHECK: return
func.func @argmax_blocks(%x: memref<20xf32>, %max: memref<f32>, %arg: memref<i32>) {
  mdh_ll.schedule "argmax" on #mdh_ll.cuda<chip = "sm_90"> sizes(20) combine(pw(@argmax))
      ins(%x : memref<20xf32> [(d0) -> (d0)])
      outs(%max : memref<f32> [(d0) -> ()], %arg : memref<i32> [(d0) -> ()]) {
    mdh_ll.level 0 "blocks" parallel tiles [8] order [0] assign [x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [8] order [0] {
        mdh_ll.level 2 "threads" parallel tiles [1] order [0] assign [x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [1] order [0] {
            mdh_ll.scalar {
            ^bb0(%k: index, %v: f32):
              %0 = arith.index_cast %k : index to i32
              mdh_ll.yield %v, %0 : f32, i32
            }
          }
        }
        mdh_ll.combine %max dims [0] across 2 in shared sync barrier : memref<f32>
        mdh_ll.combine %arg dims [0] across 2 in shared sync barrier : memref<i32>
      }
    }
    mdh_ll.combine %max dims [0] across 0 in device sync phase : memref<f32>
    mdh_ll.combine %arg dims [0] across 0 in device sync phase : memref<i32>
  }
  return
}

// -----

// MatVec with 64 positions per block and 32 threads: every thread has
// positions of its own and combines their parts in order; no tree.

// CHECK-LABEL: func.func @matvec_loop(
// CHECK-SAME: %{{[^:]*}}: memref<64x32xf32>, %{{[^:]*}}: memref<32xf32>, %[[W:[^:]*]]: memref<64xf32>)
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[P:.*]] = mdh_cl.buffer shared : memref<2x64xf32>
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK: mdh_cl.barrier
// CHECK-NEXT: mdh_cl.for %[[Q:.*]] = %[[T]] to %[[C64]] step %[[C32]] {
// CHECK: mdh_cl.for %[[PT:.*]] = %{{.*}} to %{{.*}} step
// CHECK: memref.load %[[P]][%[[PT]], %{{.*}}]
// CHECK: memref.store %{{.*}}, %[[W]][%{{.*}}]
// CHECK-NOT: mdh_cl.barrier
// CHECK: return
func.func @matvec_loop(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_90"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 32] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 32] order [0, 1] {
        mdh_ll.level 2 "threads" parallel tiles [4, 16] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [1, 1] order [0, 1] {
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

// -----

// MatVec split over 10 blocks along k: the combine phase gives each of the
// 64 positions 16 threads (16 positions per block of 256 threads, 4
// blocks). Thread t takes part t / 16 of position t % 16 (consecutive
// threads read consecutive positions); the tree halves the offset from 8 to
// 1 over the 10 slots.

// CHECK-LABEL: func.func @matvec_blocks(
// CHECK-SAME: %{{[^:]*}}: memref<64x1000xf32>, %{{[^:]*}}: memref<1000xf32>, %[[W:[^:]*]]: memref<64xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[D:.*]] = mdh_cl.buffer device : memref<10x64xf32>
// CHECK: mdh_cl.phase "combine"
// CHECK-NEXT: mdh_cl.par_for %[[B:.*]] = %[[C0]] to %[[C4]] step %[[C1]] on blocks x {
// CHECK-NEXT: %[[S:.*]] = mdh_cl.buffer shared : memref<16x16xf32>
// CHECK-NEXT: mdh_cl.par_for %[[T:.*]] = %[[C0]] to %[[C256]] step %[[C1]] on threads x {
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[B]], %[[C16]] : index
// CHECK-NEXT: %[[L:.*]] = arith.remui %[[T]], %[[C16]] : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.divui %[[T]], %[[C16]] : index
// CHECK-NEXT: %[[Q:.*]] = arith.addi %[[FIRST]], %[[L]] : index
// CHECK-NEXT: %[[I:.*]] = arith.remui %[[Q]], %[[C64]] : index
// CHECK-NEXT: %[[HAS:.*]] = arith.cmpi ult, %[[SLOT]], %[[C10]] : index
// CHECK-NEXT: scf.if %[[HAS]] {
// CHECK-NEXT: %[[X:.*]] = memref.load %[[D]][%[[SLOT]], %[[I]]]
// CHECK-NEXT: memref.store %[[X]], %[[S]][%[[SLOT]], %[[L]]]
// CHECK-NEXT: }
// CHECK-NEXT: mdh_cl.barrier
// CHECK-NEXT: arith.cmpi ult, %[[T]], %[[C32]] : index
// CHECK: %[[F8:.*]] = arith.addi %{{.*}}, %[[C8]] : index
// CHECK-NEXT: memref.load %[[S]][%[[F8]], %{{.*}}]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: arith.cmpi ult, %[[T]], %[[C64]] : index
// CHECK: %[[F4:.*]] = arith.addi %{{.*}}, %[[C4]] : index
// CHECK-NEXT: memref.load %[[S]][%[[F4]], %{{.*}}]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: arith.cmpi ult, %[[T]], %[[C32]] : index
// CHECK: %[[F2:.*]] = arith.addi %{{.*}}, %[[C2]] : index
// CHECK-NEXT: memref.load %[[S]][%[[F2]], %{{.*}}]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpi ult, %[[T]], %[[C16]] : index
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[S]][%[[C1]], %[[T]]]
// CHECK-NEXT: mdh_cl.accumulate %[[V]] into %[[S]][%[[C0]], %[[T]]]
// CHECK-NOT: mdh_cl.barrier
// CHECK: %[[R:.*]] = memref.load %[[S]][%[[C0]], %[[L]]]
// CHECK-NEXT: memref.store %[[R]], %[[W]][%[[I]]]
// CHECK-NOT: mdh_cl.phase
// CHECK: return
func.func @matvec_blocks(%M: memref<64x1000xf32>, %v: memref<1000xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_90"> sizes(64, 1000) combine(cc, pw(add))
      ins(%M : memref<64x1000xf32> [(d0, d1) -> (d0, d1)], %v : memref<1000xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 100] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 100] order [0, 1] {
        mdh_ll.level 2 "threads" parallel tiles [1, 100] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [1, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %0 = arith.mulf %m, %x : f32
              mdh_ll.yield %0 : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// A sum over 8 x 12 with 4 x 3 threads: the inner split dimension first
// (offsets 2, 1 within each row of parts, for every valid outer coordinate),
// then the outer one (offsets 2, 1 between rows: parts 6 and 3).

// CHECK-LABEL: func.func @sum2(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[P:.*]] = mdh_cl.buffer shared : memref<12xf32>
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W1:.*]] = arith.cmpi ult, %[[T]], %[[C4]] : index
// CHECK-NEXT: scf.if %[[W1]] {
// CHECK-NEXT: %[[X1:.*]] = arith.muli %[[T]], %[[C2]] : index
// CHECK-NEXT: %[[OK1:.*]] = arith.cmpi ult, %[[X1]], %[[C8]] : index
// CHECK-NEXT: scf.if %[[OK1]] {
// CHECK-NEXT: %[[ROW1:.*]] = arith.muli %[[T]], %[[C3]] : index
// CHECK-NEXT: %[[F1:.*]] = arith.addi %[[ROW1]], %[[C2]] : index
// CHECK-NEXT: %[[TO1:.*]] = arith.muli %[[T]], %[[C3]] : index
// CHECK-NEXT: memref.load %[[P]][%[[F1]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}} into %[[P]][%[[TO1]]]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W2:.*]] = arith.cmpi ult, %[[T]], %[[C4]] : index
// CHECK-NEXT: scf.if %[[W2]] {
// CHECK: %[[ROW2:.*]] = arith.muli %[[T]], %[[C3]] : index
// CHECK-NEXT: %[[F2:.*]] = arith.addi %[[ROW2]], %[[C1]] : index
// CHECK-NEXT: %[[TO2:.*]] = arith.muli %[[T]], %[[C3]] : index
// CHECK-NEXT: memref.load %[[P]][%[[F2]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}} into %[[P]][%[[TO2]]]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W3:.*]] = arith.cmpi ult, %[[T]], %[[C2]] : index
// CHECK-NEXT: scf.if %[[W3]] {
// CHECK-NEXT: %[[O3:.*]] = arith.addi %[[T]], %[[C2]] : index
// CHECK: %[[F3:.*]] = arith.muli %[[O3]], %[[C3]] : index
// CHECK-NEXT: %[[TO3:.*]] = arith.muli %[[T]], %[[C3]] : index
// CHECK-NEXT: memref.load %[[P]][%[[F3]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}} into %[[P]][%[[TO3]]]
// CHECK: mdh_cl.barrier
// CHECK-NEXT: %[[W4:.*]] = arith.cmpi ult, %[[T]], %[[C1]] : index
// CHECK-NEXT: scf.if %[[W4]] {
// CHECK-NEXT: memref.load %[[P]][%[[C3]]]
// CHECK-NEXT: mdh_cl.accumulate %{{.*}} into %[[P]][%[[C0]]]
// CHECK-NOT: mdh_cl.barrier
// CHECK: return
func.func @sum2(%x: memref<8x12xf32>, %r: memref<f32>) {
  mdh_ll.schedule "sum2" on #mdh_ll.cuda<chip = "sm_90"> sizes(8, 12) combine(pw(add), pw(add))
      ins(%x : memref<8x12xf32> [(d0, d1) -> (d0, d1)])
      outs(%r : memref<f32> [(d0, d1) -> ()]) {
    mdh_ll.level 0 "blocks" parallel tiles [8, 12] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [8, 12] order [0, 1] {
        mdh_ll.level 2 "threads" parallel tiles [2, 4] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [1, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %a: f32):
              mdh_ll.yield %a : f32
            }
          }
          mdh_ll.combine %r dims [0, 1] across 3 in register sync none : memref<f32>
        }
        mdh_ll.combine %r dims [0, 1] across 2 in shared sync barrier : memref<f32>
      }
    }
  }
  return
}
