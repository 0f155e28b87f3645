// Kernels for panels.test: B read through a `panels` copy.

// C = A B with extents that leave a partial last panel and partial tiles.
func.func @matmul(%A: memref<37x45xf32>, %B: memref<45x70xf32>, %C: memref<37x70xf32>) {
  mdh.compute "matmul" sizes(37, 70, 45) combine(cc, cc, pw(add))
      ins(%A : memref<37x45xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<45x70xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<37x70xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// A batched product: B of rank 3, its batch dimension outside the panels.
func.func @bmatmul(%A: memref<3x9x29xf32>, %B: memref<3x29x41xf32>, %C: memref<3x9x41xf32>) {
  mdh.compute "bmatmul" sizes(3, 9, 41, 29) combine(cc, cc, cc, pw(add))
      ins(%A : memref<3x9x29xf32> [affine_map<(b, i, j, k) -> (b, i, k)>],
          %B : memref<3x29x41xf32> [affine_map<(b, i, j, k) -> (b, k, j)>])
      outs(%C : memref<3x9x41xf32> [affine_map<(b, i, j, k) -> (b, i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// f16 B widened into f32 panels.
func.func @matmul_f16(%A: memref<19x33xf16>, %B: memref<33x50xf16>, %C: memref<19x50xf32>) {
  mdh.compute "matmul_f16" sizes(19, 50, 33) combine(cc, cc, pw(add))
      ins(%A : memref<19x33xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<33x50xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<19x50xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

// B read at j and j + 1: a register tile's strip may cross into the next
// panel, so each point finds its panel by division.
func.func @two_columns(%A: memref<21x30xf32>, %B: memref<30x53xf32>, %C: memref<21x52xf32>) {
  mdh.compute "two_columns" sizes(21, 52, 30) combine(cc, cc, pw(add))
      ins(%A : memref<21x30xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<30x53xf32> [affine_map<(i, j, k) -> (k, j)>,
                                  affine_map<(i, j, k) -> (k, j + 1)>])
      outs(%C : memref<21x52xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b0: f32, %b1: f32):
    %s = arith.addf %b0, %b1 : f32
    %p = arith.mulf %a, %s : f32
    mdh.yield %p : f32
  }
  return
}
