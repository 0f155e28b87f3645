// FFMA kernels for multi-buffered shared tiles (`"stages": 2`,
// docs/tuning-parameters.md "Stages"), at sizes no tile divides: a
// contraction with a long k (40x24x100), one with both operands transposed
// (C[i][j] = sum_k A[k][i] B[j][k], 33x20x64), a batched one (3 x 17x9x50),
// a 1-D convolution (O[i] = sum_k x[i + k] w[k], 200 x 15) and a
// matrix-vector product whose reduction the threads split (64x300).
func.func @mm(%A: memref<40x100xf32>, %B: memref<100x24xf32>,
              %C: memref<40x24xf32>) {
  mdh.compute "mm" sizes(40, 24, 100) combine(cc, cc, pw(add))
      ins(%A : memref<40x100xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<100x24xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<40x24xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mm_tt(%A: memref<64x33xf32>, %B: memref<20x64xf32>,
                 %C: memref<33x20xf32>) {
  mdh.compute "mm_tt" sizes(33, 20, 64) combine(cc, cc, pw(add))
      ins(%A : memref<64x33xf32> [affine_map<(i, j, k) -> (k, i)>],
          %B : memref<20x64xf32> [affine_map<(i, j, k) -> (j, k)>])
      outs(%C : memref<33x20xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @bmm(%A: memref<3x17x50xf32>, %B: memref<3x50x9xf32>,
               %C: memref<3x17x9xf32>) {
  mdh.compute "bmm" sizes(3, 17, 9, 50) combine(cc, cc, cc, pw(add))
      ins(%A : memref<3x17x50xf32> [affine_map<(b, i, j, k) -> (b, i, k)>],
          %B : memref<3x50x9xf32> [affine_map<(b, i, j, k) -> (b, k, j)>])
      outs(%C : memref<3x17x9xf32> [affine_map<(b, i, j, k) -> (b, i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @conv1d(%x: memref<214xf32>, %w: memref<15xf32>,
                  %o: memref<200xf32>) {
  mdh.compute "conv1d" sizes(200, 15) combine(cc, pw(add))
      ins(%x : memref<214xf32> [affine_map<(i, k) -> (i + k)>],
          %w : memref<15xf32> [affine_map<(i, k) -> (k)>])
      outs(%o : memref<200xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mv(%M: memref<64x300xf32>, %v: memref<300xf32>,
              %w: memref<64xf32>) {
  mdh.compute "mv" sizes(64, 300) combine(cc, pw(add))
      ins(%M : memref<64x300xf32> [affine_map<(i, k) -> (i, k)>],
          %v : memref<300xf32> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<64xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%m: f32, %x: f32):
    %p = arith.mulf %m, %x : f32
    mdh.yield %p : f32
  }
  return
}
