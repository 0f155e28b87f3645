// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// Every rule of mdh_cl.mma (its placement shares the barrier's checks,
// test/lit/Dialect/CL/invalid.mlir).

func.func @f32_operands(%A: memref<16x16xf32>, %B: memref<16x8xf32>,
                        %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op m16n8k16 multiplies f16 or bf16 matrices, not 'f32'}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf32>, memref<16x8xf32> into memref<4xf32>
  }
  return
}

// -----

func.func @mixed(%A: memref<16x16xf16>, %B: memref<16x8xbf16>,
                 %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op multiplies 'f16' by 'bf16'; both operands have one type}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xbf16> into memref<4xf32>
  }
  return
}

// -----

func.func @f16_acc(%A: memref<16x16xf16>, %B: memref<16x8xf16>,
                   %acc: memref<4xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op accumulates in f32, not 'f16'}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xf16> into memref<4xf16>
  }
  return
}

// -----

func.func @rank1(%A: memref<256xf16>, %B: memref<16x8xf16>,
                 %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op A needs rank 2 or more, got 1}}
    mdh_cl.mma m16n8k16 %A[%c0], %B[%c0, %c0] into %acc[%c0]
        : memref<256xf16>, memref<16x8xf16> into memref<4xf32>
  }
  return
}

// -----

func.func @indices(%A: memref<16x16xf16>, %B: memref<16x8xf16>,
                   %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op expects one index per dimension of B (2), got 1}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
  }
  return
}

// -----

func.func @small_a(%A: memref<16x8xf16>, %B: memref<16x8xf16>,
                   %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op reads a 16x16 block of A, which 'memref<16x8xf16>' cannot hold}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x8xf16>, memref<16x8xf16> into memref<4xf32>
  }
  return
}

// -----

func.func @small_b_transposed(%A: memref<16x16xf16>, %B: memref<16x8xf16>,
                              %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op reads a 8x16 block of B, which 'memref<16x8xf16>' cannot hold}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] transposed into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
  }
  return
}

// -----

func.func @small_acc(%A: memref<16x16xf16>, %B: memref<16x8xf16>,
                     %acc: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op keeps 4 accumulators per lane along the last dimension, which 'memref<2xf32>' cannot hold}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xf16> into memref<2xf32>
  }
  return
}

// -----

func.func @outside_threads(%A: memref<16x16xf16>, %B: memref<16x8xf16>,
                           %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'mdh_cl.mma' op must be inside a mdh_cl.par_for over threads}}
  mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
      : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
  return
}

// -----

func.func @under_thread_branch(%A: memref<16x16xf16>, %B: memref<16x8xf16>,
                               %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    %lane0 = arith.cmpi ult, %t, %c4 : index
    // expected-note @+1 {{this scf.if}}
    scf.if %lane0 {
      // expected-error @+1 {{'mdh_cl.mma' op must sit in uniform control flow: the condition of an enclosing scf.if depends on the thread}}
      mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
          : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
    }
  }
  return
}

// -----

func.func @partial_warp(%A: memref<16x16xf16>, %B: memref<16x8xf16>,
                        %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  mdh_cl.par_for %t = %c0 to %c48 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op runs on whole warps of 32 threads, but the block has 48, not a multiple}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
  }
  return
}

// -----

func.func @tf32_of_f16(%A: memref<16x8xf16>, %B: memref<8x8xf16>,
                       %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op m16n8k8 multiplies f32 matrices (as TF32), not 'f16'}}
    mdh_cl.mma m16n8k8 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x8xf16>, memref<8x8xf16> into memref<4xf32>
  }
  return
}

// -----

func.func @tf32_short_a(%A: memref<8x16xf32>, %B: memref<8x8xf32>,
                        %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op reads a 16x8 block of A, which 'memref<8x16xf32>' cannot hold}}
    mdh_cl.mma m16n8k8 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<8x16xf32>, memref<8x8xf32> into memref<4xf32>
  }
  return
}

// -----

func.func @tf32_short_b(%A: memref<8x16xf32>, %B: memref<4x8xf32>,
                        %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op reads a 8x8 block of B, which 'memref<4x8xf32>' cannot hold}}
    mdh_cl.mma m16n8k8 %A[%c0, %c0] transposed, %B[%c0, %c0] into %acc[%c0]
        : memref<8x16xf32>, memref<4x8xf32> into memref<4xf32>
  }
  return
}

// -----

func.func @mfma_of_f32(%A: memref<16x16xf32>, %B: memref<16x16xf32>,
                       %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op m16n16k16 multiplies f16 or bf16 matrices, not 'f32'}}
    mdh_cl.mma m16n16k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf32>, memref<16x16xf32> into memref<4xf32>
  }
  return
}

// -----

func.func @mfma_narrow_b(%A: memref<16x16xf16>, %B: memref<16x8xf16>,
                         %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op reads a 16x16 block of B, which 'memref<16x8xf16>' cannot hold}}
    mdh_cl.mma m16n16k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
  }
  return
}

// -----

func.func @mfma_half_wavefront(%A: memref<16x16xf16>, %B: memref<16x16xf16>,
                               %acc: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c96 = arith.constant 96 : index
  mdh_cl.par_for %t = %c0 to %c96 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op runs on whole wavefronts of 64 threads, but the block has 96, not a multiple}}
    mdh_cl.mma m16n16k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x16xf16> into memref<4xf32>
  }
  return
}

// -----

func.func @tiles_mfma(%A: memref<16x16xf16>, %B: memref<16x16xf16>,
                      %acc: memref<1x1x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op is one MFMA: tiles are for the mma.sync shapes}}
    mdh_cl.mma m16n16k16 tiles [1, 1] %A[%c0, %c0], %B[%c0, %c0]
        into %acc[%c0, %c0, %c0]
        : memref<16x16xf16>, memref<16x16xf16> into memref<1x1x4xf32>
  }
  return
}

// -----

func.func @tiles_rank(%A: memref<32x16xf16>, %B: memref<16x8xf16>,
                      %acc: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op the accumulators needs rank 3 or more, got 2}}
    mdh_cl.mma m16n8k16 tiles [2, 1] %A[%c0, %c0], %B[%c0, %c0]
        into %acc[%c0, %c0]
        : memref<32x16xf16>, memref<16x8xf16> into memref<2x4xf32>
  }
  return
}

// -----

func.func @tiles_rows(%A: memref<32x16xf16>, %B: memref<16x8xf16>,
                      %acc: memref<3x1x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op reads a 48x16 block of A, which 'memref<32x16xf16>' cannot hold}}
    mdh_cl.mma m16n8k16 tiles [3, 1] %A[%c0, %c0], %B[%c0, %c0]
        into %acc[%c0, %c0, %c0]
        : memref<32x16xf16>, memref<16x8xf16> into memref<3x1x4xf32>
  }
  return
}

// -----

func.func @tiles_columns(%A: memref<16x16xf16>, %B: memref<8x16xf16>,
                         %acc: memref<1x2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op reads a 16x16 block of B, which 'memref<8x16xf16>' cannot hold}}
    mdh_cl.mma m16n8k16 tiles [1, 2] %A[%c0, %c0], %B[%c0, %c0] transposed
        into %acc[%c0, %c0, %c0]
        : memref<16x16xf16>, memref<8x16xf16> into memref<1x2x4xf32>
  }
  return
}

// -----

func.func @tiles_accumulators(%A: memref<32x16xf16>, %B: memref<16x16xf16>,
                              %acc: memref<2x1x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op keeps the accumulators of 2x2 products, which 'memref<2x1x4xf32>' cannot hold}}
    mdh_cl.mma m16n8k16 tiles [2, 2] %A[%c0, %c0], %B[%c0, %c0]
        into %acc[%c0, %c0, %c0]
        : memref<32x16xf16>, memref<16x16xf16> into memref<2x1x4xf32>
  }
  return
}

// -----

func.func @tiles_zero(%A: memref<32x16xf16>, %B: memref<16x16xf16>,
                      %acc: memref<2x2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op attribute 'tiles' failed to satisfy constraint}}
    mdh_cl.mma m16n8k16 tiles [2, 0] %A[%c0, %c0], %B[%c0, %c0]
        into %acc[%c0, %c0, %c0]
        : memref<32x16xf16>, memref<16x16xf16> into memref<2x2x4xf32>
  }
  return
}

// -----

func.func @tiles_count(%A: memref<32x16xf16>, %B: memref<16x16xf16>,
                       %acc: memref<2x2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.mma' op attribute 'tiles' failed to satisfy constraint}}
    mdh_cl.mma m16n8k16 tiles [2] %A[%c0, %c0], %B[%c0, %c0]
        into %acc[%c0, %c0, %c0]
        : memref<32x16xf16>, memref<16x16xf16> into memref<2x2x4xf32>
  }
  return
}
