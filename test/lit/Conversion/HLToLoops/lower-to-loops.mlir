// RUN: mdh-opt %s --mdh-lower-to-loops --split-input-file | FileCheck %s

// A cc dimension becomes a loop; a pw dimension an inner loop carrying the
// accumulator and the "first summand" flag; the result is stored through the
// output map.

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME:      %[[M:.*]]: memref<7x13xf32>, %[[V:.*]]: memref<13xf32>, %[[W:.*]]: memref<7xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C13:.*]] = arith.constant 13 : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[C7]] step %[[C1]] {
// CHECK:           %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:           %[[TRUE:.*]] = arith.constant true
// CHECK:           %[[R:.*]]:2 = scf.for %[[K:.*]] = %[[C0]] to %[[C13]] step %[[C1]] iter_args(%[[ACC:.*]] = %[[ZERO]], %[[FIRST:.*]] = %[[TRUE]]) -> (f32, i1) {
// CHECK:             %[[A:.*]] = memref.load %[[M]][%[[I]], %[[K]]]
// CHECK:             %[[B:.*]] = memref.load %[[V]][%[[K]]]
// CHECK:             %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK:             %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK:             %[[N:.*]] = arith.select %[[FIRST]], %[[P]], %[[S]] : f32
// CHECK:             %[[FALSE:.*]] = arith.constant false
// CHECK:             scf.yield %[[N]], %[[FALSE]] : f32, i1
// CHECK:           }
// CHECK:           memref.store %[[R]]#0, %[[W]][%[[I]]] : memref<7xf32>
// CHECK-NOT:     mdh.compute
func.func @matvec(%M: memref<7x13xf32>, %v: memref<13xf32>, %w: memref<7xf32>) {
  mdh.compute "matvec" sizes(7, 13) combine(cc, pw(add))
      ins(%M : memref<7x13xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<13xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<7xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}

// -----

// An inclusive scan: the inner loop runs over the prefix [0, i].

// CHECK-LABEL: func.func @scan(
// CHECK-SAME:      %[[X:.*]]: memref<13xi32>, %[[Y:.*]]: memref<13xi32>)
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[C1:.*]] {
// CHECK:           %[[END:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK:           scf.for %[[K:.*]] = %{{.*}} to %[[END]] step %[[C1]] iter_args
// CHECK:             memref.load %[[X]][%[[K]]]
// CHECK:             arith.addi
// CHECK:           memref.store %{{.*}}, %[[Y]][%[[I]]]
func.func @scan(%x: memref<13xi32>, %y: memref<13xi32>) {
  mdh.compute sizes(13) combine(ps(add))
      ins(%x : memref<13xi32> [affine_map<(k) -> (k)>])
      outs(%y : memref<13xi32> [affine_map<(k) -> (k)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

// -----

// A custom combiner is inlined; mdh.index becomes the loop index; a rank-0
// output is stored once, after the reduction.

// CHECK-LABEL: func.func @argmax(
// CHECK-SAME:      %[[X:.*]]: memref<13xf32>, %[[V:.*]]: memref<f32>, %[[IDX:.*]]: memref<i32>)
// CHECK:         %[[R:.*]]:3 = scf.for %[[K:.*]] = {{.*}} iter_args(%[[AV:.*]] = %{{.*}}, %[[AI:.*]] = %{{.*}}, %[[F:.*]] = %{{.*}}) -> (f32, i32, i1)
// CHECK:           %[[A:.*]] = memref.load %[[X]][%[[K]]]
// CHECK:           %[[KI:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK:           %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[AV]] : f32
// CHECK:           arith.select %[[GT]], %[[A]], %[[AV]] : f32
// CHECK:           arith.select %[[GT]], %[[KI]], %[[AI]] : i32
// CHECK-NOT:     mdh.
// CHECK:         memref.store %[[R]]#0, %[[V]][] : memref<f32>
// CHECK:         memref.store %[[R]]#1, %[[IDX]][] : memref<i32>
mdh.combiner @argmax_c associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %v = arith.select %gt, %v1, %v0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}
func.func @argmax(%x: memref<13xf32>, %v: memref<f32>, %i: memref<i32>) {
  mdh.compute sizes(13) combine(pw(@argmax_c))
      ins(%x : memref<13xf32> [affine_map<(k) -> (k)>])
      outs(%v : memref<f32> [affine_map<(k) -> ()>],
           %i : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f32):
    %k = mdh.index 0
    %ki = arith.index_cast %k : index to i32
    mdh.yield %a, %ki : f32, i32
  }
  return
}

// -----

// Without reductions the value is stored directly; one buffer read through
// three maps gives three loads; floordiv/mod maps expand to arith.

// CHECK-LABEL: func.func @jacobi(
// CHECK-SAME:      %[[X:.*]]: memref<15xf32>, %[[Y:.*]]: memref<13xf32>)
// CHECK:         scf.for %[[I:.*]] =
// CHECK-NOT:       iter_args
// CHECK:           memref.load %[[X]][%[[I]]]
// CHECK:           %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:           memref.load %[[X]][%[[I1]]]
// CHECK:           %[[I2:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:           memref.load %[[X]][%[[I2]]]
// CHECK:           memref.store %{{.*}}, %[[Y]][%[[I]]]
func.func @jacobi(%x: memref<15xf32>, %y: memref<13xf32>) {
  mdh.compute sizes(13) combine(cc)
      ins(%x : memref<15xf32> [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>,
                               affine_map<(i) -> (i + 2)>])
      outs(%y : memref<13xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    mdh.yield %t : f32
  }
  return
}

// CHECK-LABEL: func.func @unflatten(
// CHECK:         arith.divsi
// CHECK:         arith.remsi
// CHECK:         memref.store
func.func @unflatten(%x: memref<12xi8>, %y: memref<3x4xi8>) {
  mdh.compute sizes(12) combine(cc)
      ins(%x : memref<12xi8> [affine_map<(i) -> (i)>])
      outs(%y : memref<3x4xi8> [affine_map<(i) -> (i floordiv 4, i mod 4)>]) {
  ^bb0(%a: i8):
    mdh.yield %a : i8
  }
  return
}

// -----

// Each builtin operator maps to its arith op.

// CHECK-LABEL: func.func @ops(
// CHECK:         arith.maximumf
// CHECK:         arith.minsi
// CHECK:         arith.xori
// CHECK:         arith.muli
func.func @ops(%x: memref<5xf32>, %y: memref<f32>, %a: memref<5xi16>,
               %b: memref<i16>, %c: memref<i16>, %d: memref<i16>) {
  mdh.compute sizes(5) combine(pw(max))
      ins(%x : memref<5xf32> [affine_map<(k) -> (k)>])
      outs(%y : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  mdh.compute sizes(5) combine(pw(minsi))
      ins(%a : memref<5xi16> [affine_map<(k) -> (k)>])
      outs(%b : memref<i16> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i16):
    mdh.yield %v : i16
  }
  mdh.compute sizes(5) combine(pw(xor))
      ins(%a : memref<5xi16> [affine_map<(k) -> (k)>])
      outs(%c : memref<i16> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i16):
    mdh.yield %v : i16
  }
  mdh.compute sizes(5) combine(pw(mul))
      ins(%a : memref<5xi16> [affine_map<(k) -> (k)>])
      outs(%d : memref<i16> [affine_map<(k) -> ()>]) {
  ^bb0(%v: i16):
    mdh.yield %v : i16
  }
  return
}
