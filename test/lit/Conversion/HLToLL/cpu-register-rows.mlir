// RUN: mdh-opt %s --mdh-hl-to-ll="target=openmp,vector_width=512,vector_registers=32,cores=2" | FileCheck %s

// CPU heuristic: the register tile's rows run along the first output
// dimension (after the lanes') that the inputs read along the lanes
// ignore, so that every vector loaded serves all rows; not simply along
// the next output dimension.

// A tensor contraction C[a][b][c][d] = sum A[a][e][b][f] B[d][f][c][e]:
// lanes along d (B through a rotated copy); c, the next output dimension,
// indexes B, so the rows run along b (A's).
// CHECK-LABEL: func.func @abcd_aebf_dfce(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [1, 20, 1, 16, 1, 1] order [1, 3, 4, 5, 0, 2]
func.func @abcd_aebf_dfce(%A: memref<4x16x20x18xf32>, %B: memref<26x18x6x16xf32>,
                          %C: memref<4x20x6x26xf32>) {
  mdh.compute "abcd" sizes(4, 20, 6, 26, 16, 18)
      combine(cc, cc, cc, cc, pw(add), pw(add))
      ins(%A : memref<4x16x20x18xf32> [affine_map<(a, b, c, d, e, f) -> (a, e, b, f)>],
          %B : memref<26x18x6x16xf32> [affine_map<(a, b, c, d, e, f) -> (d, f, c, e)>])
      outs(%C : memref<4x20x6x26xf32> [affine_map<(a, b, c, d, e, f) -> (a, b, c, d)>]) {
  ^bb0(%x: f32, %y: f32):
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

// Attention's context O[b][s][h][d] = sum_t P[b][h][s][t] V[b][t][h][d]:
// lanes along d (V is contiguous there), rows along s, which V ignores
// (not h, the next output dimension, which V reads).
// CHECK-LABEL: func.func @attention(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [1, 12, 1, 32, 1]
func.func @attention(%P: memref<2x4x50x50xf32>, %V: memref<2x50x4x64xf32>,
                     %O: memref<2x50x4x64xf32>) {
  mdh.compute "attention" sizes(2, 50, 4, 64, 50)
      combine(cc, cc, cc, cc, pw(add))
      ins(%P : memref<2x4x50x50xf32> [affine_map<(b, s, h, d, t) -> (b, h, s, t)>],
          %V : memref<2x50x4x64xf32> [affine_map<(b, s, h, d, t) -> (b, t, h, d)>])
      outs(%O : memref<2x50x4x64xf32> [affine_map<(b, s, h, d, t) -> (b, s, h, d)>]) {
  ^bb0(%x: f32, %y: f32):
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}
