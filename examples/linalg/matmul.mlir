// A linalg MatMul on tensors, as a front end such as torch-mlir writes it:
// C = A @ B into a zero fill. --mdh-convert-linalg-to-mdh makes it one
// mdh.compute on tensors (the fill becomes its destination).
func.func @matmul(%A: tensor<13x17xf32>, %B: tensor<17x19xf32>) -> tensor<13x19xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<13x19xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<13x19xf32>) -> tensor<13x19xf32>
  %D = linalg.matmul ins(%A, %B : tensor<13x17xf32>, tensor<17x19xf32>)
                     outs(%C : tensor<13x19xf32>) -> tensor<13x19xf32>
  return %D : tensor<13x19xf32>
}
