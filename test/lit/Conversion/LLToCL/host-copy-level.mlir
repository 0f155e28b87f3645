// RUN: mdh-opt %s --mdh-ll-to-cl --canonicalize --split-input-file | FileCheck %s

// Copies on the host are made at the top of the outermost level below which
// every loop over a dimension the input reads runs once (LLToCL.cpp,
// HostLowering::copyLevel). A 1-D convolution out[p][k] = sum_r
// I[p + r] * F[k][r]: the filter's L1 copy reads k and r, whose L2 and L1
// tiles are their threads' tiles, so it is made once per thread, before
// the loops over the pixel tiles (8 L2 tiles of 4, each 2 L1 tiles of 2);
// the image's L1 copy reads p, so it stays inside them.

// CHECK-LABEL: func.func @filter_once(
// CHECK-SAME:      %[[I:.*]]: memref<34xf32>, %[[F:.*]]: memref<16x3xf32>
// CHECK:         mdh_cl.par_for
// CHECK-NEXT:      %[[PI:.*]] = mdh_cl.buffer packed : memref<4xf32>
// CHECK-NEXT:      %[[PF:.*]] = mdh_cl.buffer packed : memref<3x8xf32>
// CHECK:           mdh_cl.copy %[[F]][%{{.*}}, %c0] [%{{.*}}, %c3] to %[[PF]] layout rotated
// CHECK-NEXT:      mdh_cl.for %[[P2:.*]] = %c0 to %c32 step %c4 {
// CHECK:             mdh_cl.for %[[P1:.*]] = %[[P2]] to %{{.*}} step %c2 {
// CHECK-NOT:           mdh_cl.copy %[[F]]
// CHECK:               mdh_cl.copy %[[I]][%{{.*}}] [%{{.*}}] to %[[PI]] layout identity
// CHECK-NOT:           mdh_cl.copy
func.func @filter_once(%I: memref<34xf32>, %F: memref<16x3xf32>, %O: memref<32x16xf32>) {
  mdh_ll.schedule "conv1d" on #mdh_ll.openmp<cores = 2> sizes(32, 16, 3) combine(cc, cc, pw(add))
      ins(%I : memref<34xf32> [(p, k, r) -> (p + r)], %F : memref<16x3xf32> [(p, k, r) -> (k, r)])
      outs(%O : memref<32x16xf32> [(p, k, r) -> (p, k)]) {
    mdh_ll.level 0 "threads" parallel tiles [32, 8, 3] order [1, 0, 2] assign [x, x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [4, 8, 3] order [0, 1, 2] {
        mdh_ll.level 2 "l1_tile" sequential tiles [2, 8, 3] order [0, 1, 2] {
          mdh_ll.copy %I to packed layout identity : memref<34xf32>
          mdh_ll.copy %F to packed layout rotated : memref<16x3xf32>
          mdh_ll.level 3 "register_tile" simd tiles [1, 8, 1] order [0, 1, 2] {
            mdh_ll.scalar {
            ^bb0(%p: index, %k: index, %r: index, %x: f32, %w: f32):
              %m = arith.mulf %x, %w : f32
              mdh_ll.yield %m : f32
            }
          }
          mdh_ll.combine %O dims [2] across 3 in register sync none : memref<32x16xf32>
        }
      }
    }
  }
  return
}
