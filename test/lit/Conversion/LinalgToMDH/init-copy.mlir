// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh=init-copy=false -split-input-file -verify-diagnostics | FileCheck %s

// With init-copy=false, an op whose outputs' old content matters stays.

func.func @matmul_accumulate(%A: memref<5x7xf32>, %B: memref<7x3xf32>, %C: memref<5x3xf32>) {
  // expected-remark @below {{not converted to mdh.compute: the initial content of output #0 is not provably the identity of 'add' (a linalg.fill right before), and init-copy=false}}
  linalg.matmul ins(%A, %B : memref<5x7xf32>, memref<7x3xf32>) outs(%C : memref<5x3xf32>)
  return
}
// CHECK-LABEL: func.func @matmul_accumulate(
// CHECK-NOT:     mdh.compute
// CHECK:         linalg.matmul

// -----

func.func @accumulate_elementwise(%a: memref<7xf32>, %c: memref<7xf32>) {
  // expected-remark @below {{not converted to mdh.compute: it reads the old content of output #0, and init-copy=false}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : memref<7xf32>) outs(%c : memref<7xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.addf %out, %x : f32
    linalg.yield %s : f32
  }
  return
}
// CHECK-LABEL: func.func @accumulate_elementwise(
// CHECK:         linalg.generic

// -----

// The identity fill still makes the matmul convertible.
func.func @matmul_filled(%A: memref<5x7xf32>, %B: memref<7x3xf32>, %C: memref<5x3xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<5x3xf32>)
  linalg.matmul ins(%A, %B : memref<5x7xf32>, memref<7x3xf32>) outs(%C : memref<5x3xf32>)
  return
}
// CHECK-LABEL: func.func @matmul_filled(
// CHECK-NOT:     linalg.
// CHECK:         mdh.compute "matmul" sizes(5, 3, 7) combine(cc, cc, pw(add))
// CHECK-NOT:     linalg.
