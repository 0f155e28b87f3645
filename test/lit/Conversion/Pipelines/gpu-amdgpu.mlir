// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu=chip=gfx90a | FileCheck %s --check-prefix=ISA -DCHIP=gfx90a
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu=chip=gfx942 | FileCheck %s --check-prefix=ISA -DCHIP=gfx942
// Code objects: the assembly goes through llvm-mc -triple=amdgcn-amd-amdhsa
// -mcpu=<chip> -filetype=obj (which fails on assembly it does not accept)
// and ld.lld -shared.
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu="chip=gfx90a format=bin" | FileCheck %s --check-prefix=BIN -DCHIP=gfx90a
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu="chip=gfx942 format=bin" | FileCheck %s --check-prefix=BIN -DCHIP=gfx942
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu="chip=gfx908 format=bin" | FileCheck %s --check-prefix=BIN -DCHIP=gfx908
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu="chip=gfx1030 format=bin" | FileCheck %s --check-prefix=BIN -DCHIP=gfx1030
// Bad options and missing tools.
// RUN: not mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu=format=hsaco 2>&1 | FileCheck %s --check-prefix=BADFORMAT
// RUN: not mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu=llvm-mc=x 2>&1 | FileCheck %s --check-prefix=MCISA
// RUN: not mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-amdgpu="format=bin ld-lld=%t.nonexistent" 2>&1 | FileCheck %s --check-prefix=NOLLD

// --mdh-gpu-to-amdgpu: the same host code as for NVIDIA, and one gpu.binary
// of AMDGPU assembly (format=isa) or of a code object (format=bin) per
// phase, with Debian's ROCm device libraries (toolkit=).

// ISA:       gpu.binary @matmul_main [#gpu.object<#rocdl.target<O = 3, chip = "[[CHIP]]">, {{.*}}assembly = "{{.*}}.amdgcn_target \22amdgcn-amd-amdhsa--[[CHIP]]\22{{.*}}matmul_main:{{.*}}s_barrier
// ISA-LABEL: llvm.func @sum(
// ISA:         llvm.call @mgpuMemAlloc
// ISA:         gpu.launch_func @sum_main::@sum_main
// ISA:       gpu.binary @big_tiles_main [#gpu.object<#rocdl.target<O = 3, chip = "[[CHIP]]">, {{.*}}assembly = "{{.*}}.amdhsa_group_segment_fixed_size

// BIN: gpu.binary @matmul_main [#gpu.object<#rocdl.target<O = 3, chip = "[[CHIP]]">, {{.*}}bin = "\7FELF
// BIN: gpu.binary @sum_main [#gpu.object<#rocdl.target<{{.*}}bin = "\7FELF
// BIN: gpu.binary @sum_combine [#gpu.object<#rocdl.target<{{.*}}bin = "\7FELF
// BIN: gpu.binary @big_tiles_main [#gpu.object<#rocdl.target<{{.*}}bin = "\7FELF
// BIN-NOT: assembly =

// BADFORMAT: error: --mdh-gpu-to-amdgpu: format=hsaco is neither isa (AMDGPU assembly) nor bin (code object)
// MCISA: error: --mdh-gpu-to-amdgpu: llvm-mc= and ld-lld= apply to format=bin only
// NOLLD: gpu-kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot make a code object: ld.lld was not found at ld-lld={{.*}}nonexistent
