// A chip the project does not support is an error at every kernel (the
// location of its phase) that lists the supported chips, before anything
// chip-specific runs; the exit code is 1, not an "LLVM ERROR".
// RUN: not mdh-opt %s --mdh-gpu-to-ptx=chip=sm_1000 2>&1 | FileCheck %s --check-prefix=SM1000
// RUN: not mdh-opt %s --mdh-gpu-to-cubin=chip=sm_50 2>&1 | FileCheck %s --check-prefix=SM50
// RUN: not mdh-opt %s --mdh-gpu-to-amdgpu=chip=gfx000 2>&1 | FileCheck %s --check-prefix=GFX000
// RUN: not mdh-opt %s --mdh-gpu-to-amdgpu=chip=sm_90 2>&1 | FileCheck %s --check-prefix=WRONGVENDOR
// The pass alone: no gpu.module yet, so the error is at the module.
// RUN: not mdh-opt %s --mdh-gpu-attach-target=chip=sm_1000 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// RUN: not mdh-opt %s --mdh-gpu-attach-target="vendor=intel chip=pvc" 2>&1 | FileCheck %s --check-prefix=VENDOR
// Options that do not apply to a pipeline are errors.
// RUN: not mdh-opt %s --mdh-gpu-to-ptx=ptxas=/usr/local/cuda/bin/ptxas 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not mdh-opt %s --mdh-gpu-to-ptx=config=x.json 2>&1 | FileCheck %s --check-prefix=CONFIG
// RUN: not mdh-opt %s --mdh-gpu-to-ptx=bogus=1 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: not mdh-opt %s --mdh-gpu-to-amdgpu=disable=mdh-cl-unroll 2>&1 | FileCheck %s --check-prefix=DISABLE-CL
// Unknown names in disable= (the vectorizer is a host optimization).
// RUN: not mdh-opt %s --mdh-lower-to-ptx=disable=mdh-cl-vectorize-register-tiles 2>&1 | FileCheck %s --check-prefix=DISABLE-PTX
// RUN: not mdh-opt %s --mdh-lower-to-amdgpu=disable=bogus 2>&1 | FileCheck %s --check-prefix=DISABLE-AMD
// RUN: not mdh-opt %s --mdh-cl-optimize-gpu=disable=mdh-cl-eliminate-combines 2>&1 | FileCheck %s --check-prefix=DISABLE-OPT
// RUN: not mdh-opt %s --mdh-cl-optimize-gpu=enable=mdh-cl-unroll 2>&1 | FileCheck %s --check-prefix=ENABLE-OPT

// SM1000: gpu-errors.mlir:[[@LINE+8]]:3: error: unsupported nvidia chip 'sm_1000'; supported chips: sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_120
// SM50: gpu-errors.mlir:[[@LINE+7]]:3: error: unsupported nvidia chip 'sm_50'; supported chips: sm_75,
// GFX000: gpu-errors.mlir:[[@LINE+6]]:3: error: unsupported amd chip 'gfx000'; supported chips: gfx908, gfx90a, gfx942, gfx1030
// WRONGVENDOR: gpu-errors.mlir:[[@LINE+5]]:3: error: unsupported amd chip 'sm_90'; supported chips: gfx908, gfx90a, gfx942, gfx1030
func.func @scale(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
      %v = memref.load %a[%t] : memref<64xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%t] : memref<64xf32>
    }
  }
  return
}

// NOKERNEL: error: unsupported nvidia chip 'sm_1000'; supported chips:
// VENDOR: error: unknown GPU vendor 'intel' (expected nvidia or amd)
// PTXAS: error: --mdh-gpu-to-ptx: ptxas= and ptxas-verbose apply to the cubin pipelines only
// CONFIG: error: --mdh-gpu-to-ptx: config= and disable= apply to HL-IR input (use the mdh-lower-to-* pipelines)
// DISABLE-CL: error: --mdh-gpu-to-amdgpu: config= and disable= apply to HL-IR input (use --mdh-lower-to-amdgpu)
// DISABLE-PTX: error: --mdh-lower-to-ptx: disable=mdh-cl-vectorize-register-tiles names no GPU CL-IR optimization
// DISABLE-AMD: error: --mdh-lower-to-amdgpu: disable=bogus names no GPU CL-IR optimization
// DISABLE-OPT: error: --mdh-cl-optimize-gpu: disable=mdh-cl-eliminate-combines names no GPU CL-IR optimization
// BOGUS: no such option bogus
// ENABLE-OPT: no such option enable
