// RUN: mdh-opt %s --mdh-ll-to-cl -split-input-file | mdh-opt -split-input-file | FileCheck %s

// Where the sizes divide the tiles on every level (and the threads cover
// each shared tile exactly), every tile ends at `lo + t`: no `minui` with
// the enclosing end, so the loops over a thread's points have constant
// trip counts and need neither padding nor guards (gpu-partial.mlir is the
// opposite case).

// MatVec 16 x 8: blocks of 8 x 8, shared tiles of 8 x 4, 2 x 4 threads of
// 4 x 1, register tiles of 2 x 1.
// CHECK-LABEL: func.func @matvec_exact(
// CHECK: mdh_cl.phase "main"
// CHECK-NOT: arith.minui
// The thread's register tiles of rows [i3, i3 + 2).
// CHECK: mdh_cl.for %[[I3:arg[0-9]+]] = %{{.*}} to %{{.*}} step %c2{{.*}} {
// CHECK: %[[IHI:.*]] = arith.addi %[[I3]], %c2{{.*}} : index
// CHECK: mdh_cl.for %{{.*}} = %[[I3]] to %[[IHI]] step %c1{{.*}} {
// CHECK-NOT: arith.minui
// CHECK: return
func.func @matvec_exact(%M: memref<16x8xf32>, %v: memref<8xf32>, %w: memref<16xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_90"> sizes(16, 8) combine(cc, pw(add))
      ins(%M : memref<16x8xf32> [(d0, d1) -> (d0, d1)], %v : memref<8xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<16xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [8, 8] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [8, 4] order [1, 0] {
        mdh_ll.copy %v to shared layout identity : memref<8xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, y] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [2, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %0 = arith.mulf %m, %x : f32
              mdh_ll.yield %0 : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<16xf32>
      }
      mdh_ll.combine %w dims [1] across 1 in register sync none : memref<16xf32>
    }
  }
  return
}

// -----

// The same with 7 columns: the column tiles (4, then 3) end at a minimum
// with the size; the rows (16 = 2 x 8) stay exact.
// CHECK-LABEL: func.func @matvec_cols_partial(
// CHECK: mdh_cl.phase "main"
// CHECK-NOT: arith.minui %{{.*}}, %c16
// CHECK: arith.minui %{{.*}}, %c7{{.*}} : index
// CHECK-NOT: arith.minui %{{.*}}, %c16
// CHECK: return
func.func @matvec_cols_partial(%M: memref<16x7xf32>, %v: memref<7xf32>, %w: memref<16xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_90"> sizes(16, 7) combine(cc, pw(add))
      ins(%M : memref<16x7xf32> [(d0, d1) -> (d0, d1)], %v : memref<7xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<16xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [8, 7] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [8, 4] order [1, 0] {
        mdh_ll.copy %v to shared layout identity : memref<7xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, y] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [2, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %0 = arith.mulf %m, %x : f32
              mdh_ll.yield %0 : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<16xf32>
      }
      mdh_ll.combine %w dims [1] across 1 in register sync none : memref<16xf32>
    }
  }
  return
}

// -----

// MatVec 20 x 8 with blocks of 8 rows: the last block holds 4. The blocks'
// code is built twice: under a test that the block's rows are all there
// (the same on every thread, so the barriers inside stay in uniform control
// flow) every tile ends at `lo + t`, as above, and the vector is copied
// into shared memory with 128-bit loads, which the test makes sure are
// aligned; the other version keeps the `minui` ends and scalar copies and
// serves the partial block and misaligned arguments.
// CHECK-LABEL: func.func @matvec_versioned(
// CHECK-SAME:    %{{.*}}: memref<20x8xf32>, %[[V:.*]]: memref<8xf32>
// CHECK:         %[[FULL:.*]] = arith.cmpi ule, %{{.*}}, %c20{{.*}} : index
// CHECK-NEXT:    %[[ALIGNED:.*]] = mdh_cl.aligned %[[V]], 16 : memref<8xf32>
// CHECK-NEXT:    %[[FAST:.*]] = arith.andi %[[FULL]], %[[ALIGNED]] : i1
// CHECK-NEXT:    scf.if %[[FAST]] {
// CHECK-NOT:       arith.minui
// CHECK:           vector.load %[[V]][%{{.*}}] {alignment = 16 : i64} : memref<8xf32>, vector<4xf32>
// CHECK-NOT:       arith.minui
// CHECK:         } else {
// CHECK-NOT:       vector.load
// CHECK:           arith.minui
// CHECK-NOT:       vector.load
// CHECK:         }
func.func @matvec_versioned(%M: memref<20x8xf32>, %v: memref<8xf32>, %w: memref<20xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_90"> sizes(20, 8) combine(cc, pw(add))
      ins(%M : memref<20x8xf32> [(d0, d1) -> (d0, d1)], %v : memref<8xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<20xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [8, 8] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [8, 4] order [1, 0] {
        mdh_ll.copy %v to shared layout identity : memref<8xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, y] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [2, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %0 = arith.mulf %m, %x : f32
              mdh_ll.yield %0 : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<20xf32>
      }
      mdh_ll.combine %w dims [1] across 1 in register sync none : memref<20xf32>
    }
  }
  return
}
