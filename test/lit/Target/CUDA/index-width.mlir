// RUN: mdh-translate %s --emit-cuda -split-input-file | FileCheck %s

// Kernels whose index values provably fit 32 bits (interval arithmetic over
// constants, loop bounds, and the arith ops on index values) compute their
// indices in int32_t; anything else keeps int64_t (lib/Target/CUDA/
// IndexWidth.cpp).

// CHECK-LABEL: small_main(
// CHECK:         const int32_t [[T:v[0-9]+]] = (int32_t)threadIdx.x;
// CHECK:         const int32_t [[R:v[0-9]+]] = (int32_t)((uint32_t)[[T]] % (uint32_t)16);
// CHECK:         for (int32_t [[I:v[0-9]+]] = [[R]]; [[I]] < 1024; [[I]] += 16) {
// CHECK:           out0[[[I]]] = 1.0f;
func.func @small(%a: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c256 step %c1 on threads x {
      %r = arith.remui %t, %c16 : index
      mdh_cl.for %i = %r to %c1024 step %c16 {
        memref.store %one, %a[%i] : memref<1024xf32>
      }
    }
  }
  return
}

// -----

// A buffer of 2^31 elements: an element offset may not fit.
// CHECK-LABEL: big_main(
// CHECK:         const int64_t {{v[0-9]+}} = (int64_t)threadIdx.x;
func.func @big(%a: memref<2147483648xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %x = arith.constant 1 : i8
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c256 step %c1 on threads x {
      memref.store %x, %a[%t] : memref<2147483648xi8>
    }
  }
  return
}

// -----

// A product that may leave the 32-bit range (65536 * 65536).
// CHECK-LABEL: wide_main(
// CHECK:         const int64_t {{v[0-9]+}} = (int64_t)blockIdx.x;
func.func @wide(%a: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c65536 = arith.constant 65536 : index
  %f = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c65536 step %c1 on blocks x {
      %sq = arith.muli %b, %b : index
      %i = arith.remui %sq, %c16 : index
      memref.store %f, %a[%i] : memref<16xf32>
    }
  }
  return
}

// -----

// An unsigned operation on a value that may be negative (i - 8 for i in
// [0, 16)): its 32- and 64-bit unsigned readings differ.
// CHECK-LABEL: negative_main(
// CHECK:         const int64_t {{v[0-9]+}} = (int64_t)threadIdx.x;
func.func @negative(%a: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c16 step %c1 on threads x {
      %d = arith.subi %t, %c8 : index
      %i = arith.remui %d, %c16 : index
      memref.store %f, %a[%i] : memref<16xf32>
    }
  }
  return
}

// -----

// An index read from memory is not bounded.
// CHECK-LABEL: loaded_main(
// CHECK:         const int64_t {{v[0-9]+}} = (int64_t)threadIdx.x;
func.func @loaded(%a: memref<16xf32>, %idx: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c16 step %c1 on threads x {
      %v = memref.load %idx[%t] : memref<16xi32>
      %i = arith.index_cast %v : i32 to index
      memref.store %f, %a[%i] : memref<16xf32>
    }
  }
  return
}

// -----

// The extent of a partial tile, `(min(k + 64, K) - 1) - k + 1` with k in
// [0, K), compared unsigned: the difference is taken from the shared term
// k (min(64, K - k) is in [1, 64]), not from the ranges of the operands
// (which would reach below zero and refuse the kernel).
// CHECK-LABEL: tile_extent_main(
// CHECK:         const int32_t {{v[0-9]+}} = (int32_t)threadIdx.x;
// CHECK:         for (int32_t [[K:v[0-9]+]] = 0; [[K]] < 1000; [[K]] += 64) {
func.func @tile_extent(%a: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %f = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
      mdh_cl.for %k = %c0 to %c1000 step %c64 {
        %e = arith.addi %k, %c64 : index
        %hi = arith.minui %e, %c1000 : index
        %last = arith.subi %hi, %c1 : index
        %d = arith.subi %last, %k : index
        %n = arith.addi %d, %c1 : index
        %in = arith.cmpi ult, %t, %n : index
        scf.if %in {
          %i = arith.addi %k, %t : index
          memref.store %f, %a[%i] : memref<1000xf32>
        }
      }
    }
  }
  return
}

// -----

// Without the shared term (k - j for two loops' indices) the interval
// difference is all there is: [-999, 999], and an unsigned comparison of
// it keeps int64_t.
// CHECK-LABEL: unrelated_main(
// CHECK:         const int64_t {{v[0-9]+}} = (int64_t)threadIdx.x;
func.func @unrelated(%a: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %f = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1000 step %c1 on threads x {
      mdh_cl.for %k = %c0 to %c1000 step %c1 {
        %d = arith.subi %k, %t : index
        %in = arith.cmpi ult, %d, %c1000 : index
        scf.if %in {
          memref.store %f, %a[%k] : memref<1000xf32>
        }
      }
    }
  }
  return
}

// -----

// A loop's induction variable minus its lower bound, `(k - lo) / 17 % 2`
// (the stage of a multi-buffered shared tile), divided unsigned: k - lo is
// in [0, (hi - lo) - 1] for k from lo to hi, not the difference of their
// ranges.
// CHECK-LABEL: stage_main(
// CHECK:         const int32_t {{v[0-9]+}} = (int32_t)blockIdx.x;
func.func @stage(%a: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c17 = arith.constant 17 : index
  %c68 = arith.constant 68 : index
  %c100 = arith.constant 100 : index
  %f = arith.constant 1.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %blk = %c0 to %c2 step %c1 on blocks x {
      %lo = arith.muli %blk, %c68 : index
      %e = arith.addi %lo, %c68 : index
      %hi = arith.minui %e, %c100 : index
      mdh_cl.for %k = %lo to %hi step %c17 {
        %rel = arith.subi %k, %lo : index
        %t = arith.divui %rel, %c17 : index
        %s = arith.remui %t, %c2 : index
        memref.store %f, %a[%s] : memref<2xf32>
      }
    }
  }
  return
}
