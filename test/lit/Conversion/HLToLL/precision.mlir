// RUN: mdh-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=MEMREF
// RUN: mdh-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --mdh-hl-to-ll=target=openmp | FileCheck %s
// RUN: mdh-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --mdh-hl-to-ll=target=cuda:sm_80 | mdh-opt | FileCheck %s --check-prefixes=CHECK,CUDA

// precision(tf32) travels with the computation: through One-Shot Bufferize
// into the memref form, and into the schedule of every target (where only
// a tensor-core schedule uses it; the openmp one reads the inputs exactly).
// The schedule prints and parses it.

// MEMREF-LABEL: func.func @tf32(
// MEMREF: mdh.compute "matmul" sizes(32, 16, 24) combine(cc, cc, pw(add)) precision(tf32)
// MEMREF-NEXT: ins(%{{.*}} : memref<32x24xf32>
// CHECK-LABEL: func.func @tf32(
// CHECK: mdh_ll.schedule "matmul" on #mdh_ll.{{.*}} sizes(32, 16, 24) combine(cc, cc, pw(add)) precision(tf32)
// CUDA: mma m16n8k8
func.func @tf32(%A: tensor<32x24xf32>, %B: tensor<24x16xf32>,
                %C: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %r = mdh.compute "matmul" sizes(32, 16, 24) combine(cc, cc, pw(add))
      precision(tf32)
      ins(%A : tensor<32x24xf32> [(i, j, k) -> (i, k)],
          %B : tensor<24x16xf32> [(i, j, k) -> (k, j)])
      outs(%C : tensor<32x16xf32> [(i, j, k) -> (i, j)]) -> tensor<32x16xf32> {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return %r : tensor<32x16xf32>
}
