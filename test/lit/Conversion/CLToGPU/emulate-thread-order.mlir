// RUN: mdh-opt %s --mdh-gpu-emulate-on-host=seed=86 | FileCheck %s

// The shuffled thread order of each barrier interval is a constant table,
// one per interval, loaded by the thread loop. Issue 19: it was computed as
// (a * i + c) mod threads, an affine recurrence under a mask, and LLVM 22's
// loop vectorizer vectorized such thread loops (scan kernels) as if
// consecutive threads touched consecutive elements, ignoring the wrap:
// wrong results and out-of-bounds stores (gpu-emulate-scans.test).

// CHECK-COUNT-2: memref.global "private" constant @__mdh_thread_order{{.*}} : memref<6xi32> = dense<[{{[0-5], [0-5], [0-5], [0-5], [0-5], [0-5]}}]>
// CHECK-LABEL: func.func @two_intervals(
// CHECK:         scf.parallel
// CHECK:           %[[ORDER0:.*]] = memref.get_global @__mdh_thread_order{{.*}} : memref<6xi32>
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:        %[[E:.*]] = memref.load %[[ORDER0]][%[[I]]] : memref<6xi32>
// CHECK-NEXT:        %[[TID:.*]] = arith.index_castui %[[E]] : i32 to index
// CHECK-NOT:         arith.muli
// CHECK:             memref.store %{{.*}}, %{{.*}}[%[[TID]]]
// CHECK:           %[[ORDER1:.*]] = memref.get_global @__mdh_thread_order{{.*}} : memref<6xi32>
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:        memref.load %[[ORDER1]][%[[J]]] : memref<6xi32>
func.func @two_intervals(%a: memref<6xi32>) {
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c6, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    memref.store %v, %a[%tx] : memref<6xi32>
    gpu.barrier
    %w = memref.load %a[%tx] : memref<6xi32>
    %x = arith.addi %w, %v : i32
    memref.store %x, %a[%tx] : memref<6xi32>
    gpu.terminator
  }
  return
}
