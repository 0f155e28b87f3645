// RUN: mdh-translate %s --emit-cuda -verify-diagnostics

// The CUDA emitter refuses the AMD MFMA shape with a located error (the
// HIP emitter prints it; mma-hip-error.mlir has the converse).

func.func @mfma(%A: memref<16x16xf16>, %B: memref<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<4xf32>
      // expected-error @+1 {{'mdh_cl.mma' op cannot be translated to CUDA: m16n16k16 is an AMD MFMA (a wavefront of 64 lanes), not an mma.sync shape}}
      mdh_cl.mma m16n16k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
          : memref<16x16xf16>, memref<16x16xf16> into memref<4xf32>
    }
  }
  return
}
