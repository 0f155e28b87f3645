// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// Errors of mdh.combiner and of the custom combiners used by mdh.compute.

// expected-error @+1 {{'mdh.combiner' op must be declared 'associative commutative': MDH combine operators are both}}
mdh.combiner @no_promise (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

// -----

// expected-error @+1 {{'mdh.combiner' op must be declared 'associative commutative': MDH combine operators are both}}
mdh.combiner @not_commutative associative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

// -----

// expected-error @+1 {{'mdh.combiner' op must be declared 'associative commutative': MDH combine operators are both}}
mdh.combiner @not_associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

// -----

// The keywords have a fixed order.
// expected-error @+1 {{expected '('}}
mdh.combiner @reversed commutative associative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

// -----

// expected-error @+1 {{'mdh.combiner' op combines an empty tuple}}
mdh.combiner @empty associative commutative () {
  mdh.yield
}

// -----

// expected-error @+1 {{'mdh.combiner' op tuple component of type 'i1' is not an MDH element type}}
mdh.combiner @bool associative commutative (f32, i1) {
^bb0(%a: f32, %p: i1, %b: f32, %q: i1):
  mdh.yield %a, %p : f32, i1
}

// -----

// expected-error @+1 {{'mdh.combiner' op tuple component of type 'index' is not an MDH element type}}
mdh.combiner @index associative commutative (index) {
^bb0(%a: index, %b: index):
  %s = arith.addi %a, %b : index
  mdh.yield %s : index
}

// -----

// expected-error @+1 {{'mdh.combiner' op identity has 1 values, but the tuple has 2 components}}
mdh.combiner @identity_count associative commutative (f32, i32)
    identity [0.0 : f32] {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  mdh.yield %v0, %i0 : f32, i32
}

// -----

// expected-error @+1 {{'mdh.combiner' op identity value #1 must be a constant of type 'i32'}}
mdh.combiner @identity_type associative commutative (f32, i32)
    identity [0.0 : f32, 0 : i64] {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  mdh.yield %v0, %i0 : f32, i32
}

// -----

// expected-error @+1 {{'mdh.combiner' op identity value #0 must be a constant of type 'f32'}}
mdh.combiner @identity_untyped associative commutative (f32)
    identity ["zero"] {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

// -----

// expected-error @+1 {{'mdh.combiner' op body expects 4 arguments (the left tuple, then the right tuple), got 2}}
mdh.combiner @argument_count associative commutative (f32, i32) {
^bb0(%v: f32, %i: i32):
  mdh.yield %v, %i : f32, i32
}

// -----

// The right tuple repeats the types of the left one.
// expected-error @+1 {{'mdh.combiner' op argument #3 has type 'f32', expected 'i32'}}
mdh.combiner @argument_type associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: f32):
  mdh.yield %v0, %i0 : f32, i32
}

// -----

mdh.combiner @allocates associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  // expected-error @+1 {{'memref.alloc' op is not allowed in an mdh.combiner: only side-effect-free scalar operations are}}
  %m = memref.alloc() : memref<1xf32>
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

// -----

mdh.combiner @has_region associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %gt = arith.cmpf ogt, %a, %b : f32
  // expected-error @+1 {{'scf.if' op is not allowed in an mdh.combiner: only side-effect-free scalar operations are}}
  %m = scf.if %gt -> f32 {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  mdh.yield %m : f32
}

// -----

// mdh.index means nothing outside the scalar function of mdh.compute.
mdh.combiner @uses_index associative commutative (i64) {
^bb0(%a: i64, %b: i64):
  // expected-error @+1 {{'mdh.index' op expects parent op 'mdh.compute'}}
  %k = mdh.index 0
  mdh.yield %a : i64
}

// -----

mdh.combiner @yield_count associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  // expected-error @+1 {{'mdh.yield' op must yield one value per tuple component, of the combiner's types}}
  mdh.yield %v0 : f32
}

// -----

mdh.combiner @yield_type associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %c = arith.constant 0.0 : f32
  // expected-error @+1 {{'mdh.yield' op must yield one value per tuple component, of the combiner's types}}
  mdh.yield %v0, %c : f32, f32
}

// -----

// Without a terminator the parser inserts an empty mdh.yield, located at
// the combiner.
// expected-error @+1 {{'mdh.yield' op must yield one value per tuple component, of the combiner's types}}
mdh.combiner @no_yield associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
mdh.combiner @twice associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  mdh.yield %a : f32
}
// expected-error @+1 {{redefinition of symbol named 'twice'}}
mdh.combiner @twice associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  mdh.yield %b : f32
}

// -----

//===----------------------------------------------------------------------===//
// Uses of custom combiners
//===----------------------------------------------------------------------===//

func.func @combiner_does_not_exist(%x: memref<8xf32>, %y: memref<f32>) {
  // expected-error @+1 {{'mdh.compute' op '@nowhere' does not reference an mdh.combiner}}
  mdh.compute sizes(8) combine(pw(@nowhere))
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<f32> [affine_map<(i) -> ()>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @not_a_combiner(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}

func.func @uses_function(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op '@not_a_combiner' does not reference an mdh.combiner}}
  mdh.compute sizes(8) combine(ps(@not_a_combiner))
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// expected-note @+1 {{combiner defined here}}
mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %v = arith.select %gt, %v1, %v0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

func.func @combiner_types(%x: memref<8xf32>, %v: memref<f32>,
                          %i: memref<i64>) {
  // expected-error @+1 {{'mdh.compute' op combiner @argmax combines (f32, i32) but the computation yields (f32, i64)}}
  mdh.compute sizes(8) combine(pw(@argmax))
      ins(%x : memref<8xf32> [affine_map<(k) -> (k)>])
      outs(%v : memref<f32> [affine_map<(k) -> ()>],
           %i : memref<i64> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f32):
    %k = mdh.index 0
    %ki = arith.index_cast %k : index to i64
    mdh.yield %a, %ki : f32, i64
  }
  return
}

// -----

// The combiner combines the tuple of all output accesses: an output with two
// maps contributes two components.
// expected-note @+1 {{combiner defined here}}
mdh.combiner @sum associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

func.func @combiner_arity(%x: memref<3x8xf32>, %y: memref<6xf32>) {
  // expected-error @+1 {{'mdh.compute' op combiner @sum combines (f32) but the computation yields (f32, f32)}}
  mdh.compute sizes(3, 8) combine(cc, pw(@sum))
      ins(%x : memref<3x8xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<6xf32> [affine_map<(i, k) -> (i)>,
                               affine_map<(i, k) -> (i + 3)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

mdh.combiner @sum associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

func.func @custom_and_builtin(%x: memref<3x8xf32>, %y: memref<f32>) {
  // expected-error @+1 {{'mdh.compute' op all pw and ps dimensions must use the same operator (MDH Lemma 1): dimension 0 uses @sum, dimension 1 uses add}}
  mdh.compute sizes(3, 8) combine(pw(@sum), pw(add))
      ins(%x : memref<3x8xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<f32> [affine_map<(i, k) -> ()>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

mdh.combiner @sum associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}

mdh.combiner @sum2 associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %b, %a : f32
  mdh.yield %s : f32
}

// Two combiners are two operators, even if they compute the same.
func.func @two_combiners(%x: memref<3x8xf32>, %y: memref<3xf32>) {
  // expected-error @+1 {{'mdh.compute' op all pw and ps dimensions must use the same operator (MDH Lemma 1): dimension 0 uses @sum, dimension 1 uses @sum2}}
  mdh.compute sizes(3, 8) combine(ps(@sum), pw(@sum2))
      ins(%x : memref<3x8xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<3xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

// A combiner is referenced by a flat symbol of the enclosing module.
module @outer {
  func.func @nested_ref(%x: memref<8xf32>, %y: memref<f32>) {
    mdh.compute sizes(8) combine(
        // expected-error @+1 {{expected a flat symbol reference to an mdh.combiner, got @a::@b}}
        pw(@a::@b))
        ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
        outs(%y : memref<f32> [affine_map<(i) -> ()>]) {
    ^bb0(%v: f32):
      mdh.yield %v : f32
    }
    return
  }
}
