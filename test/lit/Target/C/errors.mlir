// Every input the C target refuses: a located error, exit code 1 and no
// output. Each case starts with two separator lines: the dashes for
// -split-input-file (which verifies each case's diagnostic), `//--- NAME`
// for split-file (each case runs alone through the tool, and must exit with
// code 1 without writing its output file).

// RUN: mdh-translate --emit-c %s -split-input-file -verify-diagnostics
// RUN: rm -rf %t && split-file %s %t
// RUN: sh -c 'cd %t && for f in *.mlir; do \
// RUN:   mdh-translate --emit-c $f -o $f.c >/dev/null 2>&1; \
// RUN:   echo "$f: exit code $?"; if test -e $f.c; then echo "$f: wrote"; fi; \
// RUN: done' | FileCheck %s --check-prefix=EXIT \
// RUN:   --implicit-check-not=wrote --implicit-check-not="exit code 0"

//--- barrier.mlir
// EXIT-DAG: barrier.mlir: exit code 1
func.func @barrier(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.barrier' op is not supported by the C target: OpenMP threads run the iterations of a parallel loop independently and cannot synchronise inside one}}
      mdh_cl.barrier
    }
  }
  return
}

// -----

//--- shuffle.mlir
// EXIT-DAG: shuffle.mlir: exit code 1
func.func @shuffle(%x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
      %v = memref.load %x[%t] : memref<64xf32>
      // expected-error @+1 {{'mdh_cl.shuffle' op cannot be translated to C: its threads exchange values only through memory}}
      %s = mdh_cl.shuffle down %v, 1 width 32 : f32
      memref.store %s, %x[%t] : memref<64xf32>
    }
  }
  return
}

// -----
//--- shared.mlir
// EXIT-DAG: shared.mlir: exit code 1
func.func @shared(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.buffer' op 'shared' buffers are not supported by the C target: a CPU has no memory shared by the threads of a block (use 'packed')}}
      %s = mdh_cl.buffer shared : memref<4xf32>
      mdh_cl.copy %x[%c0] [%c4] to %s layout identity
          : memref<4xf32> to memref<4xf32>
    }
  }
  return
}

// -----
//--- blocks.mlir
// EXIT-DAG: blocks.mlir: exit code 1
func.func @blocks(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    // expected-error @+1 {{'mdh_cl.par_for' op runs on 'blocks', which the C target does not have: it runs parallel loops on 'threads x'}}
    mdh_cl.par_for %b = %c0 to %c4 step %c1 on blocks x {
      memref.store %one, %x[%b] : memref<4xf32>
    }
  }
  return
}

// -----
//--- threads-y.mlir
// EXIT-DAG: threads-y.mlir: exit code 1
func.func @threads_y(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    // expected-error @+1 {{'mdh_cl.par_for' op runs on 'threads y'; the C target runs parallel loops on 'threads x' only}}
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads y {
      memref.store %one, %x[%t] : memref<4xf32>
    }
  }
  return
}

// -----
//--- nested.mlir
// EXIT-DAG: nested.mlir: exit code 1
func.func @nested(%x: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %i = %c0 to %c4 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.par_for' op is nested in another parallel loop; the C target runs one level of parallel loops}}
      mdh_cl.par_for %j = %c0 to %c4 step %c1 on threads x {
        memref.store %one, %x[%i, %j] : memref<4x4xf32>
      }
    }
  }
  return
}

// -----
//--- f8-argument.mlir
// EXIT-DAG: f8-argument.mlir: exit code 1
// expected-error @+1 {{'func.func' op uses type 'f8E5M2', which the C target does not support; supported are f16, bf16, f32, f64, i1, i8, i16, i32, i64 and index}}
func.func @f8_argument(%x: memref<4xf8E5M2>, %y: memref<4xf32>) {
  return
}

// -----
//--- f128-buffer.mlir
// EXIT-DAG: f128-buffer.mlir: exit code 1
func.func @f128_buffer(%y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.buffer' op uses type 'f128', which the C target does not support}}
      %p = mdh_cl.buffer packed : memref<4xf128>
      %v = memref.load %p[%t] : memref<4xf128>
      %e = arith.truncf %v : f128 to f32
      memref.store %e, %y[%t] : memref<4xf32>
    }
  }
  return
}

// -----
//--- f8-scalar.mlir
// EXIT-DAG: f8-scalar.mlir: exit code 1
func.func @f8_scalar(%x: memref<4xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %v = memref.load %x[%t] : memref<4xf32>
      %r = mdh_cl.scalar(%v) : (f32) -> f32 {
      ^bb0(%a: f32):
        // expected-error @+1 {{'arith.truncf' op uses type 'f8E4M3FN', which the C target does not support}}
        %h = arith.truncf %a : f32 to f8E4M3FN
        %e = arith.extf %h : f8E4M3FN to f32
        mdh_cl.yield %e : f32
      }
      memref.store %r, %y[%t] : memref<4xf32>
    }
  }
  return
}

// -----
//--- unknown-op.mlir
// EXIT-DAG: unknown-op.mlir: exit code 1
func.func @unknown_op(%x: memref<4xf32>, %y: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %v = memref.load %x[%t] : memref<4xf32>
      %r = mdh_cl.scalar(%v) : (f32) -> i32 {
      ^bb0(%a: f32):
        // expected-error @+1 {{'arith.bitcast' op cannot be translated to C}}
        %b = arith.bitcast %a : f32 to i32
        mdh_cl.yield %b : i32
      }
      memref.store %r, %y[%t] : memref<4xi32>
    }
  }
  return
}

// -----
//--- unknown-math.mlir
// EXIT-DAG: unknown-math.mlir: exit code 1
func.func @unknown_math(%x: memref<4xi32>, %y: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %v = memref.load %x[%t] : memref<4xi32>
      // expected-error @+1 {{'math.ctpop' op cannot be translated to C}}
      %r = math.ctpop %v : i32
      memref.store %r, %y[%t] : memref<4xi32>
    }
  }
  return
}

// -----
//--- alloc.mlir
// EXIT-DAG: alloc.mlir: exit code 1
func.func @alloc(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.alloc' op cannot be translated to C}}
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.store %v, %x[%c0] : memref<4xf32>
  return
}

// -----
//--- hl-ir.mlir
// EXIT-DAG: hl-ir.mlir: exit code 1
func.func @hl_ir(%x: memref<7xf32>, %y: memref<7xf32>) {
  // expected-error @+1 {{'mdh.compute' op cannot be translated to C (lower it to CL-IR first)}}
  mdh.compute "copy" sizes(7) combine(cc)
      ins(%x : memref<7xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<7xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// -----
//--- results.mlir
// EXIT-DAG: results.mlir: exit code 1
// expected-error @+1 {{'func.func' op returns 1 values; in the C ABI a function writes its results through output memrefs and returns nothing}}
func.func @results(%x: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
}

// -----
//--- scalar-argument.mlir
// EXIT-DAG: scalar-argument.mlir: exit code 1
// expected-error @+1 {{'func.func' op argument #1 has type 'index'; the C ABI passes memrefs only}}
func.func @scalar_argument(%x: memref<4xf32>, %n: index) {
  return
}

// -----
//--- dynamic.mlir
// EXIT-DAG: dynamic.mlir: exit code 1
// expected-error @+1 {{'func.func' op argument #0 has type 'memref<?xf32>'; the C target needs a static shape}}
func.func @dynamic(%x: memref<?xf32>) {
  return
}

// -----
//--- strided.mlir
// EXIT-DAG: strided.mlir: exit code 1
// expected-error @+1 {{'func.func' op argument #0 has type 'memref<4xf32, strided<[2]>>'; the C target needs the identity (dense row-major) layout}}
func.func @strided(%x: memref<4xf32, strided<[2]>>) {
  return
}

// -----
//--- zero-step.mlir
// EXIT-DAG: zero-step.mlir: exit code 1
func.func @zero_step(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{'mdh_cl.for' op has step 0; the C target needs a positive step}}
  mdh_cl.for %k = %c0 to %c4 step %c0 {
    memref.store %one, %x[%k] : memref<4xf32>
  }
  return
}

// -----
//--- phase-in-loop.mlir
// EXIT-DAG: phase-in-loop.mlir: exit code 1
func.func @phase_in_loop(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.phase' op is inside a parallel loop; a phase is a whole parallel launch}}
    mdh_cl.phase "inner" {
      memref.store %one, %x[%t] : memref<4xf32>
    }
  }
  return
}

// -----
//--- declaration.mlir
// EXIT-DAG: declaration.mlir: exit code 1
// expected-error @+1 {{'func.func' op has no body to translate to C}}
func.func private @declaration(%x: memref<4xf32>)

// -----
//--- reserved-name.mlir
// EXIT-DAG: reserved-name.mlir: exit code 1
// expected-error @+1 {{'func.func' op name 'mdh_maximumf' is reserved: the C code's helpers start with 'mdh_'}}
func.func @mdh_maximumf(%x: memref<4xf32>) {
  return
}

// -----
//--- keyword-name.mlir
// EXIT-DAG: keyword-name.mlir: exit code 1
// expected-error @+1 {{'func.func' op name 'double' is not a valid C function name}}
func.func @double(%x: memref<4xf32>) {
  return
}

// -----
//--- global.mlir
// EXIT-DAG: global.mlir: exit code 1
// expected-error @+1 {{'memref.global' op cannot be translated to C: a module holds func.func and mdh.combiner ops}}
memref.global "private" @g : memref<4xf32> = uninitialized

// -----
//--- mma.mlir
// EXIT-DAG: mma.mlir: exit code 1
func.func @mma(%A: memref<16x16xf16>, %B: memref<16x8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<4xf32>
      // expected-error @+1 {{'mdh_cl.mma' op cannot be translated to C: warp-level matrix products are printed for CUDA and HIP only}}
      mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
          : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
    }
  }
  return
}
