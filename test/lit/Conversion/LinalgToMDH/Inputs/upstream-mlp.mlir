// A small MLP layer pair on tensors (batch 7, 23 -> 41 -> ReLU -> 13) with
// inputs from formulas; main prints the result. Values are small multiples
// of powers of two, so every sum is exact in f32 in any order.

func.func private @printMemrefF32(memref<*xf32>)

func.func @mlp(%x: tensor<7x23xf32>, %w1: tensor<23x41xf32>, %b1: tensor<41xf32>,
               %w2: tensor<41x13xf32>, %b2: tensor<13xf32>) -> tensor<7x13xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<7x41xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<7x41xf32>) -> tensor<7x41xf32>
  %y1 = linalg.matmul ins(%x, %w1 : tensor<7x23xf32>, tensor<23x41xf32>) outs(%f1 : tensor<7x41xf32>) -> tensor<7x41xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%y1, %b1 : tensor<7x41xf32>, tensor<41xf32>) outs(%e1 : tensor<7x41xf32>) {
  ^bb0(%v: f32, %w: f32, %out: f32):
    %s = arith.addf %v, %w : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<7x41xf32>
  // The second bias is the init of the matmul: an arbitrary init.
  %e2 = tensor.empty() : tensor<7x13xf32>
  %bb = linalg.broadcast ins(%b2 : tensor<13xf32>) outs(%e2 : tensor<7x13xf32>) dimensions = [0]
  %y2 = linalg.matmul ins(%h, %w2 : tensor<7x41xf32>, tensor<41x13xf32>) outs(%bb : tensor<7x13xf32>) -> tensor<7x13xf32>
  return %y2 : tensor<7x13xf32>
}

// x[r, c] = ((r * p + c * q) mod m - s) / d
func.func @init(%p: index, %q: index, %m: index, %s: index, %d: f32, %x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>], iterator_types = ["parallel", "parallel"]}
      outs(%x : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %r = linalg.index 0 : index
    %c = linalg.index 1 : index
    %rp = arith.muli %r, %p : index
    %cq = arith.muli %c, %q : index
    %t = arith.addi %rp, %cq : index
    %u = arith.remui %t, %m : index
    %v = arith.subi %u, %s : index
    %i = arith.index_cast %v : index to i64
    %f = arith.sitofp %i : i64 to f32
    %y = arith.divf %f, %d : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @make(%rows: index, %cols: index, %p: index, %q: index, %m: index, %s: index, %d: f32) -> tensor<?x?xf32> {
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %r = call @init(%p, %q, %m, %s, %d, %e) : (index, index, index, index, f32, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c23 = arith.constant 23 : index
  %c41 = arith.constant 41 : index
  %f4 = arith.constant 4.0 : f32
  %f8 = arith.constant 8.0 : f32
  %x = call @make(%c7, %c23, %c7, %c3, %c11, %c5, %f4) : (index, index, index, index, index, index, f32) -> tensor<?x?xf32>
  %w1 = call @make(%c23, %c41, %c5, %c2, %c13, %c6, %f8) : (index, index, index, index, index, index, f32) -> tensor<?x?xf32>
  %b1 = call @make(%c1, %c41, %c0, %c3, %c7, %c2, %f4) : (index, index, index, index, index, index, f32) -> tensor<?x?xf32>
  %w2 = call @make(%c41, %c13, %c3, %c5, %c11, %c5, %f8) : (index, index, index, index, index, index, f32) -> tensor<?x?xf32>
  %b2 = call @make(%c1, %c13, %c0, %c2, %c5, %c2, %f4) : (index, index, index, index, index, index, f32) -> tensor<?x?xf32>
  %xs = tensor.cast %x : tensor<?x?xf32> to tensor<7x23xf32>
  %w1s = tensor.cast %w1 : tensor<?x?xf32> to tensor<23x41xf32>
  %b1s = tensor.collapse_shape %b1 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %b1c = tensor.cast %b1s : tensor<?xf32> to tensor<41xf32>
  %w2s = tensor.cast %w2 : tensor<?x?xf32> to tensor<41x13xf32>
  %b2s = tensor.collapse_shape %b2 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %b2c = tensor.cast %b2s : tensor<?xf32> to tensor<13xf32>
  %y = call @mlp(%xs, %w1s, %b1c, %w2s, %b2c)
      : (tensor<7x23xf32>, tensor<23x41xf32>, tensor<41xf32>, tensor<41x13xf32>, tensor<13xf32>) -> tensor<7x13xf32>
  %ym = bufferization.to_buffer %y : tensor<7x13xf32> to memref<7x13xf32>
  %u = memref.cast %ym : memref<7x13xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
