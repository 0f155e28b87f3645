// Kernels the examples do not have: f32 inputs summed in f64 (vector<4xf32>
// copies widened to f64 tiles), an f16 stencil read through three maps, a
// bf16 product with A transposed, and an input used both widened and not.
func.func @f32_to_f64_mm(%a: memref<24x40xf32>, %b: memref<40x32xf32>, %c: memref<24x32xf64>) {
  mdh.compute sizes(24, 32, 40) combine(cc, cc, pw(add))
      ins(%a : memref<24x40xf32> [affine_map<(i, j, k) -> (i, k)>],
          %b : memref<40x32xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%c : memref<24x32xf64> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%x: f32, %y: f32):
    %xe = arith.extf %x : f32 to f64
    %ye = arith.extf %y : f32 to f64
    %p = arith.mulf %xe, %ye : f64
    mdh.yield %p : f64
  }
  return
}
func.func @f16_jacobi(%x: memref<130xf16>, %y: memref<128xf32>) {
  mdh.compute sizes(128) combine(cc)
      ins(%x : memref<130xf16> [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>, affine_map<(i) -> (i + 2)>])
      outs(%y : memref<128xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %ce = arith.extf %c : f16 to f32
    %s = arith.addf %ae, %be : f32
    %t = arith.addf %s, %ce : f32
    mdh.yield %t : f32
  }
  return
}
func.func @bf16_mm_t(%a: memref<40x24xbf16>, %b: memref<40x16xbf16>, %c: memref<24x16xf32>) {
  mdh.compute sizes(24, 16, 40) combine(cc, cc, pw(add))
      ins(%a : memref<40x24xbf16> [affine_map<(i, j, k) -> (k, i)>],
          %b : memref<40x16xbf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%c : memref<24x16xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%x: bf16, %y: bf16):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    mdh.yield %p : f32
  }
  return
}
func.func @mixed_use(%a: memref<16x32xf16>, %b: memref<32x16xf16>, %c: memref<16x16xf16>) {
  mdh.compute sizes(16, 16, 32) combine(cc, cc, pw(max))
      ins(%a : memref<16x32xf16> [affine_map<(i, j, k) -> (i, k)>],
          %b : memref<32x16xf16> [affine_map<(i, j, k) -> (k, j)>])
      outs(%c : memref<16x16xf16> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%x: f16, %y: f16):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %q = arith.truncf %p : f32 to f16
    %r = arith.addf %q, %y : f16
    mdh.yield %r : f16
  }
  return
}
