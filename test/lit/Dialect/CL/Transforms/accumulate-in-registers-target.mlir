// RUN: mdh-opt %s --mdh-cl-accumulate-in-registers=report -split-input-file -verify-diagnostics | FileCheck %s
// RUN: mdh-opt %s --mdh-cl-accumulate-in-registers="report max-cells=384" -split-input-file -verify-diagnostics=only-expected 2>&1 | FileCheck %s --check-prefix=CELLS

// A 12x32 register tile of f32 is 384 cells: more than the default limit of
// 256, but what the configuration rules allow on a CPU with 32 512-bit
// vector registers (3/4 of 32 x 16 words), so a function scheduled for
// AVX-512 holds it in registers and one scheduled for the fixed generic
// model (16 256-bit registers) does not. `max-cells` overrides both.

// CHECK-LABEL: func.func @avx512(
// CHECK:         mdh_cl.buffer register : memref<12x32xf32>
// CHECK:         mdh_cl.accumulate %{{.*}} into %{{.*}} first %{{.*}} combine pw(add) : f32 into memref<12x32xf32>
// expected-remark @below {{mdh-cl-accumulate-in-registers: 1 accumulations moved into register tiles}}
func.func @avx512(%M: memref<24x8x32xf32>, %w: memref<24x32xf32>) attributes {mdh_ll.target = #mdh_ll.openmp<vector_width = 512, vector_registers = 32, cores = 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c24 step %c12 {
        %e = arith.addi %i3, %c12 : index
        %hi = arith.minui %e, %c24 : index
        mdh_cl.for %k = %c0 to %c8 step %c1 {
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %j = %c0 to %c32 step %c1 {
              %v = memref.load %M[%i, %k, %j] : memref<24x8x32xf32>
              %first = arith.cmpi eq, %k, %c0 : index
              mdh_cl.accumulate %v into %w[%i, %j] first %first combine pw(add) : f32 into memref<24x32xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @generic(
// CHECK-NOT:     mdh_cl.buffer register
// CHECK:         mdh_cl.accumulate %{{.*}} into %{{.*}} first %{{.*}} combine pw(add) : f32 into memref<24x32xf32>
// CHECK-NOT:     mdh_cl.buffer register
// CELLS-LABEL: func.func @generic(
// CELLS:         mdh_cl.buffer register : memref<12x32xf32>
func.func @generic(%M: memref<24x8x32xf32>, %w: memref<24x32xf32>) attributes {mdh_ll.target = #mdh_ll.openmp} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c24 step %c12 {
        %e = arith.addi %i3, %c12 : index
        %hi = arith.minui %e, %c24 : index
        mdh_cl.for %k = %c0 to %c8 step %c1 {
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %j = %c0 to %c32 step %c1 {
              %v = memref.load %M[%i, %k, %j] : memref<24x8x32xf32>
              %first = arith.cmpi eq, %k, %c0 : index
              mdh_cl.accumulate %v into %w[%i, %j] first %first combine pw(add) : f32 into memref<24x32xf32>
            }
          }
        }
      }
    }
  }
  return
}
