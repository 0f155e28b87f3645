// fptosi/fptoui of values out of the integer range (poison in arith) that f
// computes but does not use: the reference must evaluate them without
// undefined behaviour of its own (a float-to-integer cast out of range).
func.func @fptosi_range(%x: memref<16xf32>, %y: memref<16xi64>) {
  mdh.compute sizes(16) combine(cc)
      ins(%x : memref<16xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<16xi64> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    %big = arith.constant 1.0e+30 : f32
    %two = arith.constant 2.0 : f32
    %w = arith.mulf %v, %big : f32
    %s = arith.fptosi %w : f32 to i64
    %u = arith.fptoui %w : f32 to i64
    %n = arith.constant 0x7FC00000 : f32
    %sn = arith.fptosi %n : f32 to i64
    %su = arith.addi %s, %u : i64
    %all = arith.addi %su, %sn : i64
    %gt = arith.cmpf ogt, %v, %two : f32
    %seven = arith.constant 7 : i64
    %r = arith.select %gt, %all, %seven : i64
    mdh.yield %r : i64
  }
  return
}
