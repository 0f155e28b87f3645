// Execution test of the C target: CL-IR of the shape --mdh-ll-to-cl produces
// for the host, translated to C, compiled with OpenMP and run against naive
// loops in Inputs/matvec-driver.c (tolerance of docs/semantics.md).
//
// @matvec (37 x 29, primes): 5 row tiles of 8 (the last one partial, 5 rows)
// times 2 parts of the reduction (15 + 14) on 10 threads; the tile of M is
// packed transposed, the slice of v packed as is; the 2 partial results of
// each row meet in a device buffer and are combined in a second phase.
//
// @matmul (23 x 131 x 127): row tiles of 4 (the last partial, 3 rows); the
// whole of B is packed transposed into a 65 KiB buffer, too large for the
// stack budget, so each OpenMP thread allocates it once on the heap.

// RUN: mdh-translate --emit-c %s -o %t.c
// RUN: FileCheck %s --check-prefix=CODE < %t.c
// RUN: clang-22 -std=c11 -O2 -fopenmp -Wall -Werror %t.c \
// RUN:   %S/Inputs/matvec-driver.c -lm -o %t.exe
// RUN: env OMP_NUM_THREADS=3 %t.exe | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t.exe | FileCheck %s

// CHECK: matvec 37x29: OK
// CHECK: matmul 23x131x127: OK

// CODE-LABEL: void matvec(
// CODE:         #pragma omp parallel for schedule(static)
// CODE:         #pragma omp parallel for schedule(static)
// CODE-LABEL: void matmul(
// CODE:         #pragma omp parallel
// CODE-NEXT:    {
// CODE-NEXT:      float *[[BT:v[0-9]+]] = (float *)malloc(sizeof(float) * 16637);
// CODE-NEXT:      if (![[BT]])
// CODE-NEXT:        abort();
// CODE-NEXT:      #pragma omp for schedule(static)
// CODE-NEXT:      for (int64_t
// CODE:             float {{v[0-9]+}}[508];
// CODE:           free([[BT]]);
// CODE-NEXT:    }

func.func @matvec(%M: memref<37x29xf32>, %v: memref<29xf32>,
                  %w: memref<37xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %c15 = arith.constant 15 : index
  %c29 = arith.constant 29 : index
  %c37 = arith.constant 37 : index
  %true = arith.constant true
  %partials = mdh_cl.buffer device : memref<2x37xf32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c10 step %c1 on threads x {
      %ti = arith.divui %t, %c2 : index
      %kp = arith.remui %t, %c2 : index
      %i0 = arith.muli %ti, %c8 : index
      %k0 = arith.muli %kp, %c15 : index
      %ri = arith.subi %c37, %i0 : index
      %si = arith.minui %ri, %c8 : index
      %rk = arith.subi %c29, %k0 : index
      %sk = arith.minui %rk, %c15 : index
      // Mt[k][i] = M[i0 + i][k0 + k].
      %Mt = mdh_cl.buffer packed : memref<15x8xf32>
      %vp = mdh_cl.buffer packed : memref<15xf32>
      %acc = mdh_cl.buffer register : memref<8xf32>
      mdh_cl.copy %M[%i0, %k0] [%si, %sk] to %Mt layout transposed
          : memref<37x29xf32> to memref<15x8xf32>
      mdh_cl.copy %v[%k0] [%sk] to %vp layout identity
          : memref<29xf32> to memref<15xf32>
      mdh_cl.for %k = %c0 to %sk step %c1 {
        %first = arith.cmpi eq, %k, %c0 : index
        mdh_cl.for %i = %c0 to %si step %c1 {
          %a = memref.load %Mt[%k, %i] : memref<15x8xf32>
          %x = memref.load %vp[%k] : memref<15xf32>
          %gi = arith.addi %i0, %i : index
          %gk = arith.addi %k0, %k : index
          %p = mdh_cl.scalar(%gi, %gk, %a, %x)
              : (index, index, f32, f32) -> f32 {
          ^bb0(%ii: index, %kk: index, %m: f32, %y: f32):
            %r = arith.mulf %m, %y : f32
            mdh_cl.yield %r : f32
          }
          mdh_cl.accumulate %p into %acc[%i] first %first combine pw(add)
              : f32 into memref<8xf32>
        }
      }
      mdh_cl.for %i = %c0 to %si step %c1 {
        %r = memref.load %acc[%i] : memref<8xf32>
        %gi = arith.addi %i0, %i : index
        mdh_cl.accumulate %r into %partials[%kp, %gi] first %true
            combine pw(add) : f32 into memref<2x37xf32>
      }
    }
  }
  mdh_cl.phase "combine" {
    mdh_cl.par_for %i = %c0 to %c37 step %c1 on threads x {
      mdh_cl.for %p = %c0 to %c2 step %c1 {
        %first = arith.cmpi eq, %p, %c0 : index
        %r = memref.load %partials[%p, %i] : memref<2x37xf32>
        mdh_cl.accumulate %r into %w[%i] first %first combine pw(add)
            : f32 into memref<37xf32>
      }
    }
  }
  return
}

func.func @matmul(%A: memref<23x127xf32>, %B: memref<127x131xf32>,
                  %C: memref<23x131xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c23 = arith.constant 23 : index
  %c127 = arith.constant 127 : index
  %c131 = arith.constant 131 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c6 step %c1 on threads x {
      %i0 = arith.muli %t, %c4 : index
      %ri = arith.subi %c23, %i0 : index
      %si = arith.minui %ri, %c4 : index
      %At = mdh_cl.buffer packed : memref<4x127xf32>
      // Bt[j][k] = B[k][j].
      %Bt = mdh_cl.buffer packed : memref<131x127xf32>
      mdh_cl.copy %A[%i0, %c0] [%si, %c127] to %At layout identity
          : memref<23x127xf32> to memref<4x127xf32>
      mdh_cl.copy %B[%c0, %c0] [%c127, %c131] to %Bt layout transposed
          : memref<127x131xf32> to memref<131x127xf32>
      mdh_cl.for %i = %c0 to %si step %c1 {
        %gi = arith.addi %i0, %i : index
        mdh_cl.for %j = %c0 to %c131 step %c1 {
          mdh_cl.for %k = %c0 to %c127 step %c1 {
            %first = arith.cmpi eq, %k, %c0 : index
            %a = memref.load %At[%i, %k] : memref<4x127xf32>
            %b = memref.load %Bt[%j, %k] : memref<131x127xf32>
            %p = mdh_cl.scalar(%gi, %j, %k, %a, %b)
                : (index, index, index, f32, f32) -> f32 {
            ^bb0(%ii: index, %jj: index, %kk: index, %x: f32, %y: f32):
              %r = arith.mulf %x, %y : f32
              mdh_cl.yield %r : f32
            }
            mdh_cl.accumulate %p into %C[%gi, %j] first %first
                combine pw(add) : f32 into memref<23x131xf32>
          }
        }
      }
    }
  }
  return
}
