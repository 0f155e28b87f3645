// linalg kernels with prime sizes that --mdh-convert-linalg-to-mdh turns into
// one mdh.compute each (the identity fills are folded in), for mdh-run.

func.func @matmul(%A: memref<13x17xf32>, %B: memref<17x19xf32>, %C: memref<13x19xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<13x19xf32>)
  linalg.matmul ins(%A, %B : memref<13x17xf32>, memref<17x19xf32>) outs(%C : memref<13x19xf32>)
  return
}

func.func @conv_strided(%I: memref<2x11x13x3xf32>, %F: memref<3x3x3x5xf32>, %O: memref<2x5x6x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%O : memref<2x5x6x5xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %F : memref<2x11x13x3xf32>, memref<3x3x3x5xf32>) outs(%O : memref<2x5x6x5xf32>)
  return
}

func.func @reduce_max(%a: memref<23x29xf32>, %r: memref<23xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%r : memref<23xf32>)
  linalg.reduce ins(%a : memref<23x29xf32>) outs(%r : memref<23xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %m = arith.maximumf %in, %init : f32
      linalg.yield %m : f32
    }
  return
}

func.func @reduce_sum_i32(%a: memref<31x7xi32>, %r: memref<7xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%r : memref<7xi32>)
  linalg.reduce ins(%a : memref<31x7xi32>) outs(%r : memref<7xi32>) dimensions = [0]
    (%in: i32, %init: i32) {
      %s = arith.addi %in, %init : i32
      linalg.yield %s : i32
    }
  return
}
