// RUN: mdh-opt %s --mdh-cl-to-loops --split-input-file -verify-diagnostics

// The host has no shared memory, no blocks and no barriers: each is
// reported at its location (all of them, before anything is rewritten).

func.func @gpu_shaped(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'mdh_cl.par_for' op runs on 'blocks', which the host target does not have; it runs parallel loops on 'threads' only}}
  mdh_cl.par_for %b = %c0 to %c2 step %c1 on blocks x {
    mdh_cl.par_for %t = %c0 to %c2 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.buffer' op is in shared memory, which the host target does not have; CPU threads use 'packed' or 'register' buffers}}
      %s = mdh_cl.buffer shared : memref<32xf32>
      // expected-error @+1 {{'mdh_cl.barrier' op cannot be lowered for the host target: its threads synchronise only at the end of a parallel loop (a new phase)}}
      mdh_cl.barrier
      %x = memref.load %a[%t] : memref<64xf32>
      // expected-error @+1 {{'mdh_cl.shuffle' op cannot be lowered for the host target: its threads exchange values only through memory}}
      %v = mdh_cl.shuffle down %x, 1 width 2 : f32
    }
  }
  return
}

// -----

func.func @missing_combiner(%v: f32, %b: memref<4xf32>, %i: index, %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op '@nope' does not reference an mdh.combiner}}
  mdh_cl.accumulate %v into %b[%i] first %first combine pw(@nope) : f32 into memref<4xf32>
  return
}

// -----

// expected-error @+1 {{'mdh_cl.buffer' op must be inside a function: a device buffer is freed when its function returns}}
%d = mdh_cl.buffer device : memref<8xf32>

// -----

// A warp's matrix product (GPU CL-IR) on CPU threads.
func.func @mma_on_cpu_threads(%A: memref<16x16xf16>, %B: memref<16x8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
    %acc = mdh_cl.buffer register : memref<4xf32>
    // expected-error @+1 {{'mdh_cl.mma' op cannot be lowered for the host target: it is a GPU warp's product (--mdh-cl-to-gpu, or --mdh-cl-expand-mma for each thread's arithmetic)}}
    mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
        : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
  }
  return
}
