// RUN: mdh-translate %s --emit-hip -split-input-file -verify-diagnostics

// Each GPU language prints its vendor's shapes only: HIP refuses the
// mma.sync shapes, CUDA the MFMA one (test/lit/Target/CUDA/mfma-cuda-error.mlir),
// each with a located error.

func.func @mma(%A: memref<16x16xf16>, %B: memref<16x8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<4xf32>
      // expected-error @+1 {{'mdh_cl.mma' op cannot be translated to HIP: m16n8k16 is an NVIDIA mma.sync shape; AMD GPUs multiply m16n16k16}}
      mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
          : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
    }
  }
  return
}

// -----

func.func @tf32(%A: memref<16x8xf32>, %B: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<4xf32>
      // expected-error @+1 {{'mdh_cl.mma' op cannot be translated to HIP: m16n8k8 is an NVIDIA mma.sync shape; AMD GPUs multiply m16n16k16}}
      mdh_cl.mma m16n8k8 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
          : memref<16x8xf32>, memref<8x8xf32> into memref<4xf32>
    }
  }
  return
}
