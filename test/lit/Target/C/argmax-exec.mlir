// Execution test of a custom combiner: argmax over 1009 floats (a prime) as
// 4 chunks of 253 (the last one partial, 250) whose (value, index) results
// meet in two device buffers and are combined in a second phase, both times
// with the body of @argmax inlined. Inputs/argmax-driver.c checks ties (the
// smaller index wins), NaNs (the first NaN wins) and -0.0 == +0.0 against a
// naive loop.

// RUN: mdh-translate --emit-c %s -o %t.c
// RUN: clang-22 -std=c11 -O2 -fopenmp -Wall -Werror %t.c \
// RUN:   %S/Inputs/argmax-driver.c -lm -o %t.exe
// RUN: env OMP_NUM_THREADS=4 %t.exe | FileCheck %s

// CHECK: argmax random: OK
// CHECK: argmax ties: OK
// CHECK: argmax nan: OK
// CHECK: argmax zeros: OK

// The combiner of examples/argmax.mlir.
mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %true = arith.constant true
  %nan0 = arith.cmpf uno, %v0, %v0 : f32
  %nan1 = arith.cmpf uno, %v1, %v1 : f32
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %eq = arith.cmpf oeq, %v1, %v0 : f32
  %lt = arith.cmpi slt, %i1, %i0 : i32
  %tie = arith.andi %eq, %lt : i1
  %better = arith.ori %gt, %tie : i1
  %num0 = arith.xori %nan0, %true : i1
  %newnan = arith.andi %nan1, %num0 : i1
  %bothnan = arith.andi %nan0, %nan1 : i1
  %nantie = arith.andi %bothnan, %lt : i1
  %p0 = arith.ori %better, %newnan : i1
  %pick = arith.ori %p0, %nantie : i1
  %v = arith.select %pick, %v1, %v0 : f32
  %i = arith.select %pick, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

func.func @argmax_1009(%x: memref<1009xf32>, %max: memref<f32>,
                       %arg: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c253 = arith.constant 253 : index
  %c1009 = arith.constant 1009 : index
  %pmax = mdh_cl.buffer device : memref<4xf32>
  %parg = mdh_cl.buffer device : memref<4xi32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %k0 = arith.muli %t, %c253 : index
      %rest = arith.subi %c1009, %k0 : index
      %sk = arith.minui %rest, %c253 : index
      %xp = mdh_cl.buffer packed : memref<253xf32>
      mdh_cl.copy %x[%k0] [%sk] to %xp layout identity
          : memref<1009xf32> to memref<253xf32>
      mdh_cl.for %k = %c0 to %sk step %c1 {
        %first = arith.cmpi eq, %k, %c0 : index
        %v = memref.load %xp[%k] : memref<253xf32>
        %gk = arith.addi %k0, %k : index
        %r:2 = mdh_cl.scalar(%gk, %v) : (index, f32) -> (f32, i32) {
        ^bb0(%kk: index, %a: f32):
          %ki = arith.index_cast %kk : index to i32
          mdh_cl.yield %a, %ki : f32, i32
        }
        mdh_cl.accumulate %r#0, %r#1 into %pmax, %parg[%t] first %first
            combine pw(@argmax) : f32, i32 into memref<4xf32>, memref<4xi32>
      }
    }
  }
  mdh_cl.phase "combine" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %b = %c0 to %c4 step %c1 {
        %first = arith.cmpi eq, %b, %c0 : index
        %v = memref.load %pmax[%b] : memref<4xf32>
        %i = memref.load %parg[%b] : memref<4xi32>
        mdh_cl.accumulate %v, %i into %max, %arg[] first %first
            combine pw(@argmax) : f32, i32 into memref<f32>, memref<i32>
      }
    }
  }
  return
}
