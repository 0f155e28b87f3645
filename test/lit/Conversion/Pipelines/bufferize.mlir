// RUN: mdh-opt %s -split-input-file --mdh-bufferize -verify-diagnostics | FileCheck %s
// RUN: mdh-opt %s -split-input-file --mdh-lower-to-clir=target=openmp -verify-diagnostics | FileCheck %s --check-prefix=CLIR

// --mdh-bufferize (run first by --mdh-lower-to-clir, the GPU pipelines and
// --mdh-oracle-to-llvm): tensor functions become functions of plain memref
// arguments without results, the form mdh-run runs.

// An output updated in place: its result is dropped.
// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[M:.*]]: memref<8x4xf32>, %[[V:.*]]: memref<4xf32>, %[[W:.*]]: memref<8xf32>) {
// CHECK-NEXT: mdh.compute "matvec"
// CHECK-NEXT: ins(%[[M]] : memref<8x4xf32> {{.*}}, %[[V]] : memref<4xf32>
// CHECK-NEXT: outs(%[[W]] : memref<8xf32>
// CHECK-NOT: memref.copy
// CHECK: return{{$}}
// CLIR-LABEL: func.func @matvec(
// CLIR-SAME: memref<8x4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: memref<8xf32>) attributes {mdh_ll.target = #mdh_ll.openmp}
// CLIR-NOT: mdh.compute
func.func @matvec(%M: tensor<8x4xf32>, %v: tensor<4xf32>, %w: tensor<8xf32>) -> tensor<8xf32> {
  %r = mdh.compute "matvec" sizes(8, 4) combine(cc, pw(add))
      ins(%M : tensor<8x4xf32> [(i, k) -> (i, k)], %v : tensor<4xf32> [(i, k) -> (k)])
      outs(%w : tensor<8xf32> [(i, k) -> (i)]) -> tensor<8xf32> {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return %r : tensor<8xf32>
}

// -----

// A tensor.empty output: the returned buffer becomes the last argument,
// written directly (the allocation is hoisted, nothing copied).
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: memref<5x7xf32>, %[[B:.*]]: memref<7x11xf32>, %[[C:.*]]: memref<5x11xf32>) {
// CHECK-NOT: memref.alloc
// CHECK: outs(%[[C]] : memref<5x11xf32>
// CHECK-NOT: memref.copy
// CHECK: return{{$}}
func.func @matmul(%A: tensor<5x7xf32>, %B: tensor<7x11xf32>) -> tensor<5x11xf32> {
  %e = tensor.empty() : tensor<5x11xf32>
  %r = mdh.compute "matmul" sizes(5, 11, 7) combine(cc, cc, pw(add))
      ins(%A : tensor<5x7xf32> [(i, j, k) -> (i, k)], %B : tensor<7x11xf32> [(i, j, k) -> (k, j)])
      outs(%e : tensor<5x11xf32> [(i, j, k) -> (i, j)]) -> tensor<5x11xf32> {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return %r : tensor<5x11xf32>
}

// -----

// The memref form is left alone.
// CHECK-LABEL: func.func @memref_form(
// CHECK-SAME: %[[X:.*]]: memref<8xf32>, %[[Y:.*]]: memref<8xf32>) {
// CHECK-NEXT: mdh.compute sizes(8) combine(cc)
func.func @memref_form(%x: memref<8xf32>, %y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [(i) -> (i)])
      outs(%y : memref<8xf32> [(i) -> (i)]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// A dynamically shaped argument of a tensor function is refused.
// expected-error @+1 {{argument #0 of @dynamic has the dynamic shape 'tensor<?xf32>'; the MDH pipelines bufferize functions with static shapes only: specialize the function to the static shapes of its computations}}
func.func @dynamic(%x: tensor<?xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %s = tensor.cast %x : tensor<?xf32> to tensor<8xf32>
  %r = mdh.compute sizes(8) combine(cc)
      ins(%s : tensor<8xf32> [(i) -> (i)])
      outs(%y : tensor<8xf32> [(i) -> (i)]) -> tensor<8xf32> {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return %r : tensor<8xf32>
}
