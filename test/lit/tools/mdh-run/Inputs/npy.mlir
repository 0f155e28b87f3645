// Kernels for the --input and --output-dir tests: small, with every
// element type, so that the values in and out are easy to check.

// y = 2 * x.
func.func @scale(%x: memref<2x3xf32>, %y: memref<2x3xf32>) {
  mdh.compute sizes(2, 3) combine(cc, cc)
      ins(%x : memref<2x3xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<2x3xf32> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%a: f32):
    %two = arith.constant 2.0 : f32
    %b = arith.mulf %a, %two : f32
    mdh.yield %b : f32
  }
  return
}

// y[i] = sum_j x[i, j] * w[j]; the output is the middle argument, so the
// inputs are in0 = arg0 and in1 = arg2.
func.func @weighted(%x: memref<2x3xf32>, %y: memref<2xf32>,
                    %w: memref<3xf32>) {
  mdh.compute sizes(2, 3) combine(cc, pw(add))
      ins(%x : memref<2x3xf32> [affine_map<(i, j) -> (i, j)>],
          %w : memref<3xf32> [affine_map<(i, j) -> (j)>])
      outs(%y : memref<2xf32> [affine_map<(i, j) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

// Two inputs copied to two outputs, the arguments interleaved: in0 = arg0,
// out0 = arg1, in1 = arg2, out1 = arg3.
func.func @pair(%x: memref<3xf32>, %y: memref<3xf32>, %z: memref<3xf32>,
                %u: memref<3xf32>) {
  mdh.compute sizes(3) combine(cc)
      ins(%x : memref<3xf32> [affine_map<(i) -> (i)>],
          %z : memref<3xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<3xf32> [affine_map<(i) -> (i)>],
           %u : memref<3xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f32, %b: f32):
    mdh.yield %a, %b : f32, f32
  }
  return
}

func.func @copy_f16(%x: memref<3xf16>, %y: memref<3xf16>) {
  mdh.compute sizes(3) combine(cc)
      ins(%x : memref<3xf16> [affine_map<(i) -> (i)>])
      outs(%y : memref<3xf16> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f16):
    mdh.yield %a : f16
  }
  return
}

func.func @copy_bf16(%x: memref<3xbf16>, %y: memref<3xbf16>) {
  mdh.compute sizes(3) combine(cc)
      ins(%x : memref<3xbf16> [affine_map<(i) -> (i)>])
      outs(%y : memref<3xbf16> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: bf16):
    mdh.yield %a : bf16
  }
  return
}

func.func @copy_f64(%x: memref<3xf64>, %y: memref<3xf64>) {
  mdh.compute sizes(3) combine(cc)
      ins(%x : memref<3xf64> [affine_map<(i) -> (i)>])
      outs(%y : memref<3xf64> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: f64):
    mdh.yield %a : f64
  }
  return
}

func.func @copy_i8(%x: memref<4xi8>, %y: memref<4xi8>) {
  mdh.compute sizes(4) combine(cc)
      ins(%x : memref<4xi8> [affine_map<(i) -> (i)>])
      outs(%y : memref<4xi8> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i8):
    mdh.yield %a : i8
  }
  return
}

func.func @copy_i16(%x: memref<3xi16>, %y: memref<3xi16>) {
  mdh.compute sizes(3) combine(cc)
      ins(%x : memref<3xi16> [affine_map<(i) -> (i)>])
      outs(%y : memref<3xi16> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i16):
    mdh.yield %a : i16
  }
  return
}

func.func @copy_i32(%x: memref<3xi32>, %y: memref<3xi32>) {
  mdh.compute sizes(3) combine(cc)
      ins(%x : memref<3xi32> [affine_map<(i) -> (i)>])
      outs(%y : memref<3xi32> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

func.func @copy_i64(%x: memref<3xi64>, %y: memref<3xi64>) {
  mdh.compute sizes(3) combine(cc)
      ins(%x : memref<3xi64> [affine_map<(i) -> (i)>])
      outs(%y : memref<3xi64> [affine_map<(i) -> (i)>]) {
  ^bb0(%a: i64):
    mdh.yield %a : i64
  }
  return
}
