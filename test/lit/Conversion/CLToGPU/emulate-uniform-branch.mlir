// RUN: mdh-opt %s --mdh-gpu-emulate-on-host=seed=3 | FileCheck %s

// A barrier under a branch whose condition is the same on every thread (a
// block id test, as in the GPU lowering's version of full blocks): each
// branch is cut at its barriers like the launch body, and the condition is
// evaluated once per block, outside the thread loops.

// CHECK-LABEL: func.func @uniform_branch(
// CHECK:         scf.parallel
// CHECK:           scf.for
// CHECK:             %[[COND:.*]] = arith.cmpi eq
// CHECK:             memref.store %[[COND]], %[[CONDS:.*]][%{{.*}}] : memref<4xi1>
// CHECK:           %[[FULL:.*]] = memref.load %[[CONDS]][%{{.*}}] : memref<4xi1>
// CHECK-NEXT:      scf.if %[[FULL]] {
// CHECK:             scf.for
// CHECK:               memref.store %{{.*}}, %[[SHARED:.*]][%{{.*}}] : memref<4xf32>
// CHECK:             }
// CHECK:             scf.for
// CHECK:               memref.load %[[SHARED]][%{{.*}}] : memref<4xf32>
// CHECK:             }
// CHECK:           } else {
// CHECK:             scf.for
// CHECK:           }
func.func @uniform_branch(%a: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<4xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : index
    %four = arith.constant 4 : index
    %full = arith.cmpi eq, %bx, %one : index
    %base = arith.muli %bx, %four : index
    %i = arith.addi %base, %tx : index
    scf.if %full {
      %v = memref.load %a[%i] : memref<8xf32>
      memref.store %v, %s[%tx] : memref<4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %tx, %one : index
      %m = arith.remui %n, %four : index
      %w = memref.load %s[%m] : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %w, %a[%i] : memref<8xf32>
    } else {
      %z = arith.constant 0.0 : f32
      memref.store %z, %a[%i] : memref<8xf32>
    }
    gpu.terminator
  }
  return
}
