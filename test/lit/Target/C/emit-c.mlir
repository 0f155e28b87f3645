// RUN: mdh-translate --emit-c %s | FileCheck %s
// The output compiles warning-free as C11 with OpenMP.
// RUN: mdh-translate --emit-c %s -o %t.c
// RUN: clang-22 -std=c11 -O2 -fopenmp -Wall -Werror -c %t.c -o %t.o

// The prelude, and the helpers for the NaN-propagating maximum and minimum
// (only the ones the code uses).
// CHECK:       #include <math.h>
// CHECK-NEXT:  #include <stdbool.h>
// CHECK-NEXT:  #include <stdint.h>
// CHECK-NEXT:  #include <stdlib.h>
// CHECK-NEXT:  #include <string.h>
// CHECK:       static inline float mdh_maximumf(float a, float b) {
// CHECK-NEXT:    if (isnan(a) || isnan(b))
// CHECK-NEXT:      return a + b;
// CHECK-NEXT:    if (a == b)
// CHECK-NEXT:      return signbit(a) ? b : a;
// CHECK-NEXT:    return a > b ? a : b;
// CHECK-NEXT:  }
// CHECK-NOT:   mdh_minimumf(float
// CHECK:       static inline double mdh_minimum(double a, double b) {
// CHECK-NEXT:    if (isnan(a) || isnan(b))
// CHECK-NEXT:      return a + b;
// CHECK-NEXT:    if (a == b)
// CHECK-NEXT:      return signbit(a) ? a : b;
// CHECK-NEXT:    return a < b ? a : b;
// CHECK-NEXT:  }

//===----------------------------------------------------------------------===//
// Row sums of a transposed tile, in two phases.
//===----------------------------------------------------------------------===//

// Read-only arguments are const inputs, written ones outputs; a device buffer
// lives on the heap for the whole call.
// CHECK-LABEL: void rowsum(const float *restrict in0, float *restrict out0) {
// CHECK-NEXT:    float *[[PART:v[0-9]+]] = (float *)malloc(sizeof(float) * 24);
// CHECK-NEXT:    if (![[PART]])
// CHECK-NEXT:      abort();
// CHECK-DAG:     const int64_t [[C0:v[0-9]+]] = 0;
// CHECK-DAG:     const int64_t [[C2:v[0-9]+]] = 2;
// CHECK-DAG:     const int64_t [[C3:v[0-9]+]] = 3;
// CHECK-DAG:     const int64_t [[C4:v[0-9]+]] = 4;
// CHECK-DAG:     const int64_t [[C8:v[0-9]+]] = 8;
// CHECK:         // phase "main"
// CHECK-NEXT:    {
// CHECK-NEXT:      #pragma omp parallel for schedule(static)
// CHECK-NEXT:      for (int64_t [[T:v[0-9]+]] = [[C0]]; [[T]] < [[C3]]; ++[[T]]) {
// CHECK-NEXT:        const int64_t [[J0:v[0-9]+]] = (int64_t)((size_t)[[T]] * (size_t)[[C4]]);
// A packed buffer is an array local to the parallel body.
// CHECK-NEXT:        float [[TILE:v[0-9]+]][32];
// The transposed copy swaps the last two indices of the destination.
// CHECK-NEXT:        for (int64_t [[X:v[0-9]+]] = 0; [[X]] < [[C8]]; ++[[X]]) {
// CHECK-NEXT:          for (int64_t [[Y:v[0-9]+]] = 0; [[Y]] < [[C4]]; ++[[Y]]) {
// CHECK-NEXT:            [[TILE]]{{\[}}[[Y]] * 8 + [[X]]] = in0{{\[}}([[C0]] + [[X]]) * 12 + [[J0]] + [[Y]]];
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// A step other than 1 is added.
// CHECK-NEXT:        for (int64_t [[J:v[0-9]+]] = [[C0]]; [[J]] < [[C4]]; [[J]] += [[C2]]) {
// CHECK-NEXT:          for (int64_t [[I:v[0-9]+]] = [[C0]]; [[I]] < [[C8]]; ++[[I]]) {
// CHECK-NEXT:            const bool [[FIRST:v[0-9]+]] = [[I]] == [[C0]];
// CHECK-NEXT:            const float [[A:v[0-9]+]] = [[TILE]]{{\[}}[[J]] * 8 + [[I]]];
// The scalar function is inlined; its unused index arguments leave no trace.
// CHECK-NEXT:            const float [[SQ:v[0-9]+]] = [[A]] * [[A]];
// CHECK-NEXT:            [[PART]]{{\[}}[[T]] * 8 + [[I]]] = [[FIRST]] ? [[SQ]] : ([[PART]]{{\[}}[[T]] * 8 + [[I]]] + [[SQ]]);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    // phase "combine"
// CHECK-NEXT:    {
// CHECK-NEXT:      #pragma omp parallel for schedule(static)
// CHECK-NEXT:      for (int64_t [[R:v[0-9]+]] = [[C0]]; [[R]] < [[C8]]; ++[[R]]) {
// CHECK-NEXT:        for (int64_t [[P:v[0-9]+]] = [[C0]]; [[P]] < [[C3]]; ++[[P]]) {
// CHECK-NEXT:          const bool [[F:v[0-9]+]] = [[P]] == [[C0]];
// CHECK-NEXT:          const float [[V:v[0-9]+]] = [[PART]]{{\[}}[[P]] * 8 + [[R]]];
// CHECK-NEXT:          out0{{\[}}[[R]]] = [[F]] ? [[V]] : mdh_maximumf(out0{{\[}}[[R]]], [[V]]);
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    free([[PART]]);
// CHECK-NEXT:  }

func.func @rowsum(%x: memref<8x12xf32>, %y: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %part = mdh_cl.buffer device : memref<3x8xf32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c3 step %c1 on threads x {
      %j0 = arith.muli %t, %c4 : index
      %tile = mdh_cl.buffer packed : memref<4x8xf32>
      mdh_cl.copy %x[%c0, %j0] [%c8, %c4] to %tile layout transposed
          : memref<8x12xf32> to memref<4x8xf32>
      mdh_cl.for %j = %c0 to %c4 step %c2 {
        mdh_cl.for %i = %c0 to %c8 step %c1 {
          %first = arith.cmpi eq, %i, %c0 : index
          %a = memref.load %tile[%j, %i] : memref<4x8xf32>
          %sq = mdh_cl.scalar(%i, %j, %a) : (index, index, f32) -> f32 {
          ^bb0(%ii: index, %jj: index, %v: f32):
            %m = arith.mulf %v, %v : f32
            mdh_cl.yield %m : f32
          }
          mdh_cl.accumulate %sq into %part[%t, %i] first %first
              combine pw(add) : f32 into memref<3x8xf32>
        }
      }
    }
  }
  mdh_cl.phase "combine" {
    mdh_cl.par_for %r = %c0 to %c8 step %c1 on threads x {
      mdh_cl.for %p = %c0 to %c3 step %c1 {
        %first = arith.cmpi eq, %p, %c0 : index
        %v = memref.load %part[%p, %r] : memref<3x8xf32>
        mdh_cl.accumulate %v into %y[%r] first %first combine pw(max)
            : f32 into memref<8xf32>
      }
    }
  }
  return
}

// A panels copy: the source's innermost index in panels of the tile's
// innermost extent, the panel index outermost.
// CHECK-LABEL: void panels(const float *restrict in0, float *restrict out0) {
// CHECK:         float [[T:v[0-9]+]][1600];
// CHECK-NEXT:    for (int64_t [[K:v[0-9]+]] = 0; [[K]] < {{v[0-9]+}}; ++[[K]]) {
// CHECK-NEXT:      for (int64_t [[J:v[0-9]+]] = 0; [[J]] < {{v[0-9]+}}; ++[[J]]) {
// CHECK-NEXT:        [[T]]{{\[}}(([[J]] / 16) * 20 + [[K]]) * 16 + [[J]] % 16] = in0{{\[}}({{v[0-9]+}} + [[K]]) * 70 + {{v[0-9]+}} + [[J]]];
func.func @panels(%b: memref<20x70xf32>, %y: memref<20xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c70 = arith.constant 70 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %tile = mdh_cl.buffer packed : memref<5x20x16xf32>
      mdh_cl.copy %b[%c0, %c0] [%c20, %c70] to %tile layout panels
          : memref<20x70xf32> to memref<5x20x16xf32>
      mdh_cl.for %k = %c0 to %c20 step %c1 {
        %v = memref.load %tile[%c1, %k, %c1] : memref<5x20x16xf32>
        memref.store %v, %y[%k] : memref<20xf32>
      }
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// Integer and f64 accumulation, constants, a custom combiner.
//===----------------------------------------------------------------------===//

// Signed integer arithmetic wraps: it goes through the unsigned type.
// CHECK-LABEL: void ints(const int32_t *restrict in0, const double *restrict in1, int32_t *restrict out0, int64_t *restrict out1, double *restrict out2) {
// CHECK-DAG:     const int64_t [[C0:v[0-9]+]] = 0;
// CHECK-DAG:     const int64_t [[C1:v[0-9]+]] = 1;
// CHECK-DAG:     const int64_t [[C2:v[0-9]+]] = 2;
// Constants are exact: the most negative integers have no literal, floats
// are hexadecimal unless they are small integers.
// CHECK-DAG:     const int32_t [[MIN:v[0-9]+]] = (-2147483647 - 1);
// CHECK-DAG:     const int64_t [[MIN64:v[0-9]+]] = (-9223372036854775807 - 1);
// CHECK-DAG:     const float [[HALF:v[0-9]+]] = 0x1p-1f;
// CHECK-DAG:     const float [[NZ:v[0-9]+]] = -0.0f;
// CHECK-DAG:     const double [[INF:v[0-9]+]] = -INFINITY;
// CHECK:         #pragma omp parallel for schedule(static)
// Signed integer arithmetic wraps: it goes through the unsigned type.
// CHECK:           const int32_t [[S:v[0-9]+]] = (int32_t)((uint32_t)[[X:v[0-9]+]] + (uint32_t)[[MIN]]);
// CHECK-NEXT:      const int64_t [[W:v[0-9]+]] = (int64_t)[[S]];
// CHECK-NEXT:      const int64_t [[L:v[0-9]+]] = (int64_t)((uint64_t)[[W]] + (uint64_t)[[MIN64]]);
// CHECK:           const double [[D:v[0-9]+]] = mdh_maximum({{v[0-9]+}}, [[INF]]);
// CHECK-NEXT:      out0{{\[}}[[C0]]] = [[FIRST:v[0-9]+]] ? [[S]] : ((int32_t)((uint32_t)out0{{\[}}[[C0]]] * (uint32_t)[[S]]));
// CHECK-NEXT:      out0{{\[}}[[C1]]] = [[FIRST]] ? [[S]] : (out0{{\[}}[[C1]]] > [[S]] ? out0{{\[}}[[C1]]] : [[S]]);
// CHECK-NEXT:      out0{{\[}}[[C2]]] = [[FIRST]] ? [[S]] : ((uint32_t)out0{{\[}}[[C2]]] < (uint32_t)[[S]] ? out0{{\[}}[[C2]]] : [[S]]);
// CHECK-NEXT:      out2{{\[}}[[C0]]] = [[FIRST]] ? [[D]] : mdh_minimum(out2{{\[}}[[C0]]], [[D]]);
// A custom combiner: the first contribution is stored, later ones combined
// with the combiner's body inlined.
// CHECK-NEXT:      if ([[FIRST]]) {
// CHECK-NEXT:        out1{{\[}}[[C0]]] = [[L]];
// CHECK-NEXT:      } else {
// CHECK-NEXT:        const int64_t [[ACC:v[0-9]+]] = out1{{\[}}[[C0]]];
// CHECK-NEXT:        const int64_t [[XOR:v[0-9]+]] = (int64_t)([[ACC]] ^ [[L]]);
// CHECK-NEXT:        out1{{\[}}[[C0]]] = [[XOR]];
// CHECK-NEXT:      }

mdh.combiner @xor64 associative commutative (i64) {
^bb0(%a: i64, %b: i64):
  %x = arith.xori %a, %b : i64
  mdh.yield %x : i64
}

func.func @ints(%x: memref<5xi32>, %d: memref<5xf64>, %y: memref<3xi32>,
                %z: memref<1xi64>, %w: memref<1xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %min = arith.constant -2147483648 : i32
  %min64 = arith.constant -9223372036854775808 : i64
  %half = arith.constant 0.5 : f32
  %nz = arith.constant -0.0 : f32
  %inf = arith.constant 0xFFF0000000000000 : f64
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %k = %c0 to %c5 step %c1 {
        %first = arith.cmpi eq, %k, %c0 : index
        %v = memref.load %x[%k] : memref<5xi32>
        %dv = memref.load %d[%k] : memref<5xf64>
        %s, %l, %dd = mdh_cl.scalar(%v, %dv) : (i32, f64) -> (i32, i64, f64) {
        ^bb0(%a: i32, %b: f64):
          %sum = arith.addi %a, %min : i32
          %wide = arith.extsi %sum : i32 to i64
          %l = arith.addi %wide, %min64 : i64
          %h = arith.extf %half : f32 to f64
          %nzd = arith.extf %nz : f32 to f64
          %b1 = arith.mulf %b, %h : f64
          %b2 = arith.addf %b1, %nzd : f64
          %b3 = arith.maximumf %b2, %inf : f64
          mdh_cl.yield %sum, %l, %b3 : i32, i64, f64
        }
        mdh_cl.accumulate %s into %y[%c0] first %first combine pw(mul)
            : i32 into memref<3xi32>
        mdh_cl.accumulate %s into %y[%c1] first %first combine pw(maxsi)
            : i32 into memref<3xi32>
        mdh_cl.accumulate %s into %y[%c2] first %first combine pw(minui)
            : i32 into memref<3xi32>
        mdh_cl.accumulate %dd into %w[%c0] first %first combine pw(min)
            : f64 into memref<1xf64>
        mdh_cl.accumulate %l into %z[%c0] first %first combine pw(@xor64)
            : i64 into memref<1xi64>
      }
    }
  }
  return
}
