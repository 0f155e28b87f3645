// The identity thread order of a barrier interval has no table: the thread
// is the loop index. Issue 19 (test/random, seed 7, cases 252, 450 and
// 591): the table of the identity order of two threads, [0, 1], holds the
// low-bits masks (1 << i) - 1, and LLVM 22's X86 backend (hosts with BMI2)
// compiles `and (load table[i]), 1`, the thread's x index for a block of
// two threads, to the constant 1: both iterations ran thread 1, which left
// outputs unwritten (the sentinel) and, in other kernels, wrote out of
// bounds (a crash, a hang). Other permutations keep their table
// (emulate-thread-order.mlir).

// RUN: rm -rf %t && split-file %s %t
// RUN: mdh-opt %t/launches.mlir -split-input-file \
// RUN:   --mdh-gpu-emulate-on-host=seed=2 | FileCheck %s

// The kernel of case 450, reduced: two threads of three columns each; seeds
// 3 and 4 draw the identity order (unwritten elements before the fix), seed
// 1 the other one.
// RUN: for s in 1 3 4; do \
// RUN:   mdh-run %t/kernel.mlir --target=hip:gfx90a --emulate \
// RUN:     --config=%t/config.json --check=full --reps=1 --seed=$s; \
// RUN: done | FileCheck %s --check-prefix=EXEC \
// RUN:   --implicit-check-not=FAIL --implicit-check-not=mismatch
// EXEC-COUNT-3: two_threads {{.*}} all 55 pts {{ *}}OK

//--- launches.mlir
// One thread: no table, whatever the seed.
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @one_thread(
// CHECK:         scf.parallel
// CHECK-NOT:       memref.get_global
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:        %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:        %[[TX:.*]] = arith.remui %[[I]], %[[C1]] : index
// CHECK-NOT:         memref.load
// CHECK:             memref.store %{{.*}}, %{{.*}}[%[[TX]]] : memref<1xi32>
func.func @one_thread(%a: memref<1xi32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    memref.store %v, %a[%tx] : memref<1xi32>
    gpu.terminator
  }
  return
}

// -----

// Two threads, two intervals: seed 2 draws [1, 0] for the first (a table)
// and the identity for the second (none).
// CHECK: memref.global "private" constant @[[ORDER:__mdh_thread_order.*]] : memref<2xi32> = dense<[1, 0]>
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @two_threads(
// CHECK:         %[[TABLE:.*]] = memref.get_global @[[ORDER]] : memref<2xi32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:      %[[E:.*]] = memref.load %[[TABLE]][%[[I]]] : memref<2xi32>
// CHECK-NEXT:      %[[TID:.*]] = arith.index_castui %[[E]] : i32 to index
// CHECK:           memref.store %{{.*}}, %{{.*}}[%[[TID]]] : memref<2xi32>
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[TX:.*]] = arith.remui %[[J]], %[[C2]] : index
// CHECK-NOT:       memref.get_global
// CHECK:           %[[W:.*]] = memref.load %{{.*}}[%[[TX]]] : memref<2xi32>
// CHECK:           %[[V:.*]] = memref.load %{{.*}}[%[[J]]] : memref<2xi32>
// CHECK:           arith.addi %[[W]], %[[V]] : i32
func.func @two_threads(%a: memref<2xi32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    memref.store %v, %a[%tx] : memref<2xi32>
    gpu.barrier
    %w = memref.load %a[%tx] : memref<2xi32>
    %x = arith.addi %w, %v : i32
    memref.store %x, %a[%tx] : memref<2xi32>
    gpu.terminator
  }
  return
}

//--- kernel.mlir
func.func @two_threads(%t: memref<11x5xi16>, %s: memref<5x22xi16>) {
  mdh.compute "two_threads" sizes(5, 11) combine(cc, cc)
      outs(%t : memref<11x5xi16> [affine_map<(i, j) -> (j, i)>],
           %s : memref<5x22xi16> [affine_map<(i, j) -> (i, j * 2 + 1)>]) {
    %one = arith.constant 1 : i16
    mdh.yield %one, %one : i16, i16
  }
  return
}

//--- config.json
{
  "format": "mdh-config-v1",
  "computation": "f4c0aa0a355bafdb",
  "name": "two_threads",
  "sizes": [5, 11],
  "target": "hip:gfx90a",
  "levels": ["blocks", "shared_tile", "threads", "register_tile"],
  "tiles": [[5, 8], [5, 6], [5, 3], [2, 3]],
  "orders": [[1, 0], [1, 0], [1, 0], [1, 0]],
  "assignment": [[0, 0], [], [0, 1], []],
  "assignment_kind": ["blocked", "blocked", "blocked", "blocked"],
  "inputs": [],
  "outputs": [
    {"regions": ["device", "register", "shared", "register"]},
    {"regions": ["device", "register", "shared", "register"]}
  ]
}
