// REQUIRES: mdh-translate-emit-ptx, ptxas
// RUN: mdh-opt %S/Inputs/gpu-kernels.mlir --mdh-gpu-to-ptx=chip=sm_90 -o %t.mlir
// RUN: mdh-translate --emit-ptx --ptx-binary=matmul_main %t.mlir -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// The printed PTX is what ptxas takes as it is.
// RUN: env PATH=%PATH%:/usr/local/cuda/bin ptxas -arch=sm_90 %t.ptx -o %t.cubin
// Without --ptx-binary, every kernel, each after a comment with its name.
// RUN: mdh-translate --emit-ptx %t.mlir | FileCheck %s --check-prefix=ALL
// Errors: a module without PTX, an unknown binary.
// RUN: echo 'llvm.func @f()' > %t.noptx.mlir
// RUN: not mdh-translate --emit-ptx %t.noptx.mlir 2>&1 | FileCheck %s --check-prefix=NOPTX
// RUN: not mdh-translate --emit-ptx --ptx-binary=nope %t.mlir 2>&1 | FileCheck %s --check-prefix=NONAME

// CHECK:      .version 7.8
// CHECK-NEXT: .target sm_90
// CHECK:      .visible .entry matmul_main(
// CHECK:      bar.sync

// ALL: // gpu.binary @matmul_main
// ALL: .entry matmul_main(
// ALL: // gpu.binary @sum_main
// ALL: // gpu.binary @sum_combine
// ALL: // gpu.binary @big_tiles_main

// NOPTX: noptx.mlir:{{[0-9]+}}:{{[0-9]+}}: error: no PTX to emit: expected gpu.binary ops with PTX objects (the output of --mdh-gpu-to-ptx or --mdh-lower-to-ptx)
// NONAME: error: no gpu.binary named 'nope'
