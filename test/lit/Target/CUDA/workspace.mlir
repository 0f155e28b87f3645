// RUN: mdh-translate %s --emit-cuda | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: mdh-translate %s --emit-hip | FileCheck %s --check-prefixes=CHECK,HIP
// RUN: mdh-translate %s --emit-cuda | not grep -E "Malloc|Free"
// RUN: mdh-translate %s --emit-hip | not grep -E "Malloc|Free"

// The device buffers live in a workspace that the caller allocates once:
// `<f>_workspace_size()` bytes, each buffer at a multiple of 256 bytes. The
// launch function refuses a NULL or misaligned workspace, before it
// launches anything, and allocates and frees nothing.

func.func @two(%out: memref<3xf32>, %in: memref<100xf64>) {
  %p = mdh_cl.buffer device : memref<3xf32>
  %q = mdh_cl.buffer device : memref<100xf64>
  mdh_cl.phase "fill" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %x = memref.load %in[%c0] : memref<100xf64>
      memref.store %x, %q[%c0] : memref<100xf64>
    }
  }
  mdh_cl.phase "use" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %y = memref.load %q[%c0] : memref<100xf64>
      %z = arith.truncf %y : f64 to f32
      memref.store %z, %p[%c0] : memref<3xf32>
      %w = memref.load %p[%c0] : memref<3xf32>
      memref.store %w, %out[%c0] : memref<3xf32>
    }
  }
  return
}

// A function without device buffers has a workspace of 0 bytes and ignores
// the pointer. Its phase "workspace_size" would make a kernel named like the
// size function: the kernel takes another name.
func.func @none(%out: memref<4xi32>) {
  mdh_cl.phase "workspace_size" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %v = arith.constant 7 : i32
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      memref.store %v, %out[%t] : memref<4xi32>
    }
  }
  return
}

// CHECK-LABEL: two_fill(const double *__restrict__ in0, double *__restrict__ buf1) {
// CHECK-LABEL: two_use(float *__restrict__ out0, float *__restrict__ buf0, const double *__restrict__ buf1) {

// 12 bytes at 0, 800 bytes at 256: 1056 bytes, rounded up to 1280.
// CHECK-LABEL: // The bytes of device memory that two() needs as its workspace (0: none).
// CHECK-NEXT: // buf0: bytes [0, 12).
// CHECK-NEXT: // buf1: bytes [256, 1056).
// CHECK-NEXT: extern "C" size_t two_workspace_size(void) {
// CHECK-NEXT:   return 1280;
// CHECK-NEXT: }
// CUDA: extern "C" cudaError_t two(float *out0, const double *in0, void *workspace, cudaStream_t stream) {
// HIP: extern "C" hipError_t two(float *out0, const double *in0, void *workspace, hipStream_t stream) {
// CHECK-NEXT:   if (workspace == nullptr || reinterpret_cast<uintptr_t>(workspace) % 256 != 0)
// CUDA-NEXT:     return cudaErrorInvalidValue;
// HIP-NEXT:     return hipErrorInvalidValue;
// CHECK-NEXT:   float *buf0 = reinterpret_cast<float *>(static_cast<unsigned char *>(workspace) + 0);
// CHECK-NEXT:   double *buf1 = reinterpret_cast<double *>(static_cast<unsigned char *>(workspace) + 256);
// CUDA-NEXT:   cudaError_t err = cudaSuccess;
// HIP-NEXT:   hipError_t err = hipSuccess;
// CHECK:   two_fill<<<dim3(1, 1, 1), dim3(1, 1, 1), 0, stream>>>(in0, buf1);
// CHECK:   two_use<<<dim3(1, 1, 1), dim3(1, 1, 1), 0, stream>>>(out0, buf0, buf1);
// CHECK:   return err;
// CHECK-NEXT: }

// CHECK-LABEL: __global__ void __launch_bounds__(4, 1)
// CHECK-NEXT: none_workspace_size_2(int32_t *__restrict__ out0) {
// CHECK-LABEL: // The bytes of device memory that none() needs as its workspace (0: none).
// CHECK-NEXT: extern "C" size_t none_workspace_size(void) {
// CHECK-NEXT:   return 0;
// CHECK-NEXT: }
// CUDA: extern "C" cudaError_t none(int32_t *out0, void *workspace, cudaStream_t stream) {
// HIP: extern "C" hipError_t none(int32_t *out0, void *workspace, hipStream_t stream) {
// CHECK-NEXT:   (void)workspace;
// CUDA-NEXT:   cudaError_t err = cudaSuccess;
// HIP-NEXT:   hipError_t err = hipSuccess;
// CHECK: none_workspace_size_2<<<dim3(1, 1, 1), dim3(4, 1, 1), 0, stream>>>(out0);
