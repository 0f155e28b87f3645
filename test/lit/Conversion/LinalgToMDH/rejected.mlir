// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh -split-input-file -verify-diagnostics | FileCheck %s

// Every op here stays as it is, with a remark that says why.

func.func @dynamic(%A: memref<?x17xf32>, %B: memref<17x19xf32>, %C: memref<?x19xf32>) {
  // expected-remark @below {{not converted to mdh.compute: operand #0 has the dynamic shape memref<?x17xf32>; MDH computes over static iteration boxes}}
  linalg.matmul ins(%A, %B : memref<?x17xf32>, memref<17x19xf32>) outs(%C : memref<?x19xf32>)
  return
}

// -----

// maxnumf ignores NaNs; MDH's max (arith.maximumf) propagates them.
func.func @maxnumf(%a: memref<23x29xf32>, %r: memref<23xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%r : memref<23xf32>)
  // expected-remark @below {{not converted to mdh.compute: it combines output #0 with 'arith.maxnumf', which is no MDH combine operator (arith.addf/addi, mulf/muli, maximumf/minimumf, maxsi/maxui/minsi/minui, andi/ori/xori); MDH's max/min are the NaN-propagating arith.maximumf/minimumf, not the NaN-ignoring maxnumf/minnumf}}
  linalg.reduce ins(%a : memref<23x29xf32>) outs(%r : memref<23xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %m = arith.maxnumf %in, %init : f32
      linalg.yield %m : f32
    }
  return
}

// -----

// argmax (value and index, cmpf + select) is not recognized.
func.func @argmax(%x: memref<17xf32>, %v: memref<f32>, %i: memref<i32>) {
  // expected-remark @below {{not converted to mdh.compute: the value it yields for output #0 is not a combination of the output's old value with a new term, so the reduction is no pw(op) of MDH}}
  linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> ()>, affine_map<(k) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%x : memref<17xf32>) outs(%v, %i : memref<f32>, memref<i32>) {
  ^bb0(%a: f32, %best: f32, %at: i32):
    %k = linalg.index 0 : index
    %ki = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %a, %best : f32
    %nv = arith.select %gt, %a, %best : f32
    %ni = arith.select %gt, %ki, %at : i32
    linalg.yield %nv, %ni : f32, i32
  }
  return
}

// -----

func.func @mixed_operators(%a: memref<8x5xf32>, %s: memref<8xf32>, %m: memref<8xf32>) {
  // expected-remark @below {{not converted to mdh.compute: its outputs are combined with different operators ('add' and 'max'); MDH has one reduction operator per computation}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x5xf32>) outs(%s, %m : memref<8xf32>, memref<8xf32>) {
  ^bb0(%x: f32, %o0: f32, %o1: f32):
    %s0 = arith.addf %o0, %x : f32
    %s1 = arith.maximumf %o1, %x : f32
    linalg.yield %s0, %s1 : f32, f32
  }
  return
}

// -----

// The last value along the reduction loop wins: no combination.
func.func @last_wins(%a: memref<8x5xf32>, %r: memref<8xf32>) {
  // expected-remark @below {{not converted to mdh.compute: the value it yields for output #0 is not a combination of the output's old value with a new term, so the reduction is no pw(op) of MDH}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x5xf32>) outs(%r : memref<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// The old value is used beyond the combination (a running product of sums).
func.func @old_value_twice(%a: memref<8x5xf32>, %r: memref<8xf32>) {
  // expected-remark @below {{not converted to mdh.compute: it uses the old value of output #0 other than to combine it with a new term}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x5xf32>) outs(%r : memref<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %p = arith.mulf %o, %x : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @scalar_argument(%v: f32, %c: memref<4x6xf32>) {
  // expected-remark @below {{not converted to mdh.compute: operand #0 is a scalar that is not a constant}}
  linalg.fill ins(%v : f32) outs(%c : memref<4x6xf32>)
  return
}

// -----

func.func @captured_argument(%v: f32, %a: memref<7xf32>, %c: memref<7xf32>) {
  // expected-remark @below {{not converted to mdh.compute: its payload uses a value defined outside it that is not a constant}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : memref<7xf32>) outs(%c : memref<7xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %v : f32
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @side_effect(%a: memref<7xf32>, %t: memref<7xf32>, %c: memref<7xf32>) {
  // expected-remark @below {{not converted to mdh.compute: its payload holds 'memref.load', which has regions or side effects; the scalar function of mdh.compute holds side-effect-free scalar ops only}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : memref<7xf32>) outs(%c : memref<7xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %y = memref.load %t[%i] : memref<7xf32>
    %z = arith.addf %x, %y : f32
    linalg.yield %z : f32
  }
  return
}

// -----

func.func @i1(%a: memref<7xi1>, %b: memref<7xi1>, %c: memref<7xi1>) {
  // expected-remark @below {{not converted to mdh.compute: operand #0 has the element type i1, which is no MDH element type (f16, bf16, f32, f64, i8, i16, i32, i64)}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a, %b : memref<7xi1>, memref<7xi1>) outs(%c : memref<7xi1>) {
  ^bb0(%x: i1, %y: i1, %o: i1):
    %z = arith.andi %x, %y : i1
    linalg.yield %z : i1
  }
  return
}

// -----

// A parallel loop that the output map drops: every column writes the same
// element, which mdh.compute's verifier rejects (cc dimensions are written
// injectively).
func.func @not_injective(%a: memref<4x3xf32>, %c: memref<4xf32>) {
  // expected-remark @below {{not converted to mdh.compute: mdh.compute rejects it: 'mdh.compute' op output #0 is not written injectively in dimension 1 (cc) by index map #0: iteration points (0, 0) and (0, 1) both write element (0)}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x3xf32>) outs(%c : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// In place: the input is the output.
func.func @in_place(%c: memref<7xf32>) {
  // expected-remark @below {{not converted to mdh.compute: input operand #0 and output operand #1 view the same buffer; mdh.compute reads and writes buffers that do not alias}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c : memref<7xf32>) outs(%c : memref<7xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  }
  return
}

// The ops stay as they are.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         linalg.matmul
// CHECK-LABEL: func.func @maxnumf(
// CHECK:         mdh.compute "fill"
// CHECK:         linalg.reduce
// CHECK-LABEL: func.func @argmax(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @mixed_operators(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @last_wins(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @old_value_twice(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @scalar_argument(
// CHECK:         linalg.fill
// CHECK-LABEL: func.func @captured_argument(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @side_effect(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @i1(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @not_injective(
// CHECK-NOT:     mdh.compute
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @in_place(
// CHECK-NOT:     mdh.compute
// CHECK:         linalg.generic
