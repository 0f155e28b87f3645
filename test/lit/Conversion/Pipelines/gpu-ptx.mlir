// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-ptx=chip=sm_90 | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-ptx=chip=sm_80 | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-ptx=chip=sm_90 | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// --mdh-gpu-to-ptx: host code in the LLVM dialect whose launches are
// gpu.launch_func ops, device buffers through the mgpu* runtime calls that
// gpu-to-llvm emits, and one gpu.binary of PTX per phase, for the chip with
// the PTX version it needs. Shared buffers are .shared arrays, or the
// dynamic shared memory whose size the launch passes.

// CHECK-LABEL: llvm.func @matmul(
// CHECK:         gpu.launch_func @matmul_main::@matmul_main blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) : i64 args(
// CHECK:         llvm.return
// SM90:        gpu.binary @matmul_main [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">, {{.*}}assembly = "{{.*}}.version 7.8\0A.target sm_90{{.*}}.visible .entry matmul_main({{.*}}.shared .align 16 .b8 __wg_matmul_main_0[1024];{{.*}}bar.sync
// SM80:        gpu.binary @matmul_main [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">, {{.*}}assembly = "{{.*}}.version 7.0\0A.target sm_80
// CHECK-LABEL: llvm.func @sum(
// CHECK:         llvm.call @mgpuMemAlloc
// CHECK:         gpu.launch_func @sum_main::@sum_main
// CHECK:         gpu.launch_func @sum_combine::@sum_combine
// CHECK:         llvm.call @mgpuMemFree
// SM90:        gpu.binary @sum_main [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// SM90:        gpu.binary @sum_combine [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">
// CHECK-LABEL: llvm.func @big_tiles(
// CHECK:         %[[SIZE:.*]] = llvm.mlir.constant(69632 : i32) : i32
// CHECK:         gpu.launch_func @big_tiles_main::@big_tiles_main {{.*}} dynamic_shared_memory_size %[[SIZE]] args(
// The dynamic shared memory is upstream's zero-size .shared symbol at the
// start of the block's shared memory; the second buffer is at 64 KB.
// SM90:        gpu.binary @big_tiles_main [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">, {{.*}}assembly = "{{.*}}.target sm_90{{.*}}.shared .align 16 .b8 __dynamic_shmem__0;{{.*}}st.shared.b32 \09[%rd{{[0-9]+}}+65536]
// SM80:        gpu.binary @big_tiles_main [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">

// CHECK-NOT:   mdh_cl.
// CHECK-NOT:   gpu.launch blocks

// Translated to LLVM IR, the host code loads the modules and launches the
// kernels through the mgpu* ABI.
// LLVMIR: call ptr @mgpuMemAlloc(
// LLVMIR: call void @mgpuLaunchKernel(ptr %{{.*}}, i64 4, i64 1, i64 1, i64 64, i64 1, i64 1, i32 0,
// LLVMIR: call void @mgpuMemFree(
// LLVMIR: call void @mgpuLaunchKernel(ptr %{{.*}}, i64 1, i64 1, i64 1, i64 128, i64 1, i64 1, i32 69632,
// PTX is loaded through the driver's JIT, at the kernels' optimization level.
// LLVMIR: call ptr @mgpuModuleLoadJIT(ptr @matmul_main_binary, i32 3)
