// Three small kernels in one file: two matrix products of other sizes and a
// matrix-vector product (the inputs of multi-config.mlir and
// bad-config-set.test).
func.func @mm_a(%A: memref<9x11xf32>, %B: memref<11x13xf32>,
                %C: memref<9x13xf32>) {
  mdh.compute "matmul" sizes(9, 13, 11) combine(cc, cc, pw(add))
      ins(%A : memref<9x11xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<11x13xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<9x13xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
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

func.func @mv(%M: memref<17x8xf32>, %v: memref<8xf32>, %w: memref<17xf32>) {
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
