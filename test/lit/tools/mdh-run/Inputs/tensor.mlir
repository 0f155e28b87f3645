// Tensor functions for tensor.test: mdh-run runs their bufferized form
// (--mdh-bufferize), with the outputs as memref arguments.

// The result is a new tensor: it becomes the last argument (out0).
func.func @matmul(%A: tensor<33x17xf32>, %B: tensor<17x29xf32>) -> tensor<33x29xf32> {
  %e = tensor.empty() : tensor<33x29xf32>
  %r = mdh.compute "matmul" sizes(33, 29, 17) combine(cc, cc, pw(add))
      ins(%A : tensor<33x17xf32> [(i, j, k) -> (i, k)], %B : tensor<17x29xf32> [(i, j, k) -> (k, j)])
      outs(%e : tensor<33x29xf32> [(i, j, k) -> (i, j)]) -> tensor<33x29xf32> {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return %r : tensor<33x29xf32>
}

// The output is an argument updated in place (out0).
func.func @axpy(%x: tensor<1000xf32>, %y: tensor<1000xf32>, %out: tensor<1000xf32>) -> tensor<1000xf32> {
  %r = mdh.compute "axpy" sizes(1000) combine(cc)
      ins(%x : tensor<1000xf32> [(i) -> (i)], %y : tensor<1000xf32> [(i) -> (i)])
      outs(%out : tensor<1000xf32> [(i) -> (i)]) -> tensor<1000xf32> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.constant 2.0 : f32
    %m = arith.mulf %c, %a : f32
    %s = arith.addf %m, %b : f32
    mdh.yield %s : f32
  }
  return %r : tensor<1000xf32>
}
