// RUN: mdh-opt %s --mdh-hl-to-ll=target=cuda:sm_80 --split-input-file | FileCheck %s --check-prefix=CUDA
// RUN: mdh-opt %s --mdh-hl-to-ll=target=openmp --split-input-file | FileCheck %s --check-prefix=OMP
// RUN: mdh-opt %s --mdh-hl-to-ll --split-input-file | FileCheck %s --check-prefix=ATTR
// RUN: mdh-opt %s --mdh-hl-to-ll="target=cuda:sm_80 emit-config=-" --split-input-file -o /dev/null | FileCheck %s --check-prefix=JSON

// MatVec 64x32 with the heuristic's configuration: the schedule keeps the
// computation (buffers, maps, combine operators), nests the target's four
// levels, copies the vector into shared memory and registers on the GPU,
// runs the scalar function (mdh.index turned into a block argument) in the
// innermost level and combines the pw dimension after every level that
// splits it: across threads in shared memory with a barrier. One block
// holds it all: split over blocks, k would give each block fewer than 4
// shared tiles. The block walks k in two shared tiles: they are
// double-buffered (`stages 2`, sm_80 and later).

// CUDA-LABEL: func.func @matvec(
// CUDA-SAME:      %[[M:.*]]: memref<64x32xf32>, %[[V:.*]]: memref<32xf32>, %[[W:.*]]: memref<64xf32>)
// CUDA:         mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
// CUDA-NEXT:        ins(%[[M]] : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %[[V]] : memref<32xf32> [(d0, d1) -> (d1)])
// CUDA-NEXT:        outs(%[[W]] : memref<64xf32> [(d0, d1) -> (d0)]) {
// CUDA-NEXT:      mdh_ll.level 0 "blocks" parallel tiles [64, 32] order [0, 1] assign [x, x] blocked {
// CUDA-NEXT:        mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [1, 0] stages 2 {
// CUDA-NEXT:          mdh_ll.copy %[[V]] to shared layout identity : memref<32xf32>
// CUDA-NEXT:          mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
// CUDA-NEXT:            mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
// CUDA-NEXT:              mdh_ll.copy %[[V]] to register layout identity : memref<32xf32>
// CUDA-NEXT:              mdh_ll.scalar {
// CUDA-NEXT:              ^bb0(%[[I:.*]]: index, %[[K:.*]]: index, %[[A:.*]]: f32, %[[B:.*]]: f32):
// CUDA-NEXT:                %[[KF:.*]] = arith.index_cast %[[K]] : index to i32
// CUDA-NEXT:                %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CUDA-NEXT:                mdh_ll.yield %[[P]] : f32
// CUDA-NEXT:              }
// CUDA-NEXT:            }
// CUDA-NEXT:          }
// CUDA-NEXT:          mdh_ll.combine %[[W]] dims [1] across 2 in shared sync barrier : memref<64xf32>
// CUDA-NEXT:        }
// CUDA-NEXT:        mdh_ll.combine %[[W]] dims [1] across 1 in register sync none : memref<64xf32>
// CUDA-NEXT:      }
// CUDA-NEXT:    }
// CUDA-NOT:     mdh.compute

// On the CPU the partial sums of a thread's register tiles accumulate in
// registers; the threads' partial sums meet in main memory. MatVec reads
// its rows with a stride, so the vector lanes run along the reduction and
// the register tile holds 12 rows (3/4 of AVX2's 16 vector registers).

// OMP-LABEL: func.func @matvec(
// OMP:         mdh_ll.schedule "matvec" on #mdh_ll.openmp sizes(64, 32) combine(cc, pw(add))
// OMP:           mdh_ll.level 0 "threads" parallel tiles [12, 16] order [0, 1] assign [x, x] blocked {
// OMP-NEXT:        mdh_ll.level 1 "l2_tile" sequential tiles [12, 16] order [0, 1] {
// OMP-NEXT:          mdh_ll.level 2 "l1_tile" sequential tiles [12, 16] order [0, 1] {
// OMP-NEXT:            mdh_ll.level 3 "register_tile" simd tiles [12, 1] order [0, 1] {
// OMP-NEXT:              mdh_ll.scalar {
// OMP:                 mdh_ll.combine %{{.*}} dims [1] across 3 in register sync none
// OMP:           mdh_ll.combine %{{.*}} dims [1] across 0 in device sync phase

// Without target=, the mdh_ll.target attribute of the enclosing function
// names the target.
// ATTR-LABEL: func.func @matvec(
// ATTR:         mdh_ll.schedule "matvec" on #mdh_ll.hip<chip = "gfx942">

// emit-config writes the configuration it used.
// JSON:      "format": "mdh-config-v1",
// JSON:      "name": "matvec",
// JSON:      "sizes": [64, 32],
// JSON:      "target": "cuda:sm_80",
// JSON:      "tiles": {{\[\[}}64, 32], [64, 16], [4, 1], [4, 1]],
func.func @matvec(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>)
    attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx942">} {
  mdh.compute "matvec" sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(i, k) -> (i, k)],
          %v : memref<32xf32> [(i, k) -> (k)])
      outs(%w : memref<64xf32> [(i, k) -> (i)]) {
  ^bb0(%m: f32, %x: f32):
    %k = mdh.index 1
    %kf = arith.index_cast %k : index to i32
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}
