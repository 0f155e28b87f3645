// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda --emit-cuda --emit-unoptimized | FileCheck %s
// RUN: mdh-opt %s --mdh-lower-to-clir=target=hip --emit-hip --emit-unoptimized | FileCheck %s --check-prefix=HIP
// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda --emit-cuda --emit-unoptimized | FileCheck %s --check-prefix=ASYNC
// RUN: mdh-opt %s --mdh-lower-to-clir=target=hip --emit-hip --emit-unoptimized | FileCheck %s --check-prefix=VEC

// MatMul with the default configuration: 16 x 16 blocks of 128 x 128 fill
// the chip, so k is split neither over threads nor over blocks, and one
// kernel accumulates straight into C; A and B are copied into shared
// memory, their register tiles into local arrays.

func.func @matmul(%A: memref<2048x256xf32>, %B: memref<256x2048xf32>,
                  %C: memref<2048x2048xf32>) {
  mdh.compute "matmul" sizes(2048, 2048, 256) combine(cc, cc, pw(add))
      ins(%A : memref<2048x256xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<256x2048xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<2048x2048xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// CHECK: // Phase "main": grid ([[GRID:[0-9]+]], 1, 1), block ([[BLOCK:[0-9]+]], 1, 1), {{[0-9]+}} bytes of shared memory.
// CHECK-NEXT: // Index values fit 32 bits (checked): index arithmetic is 32-bit.
// CHECK-NEXT: __global__ void __launch_bounds__([[BLOCK]], 1)
// CHECK-NEXT: matmul_main(const float *__restrict__ in0, const float *__restrict__ in1, float *__restrict__ out0) {
// CHECK: __shared__ __align__(16) float [[SA:v[0-9]+]][{{[0-9]+}}];
// CHECK-NEXT: __shared__ __align__(16) float [[SB:v[0-9]+]][{{[0-9]+}}];
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

// The blocks' code comes twice: when both inputs are 16-byte aligned
// (tested once, the same on every thread), the cooperative copies read
// 128-bit vectors (float4 in CUDA and HIP) and store them whole into the
// 16-byte aligned shared tiles; the other version copies element by
// element.
// VEC: __shared__ __align__(16) float [[VA:v[0-9]+]][{{[0-9]+}}];
// VEC: const bool [[A0:v[0-9]+]] = ((uintptr_t)in0 % 16 == 0);
// VEC-NEXT: const bool [[A1:v[0-9]+]] = ((uintptr_t)in1 % 16 == 0);
// VEC-NEXT: const bool [[FAST:v[0-9]+]] = [[A0]] && [[A1]];
// VEC-NEXT: if ([[FAST]]) {
// VEC: const float4 [[X:v[0-9]+]] = *reinterpret_cast<const float4 *>(&in0[{{.*}}]);
// VEC-NEXT: *reinterpret_cast<float4 *>(&[[VA]][{{.*}}]) = [[X]];
// VEC: *reinterpret_cast<const float4 *>(&in1[{{.*}}]);
// VEC: } else {
// VEC-NOT: float4
// VEC: _workspace_size(void)
// In CUDA (sm_80 and later) such a copy of 16 bytes from device memory into
// a shared tile is one cp.async (LDGSTS), and every barrier of the kernel
// first waits for the thread's copies.
// ASYNC: void mdh_cp_async16(void *dst, const void *src) {
// ASYNC-NEXT: asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
// ASYNC-NEXT: :: "r"((unsigned)__cvta_generic_to_shared(dst)),
// ASYNC-NEXT: "l"(__cvta_generic_to_global(src))
// ASYNC: void mdh_cp_async_wait() {
// ASYNC-NEXT: asm volatile("cp.async.wait_all;" ::: "memory");
// ASYNC: __shared__ __align__(16) float [[VA:v[0-9]+]][{{[0-9]+}}];
// ASYNC: if ({{v[0-9]+}}) {
// ASYNC: mdh_cp_async_wait();
// ASYNC-NEXT: __syncthreads();
// ASYNC-NOT: reinterpret_cast
// ASYNC: mdh_cp_async16(&[[VA]][{{.*}}], &in0[{{.*}}]);
// ASYNC: mdh_cp_async16(&{{v[0-9]+}}[{{.*}}], &in1[{{.*}}]);
// ASYNC: mdh_cp_async_wait();
// ASYNC-NEXT: __syncthreads();
// ASYNC: } else {
// ASYNC-NOT: mdh_cp_async16
// ASYNC: _workspace_size(void)
