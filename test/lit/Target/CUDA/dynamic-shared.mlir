// RUN: mdh-translate %s --emit-cuda | FileCheck %s
// RUN: mdh-translate %s --emit-hip | FileCheck %s --check-prefix=HIP

// A kernel with more than 48 KiB of shared memory uses dynamic shared
// memory: its buffers are slices of one extern array, and the launch
// function raises the kernel's limit before it launches it with that size.

func.func @big(%a: memref<20000xf32>, %b: memref<20000xf32>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c20000 = arith.constant 20000 : index
    mdh_cl.par_for %bx = %c0 to %c1 step %c1 on blocks x {
      %s = mdh_cl.buffer shared : memref<20000xf32>
      %t2 = mdh_cl.buffer shared : memref<3xf32>
      mdh_cl.par_for %tx = %c0 to %c128 step %c1 on threads x {
        mdh_cl.for %i = %tx to %c20000 step %c128 {
          %x = memref.load %a[%i] : memref<20000xf32>
          memref.store %x, %s[%i] : memref<20000xf32>
          memref.store %x, %t2[%c0] : memref<3xf32>
        }
        mdh_cl.barrier
        mdh_cl.for %i = %tx to %c20000 step %c128 {
          %x = memref.load %s[%i] : memref<20000xf32>
          memref.store %x, %b[%i] : memref<20000xf32>
        }
      }
    }
  }
  return
}

// CHECK: // Phase "main": grid (1, 1, 1), block (128, 1, 1), 80016 bytes of dynamic shared memory.
// CHECK: big_main(const float *__restrict__ in0, float *__restrict__ out0) {
// CHECK-NEXT: extern __shared__ __align__(16) unsigned char mdh_smem[];
// CHECK-NEXT: float *[[S:v[0-9]+]] = reinterpret_cast<float *>(mdh_smem + 0);
// CHECK-NEXT: float *[[T:v[0-9]+]] = reinterpret_cast<float *>(mdh_smem + 80000);
// CHECK: __syncthreads();
// CHECK: err = cudaFuncSetAttribute(big_main, cudaFuncAttributeMaxDynamicSharedMemorySize, 80016);
// CHECK: big_main<<<dim3(1, 1, 1), dim3(128, 1, 1), 80016, stream>>>(in0, out0);

// HIP: err = hipFuncSetAttribute(reinterpret_cast<const void *>(big_main), hipFuncAttributeMaxDynamicSharedMemorySize, 80016);
