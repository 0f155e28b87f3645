// RUN: mdh-translate %s --emit-hip -verify-diagnostics

// The HIP emitter has no warp-level matrix products (no MFMA yet): a
// located error, where the CUDA emitter prints mma.sync.

func.func @mma(%A: memref<16x16xf16>, %B: memref<16x8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<4xf32>
      // expected-error @+1 {{'mdh_cl.mma' op cannot be translated to HIP: warp-level matrix products are printed for CUDA only}}
      mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
          : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
    }
  }
  return
}
