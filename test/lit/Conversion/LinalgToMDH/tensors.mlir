// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh -split-input-file -verify-diagnostics | FileCheck %s
// init-copy concerns memrefs only: tensors need no copy.
// RUN: mdh-opt %s --mdh-convert-linalg-to-mdh=init-copy=false -split-input-file -verify-diagnostics | FileCheck %s

// linalg on tensors becomes the tensor form of mdh.compute, whose results
// replace the linalg results.

// The init is a fill with the identity of add (torch-mlir's form): the
// computation writes the fill's destination, and the fill goes.
// CHECK-LABEL: func.func @matmul_filled(
// CHECK-SAME:    %[[A:.*]]: tensor<13x17xf32>, %[[B:.*]]: tensor<17x19xf32>)
// CHECK-NOT:     linalg.
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<13x19xf32>
// CHECK-NOT:     linalg.
// CHECK:         %[[R:.*]] = mdh.compute "matmul" sizes(13, 19, 17) combine(cc, cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : tensor<13x17xf32> [(d0, d1, d2) -> (d0, d2)], %[[B]] : tensor<17x19xf32> [(d0, d1, d2) -> (d2, d1)])
// CHECK-NEXT:      outs(%[[E]] : tensor<13x19xf32> [(d0, d1, d2) -> (d0, d1)]) -> tensor<13x19xf32> {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      mdh.yield %[[P]] : f32
// CHECK:         return %[[R]] : tensor<13x19xf32>
func.func @matmul_filled(%A: tensor<13x17xf32>, %B: tensor<17x19xf32>) -> tensor<13x19xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x19xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<13x19xf32>) -> tensor<13x19xf32>
  %r = linalg.matmul ins(%A, %B : tensor<13x17xf32>, tensor<17x19xf32>) outs(%f : tensor<13x19xf32>) -> tensor<13x19xf32>
  return %r : tensor<13x19xf32>
}

// -----

// The filled tensor is returned too: the fill stays (and is converted on
// its own); the matmul still writes the fill's destination.
// CHECK-LABEL: func.func @fill_used_twice(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<5x3xf32>
// CHECK:         %[[F:.*]] = mdh.compute "fill" sizes(5, 3) combine(cc, cc)
// CHECK-NEXT:      outs(%[[E]] : tensor<5x3xf32> [(d0, d1) -> (d0, d1)]) -> tensor<5x3xf32> {
// CHECK:         %[[R:.*]] = mdh.compute "matmul" sizes(5, 3, 7) combine(cc, cc, pw(add))
// CHECK:           outs(%[[E]] : tensor<5x3xf32> [(d0, d1, d2) -> (d0, d1)]) -> tensor<5x3xf32> {
// CHECK:         return %[[R]], %[[F]]
func.func @fill_used_twice(%A: tensor<5x7xf32>, %B: tensor<7x3xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<5x3xf32>) -> tensor<5x3xf32>
  %r = linalg.matmul ins(%A, %B : tensor<5x7xf32>, tensor<7x3xf32>) outs(%f : tensor<5x3xf32>) -> tensor<5x3xf32>
  return %r, %f : tensor<5x3xf32>, tensor<5x3xf32>
}

// -----

// An arbitrary init is an extra input, added at the first point of the
// reduction loop; the output is a new tensor, so that nothing aliases.
// CHECK-LABEL: func.func @matmul_init(
// CHECK-SAME:    %[[A:.*]]: tensor<5x7xf32>, %[[B:.*]]: tensor<7x3xf32>, %[[C:.*]]: tensor<5x3xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<5x3xf32>
// CHECK:         %[[R:.*]] = mdh.compute "matmul" sizes(5, 3, 7) combine(cc, cc, pw(add))
// CHECK-NEXT:      ins(%[[A]] : tensor<5x7xf32> [(d0, d1, d2) -> (d0, d2)], %[[B]] : tensor<7x3xf32> [(d0, d1, d2) -> (d2, d1)], %[[C]] : tensor<5x3xf32> [(d0, d1, d2) -> (d0, d1)])
// CHECK-NEXT:      outs(%[[E]] : tensor<5x3xf32> [(d0, d1, d2) -> (d0, d1)]) -> tensor<5x3xf32> {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[OLD:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[K:.*]] = mdh.index 2
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %[[ZERO]] : index
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[OLD]], %[[P]] : f32
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[FIRST]], %[[S]], %[[P]] : f32
// CHECK-NEXT:      mdh.yield %[[V]] : f32
// CHECK:         return %[[R]] : tensor<5x3xf32>
func.func @matmul_init(%A: tensor<5x7xf32>, %B: tensor<7x3xf32>, %C: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<5x7xf32>, tensor<7x3xf32>) outs(%C : tensor<5x3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

// A fill with a value other than the identity is an arbitrary init.
// CHECK-LABEL: func.func @matmul_fill_one(
// CHECK:         %[[F:.*]] = mdh.compute "fill"
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<5x3xf32>
// CHECK:         mdh.compute "matmul"
// CHECK-NEXT:      ins({{.*}}, %[[F]] : tensor<5x3xf32> [(d0, d1, d2) -> (d0, d1)])
// CHECK-NEXT:      outs(%[[E]] : tensor<5x3xf32>
// CHECK:           arith.select
func.func @matmul_fill_one(%A: tensor<5x7xf32>, %B: tensor<7x3xf32>) -> tensor<5x3xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<5x3xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<5x3xf32>) -> tensor<5x3xf32>
  %r = linalg.matmul ins(%A, %B : tensor<5x7xf32>, tensor<7x3xf32>) outs(%f : tensor<5x3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

// CHECK-LABEL: func.func @conv(
// CHECK-SAME:    %[[I:.*]]: tensor<2x11x13x3xf32>, %[[K:.*]]: tensor<3x3x3x5xf32>)
// CHECK-NOT:     linalg.
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x5x6x5xf32>
// CHECK:         %[[R:.*]] = mdh.compute "conv_2d_nhwc_hwcf" sizes(2, 5, 6, 5, 3, 3, 3) combine(cc, cc, cc, cc, pw(add), pw(add), pw(add))
// CHECK-NEXT:      ins(%[[I]] : tensor<2x11x13x3xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)], %[[K]] : tensor<3x3x3x5xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)])
// CHECK-NEXT:      outs(%[[E]] : tensor<2x5x6x5xf32> [(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)]) -> tensor<2x5x6x5xf32> {
// CHECK:         return %[[R]]
func.func @conv(%I: tensor<2x11x13x3xf32>, %K: tensor<3x3x3x5xf32>) -> tensor<2x5x6x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x5x6x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x6x5xf32>) -> tensor<2x5x6x5xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %K : tensor<2x11x13x3xf32>, tensor<3x3x3x5xf32>) outs(%f : tensor<2x5x6x5xf32>) -> tensor<2x5x6x5xf32>
  return %r : tensor<2x5x6x5xf32>
}

// -----

// -inf is the identity of max; the window tensor is an unused input.
// CHECK-LABEL: func.func @pooling_max(
// CHECK-SAME:    %[[I:.*]]: tensor<1x11x13x3xf32>)
// CHECK-NOT:     linalg.
// CHECK-DAG:     %[[W:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK-DAG:     %[[E:.*]] = tensor.empty() : tensor<1x9x11x3xf32>
// CHECK:         %[[R:.*]] = mdh.compute "pooling_nhwc_max" sizes(1, 9, 11, 3, 3, 3) combine(cc, cc, cc, cc, pw(max), pw(max))
// CHECK-NEXT:      ins(%[[I]] : tensor<1x11x13x3xf32> [(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)], %[[W]] : tensor<3x3xf32> [(d0, d1, d2, d3, d4, d5) -> (d4, d5)])
// CHECK-NEXT:      outs(%[[E]] : tensor<1x9x11x3xf32> [(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)]) -> tensor<1x9x11x3xf32> {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      mdh.yield %[[X]] : f32
// CHECK:         return %[[R]]
func.func @pooling_max(%I: tensor<1x11x13x3xf32>) -> tensor<1x9x11x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %w = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x9x11x3xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x9x11x3xf32>) -> tensor<1x9x11x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %w : tensor<1x11x13x3xf32>, tensor<3x3xf32>) outs(%f : tensor<1x9x11x3xf32>) -> tensor<1x9x11x3xf32>
  return %r : tensor<1x9x11x3xf32>
}

// -----

// The bias add of a linear layer: the bias is broadcast along the rows.
// CHECK-LABEL: func.func @bias_add(
// CHECK-SAME:    %[[X:.*]]: tensor<7x13xf32>, %[[B:.*]]: tensor<13xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<7x13xf32>
// CHECK:         %[[R:.*]] = mdh.compute "generic" sizes(7, 13) combine(cc, cc)
// CHECK-NEXT:      ins(%[[X]] : tensor<7x13xf32> [(d0, d1) -> (d0, d1)], %[[B]] : tensor<13xf32> [(d0, d1) -> (d1)])
// CHECK-NEXT:      outs(%[[E]] : tensor<7x13xf32> [(d0, d1) -> (d0, d1)]) -> tensor<7x13xf32> {
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f32, %[[W:.*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[V]], %[[W]] : f32
// CHECK-NEXT:      mdh.yield %[[S]] : f32
// CHECK:         return %[[R]]
func.func @bias_add(%x: tensor<7x13xf32>, %b: tensor<13xf32>) -> tensor<7x13xf32> {
  %e = tensor.empty() : tensor<7x13xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<7x13xf32>, tensor<13xf32>) outs(%e : tensor<7x13xf32>) {
  ^bb0(%v: f32, %w: f32, %out: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<7x13xf32>
  return %r : tensor<7x13xf32>
}

// -----

// ReLU: the constant 0 from above is cloned into the scalar function.
// CHECK-LABEL: func.func @relu(
// CHECK-SAME:    %[[X:.*]]: tensor<7x13xf32>)
// CHECK:         %[[R:.*]] = mdh.compute "generic" sizes(7, 13) combine(cc, cc)
// CHECK-NEXT:      ins(%[[X]] : tensor<7x13xf32> [(d0, d1) -> (d0, d1)])
// CHECK-NEXT:      outs(%{{.*}} : tensor<7x13xf32> [(d0, d1) -> (d0, d1)]) -> tensor<7x13xf32> {
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f32):
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[M:.*]] = arith.maximumf %[[V]], %[[ZERO]] : f32
// CHECK-NEXT:      mdh.yield %[[M]] : f32
// CHECK:         return %[[R]]
func.func @relu(%x: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x13xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<7x13xf32>) outs(%e : tensor<7x13xf32>) {
  ^bb0(%v: f32, %out: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<7x13xf32>
  return %r : tensor<7x13xf32>
}

// -----

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME:    %[[X:.*]]: tensor<5x7xf32>, %[[O:.*]]: tensor<7x5xf32>)
// CHECK:         %[[R:.*]] = mdh.compute "transpose" sizes(7, 5) combine(cc, cc)
// CHECK-NEXT:      ins(%[[X]] : tensor<5x7xf32> [(d0, d1) -> (d1, d0)])
// CHECK-NEXT:      outs(%[[O]] : tensor<7x5xf32> [(d0, d1) -> (d0, d1)]) -> tensor<7x5xf32> {
// CHECK:         return %[[R]]
func.func @transpose(%x: tensor<5x7xf32>, %o: tensor<7x5xf32>) -> tensor<7x5xf32> {
  %r = linalg.transpose ins(%x : tensor<5x7xf32>) outs(%o : tensor<7x5xf32>) permutation = [1, 0]
  return %r : tensor<7x5xf32>
}

// -----

// An elementwise payload that reads its output: the init is an input.
// CHECK-LABEL: func.func @accumulate_elementwise(
// CHECK-SAME:    %[[A:.*]]: tensor<7xi32>, %[[C:.*]]: tensor<7xi32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<7xi32>
// CHECK:         %[[R:.*]] = mdh.compute "generic" sizes(7) combine(cc)
// CHECK-NEXT:      ins(%[[A]] : tensor<7xi32> [(d0) -> (d0)], %[[C]] : tensor<7xi32> [(d0) -> (d0)])
// CHECK-NEXT:      outs(%[[E]] : tensor<7xi32> [(d0) -> (d0)]) -> tensor<7xi32> {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32, %[[OLD:.*]]: i32):
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[OLD]], %[[X]] : i32
// CHECK-NEXT:      mdh.yield %[[S]] : i32
// CHECK:         return %[[R]]
func.func @accumulate_elementwise(%a: tensor<7xi32>, %c: tensor<7xi32>) -> tensor<7xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : tensor<7xi32>) outs(%c : tensor<7xi32>) {
  ^bb0(%x: i32, %out: i32):
    %s = arith.addi %out, %x : i32
    linalg.yield %s : i32
  } -> tensor<7xi32>
  return %r : tensor<7xi32>
}

// -----

func.func @dynamic(%A: tensor<?x7xf32>, %B: tensor<7x3xf32>, %C: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-remark @below {{not converted to mdh.compute: operand #0 has the dynamic shape tensor<?x7xf32>; MDH computes over static iteration boxes}}
  %r = linalg.matmul ins(%A, %B : tensor<?x7xf32>, tensor<7x3xf32>) outs(%C : tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
// CHECK-LABEL: func.func @dynamic(
// CHECK-NOT:     mdh.compute
// CHECK:         linalg.matmul

// -----

// A reduction whose payload is no pw(op) stays on tensors too.
func.func @maxnumf(%a: tensor<23x29xf32>, %r: tensor<23xf32>) -> tensor<23xf32> {
  // expected-remark @below {{not converted to mdh.compute: it combines output #0 with 'arith.maxnumf'}}
  %0 = linalg.reduce ins(%a : tensor<23x29xf32>) outs(%r : tensor<23xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maxnumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %0 : tensor<23xf32>
}
// CHECK-LABEL: func.func @maxnumf(
// CHECK:         linalg.reduce
