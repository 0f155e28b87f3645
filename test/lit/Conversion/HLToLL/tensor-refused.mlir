// RUN: mdh-opt %s --mdh-hl-to-ll=target=openmp -split-input-file -verify-diagnostics

// The lowerings take the memref form only; the tensor form is refused with
// a located error that says how to bufferize.

func.func @tensor_form(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mdh.compute' op has tensor operands, but --mdh-hl-to-ll takes memref operands only: bufferize first with --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" (or --mdh-bufferize, which --mdh-lower-to-clir and the GPU pipelines run themselves)}}
  %r = mdh.compute sizes(8) combine(cc)
      ins(%x : tensor<8xf32> [(i) -> (i)])
      outs(%y : tensor<8xf32> [(i) -> (i)]) -> tensor<8xf32> {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return %r : tensor<8xf32>
}
