// RUN: mdh-opt %s -split-input-file --mdh-cl-to-gpu=tensor-cores=true | FileCheck %s
// RUN: mdh-opt %s -split-input-file --mdh-cl-to-gpu | FileCheck %s --check-prefix=LANES

// mdh_cl.mma with tensor-cores: each lane's fragments in the PTX ISA's
// layout and nvvm.mma.sync. A's pairs run along k, its innermost dimension
// in a shared buffer at an even index: one 32-bit (vector<2xf16>) load each;
// B's pairs run down its rows: two 16-bit loads each. Without
// tensor-cores: each lane's own arithmetic (no NVVM).

// CHECK-LABEL: func.func @f16(
// CHECK: gpu.launch
// CHECK-COUNT-4: vector.load %{{.*}} : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-COUNT-2: vector.from_elements %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK: %[[D:.*]] = nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-SAME: layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-4: llvm.extractvalue %[[D]]
// LANES-LABEL: func.func @f16(
// LANES-NOT: nvvm.mma.sync
// LANES: scf.for {{.*}} iter_args
func.func @f16(%A: memref<64x32xf16>, %B: memref<32x64xf16>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %As = mdh_cl.buffer shared : memref<32x32xf16>
      %Bs = mdh_cl.buffer shared : memref<32x32xf16>
      mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
        %acc = mdh_cl.buffer register : memref<4xf32>
        mdh_cl.for %k = %c0 to %c32 step %c16 {
          mdh_cl.mma m16n8k16 %As[%c16, %k], %Bs[%k, %c0] into %acc[%c0]
              : memref<32x32xf16>, memref<32x32xf16> into memref<4xf32>
        }
      }
    }
  }
  return
}

// -----

// bf16: the pairs' bits as i32, the operand types given. Transposed A (k
// outermost) and B (k innermost): B's pairs are the 32-bit loads.
// CHECK-LABEL: func.func @bf16(
// CHECK-COUNT-8: memref.load %{{.*}} : memref<32x32xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: vector.load %{{.*}} : memref<32x32xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
// CHECK: nvvm.mma.sync
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>
// CHECK-SAME: (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
func.func @bf16(%A: memref<64x32xbf16>, %B: memref<32x64xbf16>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %As = mdh_cl.buffer shared : memref<32x32xbf16>
      %Bs = mdh_cl.buffer shared : memref<32x32xbf16>
      mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
        %acc = mdh_cl.buffer register : memref<2x4xf32>
        mdh_cl.mma m16n8k16 %As[%c0, %c16] transposed, %Bs[%c16, %c0] transposed
            into %acc[%c1, %c0] : memref<32x32xbf16>, memref<32x32xbf16> into memref<2x4xf32>
      }
    }
  }
  return
}

// -----

// A in a register buffer of f16 (2-byte aligned, unlike shared tiles): its
// pairs are two 16-bit loads even with k innermost at an even index.
// CHECK-LABEL: func.func @register_a(
// CHECK-NOT: vector.load
// CHECK: nvvm.mma.sync
func.func @register_a(%B: memref<16x8xf16>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
        %A = mdh_cl.buffer register : memref<16x16xf16>
        %acc = mdh_cl.buffer register : memref<4xf32>
        mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
            : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
      }
    }
  }
  return
}

// -----

// TF32: each of A's four and B's two fragment registers is one f32 element
// (A: (g, t), (g + 8, t), (g, t + 4), (g + 8, t + 4); B: (t, g), (t + 4, g);
// t = lane % 4), rounded to nearest (ties away) by cvt.rna.tf32.f32; without
// tensor-cores each lane rounds its operands with integer arithmetic.
// CHECK-LABEL: func.func @tf32(
// CHECK-COUNT-6: nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// CHECK: nvvm.mma.sync
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 8>
// CHECK-SAME: (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// LANES-LABEL: func.func @tf32(
// LANES-NOT: nvvm
// LANES: arith.addi %{{.*}}, %{{.*}} : i32
// LANES: arith.andi %{{.*}}, %{{.*}} : i32
// LANES: arith.cmpf uno
func.func @tf32(%A: memref<64x32xf32>, %B: memref<64x32xf32>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %As = mdh_cl.buffer shared : memref<32x32xf32>
      %Bs = mdh_cl.buffer shared : memref<32x32xf32>
      mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
        %acc = mdh_cl.buffer register : memref<4xf32>
        mdh_cl.mma m16n8k8 %As[%c0, %c8], %Bs[%c8, %c8] transposed
            into %acc[%c0] : memref<32x32xf32>, memref<32x32xf32> into memref<4xf32>
      }
    }
  }
  return
}
