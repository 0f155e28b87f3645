// RUN: mdh-opt %s -split-input-file | mdh-opt -split-input-file | FileCheck %s
// RUN: mdh-opt %s -split-input-file --mlir-print-op-generic \
// RUN:   | mdh-opt -split-input-file | FileCheck %s

// mdh_cl.mma: a warp's 16x8x16 product of f16 or bf16 tiles (16x8x8 of f32
// tiles read as TF32) into its f32 accumulator fragments, in uniform
// control flow; operands of any rank 2 or more, either transposed.

// CHECK-LABEL: func.func @warp_tile(
// CHECK: mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK: %[[ACC:.*]] = mdh_cl.buffer register : memref<2x4x4xf32>
// CHECK: mdh_cl.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: mdh_cl.mma m16n8k16 %[[A:.*]][%{{.*}}, %[[K]]], %[[B:.*]][%[[K]], %{{.*}}] into %[[ACC]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<32x32xf16>, memref<32x32xf16> into memref<2x4x4xf32>
func.func @warp_tile(%A: memref<32x32xf16>, %B: memref<32x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    %acc = mdh_cl.buffer register : memref<2x4x4xf32>
    mdh_cl.for %k = %c0 to %c32 step %c16 {
      mdh_cl.mma m16n8k16 %A[%c16, %k], %B[%k, %c0] into %acc[%c1, %c0, %c0]
          : memref<32x32xf16>, memref<32x32xf16> into memref<2x4x4xf32>
    }
  }
  return
}

// -----

// Transposed operands of rank 3, bf16, threads on x and y.
// CHECK-LABEL: func.func @transposed(
// CHECK: mdh_cl.mma m16n8k16 %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] transposed, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] transposed into %{{.*}}[%{{.*}}] : memref<2x16x16xbf16>, memref<2x8x16xbf16> into memref<4xf32>
func.func @transposed(%A: memref<2x16x16xbf16>, %B: memref<2x8x16xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  mdh_cl.par_for %y = %c0 to %c8 step %c1 on threads y {
    mdh_cl.par_for %x = %c0 to %c8 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<4xf32>
      mdh_cl.mma m16n8k16 %A[%c1, %c0, %c0] transposed, %B[%c1, %c0, %c0] transposed
          into %acc[%c0] : memref<2x16x16xbf16>, memref<2x8x16xbf16> into memref<4xf32>
    }
  }
  return
}

// -----

// TF32: f32 operands, 8 of k, B transposed.
// CHECK-LABEL: func.func @tf32(
// CHECK: mdh_cl.mma m16n8k8 %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}] transposed into %{{.*}}[%{{.*}}] : memref<16x8xf32>, memref<8x8xf32> into memref<4xf32>
func.func @tf32(%A: memref<16x8xf32>, %B: memref<8x8xf32>,
                %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    mdh_cl.mma m16n8k8 %A[%c0, %c0], %B[%c0, %c0] transposed into %acc[%c0]
        : memref<16x8xf32>, memref<8x8xf32> into memref<4xf32>
  }
  return
}

// -----

// AMD MFMA: a wavefront's 16x16x16 product, 64 threads.
// CHECK-LABEL: func.func @mfma(
// CHECK: mdh_cl.mma m16n16k16 %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}] into %{{.*}}[%{{.*}}] : memref<16x16xbf16>, memref<16x16xbf16> into memref<4xf32>
func.func @mfma(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>,
                %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  mdh_cl.par_for %t = %c0 to %c128 step %c1 on threads x {
    mdh_cl.mma m16n16k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xbf16>, memref<16x16xbf16> into memref<4xf32>
  }
  return
}

// -----

// A warp tile of 2x3 products sharing their fragments (tiles): the
// accumulators of product (i, j) at accIndices + (i, j, e).
// CHECK-LABEL: func.func @warp_tile_products(
// CHECK: mdh_cl.mma m16n8k16 tiles [2, 3] %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}] transposed into %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<32x16xf16, 3>, memref<24x16xf16, 3> into memref<2x3x4xf32>
func.func @warp_tile_products(%A: memref<32x16xf16, 3>,
                              %B: memref<24x16xf16, 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    %acc = mdh_cl.buffer register : memref<2x3x4xf32>
    mdh_cl.mma m16n8k16 tiles [2, 3] %A[%c0, %c0], %B[%c0, %c0] transposed
        into %acc[%c0, %c0, %c0]
        : memref<32x16xf16, 3>, memref<24x16xf16, 3> into memref<2x3x4xf32>
  }
  return
}
