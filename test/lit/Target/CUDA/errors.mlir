// RUN: mdh-translate %s --emit-cuda -split-input-file -verify-diagnostics

// What the CUDA/HIP emitter refuses, with a located message each.

func.func @bound(%a: memref<8xf32>, %m: memref<1xindex>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.load %m[%c0] : memref<1xindex>
    // expected-error @+1 {{'mdh_cl.par_for' op must run from 0 in steps of 1 to a constant positive bound: its bound is the launch geometry of the CUDA kernel}}
    mdh_cl.par_for %b = %c0 to %n step %c1 on blocks x {
    }
  }
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #1 has type 'index'; the launch function takes device pointers to memrefs only}}
func.func @scalar_arg(%a: memref<8xf32>, %n: index) {
  return
}

// -----

// expected-error @+1 {{'func.func' op uses type 'f8E4M3FN', which the CUDA target does not support; supported are f16, bf16, f32, f64, i1, i8, i16, i32, i64 and index}}
func.func @fp8(%a: memref<8xf8E4M3FN>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %x = memref.load %a[%t] : memref<8xf8E4M3FN>
      memref.store %x, %a[%t] : memref<8xf8E4M3FN>
    }
  }
  return
}

// -----

func.func @outside(%a: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  // expected-error @+1 {{'memref.store' op is outside a phase; the CUDA target runs code in kernels, one per mdh_cl.phase}}
  memref.store %x, %a[%c0] : memref<8xf32>
  return
}

// -----

func.func @too_many_threads(%a: memref<8xf32>) {
  // expected-error @+1 {{'mdh_cl.phase' op needs 2048 threads per block; CUDA allows at most 1024}}
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    mdh_cl.par_for %t = %c0 to %c2048 step %c1 on threads x {
    }
  }
  return
}

// -----

func.func @two_geometries(%a: memref<8xf32>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    mdh_cl.par_for %b = %c0 to %c2 step %c1 on blocks x {
    }
    // expected-error @+1 {{'mdh_cl.par_for' op runs 4 blocks on x, but another loop of the phase runs 2}}
    mdh_cl.par_for %b = %c0 to %c4 step %c1 on blocks x {
    }
  }
  return
}

// -----

func.func @nested_blocks(%a: memref<8xf32>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    mdh_cl.par_for %t = %c0 to %c2 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.par_for' op runs blocks inside a loop over threads}}
      mdh_cl.par_for %b = %c0 to %c2 step %c1 on blocks y {
        %x = arith.constant 1.0 : f32
        memref.store %x, %a[%b] : memref<8xf32>
      }
    }
  }
  return
}

// -----

func.func @shared_in_thread(%a: memref<8xf32>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    mdh_cl.par_for %t = %c0 to %c2 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.buffer' op 'shared' buffers belong to a block: allocate them in the body of a blocks loop, outside thread loops}}
      %s = mdh_cl.buffer shared : memref<2xf32>
      %x = memref.load %s[%t] : memref<2xf32>
      memref.store %x, %a[%t] : memref<8xf32>
    }
  }
  return
}

// -----

// The workspace size function of @f is `f_workspace_size`.
func.func @f(%a: memref<8xf32>) {
  return
}

// expected-error @+1 {{'func.func' op name 'f_workspace_size' is taken by the workspace size function of @f}}
func.func @f_workspace_size(%a: memref<8xf32>) {
  return
}

// -----

// Only 128-bit vectors are printed (float4, double2, int4, longlong2), and
// only constant elements of them are read.
func.func @vector3(%a: memref<8xf32>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
        // expected-error @+1 {{'vector.load' op loads 'vector<3xf32>', which the CUDA target does not print; supported are 128-bit vectors (vector<4xf32>, vector<2xf64>, vector<4xi32>, vector<2xi64>, vector<8xf16>, vector<8xbf16>, vector<8xi16>)}}
        %v = vector.load %a[%c0] : memref<8xf32>, vector<3xf32>
      }
    }
  }
  return
}

// -----

func.func @extract_dynamic(%a: memref<8xf64>, %m: memref<1xindex>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
        %v = vector.load %a[%c0] : memref<8xf64>, vector<2xf64>
        %i = memref.load %m[%c0] : memref<1xindex>
        // expected-error @+1 {{'vector.extract' op cannot be translated to CUDA (only a constant element of a 128-bit vector is)}}
        %x = vector.extract %v[%i] : f64 from vector<2xf64>
        memref.store %x, %a[%c1] : memref<8xf64>
      }
    }
  }
  return
}
