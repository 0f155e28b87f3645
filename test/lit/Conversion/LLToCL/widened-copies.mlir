// RUN: mdh-opt %s --mdh-ll-to-cl --split-input-file | mdh-opt --split-input-file | FileCheck %s

// Tiles of an input that the scalar function only widens (arith.extf) hold
// the wide type (include/mdh/Dialect/LL/Staging.h): an f16 MatMul on cuda
// copies A and B into f32 shared tiles, converting each element once, reads
// its register copy of A from there in f32, and its scalar function takes
// f32 without converting. The output is parsed again (the CL verifier
// accepts the widening copies).

// CHECK-LABEL: func.func @matmul_f16(
// CHECK-SAME: %[[A:[^:]*]]: memref<32x16xf16>, %[[B:[^:]*]]: memref<16x32xf16>, %[[C:[^:]*]]: memref<32x32xf32>)
// CHECK: %[[SA:.*]] = mdh_cl.buffer shared : memref<16x8xf32>
// CHECK-NEXT: %[[SB:.*]] = mdh_cl.buffer shared : memref<8x16xf32>
// CHECK: %[[RA:.*]] = mdh_cl.buffer register : memref<2x1xf32>
// CHECK: %[[X:.*]] = memref.load %[[A]]{{.*}} : memref<32x16xf16>
// CHECK-NEXT: %[[XE:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK: memref.store %[[XE]], %[[SA]]
// CHECK: %[[Y:.*]] = memref.load %[[B]]{{.*}} : memref<16x32xf16>
// CHECK-NEXT: %[[YE:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK: memref.store %[[YE]], %[[SB]]
// CHECK: mdh_cl.copy %[[SA]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] to %[[RA]] layout identity : memref<16x8xf32> to memref<2x1xf32>
// CHECK: %[[VA:.*]] = memref.load %[[RA]]
// CHECK: %[[VB:.*]] = memref.load %[[SB]]
// CHECK: mdh_cl.scalar(%{{.*}}, %{{.*}}, %{{.*}}, %[[VA]], %[[VB]]) : (index, index, index, f32, f32) -> f32 {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[EA:.*]]: f32, %[[EB:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[EA]], %[[EB]] : f32
// CHECK-NEXT: mdh_cl.yield %[[P]] : f32
func.func @matmul_f16(%A: memref<32x16xf16>, %B: memref<16x32xf16>, %C: memref<32x32xf32>) {
  mdh_ll.schedule "matmul" on #mdh_ll.cuda<chip = "sm_90"> sizes(32, 32, 16) combine(cc, cc, pw(add))
      ins(%A : memref<32x16xf16> [(d0, d1, d2) -> (d0, d2)], %B : memref<16x32xf16> [(d0, d1, d2) -> (d2, d1)])
      outs(%C : memref<32x32xf32> [(d0, d1, d2) -> (d0, d1)]) {
    mdh_ll.level 0 "blocks" parallel tiles [16, 16, 16] order [0, 1, 2] assign [y, x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [16, 16, 8] order [2, 0, 1] {
        mdh_ll.copy %A to shared layout identity : memref<32x16xf16>
        mdh_ll.copy %B to shared layout identity : memref<16x32xf16>
        mdh_ll.level 2 "threads" parallel tiles [2, 2, 8] order [0, 1, 2] assign [y, x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [2, 2, 1] order [2, 0, 1] {
            mdh_ll.copy %A to register layout identity : memref<32x16xf16>
            mdh_ll.scalar {
            ^bb0(%i: index, %j: index, %k: index, %a: f16, %b: f16):
              %ae = arith.extf %a : f16 to f32
              %be = arith.extf %b : f16 to f32
              %0 = arith.mulf %ae, %be : f32
              mdh_ll.yield %0 : f32
            }
          }
          mdh_ll.combine %C dims [2] across 3 in register sync none : memref<32x32xf32>
        }
      }
      mdh_ll.combine %C dims [2] across 1 in register sync none : memref<32x32xf32>
    }
  }
  return
}

// -----

// On a CPU, the packed copy widens (bf16 to f32), and an input the scalar
// function also uses unconverted (%v: its bf16 value is compared) keeps its
// type: the vector is read as bf16.

// CHECK-LABEL: func.func @matvec_bf16(
// CHECK-SAME: %[[M:[^:]*]]: memref<64x32xbf16>, %[[V:[^:]*]]: memref<32xbf16>
// CHECK: %[[PK:.*]] = mdh_cl.buffer packed : memref<8x16xf32>
// CHECK: mdh_cl.copy %[[M]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] to %[[PK]] layout transposed : memref<64x32xbf16> to memref<8x16xf32>
// CHECK: %[[VM:.*]] = memref.load %[[PK]]{{.*}} : memref<8x16xf32>
// CHECK: %[[VV:.*]] = memref.load %[[V]]{{.*}} : memref<32xbf16>
// CHECK: mdh_cl.scalar(%{{.*}}, %{{.*}}, %[[VM]], %[[VV]]) : (index, index, f32, bf16) -> f32 {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %[[EM:.*]]: f32, %[[EV:.*]]: bf16):
// CHECK-NEXT: %[[XV:.*]] = arith.extf %[[EV]] : bf16 to f32
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[EV]] : bf16
func.func @matvec_bf16(%M: memref<64x32xbf16>, %v: memref<32xbf16>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xbf16> [(d0, d1) -> (d0, d1)], %v : memref<32xbf16> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [64, 32] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [64, 32] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 8] order [1, 0] {
          mdh_ll.copy %M to packed layout transposed : memref<64x32xbf16>
          mdh_ll.level 3 "register_tile" simd tiles [4, 8] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: bf16, %x: bf16):
              %me = arith.extf %m : bf16 to f32
              %xe = arith.extf %x : bf16 to f32
              %n = arith.negf %x : bf16
              %ne = arith.extf %n : bf16 to f32
              %s = arith.addf %xe, %ne : f32
              %p = arith.mulf %me, %s : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
        mdh_ll.combine %w dims [1] across 2 in register sync none : memref<64xf32>
      }
    }
  }
  return
}

// -----

// The widened value is the result itself: the yield takes the argument
// (random program seed 15000139 crashed here when the extf went before the
// yield was built).

// CHECK-LABEL: func.func @convert_bf16(
// CHECK: %[[PK:.*]] = mdh_cl.buffer packed : memref<4xf32>
// CHECK: mdh_cl.copy %{{.*}}[%{{.*}}] [%{{.*}}] to %[[PK]] layout identity : memref<8xbf16> to memref<4xf32>
// CHECK: mdh_cl.scalar(%{{.*}}, %{{.*}}) : (index, f32) -> f32 {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %[[E:.*]]: f32):
// CHECK-NEXT: mdh_cl.yield %[[E]] : f32
func.func @convert_bf16(%x: memref<8xbf16>, %y: memref<8xf32>) {
  mdh_ll.schedule "convert" on #mdh_ll.openmp<> sizes(8) combine(cc)
      ins(%x : memref<8xbf16> [(d0) -> (d0)])
      outs(%y : memref<8xf32> [(d0) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [8] order [0] assign [x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [8] order [0] {
        mdh_ll.level 2 "l1_tile" sequential tiles [4] order [0] {
          mdh_ll.copy %x to packed layout identity : memref<8xbf16>
          mdh_ll.level 3 "register_tile" simd tiles [4] order [0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %a: bf16):
              %e = arith.extf %a : bf16 to f32
              mdh_ll.yield %e : f32
            }
          }
        }
      }
    }
  }
  return
}
