// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda --emit-cuda --emit-unoptimized | FileCheck %s
// RUN: mdh-opt %s --mdh-lower-to-clir=target=hip --emit-hip --emit-unoptimized | FileCheck %s --check-prefix=HIP

// MatMul with the default configuration: k is split neither over threads
// nor over blocks, so one kernel accumulates straight into C; A and B are
// copied into shared memory, their register tiles into local arrays.

func.func @matmul(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>,
                  %C: memref<1024x1024xf32>) {
  mdh.compute "matmul" sizes(1024, 1024, 1024) combine(cc, cc, pw(add))
      ins(%A : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<1024x1024xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<1024x1024xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// CHECK: // Phase "main": grid ([[GRID:[0-9]+]], 1, 1), block ([[BLOCK:[0-9]+]], 1, 1), {{[0-9]+}} bytes of shared memory.
// CHECK-NEXT: __global__ void __launch_bounds__([[BLOCK]])
// CHECK-NEXT: matmul_main(const float *__restrict__ in0, const float *__restrict__ in1, float *__restrict__ out0) {
// CHECK: __shared__ float [[SA:v[0-9]+]][{{[0-9]+}}];
// CHECK-NEXT: __shared__ float [[SB:v[0-9]+]][{{[0-9]+}}];
// CHECK: float [[RA:v[0-9]+]][{{[0-9]+}}];
// CHECK-NEXT: float [[RB:v[0-9]+]][{{[0-9]+}}];
// CHECK: __syncthreads();
// CHECK: [[SA]][{{.*}}] = {{v[0-9]+}};
// CHECK: [[SB]][{{.*}}] = {{v[0-9]+}};
// CHECK: __syncthreads();
// CHECK: [[RA]][{{.*}}] = [[SA]][{{.*}}];
// CHECK: [[RB]][{{.*}}] = [[SB]][{{.*}}];
// CHECK: const float [[X:v[0-9]+]] = [[RA]][{{.*}}];
// CHECK: const float [[Y:v[0-9]+]] = [[RB]][{{.*}}];
// CHECK: const float [[P:v[0-9]+]] = [[X]] * [[Y]];
// CHECK: out0[{{.*}}] = {{v[0-9]+}} ? [[P]] : (out0[{{.*}}] + [[P]]);
// CHECK-NOT: Phase
// No device buffers: a workspace of 0 bytes, which the launch function
// does not use.
// CHECK: extern "C" size_t matmul_workspace_size(void) {
// CHECK-NEXT: return 0;
// CHECK: extern "C" cudaError_t matmul(const float *in0, const float *in1, float *out0, void *workspace, cudaStream_t stream) {
// CHECK-NEXT: (void)workspace;
// CHECK-NEXT: cudaError_t err = cudaSuccess;
// CHECK: matmul_main<<<dim3([[GRID]], 1, 1), dim3([[BLOCK]], 1, 1), 0, stream>>>(in0, in1, out0);

// HIP: __global__ void __launch_bounds__
// HIP: extern "C" hipError_t matmul(const float *in0, const float *in1, float *out0, void *workspace, hipStream_t stream) {
