// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// Errors of mdh.compute, mdh.index and mdh.yield: the iteration space, the
// combine operators, the shape of the views, aliasing, the scalar function,
// and the ODS constraints. Bounds and injectivity are in views.mlir, custom
// combiners in combiner.mlir.

//===----------------------------------------------------------------------===//
// Iteration space and combine operators
//===----------------------------------------------------------------------===//

func.func @size_zero(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op iteration size of dimension 1 must be at least 1, got 0}}
  mdh.compute sizes(8, 0) combine(cc, cc)
      outs(%y : memref<8xf32> [affine_map<(i, j) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @size_negative(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op iteration size of dimension 0 must be at least 1, got -3}}
  mdh.compute sizes(-3) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

// The custom syntax needs at least one size; the generic one does not.
func.func @no_dimensions(%y: memref<f32>) {
  // expected-error @+1 {{'mdh.compute' op expects at least one iteration dimension}}
  "mdh.compute"(%y) <{combiners = [], in_maps = [],
                      operandSegmentSizes = array<i32: 0, 1>,
                      out_maps = [[affine_map<() -> ()>]],
                      sizes = array<i64>}> ({
    %c = arith.constant 1.0 : f32
    "mdh.yield"(%c) : (f32) -> ()
  }) : (memref<f32>) -> ()
  return
}

// -----

func.func @sizes_empty(%y: memref<8xf32>) {
  // expected-error @+1 {{expected integer value}}
  mdh.compute sizes() combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @combine_count(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op expects one combine operator per dimension: 2 dimensions but 1 combine operators}}
  mdh.compute sizes(8, 4) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i, j) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @unknown_combine_operator(%y: memref<8xf32>) {
  // expected-error @+1 {{unknown combine operator 'zz', expected 'cc', 'pw' or 'ps'}}
  mdh.compute sizes(8) combine(zz)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @unknown_reduction_operator(%y: memref<f32>) {
  // expected-error @+1 {{unknown reduction operator 'foo', expected one of add, mul, max, min, maxsi, maxui, minsi, minui, and, or, xor, or @combiner}}
  mdh.compute sizes(8) combine(pw(foo))
      outs(%y : memref<f32> [affine_map<(i) -> ()>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @unknown_reduction_operator_attr() attributes {
  // expected-error @+1 {{unknown reduction operator 'sum'}}
  mdh.c = #mdh.combine<ps(sum)>} {
  return
}

// -----

func.func @missing_reduction_operator(%y: memref<f32>) {
  // expected-error @+1 {{expected valid keyword}}
  mdh.compute sizes(8) combine(pw())
      outs(%y : memref<f32> [affine_map<(i) -> ()>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

// cc takes no operator.
func.func @cc_with_operator(%y: memref<8xf32>) {
  // expected-error @+1 {{expected ')'}}
  mdh.compute sizes(8) combine(cc(add))
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @combiners_not_combine_attrs(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op attribute 'combiners' failed to satisfy constraint: one combine operator per dimension}}
  "mdh.compute"(%y) <{combiners = ["cc"], in_maps = [],
                      operandSegmentSizes = array<i32: 0, 1>,
                      out_maps = [[affine_map<(d0) -> (d0)>]],
                      sizes = array<i64: 8>}> ({
    %c = arith.constant 1.0 : f32
    "mdh.yield"(%c) : (f32) -> ()
  }) : (memref<8xf32>) -> ()
  return
}

// -----

// MDH Lemma 1: one reduction operator per computation.
func.func @mixed_pw_operators(%x: memref<8x4xf32>, %y: memref<f32>) {
  // expected-error @+1 {{'mdh.compute' op all pw and ps dimensions must use the same operator (MDH Lemma 1): dimension 0 uses add, dimension 1 uses max}}
  mdh.compute sizes(8, 4) combine(pw(add), pw(max))
      ins(%x : memref<8x4xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<f32> [affine_map<(i, j) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// -----

func.func @mixed_ps_pw_operators(%x: memref<3x8x4xi32>, %y: memref<3x8xi32>) {
  // expected-error @+1 {{'mdh.compute' op all pw and ps dimensions must use the same operator (MDH Lemma 1): dimension 1 uses mul, dimension 2 uses add}}
  mdh.compute sizes(3, 8, 4) combine(cc, ps(mul), pw(add))
      ins(%x : memref<3x8x4xi32> [affine_map<(b, i, j) -> (b, i, j)>])
      outs(%y : memref<3x8xi32> [affine_map<(b, i, j) -> (b, i)>]) {
  ^bb0(%v: i32):
    mdh.yield %v : i32
  }
  return
}

// -----

func.func @max_on_integer(%x: memref<8xi32>, %y: memref<i32>) {
  // expected-error @+1 {{'mdh.compute' op combine operator 'max' of dimension 0 needs floating-point values, but output #0 has element type 'i32'}}
  mdh.compute sizes(8) combine(pw(max))
      ins(%x : memref<8xi32> [affine_map<(i) -> (i)>])
      outs(%y : memref<i32> [affine_map<(i) -> ()>]) {
  ^bb0(%v: i32):
    mdh.yield %v : i32
  }
  return
}

// -----

func.func @maxsi_on_float(%x: memref<8xf32>, %y: memref<f32>) {
  // expected-error @+1 {{'mdh.compute' op combine operator 'maxsi' of dimension 0 needs integer values, but output #0 has element type 'f32'}}
  mdh.compute sizes(8) combine(pw(maxsi))
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<f32> [affine_map<(i) -> ()>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// -----

// The operator must apply to every output, not only the first.
func.func @min_on_second_output(%x: memref<8xf32>, %y: memref<f32>,
                                %z: memref<i16>) {
  // expected-error @+1 {{'mdh.compute' op combine operator 'min' of dimension 1 needs floating-point values, but output #1 has element type 'i16'}}
  mdh.compute sizes(1, 8) combine(cc, ps(min))
      ins(%x : memref<8xf32> [affine_map<(c, i) -> (i)>])
      outs(%y : memref<f32> [affine_map<(c, i) -> ()>],
           %z : memref<i16> [affine_map<(c, i) -> ()>]) {
  ^bb0(%v: f32):
    %i = arith.fptosi %v : f32 to i16
    mdh.yield %v, %i : f32, i16
  }
  return
}

// -----

func.func @xor_on_float(%x: memref<8xf16>, %y: memref<f16>) {
  // expected-error @+1 {{'mdh.compute' op combine operator 'xor' of dimension 0 needs integer values, but output #0 has element type 'f16'}}
  mdh.compute sizes(8) combine(pw(xor))
      ins(%x : memref<8xf16> [affine_map<(i) -> (i)>])
      outs(%y : memref<f16> [affine_map<(i) -> ()>]) {
  ^bb0(%v: f16):
    mdh.yield %v : f16
  }
  return
}

// -----

func.func @pw_dimension_in_output(%x: memref<8x4xf32>, %y: memref<8x4xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of output #0 uses dimension 1, which is reduced with pw(add); pw dimensions must not appear in output indices}}
  mdh.compute sizes(8, 4) combine(cc, pw(add))
      ins(%x : memref<8x4xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<8x4xf32> [affine_map<(i, k) -> (i, k)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

// -----

// Even a use that cannot change the value (k floordiv 4 is 0 for k < 4)
// counts: the rule is about the index expression.
func.func @pw_dimension_in_second_map(%x: memref<8x4xf32>,
                                      %y: memref<16xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #1 of output #0 uses dimension 1, which is reduced with pw(add); pw dimensions must not appear in output indices}}
  mdh.compute sizes(8, 4) combine(cc, pw(add))
      ins(%x : memref<8x4xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<16xf32> [affine_map<(i, k) -> (i)>,
                                affine_map<(i, k) -> (i + 8 + k floordiv 4)>]) {
  ^bb0(%v: f32):
    mdh.yield %v, %v : f32, f32
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

func.func @no_outputs(%x: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op expects at least one output buffer}}
  "mdh.compute"(%x) <{combiners = [#mdh.combine<cc>],
                      in_maps = [[affine_map<(d0) -> (d0)>]],
                      operandSegmentSizes = array<i32: 1, 0>,
                      out_maps = [], sizes = array<i64: 8>}> ({
  ^bb0(%v: f32):
    "mdh.yield"() : () -> ()
  }) : (memref<8xf32>) -> ()
  return
}

// -----

func.func @input_map_lists(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op expects one list of index maps per input buffer: 1 inputs but 0 lists}}
  "mdh.compute"(%x, %y) <{combiners = [#mdh.combine<cc>], in_maps = [],
                          operandSegmentSizes = array<i32: 1, 1>,
                          out_maps = [[affine_map<(d0) -> (d0)>]],
                          sizes = array<i64: 8>}> ({
  ^bb0(%v: f32):
    "mdh.yield"(%v) : (f32) -> ()
  }) : (memref<8xf32>, memref<8xf32>) -> ()
  return
}

// -----

func.func @output_map_lists(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op expects one list of index maps per output buffer: 1 outputs but 2 lists}}
  "mdh.compute"(%y) <{combiners = [#mdh.combine<cc>], in_maps = [],
                      operandSegmentSizes = array<i32: 0, 1>,
                      out_maps = [[affine_map<(d0) -> (d0)>],
                                  [affine_map<(d0) -> (d0)>]],
                      sizes = array<i64: 8>}> ({
    %c = arith.constant 1.0 : f32
    "mdh.yield"(%c) : (f32) -> ()
  }) : (memref<8xf32>) -> ()
  return
}

// -----

func.func @maps_not_affine_maps(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op attribute 'out_maps' failed to satisfy constraint: one list of affine index maps per buffer}}
  "mdh.compute"(%y) <{combiners = [#mdh.combine<cc>], in_maps = [],
                      operandSegmentSizes = array<i32: 0, 1>,
                      out_maps = [[0 : index]],
                      sizes = array<i64: 8>}> ({
    %c = arith.constant 1.0 : f32
    "mdh.yield"(%c) : (f32) -> ()
  }) : (memref<8xf32>) -> ()
  return
}

// -----

func.func @map_not_affine_map(%y: memref<8xf32>) {
  // expected-error @+1 {{expected an affine map, got 1 : i32}}
  mdh.compute sizes(8) combine(cc) outs(%y : memref<8xf32> [1 : i32]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @input_without_maps(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op input #0 has no index map}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @output_without_maps(%y: memref<8xf32>, %z: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op output #1 has no index map}}
  "mdh.compute"(%y, %z) <{combiners = [#mdh.combine<cc>], in_maps = [],
                          operandSegmentSizes = array<i32: 0, 2>,
                          out_maps = [[affine_map<(d0) -> (d0)>], []],
                          sizes = array<i64: 8>}> ({
    %c = arith.constant 1.0 : f32
    "mdh.yield"(%c) : (f32) -> ()
  }) : (memref<8xf32>, memref<8xf32>) -> ()
  return
}

// -----

func.func @map_wrong_dims(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #1 of input #0 has 2 dimensions, expected 1 (one per iteration dimension)}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>,
                              affine_map<(i, j) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @map_with_symbols(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of input #0 must not have symbols}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i)[s] -> (i + s)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @map_wrong_results(%x: memref<8xf32>, %y: memref<8x2xf32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of output #0 has 1 results, but the buffer has rank 2}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8x2xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @map_results_rank0(%x: memref<8xf32>, %y: memref<f32>) {
  // expected-error @+1 {{'mdh.compute' op index map #0 of output #0 has 1 results, but the buffer has rank 0}}
  mdh.compute sizes(8) combine(pw(add))
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<f32> [affine_map<(i) -> (0)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Aliasing
//===----------------------------------------------------------------------===//

func.func @input_is_output(%x: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op buffer is both input #0 and output #0; inputs and outputs must not alias}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%x : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @input_is_second_output(%x: memref<8xf32>, %y: memref<8xf32>,
                                  %z: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op buffer is both input #1 and output #1; inputs and outputs must not alias}}
  mdh.compute sizes(8) combine(cc)
      ins(%y : memref<8xf32> [affine_map<(i) -> (i)>],
          %x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%z : memref<8xf32> [affine_map<(i) -> (i)>],
           %x : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    mdh.yield %a, %b : f32, f32
  }
  return
}

// -----

func.func @same_output_twice(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op outputs #0 and #1 are the same buffer; outputs must not alias}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>],
           %y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c, %c : f32, f32
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// The scalar function
//===----------------------------------------------------------------------===//

func.func @too_few_arguments(%x: memref<10xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op scalar function expects 3 arguments (one per input access), got 2}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<10xf32> [affine_map<(i) -> (i)>,
                               affine_map<(i) -> (i + 1)>,
                               affine_map<(i) -> (i + 2)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @arguments_without_inputs(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op scalar function expects 0 arguments (one per input access), got 1}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @argument_type(%x: memref<8xf32>, %w: memref<8xi32>,
                         %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op argument #1 of the scalar function has type 'f32', but input #1 holds 'i32'}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>],
          %w : memref<8xi32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @alloca_in_body(%y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'memref.alloca' op is not allowed in the scalar function of mdh.compute: only side-effect-free scalar operations without regions are}}
    %m = memref.alloca() : memref<1xf32>
    %v = memref.load %m[%c0] : memref<1xf32>
    mdh.yield %v : f32
  }
  return
}

// -----

// The scalar function sees only its arguments: the op is isolated from above.
func.func @value_from_outside(%x: memref<8xf32>, %y: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{required by region isolation constraints}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    // expected-error @+1 {{'memref.load' op using value defined outside the region}}
    %v = memref.load %x[%c0] : memref<8xf32>
    mdh.yield %v : f32
  }
  return
}

// -----

func.func @region_in_body(%x: memref<8xf32>, %y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    %zero = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %a, %zero : f32
    // expected-error @+1 {{'scf.if' op is not allowed in the scalar function of mdh.compute: only side-effect-free scalar operations without regions are}}
    %r = scf.if %neg -> f32 {
      scf.yield %zero : f32
    } else {
      scf.yield %a : f32
    }
    mdh.yield %r : f32
  }
  return
}

// -----

func.func @non_scalar_value(%y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    // expected-error @+1 {{'arith.constant' op produces a value of non-scalar type 'tensor<2xf32>' in the scalar function of mdh.compute}}
    %t = arith.constant dense<1.0> : tensor<2xf32>
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @yield_count(%x: memref<8xf32>, %y: memref<8xf32>,
                       %z: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>],
           %z : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    // expected-error @+1 {{'mdh.yield' op yields 1 values, but the outputs of mdh.compute have 2 accesses}}
    mdh.yield %a : f32
  }
  return
}

// -----

// Without a terminator the parser inserts an empty mdh.yield.
func.func @missing_yield(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.yield' op yields 0 values, but the outputs of mdh.compute have 1 accesses}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
  }
  return
}

// -----

func.func @yield_type(%x: memref<8xf32>, %y: memref<8xf32>,
                      %z: memref<8xf64>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>],
           %z : memref<8xf64> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    // expected-error @+1 {{'mdh.yield' op value #1 has type 'f32', but output access #1 holds 'f64'}}
    mdh.yield %a, %a : f32, f32
  }
  return
}

// -----

func.func @yield_index(%y: memref<8xi64>) {
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xi64> [affine_map<(i) -> (i)>]) {
    %k = mdh.index 0
    // expected-error @+1 {{'mdh.yield' op operand #0 must be variadic of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer, but got 'index'}}
    mdh.yield %k : index
  }
  return
}

// -----

func.func @yield_outside(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.yield' op expects parent op to be one of 'mdh.compute, mdh.combiner'}}
  mdh.yield
}

// -----

// A region of mdh.compute has exactly one block.
func.func @two_blocks(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op expects region #0 to have 0 or 1 blocks}}
  "mdh.compute"(%y) <{combiners = [#mdh.combine<cc>], in_maps = [],
                      operandSegmentSizes = array<i32: 0, 1>,
                      out_maps = [[affine_map<(d0) -> (d0)>]],
                      sizes = array<i64: 8>}> ({
    %c = arith.constant 1.0 : f32
    "mdh.yield"(%c) : (f32) -> ()
  ^bb1:
    %d = arith.constant 1.0 : f32
    "mdh.yield"(%d) : (f32) -> ()
  }) : (memref<8xf32>) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// mdh.index
//===----------------------------------------------------------------------===//

func.func @index_out_of_range(%y: memref<8x4xf32>) {
  mdh.compute sizes(8, 4) combine(cc, cc)
      outs(%y : memref<8x4xf32> [affine_map<(i, j) -> (i, j)>]) {
    // expected-error @+1 {{'mdh.index' op dimension 2 is out of range for a 2-dimensional computation}}
    %k = mdh.index 2
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @index_negative(%y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    // expected-error @+1 {{'mdh.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
    %k = mdh.index -1
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @index_outside() {
  // expected-error @+1 {{'mdh.index' op expects parent op 'mdh.compute'}}
  %k = mdh.index 0
  return
}

// -----

//===----------------------------------------------------------------------===//
// ODS constraints on the buffers
//===----------------------------------------------------------------------===//

func.func @dynamic_shape(%x: memref<?xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op operand #0 must be variadic of statically shaped memref or ranked tensor of an MDH element type, but got 'memref<?xf32>'}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<?xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @dynamic_output_shape(%y: memref<8x?xf32>) {
  // expected-error @+1 {{'mdh.compute' op operand #0 must be variadic of statically shaped memref}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8x?xf32> [affine_map<(i) -> (i, 0)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @element_i1(%x: memref<8xi1>, %y: memref<8xi8>) {
  // expected-error @+1 {{'mdh.compute' op operand #0 must be variadic of statically shaped memref or ranked tensor of an MDH element type, but got 'memref<8xi1>'}}
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xi1> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xi8> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i1):
    %b = arith.extui %a : i1 to i8
    mdh.yield %b : i8
  }
  return
}

// -----

func.func @element_complex(%y: memref<8xcomplex<f32>>) {
  // expected-error @+1 {{'mdh.compute' op operand #0 must be variadic of statically shaped memref or ranked tensor of an MDH element type, but got 'memref<8xcomplex<f32>>'}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xcomplex<f32>> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @element_unsigned(%y: memref<8xui32>) {
  // expected-error @+1 {{but got 'memref<8xui32>'}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xui32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1 : ui32
    mdh.yield %c : ui32
  }
  return
}

// -----

func.func @element_index(%y: memref<8xindex>) {
  // expected-error @+1 {{but got 'memref<8xindex>'}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xindex> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1 : index
    mdh.yield %c : index
  }
  return
}

// -----

// A tensor output makes the tensor form, which has one result per output
// (tensor-invalid.mlir has the other rules of the tensor form).
func.func @tensor_operand(%y: tensor<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op has 0 results, but expects 1 (one per tensor output)}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : tensor<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Parse errors
//===----------------------------------------------------------------------===//

func.func @name_is_symbol(%y: memref<8xf32>) {
  // expected-error @+1 {{expected 'sizes'}}
  mdh.compute @name sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @missing_outs(%x: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      ins(%x : memref<8xf32> [affine_map<(i) -> (i)>])
  // expected-error @below {{expected 'outs'}}
  {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// -----

func.func @undefined_value(%y: memref<8xf32>) {
  mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
    // expected-error @+1 {{use of undeclared SSA value name}}
    mdh.yield %nope : f32
  }
  return
}

// -----

func.func @empty_region(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "mdh.compute"(%y) <{combiners = [#mdh.combine<cc>], in_maps = [],
                      operandSegmentSizes = array<i32: 0, 1>,
                      out_maps = [[affine_map<(d0) -> (d0)>]],
                      sizes = array<i64: 8>}> ({
  }) : (memref<8xf32>) -> ()
  return
}

// -----

func.func @results(%y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op result #0 must be variadic of ranked tensor}}
  %r = "mdh.compute"(%y) <{combiners = [#mdh.combine<cc>], in_maps = [],
                           operandSegmentSizes = array<i32: 0, 1>,
                           out_maps = [[affine_map<(d0) -> (d0)>]],
                           sizes = array<i64: 8>}> ({
    %c = arith.constant 1.0 : f32
    "mdh.yield"(%c) : (f32) -> ()
  }) : (memref<8xf32>) -> f32
  return
}

// -----

func.func @tf32_without_f32(%x: memref<8xf16>, %y: memref<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op precision(tf32) applies to f32 inputs, but none of the inputs holds f32 elements}}
  mdh.compute sizes(8) combine(cc) precision(tf32)
      ins(%x : memref<8xf16> [affine_map<(i) -> (i)>])
      outs(%y : memref<8xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f16):
    %w = arith.extf %v : f16 to f32
    mdh.yield %w : f32
  }
  return
}
