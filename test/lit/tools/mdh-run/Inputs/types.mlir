// Every element type through the oracle and the f64/wrap-around reference.
func.func @f16_dot(%x: memref<97xf16>, %y: memref<97xf16>, %r: memref<f32>) {
  mdh.compute sizes(97) combine(pw(add))
      ins(%x : memref<97xf16> [affine_map<(k) -> (k)>],
          %y : memref<97xf16> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f16, %b: f16):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    mdh.yield %p : f32
  }
  return
}
func.func @bf16_max(%x: memref<7x13xbf16>, %r: memref<7xbf16>) {
  mdh.compute sizes(7, 13) combine(cc, pw(max))
      ins(%x : memref<7x13xbf16> [affine_map<(i, k) -> (i, k)>])
      outs(%r : memref<7xbf16> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%a: bf16):
    mdh.yield %a : bf16
  }
  return
}
func.func @f64_scan(%x: memref<31xf64>, %r: memref<31xf64>) {
  mdh.compute sizes(31) combine(ps(add))
      ins(%x : memref<31xf64> [affine_map<(k) -> (k)>])
      outs(%r : memref<31xf64> [affine_map<(k) -> (k)>]) {
  ^bb0(%a: f64):
    %e = math.exp %a : f64
    mdh.yield %e : f64
  }
  return
}
func.func @i8_product(%x: memref<5x11xi8>, %r: memref<5xi8>) {
  mdh.compute sizes(5, 11) combine(cc, pw(mul))
      ins(%x : memref<5x11xi8> [affine_map<(i, k) -> (i, k)>])
      outs(%r : memref<5xi8> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%a: i8):
    mdh.yield %a : i8
  }
  return
}
func.func @i16_maxui(%x: memref<13xi16>, %r: memref<i16>) {
  mdh.compute sizes(13) combine(pw(maxui))
      ins(%x : memref<13xi16> [affine_map<(k) -> (k)>])
      outs(%r : memref<i16> [affine_map<(k) -> ()>]) {
  ^bb0(%a: i16):
    mdh.yield %a : i16
  }
  return
}
func.func @i64_xor(%x: memref<3x17xi64>, %r: memref<17xi64>) {
  mdh.compute sizes(3, 17) combine(pw(xor), cc)
      ins(%x : memref<3x17xi64> [affine_map<(b, k) -> (b, k)>])
      outs(%r : memref<17xi64> [affine_map<(b, k) -> (k)>]) {
  ^bb0(%a: i64):
    %s = arith.constant 3 : i64
    %sh = arith.shli %a, %s : i64
    mdh.yield %sh : i64
  }
  return
}
