// linalg on tensors for execution.test: the layers of a small MLP
// (batch 7, 23 -> 41 features) and a convolution and a max pooling, one
// linalg op per function (mdh-run runs one computation per function).

// x @ W into a zero fill (torch-mlir's form of a matmul).
func.func @linear(%x: tensor<7x23xf32>, %w: tensor<23x41xf32>) -> tensor<7x41xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x41xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<7x41xf32>) -> tensor<7x41xf32>
  %r = linalg.matmul ins(%x, %w : tensor<7x23xf32>, tensor<23x41xf32>) outs(%f : tensor<7x41xf32>) -> tensor<7x41xf32>
  return %r : tensor<7x41xf32>
}

// x @ W accumulated into an arbitrary init (e.g. the broadcast bias).
func.func @linear_init(%x: tensor<7x23xf32>, %w: tensor<23x41xf32>, %c: tensor<7x41xf32>) -> tensor<7x41xf32> {
  %r = linalg.matmul ins(%x, %w : tensor<7x23xf32>, tensor<23x41xf32>) outs(%c : tensor<7x41xf32>) -> tensor<7x41xf32>
  return %r : tensor<7x41xf32>
}

// relu(y + b), the bias broadcast along the rows.
func.func @bias_relu(%y: tensor<7x41xf32>, %b: tensor<41xf32>) -> tensor<7x41xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x41xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : tensor<7x41xf32>, tensor<41xf32>) outs(%e : tensor<7x41xf32>) {
  ^bb0(%v: f32, %w: f32, %out: f32):
    %s = arith.addf %v, %w : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<7x41xf32>
  return %r : tensor<7x41xf32>
}

func.func @conv(%I: tensor<2x11x13x3xf32>, %K: tensor<3x3x3x5xf32>) -> tensor<2x5x6x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x5x6x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x6x5xf32>) -> tensor<2x5x6x5xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %K : tensor<2x11x13x3xf32>, tensor<3x3x3x5xf32>) outs(%f : tensor<2x5x6x5xf32>) -> tensor<2x5x6x5xf32>
  return %r : tensor<2x5x6x5xf32>
}

// The window is an argument: mdh-run allocates function arguments only.
func.func @maxpool(%I: tensor<1x11x13x3xf32>, %W: tensor<3x3xf32>) -> tensor<1x9x11x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x9x11x3xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x9x11x3xf32>) -> tensor<1x9x11x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %W : tensor<1x11x13x3xf32>, tensor<3x3xf32>) outs(%f : tensor<1x9x11x3xf32>) -> tensor<1x9x11x3xf32>
  return %r : tensor<1x9x11x3xf32>
}
