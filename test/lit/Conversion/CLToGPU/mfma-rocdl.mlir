// RUN: mdh-opt %s -split-input-file --mdh-cl-to-gpu=matrix-cores=true | FileCheck %s
// RUN: mdh-opt %s -split-input-file --mdh-cl-to-gpu=tensor-cores=true | FileCheck %s --check-prefix=LANES

// mdh_cl.mma m16n16k16 with matrix-cores: each lane's fragments in the MFMA
// layout (lane l of the wavefront, r = l % 16, q = 4 * (l / 16): A[r][q ..
// q + 3], B[q .. q + 3][r] as vectors of four; bf16 as its bits in i16) and
// rocdl.mfma on its four accumulators D[q .. q + 3][r]. A run along k that
// is innermost in a shared tile at a multiple of 4 is one 64-bit load;
// others are four loads. tensor-cores alone (NVIDIA) leaves the AMD shape
// to each lane's own arithmetic.

// CHECK-LABEL: func.func @f16(
// CHECK: gpu.launch
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %[[C64]] : index
// CHECK: %[[A:.*]] = vector.load %{{.*}} : memref<32x32xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// CHECK: %[[B:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK: %[[C:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: %[[D:.*]] = rocdl.mfma.f32.16x16x16f16 %[[A]], %[[B]], %[[C]], %{{.*}}, %{{.*}}, %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK-COUNT-4: vector.extract %[[D]]
// LANES-LABEL: func.func @f16(
// LANES-NOT: rocdl.mfma
// LANES-NOT: nvvm.mma.sync
// LANES: scf.for {{.*}} iter_args
func.func @f16(%A: memref<64x32xf16>, %B: memref<32x64xf16>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %As = mdh_cl.buffer shared : memref<32x32xf16>
      %Bs = mdh_cl.buffer shared : memref<32x32xf16>
      mdh_cl.par_for %t = %c0 to %c128 step %c1 on threads x {
        %acc = mdh_cl.buffer register : memref<4xf32>
        mdh_cl.mma m16n16k16 %As[%c16, %c0], %Bs[%c0, %c16] into %acc[%c0]
            : memref<32x32xf16>, memref<32x32xf16> into memref<4xf32>
      }
    }
  }
  return
}

// -----

// bf16: the _1k instruction on the elements' bits; A (transposed: m
// innermost) four loads, B (transposed: k innermost) one.
// CHECK-LABEL: func.func @bf16(
// CHECK-COUNT-4: arith.bitcast %{{.*}} : bf16 to i16
// CHECK: vector.load %{{.*}} : memref<32x32xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: vector.bitcast %{{.*}} : vector<4xbf16> to vector<4xi16>
// CHECK: rocdl.mfma.f32.16x16x16bf16.1k %{{.*}} : (vector<4xi16>, vector<4xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
func.func @bf16(%A: memref<32x32xbf16>, %B: memref<32x32xbf16>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %As = mdh_cl.buffer shared : memref<32x32xbf16>
      %Bs = mdh_cl.buffer shared : memref<32x32xbf16>
      mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
        %acc = mdh_cl.buffer register : memref<4xf32>
        mdh_cl.mma m16n16k16 %As[%c0, %c0] transposed, %Bs[%c0, %c0] transposed
            into %acc[%c0] : memref<32x32xbf16>, memref<32x32xbf16> into memref<4xf32>
      }
    }
  }
  return
}

// -----

// matrix-cores leaves the NVIDIA shapes to each lane's arithmetic.
// CHECK-LABEL: func.func @nvidia_shape(
// CHECK-NOT: rocdl.mfma
// CHECK-NOT: nvvm.mma.sync
// CHECK: scf.for {{.*}} iter_args
func.func @nvidia_shape(%A: memref<16x16xf16>, %B: memref<16x8xf16>) {
  mdh_cl.phase "main" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
        %acc = mdh_cl.buffer register : memref<4xf32>
        mdh_cl.mma m16n8k16 %A[%c0, %c0], %B[%c0, %c0] into %acc[%c0]
            : memref<16x16xf16>, memref<16x8xf16> into memref<4xf32>
      }
    }
  }
  return
}
