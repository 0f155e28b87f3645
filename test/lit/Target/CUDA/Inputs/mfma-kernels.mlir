// Contractions for the AMD MFMA schedules (mdh_cl.mma m16n16k16), the
// kernels of mma-kernels.mlir: at sizes no tile divides, f16 A[m][k]
// B[k][n]; bf16 with both operands transposed (A[k][m], B[n][k]); f16 whose
// B comes first; then exactly one 16x16x16 product; a bf16 product that the
// heuristic's tiles divide but for k; 130x70x200 (whole and partial blocks).
func.func @mfma_f16(%A: memref<37x41xf16>, %B: memref<41x29xf16>,
                   %C: memref<37x29xf32>) {
  mdh.compute "mfma_f16" sizes(37, 29, 41) combine(cc, cc, pw(add))
      ins(%A : memref<37x41xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<41x29xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<37x29xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mfma_bf16_tt(%A: memref<50x23xbf16>, %B: memref<45x50xbf16>,
                       %C: memref<23x45xf32>) {
  mdh.compute "mfma_bf16_tt" sizes(23, 45, 50) combine(cc, cc, pw(add))
      ins(%A : memref<50x23xbf16> [affine_map<(i, j, k) -> (k, i)>],
          %B : memref<45x50xbf16> [affine_map<(i, j, k) -> (j, k)>])
      outs(%C : memref<23x45xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: bf16, %b: bf16):
    %x = arith.extf %a : bf16 to f32
    %y = arith.extf %b : bf16 to f32
    %p = arith.mulf %y, %x : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mfma_f16_kmajor(%B: memref<64x40xf16>, %A: memref<17x64xf16>,
                          %C: memref<17x40xf32>) {
  mdh.compute "mfma_f16_kmajor" sizes(64, 17, 40) combine(pw(add), cc, cc)
      ins(%B : memref<64x40xf16> [affine_map<(k, i, j) -> (k, j)>],
          %A : memref<17x64xf16> [affine_map<(k, i, j) -> (i, k)>])
      outs(%C : memref<17x40xf32> [affine_map<(k, i, j) -> (i, j)>]) {
  ^bb0(%b: f16, %a: f16):
    %y = arith.extf %b : f16 to f32
    %x = arith.extf %a : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mfma_exact(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  mdh.compute "mfma_exact" sizes(16, 16, 16) combine(cc, cc, pw(add))
      ins(%A : memref<16x16xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<16x16xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<16x16xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}
func.func @mfma_aligned(%A: memref<128x96xbf16>, %B: memref<96x64xbf16>, %C: memref<128x64xf32>) {
  mdh.compute "mfma_aligned" sizes(128, 64, 96) combine(cc, cc, pw(add))
      ins(%A : memref<128x96xbf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<96x64xbf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<128x64xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: bf16, %b: bf16):
    %x = arith.extf %a : bf16 to f32
    %y = arith.extf %b : bf16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}
func.func @mfma_odd(%A: memref<130x200xf16>, %B: memref<200x70xf16>, %C: memref<130x70xf32>) {
  mdh.compute "mfma_odd" sizes(130, 70, 200) combine(cc, cc, pw(add))
      ins(%A : memref<130x200xf16> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<200x70xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<130x70xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f16, %b: f16):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}
