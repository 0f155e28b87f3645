// Dot product of two f32 vectors: r = sum_k x[k] * y[k] (rank-0 result).
func.func @dot_16777216(%x: memref<16777216xf32>, %y: memref<16777216xf32>,
                        %r: memref<f32>) {
  mdh.compute "dot" sizes(16777216) combine(pw(add))
      ins(%x : memref<16777216xf32> [affine_map<(k) -> (k)>],
          %y : memref<16777216xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @dot_10000000(%x: memref<10000000xf32>, %y: memref<10000000xf32>,
                        %r: memref<f32>) {
  mdh.compute "dot" sizes(10000000) combine(pw(add))
      ins(%x : memref<10000000xf32> [affine_map<(k) -> (k)>],
          %y : memref<10000000xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
