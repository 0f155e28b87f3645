// RUN: mdh-opt %s -split-input-file | mdh-opt -split-input-file | FileCheck %s
// RUN: mdh-opt %s -split-input-file --mlir-print-op-generic \
// RUN:   | mdh-opt -split-input-file | FileCheck %s

// mdh_cl.shuffle: a value of a later (down) or earlier (up) lane of the thread's group, in
// uniform control flow (a uniform loop, a branch on a uniform condition).

// CHECK-LABEL: func.func @warp_sum(
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK: %[[V:.*]] = memref.load
// CHECK: %[[S16:.*]] = mdh_cl.shuffle down %[[V]], 16 width 32 : f32
// CHECK: %[[B:.*]] = mdh_cl.shuffle up %{{.*}}, 1 width 32 : i1
// CHECK: mdh_cl.for
// CHECK: %{{.*}} = mdh_cl.shuffle down %{{.*}}, 2 width 4 : i64
// CHECK: scf.if
// CHECK: %{{.*}} = mdh_cl.shuffle down %{{.*}}, 4 width 8 : f64
func.func @warp_sum(%in: memref<64xf32>, %ok: i1, %n: index, %x: i64,
                    %y: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    %v = memref.load %in[%t] : memref<64xf32>
    %s16 = mdh_cl.shuffle down %v, 16 width 32 : f32
    %b = mdh_cl.shuffle up %ok, 1 width 32 : i1
    mdh_cl.for %k = %c0 to %n step %c1 {
      %z = mdh_cl.shuffle down %x, 2 width 4 : i64
    }
    %uniform = arith.cmpi ult, %n, %c64 : index
    scf.if %uniform {
      %w = mdh_cl.shuffle down %y, 4 width 8 : f64
    }
  }
  return
}

// -----

// Threads along x and y: the block's 8 x 8 threads form two warps.
// CHECK-LABEL: func.func @two_dims(
// CHECK: mdh_cl.shuffle down %{{.*}}, 8 width 32 : i32
func.func @two_dims(%x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  mdh_cl.par_for %ty = %c0 to %c8 step %c1 on threads y {
    mdh_cl.par_for %tx = %c0 to %c8 step %c1 on threads x {
      %s = mdh_cl.shuffle down %x, 8 width 32 : i32
    }
  }
  return
}
