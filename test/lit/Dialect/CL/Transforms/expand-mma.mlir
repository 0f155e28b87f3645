// RUN: mdh-opt %s --mdh-cl-expand-mma -split-input-file | FileCheck %s
// RUN: mdh-opt %s --mdh-cl-expand-mma=report=true -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Each lane's own arithmetic for mdh_cl.mma: lane = linear thread id mod
// 32, g = lane / 4, t = 2 * (lane % 4); accumulator e at (g + 8 * (e / 2),
// t + e % 2) plus the 16 products along k.

// REPORT-COUNT-5: remark: mdh-cl-expand-mma: 1 mdh_cl.mma ops expanded
// CHECK-LABEL: func.func @one(
// CHECK-SAME: %[[A:.*]]: memref<16x16xf16>, %[[B:.*]]: memref<16x8xf16>
// CHECK: mdh_cl.par_for %[[X:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on threads x {
// CHECK: %[[ACC:.*]] = mdh_cl.buffer register : memref<4xf32>
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %[[C32:.*]] : index
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %{{.*}} : index
// CHECK: %[[T4:.*]] = arith.remui %[[LANE]], %{{.*}} : index
// CHECK: %[[T:.*]] = arith.muli %[[T4]], %{{.*}} : index
// CHECK: %[[INIT:.*]] = memref.load %[[ACC]][%{{.*}}] : memref<4xf32>
// CHECK: %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %[[INIT]]) -> (f32) {
// CHECK:   %[[X1:.*]] = memref.load %[[A]][%{{.*}}, %{{.*}}] : memref<16x16xf16>
// CHECK:   %[[Y1:.*]] = memref.load %[[B]][%{{.*}}, %{{.*}}] : memref<16x8xf16>
// CHECK:   %[[XW:.*]] = arith.extf %[[X1]] : f16 to f32
// CHECK:   %[[YW:.*]] = arith.extf %[[Y1]] : f16 to f32
// CHECK:   %[[P:.*]] = arith.mulf %[[XW]], %[[YW]] : f32
// CHECK:   %[[N:.*]] = arith.addf %[[S]], %[[P]] : f32
// CHECK:   scf.yield %[[N]] : f32
// CHECK: memref.store %[[SUM]], %[[ACC]][%{{.*}}] : memref<4xf32>
// CHECK-COUNT-3: scf.for
// CHECK-NOT: mdh_cl.mma
func.func @one(%A: memref<16x16xf16>, %B: memref<16x8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    %acc = mdh_cl.buffer register : memref<4xf32>
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
  }
  return
}

// -----

// Threads on x and y: the lane counts x fastest; transposed operands swap
// their indices.
// CHECK-LABEL: func.func @two_dims(
// CHECK: mdh_cl.par_for %[[Y:.*]] = %{{.*}} to %[[NY:.*]] step %{{.*}} on threads y {
// CHECK: mdh_cl.par_for %[[X:.*]] = %{{.*}} to %[[NX:.*]] step %{{.*}} on threads x {
// CHECK: %[[ID0:.*]] = arith.muli %{{.*}}, %[[NY]] : index
// CHECK: %[[ID1:.*]] = arith.addi %[[ID0]], %[[Y]] : index
// CHECK: %[[ID2:.*]] = arith.muli %[[ID1]], %[[NX]] : index
// CHECK: %[[ID:.*]] = arith.addi %[[ID2]], %[[X]] : index
// CHECK: arith.remui %[[ID]]
// CHECK: scf.for %[[K:[a-z0-9_]+]] =
// CHECK: %[[KA:.*]] = arith.addi %{{.*}}, %[[K]] : index
// CHECK: memref.load %{{.*}}[%[[KA]], %{{.*}}] : memref<16x16xbf16>
// CHECK: %[[KB:.*]] = arith.addi %{{.*}}, %[[K]] : index
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[KB]]] : memref<8x16xbf16>
func.func @two_dims(%A: memref<16x16xbf16>, %B: memref<8x16xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  mdh_cl.par_for %y = %c0 to %c4 step %c1 on threads y {
    mdh_cl.par_for %x = %c0 to %c16 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<4xf32>
      mdh_cl.mma m16n8k16 %A[%c0, %c0] transposed, %B[%c0, %c0] transposed
          into %acc[%c0] : memref<16x16xbf16>, memref<8x16xbf16> into memref<4xf32>
    }
  }
  return
}

// -----

// TF32: t = lane % 4 is not needed (the accumulators are placed as for
// m16n8k16); each operand is rounded to TF32 before the product: its bits
// plus half a unit in the last of TF32's places, the 13 dropped bits
// cleared, NaNs kept; 8 products along k.
// CHECK-LABEL: func.func @tf32(
// CHECK-SAME: %[[A:.*]]: memref<16x8xf32>, %[[B:.*]]: memref<8x8xf32>
// CHECK: %[[INIT:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<4xf32>
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C8]] step %{{.*}} iter_args(%[[S:.*]] = %[[INIT]]) -> (f32) {
// CHECK:   %[[X:.*]] = memref.load %[[A]][%{{.*}}, %{{.*}}] : memref<16x8xf32>
// CHECK:   %[[Y:.*]] = memref.load %[[B]][%{{.*}}, %{{.*}}] : memref<8x8xf32>
// CHECK:   %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK:   %[[UP:.*]] = arith.addi %[[BITS]], %[[HALF:.*]] : i32
// CHECK:   %[[CUT:.*]] = arith.andi %[[UP]], %[[MASK:.*]] : i32
// CHECK:   %[[R:.*]] = arith.bitcast %[[CUT]] : i32 to f32
// CHECK:   %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK:   %[[XR:.*]] = arith.select %[[NAN]], %[[X]], %[[R]] : f32
// CHECK:   %[[YR:.*]] = arith.select %{{.*}}, %[[Y]], %{{.*}} : f32
// CHECK:   %[[P:.*]] = arith.mulf %[[XR]], %[[YR]] : f32
// CHECK:   arith.addf %[[S]], %[[P]] : f32
// CHECK-NOT: mdh_cl.mma
func.func @tf32(%A: memref<16x8xf32>, %B: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    %acc = mdh_cl.buffer register : memref<4xf32>
    mdh_cl.mma m16n8k8 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x8xf32>, memref<8x8xf32> into memref<4xf32>
  }
  return
}

// -----

// MFMA: lane = linear thread id mod 64; accumulator e at (4 * (lane / 16) +
// e, lane % 16) plus the 16 products along k.
// CHECK-LABEL: func.func @mfma(
// CHECK-SAME: %[[A:.*]]: memref<16x16xf16>, %[[B:.*]]: memref<16x16xf16>
// CHECK: mdh_cl.par_for
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %[[C64]] : index
// CHECK: %[[Q:.*]] = arith.divui %[[LANE]], %{{.*}} : index
// CHECK: %[[ROW0:.*]] = arith.muli %[[Q]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.addi %[[ROW0]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.remui %[[LANE]], %{{.*}} : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:   memref.load %[[A]][%{{.*}}, %{{.*}}] : memref<16x16xf16>
// CHECK:   memref.load %[[B]][%{{.*}}, %{{.*}}] : memref<16x16xf16>
// CHECK-COUNT-3: scf.for
// CHECK-NOT: mdh_cl.mma
func.func @mfma(%A: memref<16x16xf16>, %B: memref<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    %acc = mdh_cl.buffer register : memref<4xf32>
    mdh_cl.mma m16n16k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x16xf16> into memref<4xf32>
  }
  return
}

// -----

// A warp tile of 2x2 products (tiles) is expanded product by product:
// product (i, j) reads A from row 16 i (here A's second index, transposed)
// and B from column 8 j, into accumulators (i, j, e).
// CHECK-LABEL: func.func @tiles(
// CHECK-SAME: %[[A:.*]]: memref<16x32xf16>, %[[B:.*]]: memref<16x16xf16>
// CHECK: %[[ACC:.*]] = mdh_cl.buffer register : memref<2x2x4xf32>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[ACC]][%[[Z:c0]], %[[Z]], %{{.*}}] : memref<2x2x4xf32>
// CHECK: %[[J1:.*]] = arith.addi %[[Z]], %c1{{.*}} : index
// CHECK: %[[N8:.*]] = arith.addi %[[Z]], %c8{{.*}} : index
// CHECK: %[[BC:.*]] = arith.addi %[[N8]], %{{.*}} : index
// CHECK: memref.load %[[B]][%{{.*}}, %[[BC]]] : memref<16x16xf16>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[ACC]][%[[Z]], %[[J1]], %{{.*}}] : memref<2x2x4xf32>
// CHECK: %[[I1:.*]] = arith.addi %[[Z]], %c1{{.*}} : index
// CHECK: %[[M16:.*]] = arith.addi %[[Z]], %c16{{.*}} : index
// CHECK: %[[AR:.*]] = arith.addi %[[M16]], %{{.*}} : index
// CHECK: memref.load %[[A]][%{{.*}}, %[[AR]]] : memref<16x32xf16>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[ACC]][%[[I1]], %[[Z]], %{{.*}}] : memref<2x2x4xf32>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[ACC]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x2x4xf32>
// CHECK-NOT: mdh_cl.mma
func.func @tiles(%A: memref<16x32xf16>, %B: memref<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    %acc = mdh_cl.buffer register : memref<2x2x4xf32>
    mdh_cl.mma m16n8k16 tiles [2, 2] %A[%c0, %c0] transposed, %B[%c0, %c0]
        into %acc[%c0, %c0, %c0]
        : memref<16x32xf16>, memref<16x16xf16> into memref<2x2x4xf32>
  }
  return
}
