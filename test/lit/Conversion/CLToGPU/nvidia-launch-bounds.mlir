// RUN: mdh-opt %s --pass-pipeline='builtin.module(gpu.module(mdh-gpu-nvidia-launch-bounds))' | FileCheck %s
// RUN: mdh-opt %s --pass-pipeline='builtin.module(gpu.module(mdh-gpu-nvidia-launch-bounds,convert-gpu-to-nvvm))' | FileCheck %s --check-prefix=NVVM

// Kernels with a known block size ask for at least one block per
// multiprocessor, as the CUDA emitter's __launch_bounds__(threads, 1);
// the NVVM lowering keeps the attribute next to nvvm.maxntid. Kernels
// without a known block size and device functions are left alone.

// CHECK-LABEL: gpu.module @kernels
// CHECK:         gpu.func @sized() kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32}
// CHECK:         gpu.func @unsized() kernel {
// CHECK:         gpu.func @helper() {
// NVVM-LABEL:  gpu.module @kernels
// NVVM:          llvm.func @sized() attributes {gpu.kernel, gpu.known_block_size = array<i32: 256, 1, 1>, nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32}
gpu.module @kernels {
  gpu.func @sized() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    gpu.return
  }
  gpu.func @unsized() kernel {
    gpu.return
  }
  gpu.func @helper() {
    gpu.return
  }
}
