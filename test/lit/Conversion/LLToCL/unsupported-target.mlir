// RUN: mdh-opt %s --mdh-hl-to-ll=target=cuda --mdh-ll-to-cl -split-input-file -verify-diagnostics

// GPU schedules are not lowered to CL-IR yet: a located error, no output.

func.func @matvec(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  // expected-error @+1 {{lowering a schedule for target 'cuda' to CL-IR is not implemented yet; only 'openmp' schedules are lowered}}
  mdh.compute "matvec" sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(i, k) -> (i, k)],
          %v : memref<32xf32> [(i, k) -> (k)])
      outs(%w : memref<64xf32> [(i, k) -> (i)]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}
