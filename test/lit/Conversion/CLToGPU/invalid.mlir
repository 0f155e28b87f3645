// RUN: mdh-opt %s --mdh-cl-to-gpu --split-input-file --verify-diagnostics

// CL-IR that is not in SPMD form is reported at its location and left as it
// was.

func.func @lower_bound(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    // expected-error @+1 {{'mdh_cl.par_for' op on blocks must have lower bound 0 and step 1 (one iteration per hardware unit)}}
    mdh_cl.par_for %b = %c1 to %c4 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
        %v = memref.load %a[%t] : memref<64xf32>
      }
    }
  }
  return
}

// -----

func.func @dynamic_bound(%a: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  mdh_cl.phase "main" {
    // expected-error @+1 {{'mdh_cl.par_for' op on threads must have a constant positive upper bound (the block size along 'x')}}
    mdh_cl.par_for %t = %c0 to %n step %c1 on threads x {
      %v = memref.load %a[%t] : memref<64xf32>
    }
  }
  return
}

// -----

func.func @store_between_loops(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c4 step %c1 on blocks x {
      // expected-error @+1 {{'memref.store' op is not allowed between the parallel loops of a GPU phase: only shared buffers and pure ops (constants, index arithmetic) may stand there}}
      memref.store %cst, %a[%b] : memref<64xf32>
      mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
        %v = memref.load %a[%t] : memref<64xf32>
      }
    }
  }
  return
}

// -----

func.func @no_loops(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  // expected-error @+1 {{'mdh_cl.phase' op must contain a mdh_cl.par_for on blocks or threads (GPU CL-IR in SPMD form)}}
  mdh_cl.phase "main" {
  }
  return
}

// -----

func.func @no_thread_loop(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    // expected-error @+1 {{'mdh_cl.par_for' op must contain a mdh_cl.par_for on threads (GPU CL-IR in SPMD form)}}
    mdh_cl.par_for %b = %c0 to %c4 step %c1 on blocks x {
    }
  }
  return
}

// -----

func.func @shared_in_thread(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.buffer' op cannot be allocated by one thread: in the per-thread code only 'register' buffers are allowed (shared buffers belong in the innermost block loop, device buffers at function level)}}
      %s = mdh_cl.buffer shared : memref<4xf32>
    }
  }
  return
}

// -----

func.func @device_in_phase(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    // expected-error @+1 {{'mdh_cl.buffer' op cannot stand between the parallel loops: device buffers belong at function level, register buffers in the innermost thread loop}}
    %d = mdh_cl.buffer device : memref<4xf32>
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %v = memref.load %a[%t] : memref<64xf32>
    }
  }
  return
}

// -----

func.func @alloc_in_thread(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      // expected-error @+1 {{'memref.alloc' op is not allowed in GPU CL-IR (allowed: mdh_cl, arith, math, vector, memref.load/store/assume_alignment, scf.if/for/yield)}}
      %m = memref.alloc() : memref<4xf32>
    }
  }
  return
}

// -----

func.func @host_code(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %v = memref.load %a[%t] : memref<64xf32>
    }
  }
  // expected-error @+1 {{'memref.store' op would run on the host between kernels, where the function's memrefs are device memory; GPU CL-IR has only device buffers and phases at function level}}
  memref.store %cst, %a[%c0] : memref<64xf32>
  return
}

// -----

func.func @too_many_threads(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    // expected-error @+1 {{'mdh_cl.par_for' op makes blocks of 4096 threads, more than the 1024 a block may have}}
    mdh_cl.par_for %ty = %c0 to %c64 step %c1 on threads y {
      mdh_cl.par_for %tx = %c0 to %c64 step %c1 on threads x {
        %v = memref.load %a[%tx] : memref<64xf32>
      }
    }
  }
  return
}

// -----

func.func @same_dim(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b0 = %c0 to %c4 step %c1 on blocks x {
      // expected-error @+1 {{'mdh_cl.par_for' op uses hardware dimension 'x' of blocks a second time}}
      mdh_cl.par_for %b1 = %c0 to %c4 step %c1 on blocks x {
        mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
          %v = memref.load %a[%t] : memref<64xf32>
        }
      }
    }
  }
  return
}

// -----

func.func @thread_loop_in_for(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      mdh_cl.for %k = %c0 to %c4 step %c1 {
        // expected-error @+1 {{'mdh_cl.par_for' op on threads is nested in per-thread code; block and thread loops must be directly nested (z, y, x), thread loops inside block loops}}
        mdh_cl.par_for %u = %c0 to %c4 step %c1 on threads y {
          %v = memref.load %a[%u] : memref<64xf32>
        }
      }
    }
  }
  return
}

// -----

func.func @two_nests(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    // expected-note @+1 {{the first one}}
    mdh_cl.par_for %b = %c0 to %c4 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
        %v = memref.load %a[%t] : memref<64xf32>
      }
    }
    // expected-error @+1 {{'mdh_cl.par_for' op is a second parallel loop in the same body; a phase in SPMD form is one nest of block and thread loops}}
    mdh_cl.par_for %b = %c0 to %c4 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
        %v = memref.load %a[%t] : memref<64xf32>
      }
    }
  }
  return
}

// -----

func.func @packed(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.buffer' op cannot be allocated by one thread: in the per-thread code only 'register' buffers are allowed (shared buffers belong in the innermost block loop, device buffers at function level)}}
      %p = mdh_cl.buffer packed : memref<4xf32>
    }
  }
  return
}
