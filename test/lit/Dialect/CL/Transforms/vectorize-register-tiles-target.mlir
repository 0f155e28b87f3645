// RUN: mdh-opt %s --mdh-cl-vectorize-register-tiles --cse -split-input-file | FileCheck %s
// RUN: mdh-opt %s --mdh-cl-vectorize-register-tiles=vector-bits=256 --cse -split-input-file | FileCheck %s --check-prefix=BITS256

// The vectors are as wide as the function's CPU target says (the
// `mdh_ll.target` that LL-to-CL writes), unless `vector-bits` is given: a
// schedule made for AVX-512 (`openmp:host` on such a machine) gets
// 16-lane vectors, the fixed generic model 8. The 2x16 tile of f32 is two
// vector<16xf32> accumulators with 512 bits, four vector<8xf32> with 256.

// CHECK-LABEL: func.func @avx512(
// CHECK:         scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>) {
// CHECK-COUNT-2:   vector.fma {{.*}} : vector<16xf32>
// CHECK-NOT:       vector.fma
// CHECK:           scf.yield
// BITS256-LABEL: func.func @avx512(
// BITS256:         scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
func.func @avx512(%A: memref<4x8xf32>, %B: memref<8x32xf32>, %C: memref<4x32xf32>) attributes {mdh_ll.target = #mdh_ll.openmp<vector_width = 512, vector_registers = 32, cores = 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %j3 = %c0 to %c32 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xf32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c32 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<4x8xf32>
                %b = memref.load %B[%k, %j] : memref<8x32xf32>
                %p = arith.mulf %a, %b : f32
                %f = arith.cmpi eq, %k, %c0 : index
                %ri = arith.subi %i, %i3 : index
                %rj = arith.subi %j, %j3 : index
                mdh_cl.accumulate %p into %acc[%ri, %rj] first %f combine pw(add) : f32 into memref<2x16xf32>
                %old = memref.load %flag[%c0] : memref<1xi1>
                %new = arith.select %f, %f, %old : i1
                memref.store %new, %flag[%c0] : memref<1xi1>
              }
            }
          }
          mdh_cl.for %i = %i3 to %hi step %c1 {
            %ri = arith.subi %i, %i3 : index
            mdh_cl.for %j = %j3 to %hj step %c1 {
              %rj = arith.subi %j, %j3 : index
              %v = memref.load %acc[%ri, %rj] : memref<2x16xf32>
              %ff = memref.load %flag[%c0] : memref<1xi1>
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(add) : f32 into memref<4x32xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @generic(
// CHECK:         scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// BITS256-LABEL: func.func @generic(
// BITS256:         scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
func.func @generic(%A: memref<4x8xf32>, %B: memref<8x32xf32>, %C: memref<4x32xf32>) attributes {mdh_ll.target = #mdh_ll.openmp} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %j3 = %c0 to %c32 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xf32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c32 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<4x8xf32>
                %b = memref.load %B[%k, %j] : memref<8x32xf32>
                %p = arith.mulf %a, %b : f32
                %f = arith.cmpi eq, %k, %c0 : index
                %ri = arith.subi %i, %i3 : index
                %rj = arith.subi %j, %j3 : index
                mdh_cl.accumulate %p into %acc[%ri, %rj] first %f combine pw(add) : f32 into memref<2x16xf32>
                %old = memref.load %flag[%c0] : memref<1xi1>
                %new = arith.select %f, %f, %old : i1
                memref.store %new, %flag[%c0] : memref<1xi1>
              }
            }
          }
          mdh_cl.for %i = %i3 to %hi step %c1 {
            %ri = arith.subi %i, %i3 : index
            mdh_cl.for %j = %j3 to %hj step %c1 {
              %rj = arith.subi %j, %j3 : index
              %v = memref.load %acc[%ri, %rj] : memref<2x16xf32>
              %ff = memref.load %flag[%c0] : memref<1xi1>
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(add) : f32 into memref<4x32xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// 128-bit vectors (SSE, NEON): 4 lanes, eight accumulators.
// CHECK-LABEL: func.func @sse(
// CHECK:         scf.for {{.*}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// BITS256-LABEL: func.func @sse(
// BITS256:         scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
func.func @sse(%A: memref<4x8xf32>, %B: memref<8x32xf32>, %C: memref<4x32xf32>) attributes {mdh_ll.target = #mdh_ll.openmp<vector_width = 128, vector_registers = 16>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %j3 = %c0 to %c32 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xf32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c32 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<4x8xf32>
                %b = memref.load %B[%k, %j] : memref<8x32xf32>
                %p = arith.mulf %a, %b : f32
                %f = arith.cmpi eq, %k, %c0 : index
                %ri = arith.subi %i, %i3 : index
                %rj = arith.subi %j, %j3 : index
                mdh_cl.accumulate %p into %acc[%ri, %rj] first %f combine pw(add) : f32 into memref<2x16xf32>
                %old = memref.load %flag[%c0] : memref<1xi1>
                %new = arith.select %f, %f, %old : i1
                memref.store %new, %flag[%c0] : memref<1xi1>
              }
            }
          }
          mdh_cl.for %i = %i3 to %hi step %c1 {
            %ri = arith.subi %i, %i3 : index
            mdh_cl.for %j = %j3 to %hj step %c1 {
              %rj = arith.subi %j, %j3 : index
              %v = memref.load %acc[%ri, %rj] : memref<2x16xf32>
              %ff = memref.load %flag[%c0] : memref<1xi1>
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(add) : f32 into memref<4x32xf32>
            }
          }
        }
      }
    }
  }
  return
}
