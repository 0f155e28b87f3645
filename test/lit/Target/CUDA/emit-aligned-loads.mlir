// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda:sm_90 --emit-cuda | FileCheck %s

// A Dot of 2^20 floats: each thread reads 4 contiguous elements of both
// inputs per step (the heuristic's register tile for streaming
// reductions). The blocks' code comes twice: when both inputs are 16-byte
// aligned (tested once, the same on every thread), the compiler is told so
// (`__builtin_assume_aligned`), and nvcc loads each thread's 4 elements
// with one 128-bit load; otherwise the general version, which reads the
// parameters themselves. Both versions share one register tile (and its
// flag), declared before the branch.

func.func @dot(%x: memref<1048576xf32>, %y: memref<1048576xf32>, %r: memref<f32>) {
  mdh.compute "dot" sizes(1048576) combine(pw(add))
      ins(%x : memref<1048576xf32> [affine_map<(i) -> (i)>],
          %y : memref<1048576xf32> [affine_map<(i) -> (i)>])
      outs(%r : memref<f32> [affine_map<(i) -> ()>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// CHECK-LABEL: dot_main(
// CHECK:         const bool [[A0:v[0-9]+]] = ((uintptr_t)in0 % 16 == 0);
// CHECK-NEXT:    const bool [[A1:v[0-9]+]] = ((uintptr_t)in1 % 16 == 0);
// CHECK-NEXT:    const bool [[FAST:v[0-9]+]] = [[A0]] && [[A1]];
// CHECK-NEXT:    float [[ACC:v[0-9]+]][1];
// CHECK-NEXT:    bool {{v[0-9]+}}[1];
// CHECK-NEXT:    if ([[FAST]]) {
// CHECK:           const float *__restrict__ [[X:v[0-9]+]] = (const float *)__builtin_assume_aligned(in0, 16);
// CHECK-NEXT:      const float *__restrict__ [[Y:v[0-9]+]] = (const float *)__builtin_assume_aligned(in1, 16);
// CHECK:           = [[X]][{{.*}}];
// CHECK:           = [[Y]][{{.*}}];
// CHECK:           [[ACC]][0] =
// CHECK:         } else {
// CHECK-NOT:       assume_aligned
// CHECK:           = in0[{{.*}}];
// CHECK:           [[ACC]][0] =
// CHECK:         }
