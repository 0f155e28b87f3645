// f32 contractions with precision(tf32) for the TF32 tensor-core schedules
// (mdh_cl.mma m16n8k8), at sizes no tile divides: A[m][k] B[k][n]; both
// operands transposed (A[k][m], B[n][k]) with the product's operands
// swapped; k as the first dimension and B as the first input; exactly one
// 16x8x8 product; 64x64x100 (aligned blocks, tiles of k of 32 and a rest
// of 4); 130x70x200 (whole and partial blocks).

func.func @tf32_mm(%A: memref<37x41xf32>, %B: memref<41x29xf32>,
    %C: memref<37x29xf32>) {
  mdh.compute "tf32_mm" sizes(37, 29, 41) combine(cc, cc, pw(add)) precision(tf32)
      ins(%A : memref<37x41xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<41x29xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<37x29xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @tf32_tt(%A: memref<50x23xf32>, %B: memref<45x50xf32>,
    %C: memref<23x45xf32>) {
  mdh.compute "tf32_tt" sizes(23, 45, 50) combine(cc, cc, pw(add)) precision(tf32)
      ins(%A : memref<50x23xf32> [affine_map<(i, j, k) -> (k, i)>],
          %B : memref<45x50xf32> [affine_map<(i, j, k) -> (j, k)>])
      outs(%C : memref<23x45xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %b, %a : f32
    mdh.yield %p : f32
  }
  return
}

func.func @tf32_kmajor(%B: memref<40x24xf32>, %A: memref<17x40xf32>,
    %C: memref<17x24xf32>) {
  mdh.compute "tf32_kmajor" sizes(40, 17, 24) combine(pw(add), cc, cc) precision(tf32)
      ins(%B : memref<40x24xf32> [affine_map<(k, i, j) -> (k, j)>],
          %A : memref<17x40xf32> [affine_map<(k, i, j) -> (i, k)>])
      outs(%C : memref<17x24xf32> [affine_map<(k, i, j) -> (i, j)>]) {
  ^bb0(%b: f32, %a: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @tf32_exact(%A: memref<16x8xf32>, %B: memref<8x8xf32>,
    %C: memref<16x8xf32>) {
  mdh.compute "tf32_exact" sizes(16, 8, 8) combine(cc, cc, pw(add)) precision(tf32)
      ins(%A : memref<16x8xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<8x8xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<16x8xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @tf32_aligned(%A: memref<64x100xf32>, %B: memref<100x64xf32>,
    %C: memref<64x64xf32>) {
  mdh.compute "tf32_aligned" sizes(64, 64, 100) combine(cc, cc, pw(add)) precision(tf32)
      ins(%A : memref<64x100xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<100x64xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<64x64xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @tf32_odd(%A: memref<130x200xf32>, %B: memref<200x70xf32>,
    %C: memref<130x70xf32>) {
  mdh.compute "tf32_odd" sizes(130, 70, 200) combine(cc, cc, pw(add)) precision(tf32)
      ins(%A : memref<130x200xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<200x70xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<130x70xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
