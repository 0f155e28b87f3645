// Contractions beyond the examples (bench/README.md, "Kernels beyond the
// examples").

// Batched product with the second operand transposed, the attention scores
// Q K^T of ViT-B/16 (batch 2 x 12 heads, 197 tokens, head size 64):
// C[b, i, j] = sum_k A[b, i, k] * B[b, j, k].
func.func @bmatmul_nt_24x197x197x64(%A: memref<24x197x64xf32>,
                                    %B: memref<24x197x64xf32>,
                                    %C: memref<24x197x197xf32>) {
  mdh.compute "bmatmul_nt" sizes(24, 197, 197, 64) combine(cc, cc, cc, pw(add))
      ins(%A : memref<24x197x64xf32> [affine_map<(b, i, j, k) -> (b, i, k)>],
          %B : memref<24x197x64xf32> [affine_map<(b, i, j, k) -> (b, j, k)>])
      outs(%C : memref<24x197x197xf32> [affine_map<(b, i, j, k) -> (b, i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// A 4-D tensor contraction over two indices in the style of the TCCG
// benchmark ("abcd-aebf-dfce"): six dimensions, no operand laid out as a
// matrix of the others', the two reduced indices innermost in different
// operands: C[a, b, c, d] = sum_{e, f} A[a, e, b, f] * B[d, f, c, e].
func.func @tensor_contraction_24x20x22x26x16x18(
    %A: memref<24x16x20x18xf32>, %B: memref<26x18x22x16xf32>,
    %C: memref<24x20x22x26xf32>) {
  mdh.compute "tensor_contraction" sizes(24, 20, 22, 26, 16, 18)
      combine(cc, cc, cc, cc, pw(add), pw(add))
      ins(%A : memref<24x16x20x18xf32>
               [affine_map<(a, b, c, d, e, f) -> (a, e, b, f)>],
          %B : memref<26x18x22x16xf32>
               [affine_map<(a, b, c, d, e, f) -> (d, f, c, e)>])
      outs(%C : memref<24x20x22x26xf32>
                [affine_map<(a, b, c, d, e, f) -> (a, b, c, d)>]) {
  ^bb0(%x: f32, %y: f32):
    %p = arith.mulf %x, %y : f32
    mdh.yield %p : f32
  }
  return
}

// An attention-like batched contraction, the context of ViT-B/16 (batch 2,
// 197 tokens, 12 heads of 64) with the values and the result in the
// (batch, token, head, feature) layout of the model's activations, so the
// head dimension sits between the token and feature dimensions:
// O[b, s, h, d] = sum_t P[b, h, s, t] * V[b, t, h, d].
func.func @attention_context_2x197x12x64x197(%P: memref<2x12x197x197xf32>,
                                            %V: memref<2x197x12x64xf32>,
                                            %O: memref<2x197x12x64xf32>) {
  mdh.compute "attention_context" sizes(2, 197, 12, 64, 197)
      combine(cc, cc, cc, cc, pw(add))
      ins(%P : memref<2x12x197x197xf32>
               [affine_map<(b, s, h, d, t) -> (b, h, s, t)>],
          %V : memref<2x197x12x64xf32>
               [affine_map<(b, s, h, d, t) -> (b, t, h, d)>])
      outs(%O : memref<2x197x12x64xf32>
                [affine_map<(b, s, h, d, t) -> (b, s, h, d)>]) {
  ^bb0(%p: f32, %v: f32):
    %x = arith.mulf %p, %v : f32
    mdh.yield %x : f32
  }
  return
}
