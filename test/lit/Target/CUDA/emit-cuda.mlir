// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda --emit-cuda --emit-unoptimized | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: mdh-opt %s --mdh-lower-to-clir=target=hip --emit-hip --emit-unoptimized | FileCheck %s --check-prefixes=CHECK,HIP
// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda | mdh-translate --emit-cuda | FileCheck %s --check-prefixes=CHECK,CUDA

// MatVec with the default configuration: k is split over 8 threads and 9
// blocks, so the main kernel combines the threads' parts in shared memory
// and writes one partial result per block to a device buffer, which a
// second kernel combines.

func.func @matvec(%M: memref<4096x4096xf32>, %v: memref<4096xf32>,
                  %w: memref<4096xf32>) {
  mdh.compute "matvec" sizes(4096, 4096) combine(cc, pw(add))
      ins(%M : memref<4096x4096xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<4096xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<4096xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}

// The configuration, from the main phase's mdh_cl.schedule.
// CHECK: // Schedules (the configuration of each computation):
// CHECK: //   schedule "matvec" on #mdh_ll.{{cuda|hip}}<chip = "{{sm_90|gfx90a}}"> sizes(4096, 4096) combine(cc, pw(add))
// CHECK: //     level 0 "blocks" parallel tiles [{{.*}}]
// CHECK: //     level 2 "threads" parallel tiles [{{.*}}]
// CHECK-NEXT: //       combine output 0 dims [1] in shared sync barrier
// CUDA: #include <cuda_runtime.h>
// HIP: #include <hip/hip_runtime.h>

// CHECK: // Phase "main": grid ([[GRID:[0-9]+]], 1, 1), block ([[BLOCK:[0-9]+]], 1, 1)
// CHECK-NEXT: // Index values fit 32 bits (checked): index arithmetic is 32-bit.
// CHECK-NEXT: __global__ void __launch_bounds__([[BLOCK]], 1)
// CHECK-NEXT: matvec_main(const float *__restrict__ [[M:in0]], const float *__restrict__ [[V:in1]], float *__restrict__ [[BUF:buf0]]) {
// CHECK-NEXT: const int32_t [[BX:v[0-9]+]] = (int32_t)blockIdx.x;
// CHECK-NEXT: __shared__ __align__(16) float [[SV:v[0-9]+]][{{[0-9]+}}];
// CHECK-NEXT: __shared__ __align__(16) float [[PART:v[0-9]+]][{{[0-9]+}}];
// CHECK-NEXT: const int32_t [[TX:v[0-9]+]] = (int32_t)threadIdx.x;
// CHECK-NEXT: float [[RV:v[0-9]+]][{{[0-9]+}}];
// CHECK: __syncthreads();
// CHECK: for (int32_t [[E:v[0-9]+]] = [[TX]]; [[E]] < {{v[0-9]+}}; [[E]] += [[BLOCK]]) {
// CHECK: [[SV]][{{.*}}] = {{v[0-9]+}};
// CHECK: __syncthreads();
// CHECK: [[RV]][{{.*}}] = [[SV]][{{.*}}];
// CHECK: [[PART]][{{.*}}] = {{.*}}[[PART]][{{.*}}] + {{.*}};
// The threads' parts. CUDA (128 positions, 256 threads): a tree with more
// work items than threads in the first step and a barrier after each step
// but the last. HIP (256 positions): each thread combines its positions'
// parts in order.
// CHECK: __syncthreads();
// CUDA: for (int32_t [[W:v[0-9]+]] = [[TX]]; [[W]] < {{[0-9]+}}; [[W]] += [[BLOCK]]) {
// CUDA: [[PART]][{{.*}}] = [[PART]][{{.*}}] + {{.*}};
// CUDA: __syncthreads();
// CUDA: [[PART]][{{.*}}] = [[PART]][{{.*}}] + {{.*}};
// CUDA: __syncthreads();
// CUDA: [[PART]][{{.*}}] = [[PART]][{{.*}}] + {{.*}};
// HIP: for (int32_t [[Q:v[0-9]+]] = [[TX]]; [[Q]] < {{[0-9]+}}; [[Q]] += [[BLOCK]]) {
// HIP: for (
// HIP: [[PART]][{{.*}}] = [[PART]][{{.*}}] + {{.*}};
// CHECK-NOT: __syncthreads();
// CHECK: [[BUF]][{{.*}}] = {{v[0-9]+}};

// The blocks' parts: each thread loads one into shared memory, then a tree.
// CHECK-LABEL: // Phase "combine"
// CHECK: matvec_combine(float *__restrict__ [[OUT:out0]], const float *__restrict__ buf0) {
// CHECK: __shared__ __align__(16) float [[SLOTS:v[0-9]+]][{{[0-9]+}}];
// CHECK: [[SLOTS]][{{.*}}] = {{v[0-9]+}};
// CHECK: __syncthreads();
// CHECK: [[SLOTS]][{{.*}}] = [[SLOTS]][{{.*}}] + {{.*}};
// CHECK: __syncthreads();
// CHECK: [[OUT]][{{.*}}] = {{v[0-9]+}};

// The workspace size function and the launch function: the partials are a
// slice of the caller's workspace, both kernels launched in order; nothing
// allocated or freed.
// CHECK: // buf0: bytes [0, [[#BYTES:]]).
// CHECK-NEXT: extern "C" size_t matvec_workspace_size(void) {
// CHECK-NEXT: return [[#mul(div(BYTES + 255, 256), 256)]];
// CUDA: extern "C" cudaError_t matvec(const float *in0, const float *in1, float *out0, void *workspace, cudaStream_t stream) {
// CUDA-NEXT: if (workspace == nullptr || reinterpret_cast<uintptr_t>(workspace) % 256 != 0)
// CUDA-NEXT: return cudaErrorInvalidValue;
// CUDA-NEXT: float *buf0 = reinterpret_cast<float *>(static_cast<unsigned char *>(workspace) + 0);
// CUDA-NOT: Malloc
// CUDA: matvec_main<<<dim3([[GRID]], 1, 1), dim3([[BLOCK]], 1, 1), 0, stream>>>(in0, in1, buf0);
// CUDA-NEXT: err = cudaGetLastError();
// CUDA: matvec_combine<<<dim3({{[0-9]+}}, 1, 1), dim3(256, 1, 1), 0, stream>>>(out0, buf0);
// CUDA-NEXT: err = cudaGetLastError();
// CUDA-NEXT: }
// CUDA-NEXT: return err;
// HIP: extern "C" hipError_t matvec(const float *in0, const float *in1, float *out0, void *workspace, hipStream_t stream) {
// HIP-NEXT: if (workspace == nullptr || reinterpret_cast<uintptr_t>(workspace) % 256 != 0)
// HIP-NEXT: return hipErrorInvalidValue;
// HIP-NEXT: float *buf0 = reinterpret_cast<float *>(static_cast<unsigned char *>(workspace) + 0);
// HIP: matvec_main<<<dim3([[GRID]], 1, 1), dim3([[BLOCK]], 1, 1), 0, stream>>>(in0, in1, buf0);
// HIP-NEXT: err = hipGetLastError();
// HIP: matvec_combine<<<dim3({{[0-9]+}}, 1, 1), dim3(256, 1, 1), 0, stream>>>(out0, buf0);
// HIP-NEXT: err = hipGetLastError();
// HIP-NEXT: }
// HIP-NEXT: return err;
