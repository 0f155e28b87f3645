// The matrix-vector product of kernels.mlir in two functions (one
// computation key) and a matrix product: emit-config writes two
// configurations.
func.func @mv_1(%M: memref<17x8xf32>, %v: memref<8xf32>, %w: memref<17xf32>) {
  mdh.compute "matvec" sizes(17, 8) combine(cc, pw(add))
      ins(%M : memref<17x8xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<8xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<17xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mm_b(%A: memref<4x5xf32>, %B: memref<5x6xf32>,
                %C: memref<4x6xf32>) {
  mdh.compute "matmul" sizes(4, 6, 5) combine(cc, cc, pw(add))
      ins(%A : memref<4x5xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<5x6xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<4x6xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mv_2(%M: memref<17x8xf32>, %v: memref<8xf32>, %w: memref<17xf32>) {
  mdh.compute "matvec" sizes(17, 8) combine(cc, pw(add))
      ins(%M : memref<17x8xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<8xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<17xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}
