// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// Errors of the tensor form of mdh.compute: static shapes, outputs all
// memrefs or all tensors, one result per tensor output of its type.

func.func @dynamic_input(%x: tensor<?xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mdh.compute' op input #0 has the dynamic shape 'tensor<?xf32>'; mdh.compute needs static shapes: cast the tensor to a static shape (tensor.cast) or specialize the function before building the computation}}
  %r = mdh.compute sizes(8) combine(cc)
      ins(%x : tensor<?xf32> [(i) -> (i)])
      outs(%y : tensor<8xf32> [(i) -> (i)]) -> tensor<8xf32> {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return %r : tensor<8xf32>
}

// -----

func.func @dynamic_output(%y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'mdh.compute' op output #0 has the dynamic shape 'tensor<?xf32>'}}
  %r = mdh.compute sizes(8) combine(cc)
      outs(%y : tensor<?xf32> [(i) -> (i)]) -> tensor<?xf32> {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return %r : tensor<?xf32>
}

// -----

func.func @mixed_outputs(%a: memref<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mdh.compute' op mixes memref and tensor outputs: output #0 is 'memref<8xf32>', output #1 is 'tensor<8xf32>'; use tensors for all outputs (one result each) or memrefs for all}}
  %r = mdh.compute sizes(8) combine(cc)
      outs(%a : memref<8xf32> [(i) -> (i)], %b : tensor<8xf32> [(i) -> (i)]) -> tensor<8xf32> {
    %c = arith.constant 1.0 : f32
    mdh.yield %c, %c : f32, f32
  }
  return %r : tensor<8xf32>
}

// -----

func.func @missing_result(%y: tensor<8xf32>) {
  // expected-error @+1 {{'mdh.compute' op has 0 results, but expects 1 (one per tensor output)}}
  mdh.compute sizes(8) combine(cc)
      outs(%y : tensor<8xf32> [(i) -> (i)]) {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return
}

// -----

func.func @result_of_memref_form(%y: memref<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mdh.compute' op has 1 results, but expects 0 (memref outputs give no results)}}
  %r = mdh.compute sizes(8) combine(cc)
      outs(%y : memref<8xf32> [(i) -> (i)]) -> tensor<8xf32> {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return %r : tensor<8xf32>
}

// -----

func.func @result_type(%y: tensor<8xf32>) -> tensor<8xf16> {
  // expected-error @+1 {{'mdh.compute' op result #0 has type 'tensor<8xf16>', but output #0 has type 'tensor<8xf32>'; each result has the type of its output}}
  %r = mdh.compute sizes(8) combine(cc)
      outs(%y : tensor<8xf32> [(i) -> (i)]) -> tensor<8xf16> {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return %r : tensor<8xf16>
}

// -----

// The rules of the memref form hold for tensors too.
func.func @out_of_bounds(%y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mdh.compute' op index map #0 of output #0}}
  %r = mdh.compute sizes(8) combine(cc)
      outs(%y : tensor<4xf32> [(i) -> (i)]) -> tensor<4xf32> {
    %c = arith.constant 1.0 : f32
    mdh.yield %c : f32
  }
  return %r : tensor<4xf32>
}

// -----

func.func @element_type(%y: tensor<8xi1>) -> tensor<8xi1> {
  // expected-error @+1 {{'mdh.compute' op operand #0 must be variadic of statically shaped memref or ranked tensor of an MDH element type}}
  %r = mdh.compute sizes(8) combine(cc)
      outs(%y : tensor<8xi1> [(i) -> (i)]) -> tensor<8xi1> {
    %c = arith.constant true
    mdh.yield %c : i1
  }
  return %r : tensor<8xi1>
}
