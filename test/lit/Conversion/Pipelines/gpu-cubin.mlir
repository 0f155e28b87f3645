// REQUIRES: ptxas
// Every supported NVIDIA chip: the PTX assembles with ptxas -arch=<chip>.
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_75 | FileCheck %s -DCHIP=sm_75
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_80 | FileCheck %s -DCHIP=sm_80
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_86 | FileCheck %s -DCHIP=sm_86
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_87 | FileCheck %s -DCHIP=sm_87
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_89 | FileCheck %s -DCHIP=sm_89
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_90 | FileCheck %s -DCHIP=sm_90
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_90a | FileCheck %s -DCHIP=sm_90a
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_100 | FileCheck %s -DCHIP=sm_100
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_120 | FileCheck %s -DCHIP=sm_120
// A cubin is loaded with mgpuModuleLoad (no JIT).
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=chip=sm_90 | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// ptxas -v's report is kept with ptxas-verbose.
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin="chip=sm_90 ptxas-verbose=1" | FileCheck %s --check-prefix=VERBOSE
// A ptxas that is not there, or that fails, is an error at the kernel.
// RUN: not mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=ptxas=%t.nonexistent 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-cubin=ptxas=false 2>&1 | FileCheck %s --check-prefix=MISSING2

// --mdh-gpu-to-cubin: each kernel's PTX goes through ptxas; the objects are
// cubins (ELF).

// CHECK: gpu.binary @matmul_main [#gpu.object<#nvvm.target<O = 3, chip = "[[CHIP]]", features = "{{.*}}">, properties = {{.*}}, bin = "\7FELF
// CHECK: gpu.binary @sum_main [#gpu.object<#nvvm.target<{{.*}}chip = "[[CHIP]]"{{.*}}bin = "\7FELF
// CHECK: gpu.binary @sum_combine [#gpu.object<#nvvm.target<{{.*}}chip = "[[CHIP]]"{{.*}}bin = "\7FELF
// CHECK: gpu.binary @big_tiles_main [#gpu.object<#nvvm.target<{{.*}}chip = "[[CHIP]]"{{.*}}bin = "\7FELF
// CHECK-NOT: assembly =

// VERBOSE: gpu.binary @matmul_main {{.*}}ptxas_info = "{{.*}}Compiling entry function 'matmul_main' for 'sm_90'{{.*}}Used {{[0-9]+}} registers, used 1 barriers, 2048 bytes smem

// LLVMIR: call ptr @mgpuModuleLoad(ptr @matmul_main_binary, i64 {{[0-9]+}})

// MISSING: gpu-kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot make a cubin: ptxas (CUDA toolkit) was not found at ptxas={{.*}}nonexistent
// MISSING2: gpu-kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot make a cubin: ptxas (CUDA toolkit) was not found at ptxas=false
