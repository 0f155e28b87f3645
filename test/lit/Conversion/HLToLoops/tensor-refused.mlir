// RUN: mdh-opt %s --mdh-lower-to-loops -split-input-file -verify-diagnostics

// The oracle lowering takes the memref form only; the tensor form is
// refused with a located error that says how to bufferize.

func.func @tensor_form(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mdh.compute' op has tensor operands, but --mdh-lower-to-loops takes memref operands only: bufferize first with --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" (or --mdh-bufferize}}
  %r = mdh.compute sizes(8) combine(cc)
      ins(%x : tensor<8xf32> [(i) -> (i)])
      outs(%y : tensor<8xf32> [(i) -> (i)]) -> tensor<8xf32> {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return %r : tensor<8xf32>
}
